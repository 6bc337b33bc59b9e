/**
 * What the checkout says once the customer's part is over without a payment to show: expired, an
 * exception. A paid one shows its receipt (Receipt.tsx).
 */
import { company } from "~/content/company";

export function CheckoutOutcome({
  status,
  missing,
  asset,
}: {
  status: string;
  missing: string | null;
  asset: string;
}) {
  const messages: Record<string, { title: string; body: string; tone: string }> = {
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
    held: {
      title: "Received, in review",
      body: `Your payment arrived and is being reviewed before it reaches the merchant. If we need anything we will contact you; for questions write to ${company.supportEmail} with the reference below.`,
      tone: "bg-amber-50 text-amber-900",
    },
    canceled: {
      title: "Canceled",
      body: "The merchant canceled this payment. Do not send funds to this address; ask the merchant for a new payment link.",
      tone: "bg-slate-100 text-slate-900",
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
    <div role="status" className={`rounded-2xl p-6 ${message.tone}`}>
      <p className="text-2xl font-bold">{message.title}</p>
      <p className="mt-2">{message.body}</p>
    </div>
  );
}
