import { Form } from "@remix-run/react";
import { Card } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import { formatCrypto, formatEatDateTime, formatKesCents } from "./format";
import type { HeldMoneyView } from "./types";

/** A held amount in its currency: KES with cents, or the crypto with its asset. */
export function heldAmount(item: Pick<HeldMoneyView, "currency"> & { amount: string | bigint }) {
  return item.currency === "KES"
    ? formatKesCents(item.amount)
    : formatCrypto(item.amount, item.currency);
}

function Time({ at }: { at: number }) {
  return <time dateTime={new Date(at).toISOString()}>{formatEatDateTime(at)}</time>;
}

/**
 * Money held in suspense for a payment already paid or closed (crypto sent after an M-Pesa
 * payment, an M-Pesa payment after the payment was paid in crypto, expired or canceled): each item,
 * and a "Flag for refund" form for those still waiting. Nothing is shown when there is none.
 */
export function HeldMoney({ items }: { items: HeldMoneyView[] }) {
  if (items.length === 0) return null;
  return (
    <Card title="Held money" headingLevel="h2">
      <p>
        Money that arrived after this payment was already paid or closed. It is held in suspense
        until you decide; flagging it for refund records it as owed back to the customer. The
        payment itself does not change.
      </p>
      <ul className="mt-4 divide-y divide-slate-200">
        {items.map((item) => {
          const amount = heldAmount(item);
          return (
            <li key={item.transactionId} className="space-y-2 py-4 first:pt-0 last:pb-0">
              <p>
                <strong className="text-ink">{amount}</strong>{" "}
                {item.source === "mpesa"
                  ? "paid with M-Pesa Express when the payment was no longer awaiting payment"
                  : "sent to the deposit address after the payment was paid with M-Pesa"}
                , held on <Time at={item.heldAt} />.
              </p>
              {item.description ? (
                <p className="text-sm text-slate-600">Ledger: {item.description}</p>
              ) : null}
              {item.refundFlaggedAt === null ? (
                <Form method="post">
                  <input type="hidden" name="heldTransactionId" value={item.transactionId} />
                  <SubmitButton
                    name="intent"
                    value="flag-held-refund"
                    pendingLabel="Flagging..."
                    variant="secondary"
                  >
                    Flag for refund<span className="sr-only"> of {amount}</span>
                  </SubmitButton>
                </Form>
              ) : (
                <p className="text-sm font-semibold text-slate-800">
                  Flagged for refund on <Time at={item.refundFlaggedAt} />
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
