/**
 * The custody simulator's control page ("send" a customer payment, add confirmations), mounted on
 * our origin in simulator mode only (404 in live mode) and for operators only (issue 10, item 11).
 *
 * One thing needs no operator: the checkout's "Pay with the test wallet (simulator)" button. With
 * `?payment=<id>` the page offers only a payment to that payment's own deposit address, and the
 * post (`payments` with a `payment` field) pays that address and nothing else, then returns to the
 * checkout.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { displayNetwork } from "~/core/networks/networks";
import { formatCryptoUnits } from "~/core/payments/quote";
import type { CustodySimulator } from "~/simulators/custody/index.server";
import * as paths from "~/utils/paths";
import { assertSameOrigin, forbidden } from "~/utils/request.server";
import {
  requireSimulatorOperator,
  signedInOperator,
  simulatorNotFound,
  simulatorRoutesEnabled,
} from "~/utils/simulator-access.server";
import { checkout } from "~/wiring/checkout.server";
import { runningPayments } from "~/wiring/payments.server";

const BASE = "/simulator/custody";
const PAYMENT_ID = /^pay_[a-z0-9]{12}$/;
const PAYABLE = new Set(["awaiting_payment", "confirming"]);
const AMOUNT = /^[0-9]{1,20}(\.[0-9]{1,18})?$/;

function page(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    },
  });
}

/** The payment a test payment may pay: known, with a deposit address, still waiting for money. */
async function payable(paymentId: string) {
  const payment = PAYMENT_ID.test(paymentId) ? await checkout().paymentById(paymentId) : undefined;
  if (!payment || !payment.depositAddress)
    return { payment: undefined, unavailable: "There is no payment with this id to pay." } as const;
  if (!PAYABLE.has(payment.status))
    return {
      payment: undefined,
      unavailable: `This payment is ${payment.status.replaceAll("_", " ")}: there is nothing to pay.`,
    } as const;
  return { payment, unavailable: null } as const;
}

/**
 * The simulator's modules are imported on use (simulator mode only), so a live process never loads
 * them.
 */
async function testPaymentPage(
  paymentId: string,
  amount: string | null,
  error: string | null = null,
  status = 200,
): Promise<Response> {
  const { renderTestPaymentPage } = await import("~/simulators/custody/page.server");
  const { payment, unavailable } = await payable(paymentId);
  if (!payment) {
    return page(
      renderTestPaymentPage({
        basePath: BASE,
        paymentId,
        address: null,
        asset: "",
        network: "",
        amount: "",
        unavailable,
        error: null,
      }),
      404,
    );
  }
  return page(
    renderTestPaymentPage({
      basePath: BASE,
      paymentId,
      address: payment.depositAddress,
      asset: payment.asset,
      network: displayNetwork(payment.network, payment.asset),
      amount:
        amount && AMOUNT.test(amount)
          ? amount
          : formatCryptoUnits(payment.cryptoAmountUnits, payment.asset),
      unavailable: null,
      error,
    }),
    status,
  );
}

/**
 * POST /simulator/custody/payments with `payment`: pay that payment's deposit address, nothing
 * else.
 */
async function payTestPayment(
  request: Request,
  simulator: CustodySimulator,
  form: URLSearchParams,
): Promise<Response> {
  assertSameOrigin(request);
  const paymentId = form.get("payment") ?? "";
  const amount = (form.get("amount") ?? "").trim();
  const { payment } = await payable(paymentId);
  if (!payment) return testPaymentPage(paymentId, null);
  const address = form.get("address");
  if (address !== null && address !== payment.depositAddress)
    return forbidden("A test payment pays only its own payment's deposit address.");
  if (!AMOUNT.test(amount))
    return testPaymentPage(paymentId, amount, "The amount must be a decimal number like 25.5", 400);
  const { SimulatorError } = await import("~/simulators/custody/index.server");
  try {
    await simulator.sendPayment({ address: payment.depositAddress!, amount });
  } catch (error) {
    if (error instanceof SimulatorError)
      return testPaymentPage(paymentId, amount, error.message, error.status);
    throw error;
  }
  return new Response(null, {
    status: 303,
    headers: { Location: paths.checkout(payment.id), "Cache-Control": "no-store" },
  });
}

async function handle(request: Request): Promise<Response> {
  const simulator = simulatorRoutesEnabled() ? (runningPayments()?.custodySimulator ?? null) : null;
  if (!simulator) return simulatorNotFound();
  const url = new URL(request.url);
  const subPath = url.pathname.slice(BASE.length);
  if (!(await signedInOperator(request))) {
    if (
      request.method === "GET" &&
      (subPath === "" || subPath === "/") &&
      url.searchParams.has("payment")
    ) {
      return testPaymentPage(url.searchParams.get("payment") ?? "", url.searchParams.get("amount"));
    }
    if (
      request.method === "POST" &&
      subPath === "/payments" &&
      request.headers.get("Content-Type")?.includes("application/x-www-form-urlencoded")
    ) {
      const form = new URLSearchParams(await request.text());
      if (form.has("payment")) return payTestPayment(request, simulator, form);
    }
    if (request.method !== "GET" && request.method !== "HEAD") return forbidden("Operators only.");
  }
  await requireSimulatorOperator(request);
  const response = await simulator.handleControlRequest(request, BASE);
  const headers = new Headers(response.headers);
  headers.set("X-Robots-Tag", "noindex");
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, headers });
}

export const loader = ({ request }: LoaderFunctionArgs) => handle(request);
export const action = ({ request }: ActionFunctionArgs) => handle(request);
