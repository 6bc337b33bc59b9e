import { Form } from "@remix-run/react";
import { Card } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import type { RefundRate } from "~/core/refunds/vocabulary";
import { refundsMessages } from "~/i18n/catalogs/refunds";
import { useMessages } from "~/i18n/use-messages";
import { formatKesCents } from "~/utils/format";

/** What the server planned for a refund before it is sent (amounts as cent strings). */
export interface RefundReviewData {
  method: "crypto" | "mpesa";
  source: "balance" | "held";
  /** "11.61 USDT" or "KES 1,500.00". */
  customerGets: string;
  /** KES per coin ("KES 129.45"), the coin and which rate (crypto from the balance). */
  rate: { rate: string; asset: string; choice: RefundRate } | null;
  /** The customer's address, or their phone ("+254 712 345 678"). */
  to: string;
  /** "Tron (TRC-20)" (crypto). */
  networkName: string | null;
  /** Custody's estimate, "1.5 TRX"; null when not known. */
  networkFee: string | null;
  railChargeKesCents: string;
  totalKesCents: string;
  availableKesCents: string;
  /**
   * Crypto worth USD 1,000 or more: who the travel rule names as the sender and the receiver, and
   * the provider holding the receiver's wallet (null: their own wallet).
   */
  travelRule?: { sender: string; receiver: string; provider: string | null } | null;
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
  const m = useMessages(refundsMessages);
  const r = m.review;
  const held = review.source === "held";
  const rows: [string, string][] = [[r.receives, review.customerGets]];
  if (review.rate)
    rows.push([
      r.rate,
      `${m.perAsset(review.rate.rate, review.rate.asset)}, ${m.rateLabels[review.rate.choice].toLowerCase()}`,
    ]);
  rows.push([review.method === "mpesa" ? r.toMpesa : r.toAddress, review.to]);
  if (review.networkName) rows.push([r.network, review.networkName]);
  if (review.method === "crypto")
    rows.push([
      r.networkFee,
      review.networkFee ? r.networkFeeAbout(review.networkFee) : r.networkFeePaid,
    ]);
  if (review.method === "mpesa")
    rows.push([r.mpesaCharge, formatKesCents(review.railChargeKesCents)]);
  rows.push([r.total, held ? r.nothingFromBalance : formatKesCents(review.totalKesCents)]);
  rows.push([r.available, formatKesCents(review.availableKesCents)]);
  if (review.travelRule) {
    const { sender, receiver, provider } = review.travelRule;
    const where = provider === null ? r.ownWallet : provider ? r.atProvider(provider) : "";
    rows.push([r.travelRule, r.travelRuleText(sender, receiver, where)]);
  }
  return (
    <section aria-labelledby="refund-review-title" className="mt-10">
      <Card className="border-brand-300">
        <h2 id="refund-review-title" className="text-xl font-semibold text-ink">
          {r.title}
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
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">{r.checkAddress}</p>
        ) : null}
        <Form method="post" action={action} className="mt-6">
          {Object.entries(review.values).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="requestKey" value={review.requestKey} />
          <p className="mb-3 text-sm text-slate-600">{r.confirmFirst}</p>
          <SubmitButton name="intent" value="send" pendingLabel={r.sending}>
            {r.send}
          </SubmitButton>
        </Form>
      </Card>
    </section>
  );
}
