/**
 * GET /pay/:id/status: the payment's status as JSON, for the checkout's script to poll (it reloads
 * the page when the status, or the state of its M-Pesa prompts, changes). Public like the checkout
 * itself; never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkoutWaiting } from "~/core/payments/live-status";
import { checkout } from "~/wiring/checkout.server";
import { paymentPages } from "~/wiring/payment-pages.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const payment = await checkout().status(params.id ?? "");
  const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
  if (!payment) return Response.json({ error: "Payment not found" }, { status: 404, headers });
  return Response.json(
    {
      status: payment.status,
      confirmations: payment.confirmations,
      waiting: checkoutWaiting(payment.status),
      // M-Pesa Express prompts (ADR 0033): the page reloads when this changes too.
      mpesa: await paymentPages().checkoutCollectionState(params.id ?? ""),
    },
    { headers },
  );
}
