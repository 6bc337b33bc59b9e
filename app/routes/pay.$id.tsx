/**
 * The hosted checkout a customer opens: what to send, where (address and QR code), how long the
 * quote holds, and the live status. Without JavaScript it refreshes itself every 10 seconds while
 * waiting; with it, it re-reads the status every 5 seconds without reloading.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  formatKesCents,
  formatKesExact,
  PaymentStatusBadge,
  payoutSentence,
} from "~/components/payments/PaymentBits";
import { QrCode } from "~/components/payments/QrCode";
import { buttonClass, Card, Container } from "~/components/ui";
import { company } from "~/content/company";
import { getMerchantAccount } from "~/core/merchants/sign-in.server";
import { getPayment } from "~/core/payments/payments.server";
import { paymentView, payoutView } from "~/core/payments/views.server";
import { qrRows } from "~/core/payments/qr.server";
import { formatCryptoUnits } from "~/core/payments/quote";
import { listTransfersForPayment } from "~/core/payments/settlement.server";
import { getDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { readSession } from "~/utils/session.server";
import { payments } from "~/wiring/payments.server";
import { invariantResponse, PRIVATE_NO_STORE } from "~/utils/http";
import { paths } from "~/utils/paths";

const WAITING = new Set(["awaiting_payment", "confirming"]);

/**
 * What the payment's own merchant sees on its checkout (signed in): what it receives after the 1%
 * fee and the M-Pesa charge, estimated before settlement and actual after. Customers never see it.
 */
async function merchantView(request: Request, payment: NonNullable<ReturnType<typeof getPayment>>) {
  const db = getDb();
  const session = await readSession(db, "merchant", request);
  const account =
    session.status === "active" && session.session.merchantUserId
      ? getMerchantAccount(db, session.session.merchantUserId)
      : undefined;
  if (!account || account.merchantId !== payment.merchantId) return null;
  const { actual, paidTransfers, estimate, feeBps } = payoutView(
    payment,
    listTransfersForPayment(db, payment.id),
    payments().config,
  );
  if (actual) {
    return `You receive ${formatKesExact(actual.payoutKesCents)} on M-Pesa after the M-Pesa charge${paidTransfers > 1 ? "s" : ""} of ${formatKesExact(actual.railChargeKesCents)}.`;
  }
  return `You receive ${payoutSentence(estimate.payoutKesCents, feeBps, estimate.railChargeKesCents)}.`;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const payment = /^pay_[a-z0-9]{12}$/.test(params.id ?? "")
    ? getPayment(getDb(), params.id!)
    : undefined;
  invariantResponse(payment, "Payment not found");
  const now = Date.now();
  const missingUnits = payment.cryptoAmountUnits - payment.receivedUnits;
  return {
    ...paymentView(payment),
    missing: missingUnits > 0n ? formatCryptoUnits(missingUnits, payment.asset) : null,
    qr:
      payment.depositAddress && WAITING.has(payment.status) ? qrRows(payment.depositAddress) : null,
    secondsLeft: Math.max(0, Math.floor((payment.expiresAt - now) / 1000)),
    simulator: env.PROVIDER_MODE === "simulator",
    merchantView: await merchantView(request, payment),
  };
}

export const headers = () => ({
  "Cache-Control": PRIVATE_NO_STORE,
  "Referrer-Policy": "no-referrer",
});

function useCountdown(seconds: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

const mmss = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

function Final({
  status,
  missing,
  asset,
}: {
  status: string;
  missing: string | null;
  asset: string;
}) {
  const messages: Record<string, { title: string; body: string; tone: string }> = {
    confirmed: {
      title: "Paid",
      body: "Thank you: your payment is confirmed.",
      tone: "bg-emerald-50 text-emerald-900",
    },
    in_review: {
      title: "Paid",
      body: "Thank you: your payment is confirmed.",
      tone: "bg-emerald-50 text-emerald-900",
    },
    settling: {
      title: "Paid",
      body: "Thank you: your payment is confirmed.",
      tone: "bg-emerald-50 text-emerald-900",
    },
    settled: {
      title: "Paid",
      body: "Thank you: your payment is confirmed.",
      tone: "bg-emerald-50 text-emerald-900",
    },
    expired: {
      title: "Expired",
      body: "The quote expired before a payment arrived. Ask the merchant for a new payment link; do not send funds to this address.",
      tone: "bg-slate-100 text-slate-900",
    },
    underpaid: {
      title: "Underpaid",
      body: `We received less than the quote: ${missing ?? "some"} ${asset} is missing. The merchant's support team will contact you; nothing is lost.`,
      tone: "bg-red-50 text-red-900",
    },
    overpaid: {
      title: "Overpaid",
      body: "We received more than the quote. The merchant's support team will arrange the difference; nothing is lost.",
      tone: "bg-amber-50 text-amber-900",
    },
    paid_after_expiry: {
      title: "Received after expiry",
      body: "Your payment arrived after the quote expired. Our team will re-quote or refund it; nothing is lost.",
      tone: "bg-amber-50 text-amber-900",
    },
    failed: {
      title: "Not completed",
      body: `This payment could not be completed. Contact ${company.supportEmail} with the reference below.`,
      tone: "bg-red-50 text-red-900",
    },
  };
  const message = messages[status];
  if (!message) return null;
  return (
    <div role="status" className={`rounded-xl p-6 ${message.tone}`}>
      <p className="text-2xl font-bold">{message.title}</p>
      <p className="mt-2">{message.body}</p>
    </div>
  );
}

export default function Checkout() {
  const payment = useLoaderData<typeof loader>();
  const waiting = WAITING.has(payment.status);
  const left = useCountdown(payment.secondsLeft);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 5_000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  return (
    <Container className="max-w-3xl py-12">
      {waiting ? (
        <noscript>
          <meta httpEquiv="refresh" content="10" />
        </noscript>
      ) : null}
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">
        {company.brand} checkout
      </p>
      <h1 className="mt-2 text-3xl font-bold text-ink">
        Pay {formatKesCents(payment.amountKesCents)}
      </h1>
      <p className="mt-2 text-slate-700">
        Reference {payment.reference}
        {payment.description ? `: ${payment.description}` : ""}
      </p>
      {payment.merchantView ? (
        <p className="mt-4 rounded-lg bg-slate-100 p-3 text-slate-900">
          <span className="font-semibold">Merchant view: </span>
          {payment.merchantView}
        </p>
      ) : null}
      <div className="mt-4 flex items-center gap-3" aria-live="polite">
        <PaymentStatusBadge status={payment.status} />
        {payment.status === "confirming" ? (
          <span className="text-slate-700">{payment.confirmations} confirmation(s) so far</span>
        ) : null}
      </div>

      {waiting ? (
        <Card className="mt-8">
          <div className="grid gap-8 md:grid-cols-[auto_1fr]">
            {payment.qr ? (
              <QrCode rows={payment.qr} label={`QR code of the ${payment.asset} deposit address`} />
            ) : null}
            <dl className="space-y-4">
              <div>
                <dt className="text-sm text-slate-600">Send exactly</dt>
                <dd className="text-2xl font-bold text-ink">
                  {payment.crypto} {payment.asset}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Network</dt>
                <dd className="font-medium text-ink">{payment.network}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">To this address</dt>
                <dd className="break-all font-mono text-ink">{payment.depositAddress}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Rate locked for</dt>
                <dd className="font-medium text-ink">
                  {payment.status === "awaiting_payment"
                    ? left > 0
                      ? `${mmss(left)} (minutes:seconds)`
                      : "Expired: do not send"
                    : "Payment received, confirming"}
                </dd>
              </div>
            </dl>
          </div>
          <p className="mt-6 text-sm text-slate-700">
            This page updates by itself. Send only {payment.asset} on the {payment.network} network
            to this address.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link
              to={paths.checkout(payment.id)}
              className={buttonClass("secondary")}
              reloadDocument
            >
              Refresh status
            </Link>
            {payment.simulator && payment.depositAddress ? (
              <a
                className={buttonClass("ghost")}
                href={`/simulator/custody/?${new URLSearchParams({ payment: payment.id, address: payment.depositAddress, amount: payment.crypto, returnTo: paths.checkout(payment.id) })}`}
              >
                Pay with the test wallet (simulator)
              </a>
            ) : null}
          </div>
        </Card>
      ) : (
        <div className="mt-8">
          <Final status={payment.status} missing={payment.missing} asset={payment.asset} />
        </div>
      )}
      <p className="mt-8 text-sm text-slate-600">
        Payment {payment.id}. Questions? {company.supportEmail}
      </p>
    </Container>
  );
}

export const meta: MetaFunction = () => [
  { title: "Checkout | OneHop" },
  { name: "robots", content: "noindex" },
];
