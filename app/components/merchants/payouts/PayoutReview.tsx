import { Form } from "@remix-run/react";
import { Card } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import { exciseDutyBps } from "~/content/tariff";
import { payoutsMessages } from "~/i18n/catalogs/payouts";
import { useMessages } from "~/i18n/use-messages";
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
  const m = useMessages(payoutsMessages).review;
  const short = BigInt(review.totalKesCents) - BigInt(review.availableKesCents);
  const rows: [string, string][] = [
    [m.to, `${review.to}${review.name ? ` (${review.name})` : ""}`],
    [m.rail, review.railName],
    [m.recipientGets, formatKesCents(review.amountKesCents)],
    [m.ourFee(formatPercent(review.feeBps)), formatKesCents(review.feeKesCents)],
    [m.excise(formatPercent(exciseDutyBps)), formatKesCents(review.exciseKesCents)],
    [m.railCharge(review.railName), formatKesCents(review.railChargeKesCents)],
    [m.total, formatKesCents(review.totalKesCents)],
    [m.available, formatKesCents(review.availableKesCents)],
  ];
  if (review.reference) rows.splice(2, 0, [m.reference, review.reference]);
  const limit = review.approvalAboveKes === null ? null : formatKes(review.approvalAboveKes);
  const noApproval =
    limit === null
      ? review.smsReceipts
        ? m.noApprovalNoLimitSms
        : m.noApprovalNoLimit
      : review.smsReceipts
        ? m.noApprovalWithinSms(limit)
        : m.noApprovalWithin(limit);
  return (
    <section aria-labelledby="payout-review-title" className="mt-10">
      <Card className="border-brand-300">
        <h2 id="payout-review-title" className="text-xl font-semibold text-ink">
          {m.title}
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
            {m.needsApproval(formatKes(review.approvalAboveKes))}
          </p>
        ) : (
          <p className="mt-4 text-slate-700">{noApproval}</p>
        )}
        {!review.needsApproval && short > 0n ? (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
            {m.short(formatKesCents(short))}
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
            <p className="mb-3 text-sm text-slate-600">{m.confirmFirst}</p>
            <SubmitButton
              name="intent"
              value="send"
              pendingLabel={review.needsApproval ? m.submitting : m.sending}
            >
              {review.needsApproval ? m.submitForApproval : m.send}
            </SubmitButton>
          </Form>
        )}
      </Card>
    </section>
  );
}
