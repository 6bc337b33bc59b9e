import { Form } from "@remix-run/react";
import { Card } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import { exciseDutyBps } from "~/content/tariff";
import { formatKes, formatKesCents, formatPercent } from "~/utils/format";

/** What the server worked out for one payout before it is sent (amounts as cent strings). */
export interface PayoutReviewData {
  /** "+254 712 345 678" or "Equity Bank Kenya, account 1450160649886". */
  to: string;
  railName: string;
  name: string;
  reference: string;
  amountKesCents: string;
  feeKesCents: string;
  /** Excise duty on our fee (ADR 0059). */
  exciseKesCents: string;
  railChargeKesCents: string;
  totalKesCents: string;
  availableKesCents: string;
  feeBps: number;
  /** The merchant's approval limit (whole KES), if any. */
  approvalAboveKes: number | null;
  needsApproval: boolean;
  smsReceipts: boolean;
  warnings: string[];
  /** The checked values, sent again (hidden) with Send payout and checked again on the server. */
  values: Record<string, string>;
}

/**
 * The review of one payout: what the recipient gets, our fee and its excise, the rail's charge,
 * the total leaving the balance and the balance itself, whether it waits for approval, and the
 * button that sends it (a form of its own carrying the reviewed values). `error` is why sending
 * was refused.
 */
export function PayoutReview({
  review,
  error,
}: {
  review: PayoutReviewData;
  error: string | null;
}) {
  const short = BigInt(review.totalKesCents) - BigInt(review.availableKesCents);
  const rows: [string, string][] = [
    ["To", `${review.to}${review.name ? ` (${review.name})` : ""}`],
    ["Rail", review.railName],
    ["Recipient gets", formatKesCents(review.amountKesCents)],
    [`Our fee (${formatPercent(review.feeBps)})`, formatKesCents(review.feeKesCents)],
    [
      `Excise duty (${formatPercent(exciseDutyBps)} of our fee)`,
      formatKesCents(review.exciseKesCents),
    ],
    [`${review.railName} charge, at cost`, formatKesCents(review.railChargeKesCents)],
    ["Total from your balance", formatKesCents(review.totalKesCents)],
    ["Available balance", formatKesCents(review.availableKesCents)],
  ];
  if (review.reference) rows.splice(2, 0, ["Reference", review.reference]);
  return (
    <section aria-labelledby="payout-review-title" className="mt-10">
      <Card className="border-brand-300">
        <h2 id="payout-review-title" className="text-xl font-semibold text-ink">
          Review the payout
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-semibold text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        {review.warnings.map((warning) => (
          <p key={warning} className="mt-4 rounded-lg bg-slate-100 p-3 text-slate-800">
            {warning}
          </p>
        ))}
        {review.needsApproval && review.approvalAboveKes !== null ? (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
            Needs approval: it is above your approval limit of {formatKes(review.approvalAboveKes)},
            so another member with the Finance, Admin or Owner role must approve it before it is
            sent. The money is set aside when they do.
          </p>
        ) : (
          <p className="mt-4 text-slate-700">
            No approval needed:{" "}
            {review.approvalAboveKes === null
              ? "your account sends single payouts without a second approval"
              : `it is within your approval limit of ${formatKes(review.approvalAboveKes)}`}
            , so it is sent as soon as you press Send payout
            {review.smsReceipts ? ", and the recipient gets a text receipt once it is paid" : ""}.
          </p>
        )}
        {!review.needsApproval && short > 0n ? (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
            Your available balance is {formatKesCents(short)} short of this payout with its fees.
            Lower the amount, or send it once collections have settled into your balance.
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-red-900">
            {error}
          </p>
        ) : null}
        {/* A payout the balance cannot cover is not offered (the server refuses it anyway). */}
        {!review.needsApproval && short > 0n ? null : (
          <Form method="post" className="mt-6">
            {Object.entries(review.values).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <p className="mb-3 text-sm text-slate-600">
              You may be asked to confirm it is you (your authentication code, or your password)
              first.
            </p>
            <SubmitButton
              name="intent"
              value="send"
              pendingLabel={review.needsApproval ? "Submitting..." : "Sending..."}
            >
              {review.needsApproval ? "Submit for approval" : "Send payout"}
            </SubmitButton>
          </Form>
        )}
      </Card>
    </section>
  );
}
