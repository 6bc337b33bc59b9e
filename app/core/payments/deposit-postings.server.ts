/**
 * The ledger postings of a deposit (ADR 0010 and later): its conversion at the locked rate, and
 * crypto held in suspense when it cannot be credited yet.
 */
import { ledgerBook, postTransaction } from "~/core/ledger/ledger.server";
import type { Handle } from "~/db/store";
import type { Payment } from "./payments.server";
import type { QuoteAsset } from "./quote";

/**
 * Post the conversion of `units` worth `grossKesCents` at the locked rate: merchant net of fee and
 * excise, fee to revenue, excise to excise payable. In the book of the payment's mode (test
 * payments never touch live accounts).
 */
export async function postConversion(
  q: Handle,
  payment: Payment,
  input: {
    units: bigint;
    grossKesCents: bigint;
    feeKesCents: bigint;
    /** Excise duty on the fee (ADR 0059): credited to excise payable in the same transaction. */
    exciseKesCents: bigint;
    fromSuspense: boolean;
    key: string;
    now: number;
    refundUnits?: bigint;
  },
) {
  const asset = payment.asset as QuoteAsset;
  const {
    custody,
    customerRefundsPayable,
    excisePayable,
    feeRevenue,
    merchantAvailable,
    merchantPending,
    suspense,
    treasuryConversion,
  } = ledgerBook(payment.mode);
  const merchantAccount = payment.requiresReview
    ? merchantPending(payment.merchantId)
    : merchantAvailable(payment.merchantId);
  const cryptoSource = input.fromSuspense ? suspense(asset) : custody(asset);
  const refund = input.refundUnits ?? 0n;
  const entries = [
    { account: cryptoSource, amount: input.units + refund },
    { account: treasuryConversion(asset), amount: -input.units },
    { account: treasuryConversion("KES"), amount: input.grossKesCents },
    {
      account: merchantAccount,
      amount: -(input.grossKesCents - input.feeKesCents - input.exciseKesCents),
    },
    { account: feeRevenue(), amount: -input.feeKesCents },
    { account: excisePayable(), amount: -input.exciseKesCents },
  ];
  if (refund > 0n) entries.push({ account: customerRefundsPayable(asset), amount: -refund });
  return postTransaction(q, {
    idempotencyKey: input.key,
    kind: "payment.converted",
    description: `Payment ${payment.id} (${payment.reference}) converted at ${payment.quoteRate} KES/${asset}`,
    reference: { type: "payment", id: payment.id },
    entries: entries.filter((entry) => entry.amount !== 0n),
    now: input.now,
  });
}

/**
 * Hold crypto that cannot be credited yet (under/over/late payment, a listed sender) in suspense.
 */
export async function postToSuspense(q: Handle, payment: Payment, units: bigint, now: number) {
  const asset = payment.asset as QuoteAsset;
  const { custody, suspense } = ledgerBook(payment.mode);
  return postTransaction(q, {
    idempotencyKey: `payment:${payment.id}:held`,
    kind: "payment.held",
    description: `Payment ${payment.id}: ${units} units held for an operator`,
    reference: { type: "payment", id: payment.id },
    entries: [
      { account: custody(asset), amount: units },
      { account: suspense(asset), amount: -units },
    ],
    now,
  });
}
