import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Card } from "~/components/ui";
import { SubmitButton, TextAreaField } from "~/components/ui/form";
import { formatCrypto, formatEatDateTime, formatKesCents, formatKesRate } from "./format";
import type { LiveRateView, PaymentDetail } from "./types";

function Action({
  intent,
  label,
  pendingLabel,
  variant = "primary",
  children,
}: {
  intent: string;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "secondary";
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      className="space-y-3 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0"
    >
      <p className="text-sm">{children}</p>
      <SubmitButton name="intent" value={intent} pendingLabel={pendingLabel} variant={variant}>
        {label}
      </SubmitButton>
    </Form>
  );
}

function situation(p: PaymentDetail): string {
  const expected = formatCrypto(p.cryptoAmountUnits, p.asset);
  const received = formatCrypto(p.receivedUnits, p.asset);
  if (p.status === "underpaid") return `The customer sent ${received} of the ${expected} quoted.`;
  if (p.status === "overpaid")
    return `The customer sent ${received}, more than the ${expected} quoted.`;
  return `The customer's ${received} arrived after the quote expired.`;
}

/**
 * The exceptions queue: accept as paid, re-quote (late payments only) or flag the crypto for
 * refund.
 */
export function ExceptionActions({
  payment: p,
  liveRate,
}: {
  payment: PaymentDetail;
  liveRate: LiveRateView | null;
}) {
  const value = BigInt(p.receivedValueKesCents);
  const accepted = value < BigInt(p.amountKesCents) ? value : BigInt(p.amountKesCents);
  const acceptText =
    p.status === "overpaid"
      ? `Credit the merchant the quoted ${formatKesCents(p.amountKesCents)} (less the fee); the extra crypto is owed back to the customer.`
      : `Credit the merchant what arrived at the locked rate, at most the quoted amount: ${formatKesCents(accepted)} (less the fee).`;
  return (
    <Card title="Resolve exception" headingLevel="h2">
      <p>{situation(p)} The crypto is held in suspense until you decide.</p>
      <div className="mt-4 space-y-4">
        <Action intent="accept" label="Accept as paid" pendingLabel="Accepting...">
          {acceptText}{" "}
          {p.requiresReview
            ? "It then goes to manual review."
            : "Settlement to M-Pesa starts at once."}
        </Action>
        {p.status === "paid_after_expiry" ? (
          <Action
            intent="requote"
            label="Re-quote"
            pendingLabel="Re-quoting..."
            variant="secondary"
          >
            Convert what arrived at today&apos;s live rate (less the spread).{" "}
            {liveRate ? (
              <>
                Live market rate now: {formatKesRate(liveRate.priceKes)} per {p.asset} (
                {liveRate.source}
                {liveRate.asOf ? `, ${formatEatDateTime(liveRate.asOf)}` : ""}).
              </>
            ) : (
              <strong>
                There is no live {p.asset} rate right now, so a re-quote will be refused until rates
                are live again.
              </strong>
            )}
          </Action>
        ) : null}
        <Action
          intent="refund"
          label="Flag for refund"
          pendingLabel="Flagging..."
          variant="secondary"
        >
          Pay the merchant nothing: the {p.asset} is owed back to the customer and the payment ends
          as failed.
        </Action>
      </div>
    </Card>
  );
}

/** The manual-review queue: approve (release to available and settle) or reject with a reason. */
export function ReviewActions({
  payment: p,
  reasonErrors,
}: {
  payment: PaymentDetail;
  reasonErrors?: string[];
}) {
  const net = formatKesCents(
    BigInt(p.amountKesCents) - BigInt(p.feeKesCents) - BigInt(p.exciseKesCents),
  );
  return (
    <Card title="Manual review" headingLevel="h2">
      <p>
        This payment is above the automatic limit: {net} is held in the merchant&apos;s pending
        balance.
      </p>
      <div className="mt-4 space-y-4">
        <Action intent="approve" label="Approve" pendingLabel="Approving...">
          Release {net} to the merchant&apos;s available balance and settle it to M-Pesa.
        </Action>
        <Form method="post" className="space-y-3 border-t border-slate-100 pt-4">
          <p className="text-sm">
            Take the KES back; the {p.asset} is owed back to the customer and the payment ends as
            failed.
          </p>
          <TextAreaField
            meta={{
              id: "reason",
              name: "reason",
              errorId: "reason-error",
              errors: reasonErrors,
              required: true,
            }}
            label="Reason for rejecting"
            rows={3}
            maxLength={500}
          />
          <SubmitButton
            name="intent"
            value="reject"
            pendingLabel="Rejecting..."
            variant="secondary"
          >
            Reject
          </SubmitButton>
        </Form>
      </div>
    </Card>
  );
}
