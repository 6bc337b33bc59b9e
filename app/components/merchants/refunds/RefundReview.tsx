import { Form } from "@remix-run/react";
import { Card } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import { formatKesCents } from "~/utils/format";

/** What the server planned for a refund before it is sent (amounts as cent strings). */
export interface RefundReviewData {
  method: "crypto" | "mpesa";
  source: "balance" | "held";
  /** "11.61 USDT" or "KES 1,500.00". */
  customerGets: string;
  /** "KES 129.45 per USDT, the rate locked at payment" (crypto from the balance). */
  rate: string | null;
  /** The customer's address, or their phone ("+254 712 345 678"). */
  to: string;
  /** "Tron (TRC-20)" (crypto). */
  networkName: string | null;
  /** Custody's estimate, "1.5 TRX"; null when not known. */
  networkFee: string | null;
  railChargeKesCents: string;
  totalKesCents: string;
  availableKesCents: string;
  /** Crypto worth USD 1,000 or more: what the travel rule sends with it, in words. */
  travelRule?: string | null;
  /** The reviewed values, sent again (hidden) with Send refund and checked again on the server. */
  values: Record<string, string>;
  /** Made at review: the same Send twice makes one refund. */
  requestKey: string;
}

/**
 * The review of a refund: what the customer receives and where, the network fee (OneHop pays it)
 * or M-Pesa's charge, what leaves the balance and the balance, and the button that sends it.
 */
export function RefundReview({ review, action }: { review: RefundReviewData; action: string }) {
  const held = review.source === "held";
  const rows: [string, string][] = [["The customer receives", review.customerGets]];
  if (review.rate) rows.push(["Rate", review.rate]);
  rows.push([review.method === "mpesa" ? "To M-Pesa" : "To the address", review.to]);
  if (review.networkName) rows.push(["Network", review.networkName]);
  if (review.method === "crypto")
    rows.push([
      "Network fee",
      review.networkFee
        ? `About ${review.networkFee}, paid by OneHop: not taken from the refund or your balance`
        : "Paid by OneHop: not taken from the refund or your balance",
    ]);
  if (review.method === "mpesa")
    rows.push(["M-Pesa charge, at cost", formatKesCents(review.railChargeKesCents)]);
  rows.push([
    "Total from your balance",
    held
      ? "Nothing: this money is already held for the customer"
      : formatKesCents(review.totalKesCents),
  ]);
  rows.push(["Available balance", formatKesCents(review.availableKesCents)]);
  if (review.travelRule) rows.push(["Sent with it (travel rule)", review.travelRule]);
  return (
    <section aria-labelledby="refund-review-title" className="mt-10">
      <Card className="border-brand-300">
        <h2 id="refund-review-title" className="text-xl font-semibold text-ink">
          Review the refund
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="break-words font-semibold text-ink [overflow-wrap:anywhere]">
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {review.method === "crypto" ? (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
            Check the address with your customer: a crypto transfer cannot be called back.
          </p>
        ) : null}
        <Form method="post" action={action} className="mt-6">
          {Object.entries(review.values).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="requestKey" value={review.requestKey} />
          <p className="mb-3 text-sm text-slate-600">
            You may be asked to confirm it is you (your authentication code, or your password)
            first.
          </p>
          <SubmitButton name="intent" value="send" pendingLabel="Sending...">
            Send refund
          </SubmitButton>
        </Form>
      </Card>
    </section>
  );
}
