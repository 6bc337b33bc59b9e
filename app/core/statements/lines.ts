/**
 * A statement's lines (ADR 0034), pure: which statement type a ledger transaction is, and how its
 * effect on what we owe the merchant becomes gross, fee and net. Isomorphic: the page labels come
 * from here too.
 *
 * Amounts are KES cents (bigint), seen from the merchant: `net` is the signed change in their
 * balance (available + pending + reserved; money in flight to a destination has left it), `fee`
 * what the transaction cost them (our fee and, for a payout, the rail's charge; negative when given
 * back), `excise` the excise duty on our fee (ADR 0059; negative when given back) and `gross` =
 * net + fee + excise (a payout's: its amount).
 */

export const statementLineTypes = [
  "collection",
  "top_up",
  "payout",
  "disbursement",
  "refund",
  "adjustment",
] as const;
export type StatementLineType = (typeof statementLineTypes)[number];

export const statementLineLabels: Record<StatementLineType, string> = {
  collection: "Collection",
  top_up: "Top-up",
  payout: "Settlement payout",
  disbursement: "Disbursement",
  refund: "Refund",
  adjustment: "Adjustment",
};

/** Ledger kinds by statement type. Any kind not listed here (reversals too) is an adjustment. */
const KINDS: Record<Exclude<StatementLineType, "adjustment">, readonly string[]> = {
  // A crypto payment converted to KES, an M-Pesa Express payment collected.
  collection: ["payment.converted", "payment.collected"],
  // Money the merchant put into its balance (issue 30): by M-Pesa or bank transfer, or attributed
  // to it by an operator from suspense.
  top_up: ["balance.topped_up", "balance.top_up_attributed"],
  // A settlement handed to a rail (its charges leave the balance), then paid.
  payout: ["payout.sent", "payout.succeeded"],
  // A payout to a third party (ADR 0035): its fee and rail charge leave the reservation when it is
  // sent, its amount when the rail pays. The reservation itself moves money between the
  // merchant's own accounts: no line.
  disbursement: ["disbursement.sent", "disbursement.succeeded"],
  // A payment rejected in review: its credit (and our fee) undone, the money owed back.
  refund: ["payment.review_rejected"],
};

/** Refunds to customers (issue 15, item 5) are posted as `refund.*`. */
const REFUND_PREFIX = "refund.";

const TYPE_OF_KIND = new Map<string, StatementLineType>(
  (Object.keys(KINDS) as (keyof typeof KINDS)[]).flatMap((type) =>
    KINDS[type].map((kind) => [kind, type] as const),
  ),
);

/** The statement type of a ledger transaction kind. */
export function classifyKind(kind: string): StatementLineType {
  return TYPE_OF_KIND.get(kind) ?? (kind.startsWith(REFUND_PREFIX) ? "refund" : "adjustment");
}

/** One ledger transaction that changed what we owe the merchant, as read from the ledger. */
export interface LedgerMovement {
  transactionId: string;
  kind: string;
  description: string | null;
  /** The payment or transfer id the transaction is about. */
  referenceId: string | null;
  /** Set on a reversal: the transaction it negates. */
  reversesTransactionId: string | null;
  /** Epoch milliseconds. */
  at: number;
  /** Sum of the transaction's entries on the merchant's three KES accounts (debit positive). */
  merchantSum: bigint;
  /** Sum of its entries on fee revenue (credit negative), 0n when none. */
  feeSum: bigint;
  /** Sum of its entries on excise payable (credit negative), 0n when none. */
  exciseSum?: bigint;
  /**
   * Its entry on the merchant's in-flight account (credit negative: a payout sent; positive: one
   * given back), 0n when none.
   */
  inFlightSum?: bigint;
}

export interface StatementLine {
  transactionId: string;
  at: number;
  type: StatementLineType;
  /** The ledger kind, e.g. `payment.converted`. */
  kind: string;
  description: string;
  /** The payment or transfer id the transaction is about, "" when none. */
  reference: string;
  gross: bigint;
  fee: bigint;
  /** Excise duty on our fee (ADR 0059). */
  excise: bigint;
  net: bigint;
  /** What we owe the merchant after this line. */
  balance: bigint;
}

const DEFAULT_DESCRIPTIONS: Record<StatementLineType, string> = {
  collection: "Payment collected",
  top_up: "Top-up",
  payout: "Settlement payout",
  disbursement: "Payout to a recipient",
  refund: "Refund",
  adjustment: "Adjustment",
};

/** The line's text: the ledger's description, or a reversal's or type's own when it has none. */
function describe(movement: LedgerMovement, type: StatementLineType): string {
  const text = movement.description?.trim();
  if (movement.reversesTransactionId) {
    return text ? `Reversal: ${text}` : "Reversal of an earlier entry";
  }
  return text || DEFAULT_DESCRIPTIONS[type];
}

/**
 * A movement as a statement line, given what we owed the merchant before it. Net = what we owe
 * after minus before: the merchant's accounts are credit-normal, so the negated sum of their
 * entries. A payout (money into flight) has its amount as gross and everything else it took (our
 * fee and the rail's charge) as its fee; any other line's fee is the negated fee-revenue entry and
 * its gross net + fee + excise. The excise is the negated excise-payable entry, on every line.
 */
export function toLine(movement: LedgerMovement, balanceBefore: bigint): StatementLine {
  const type = classifyKind(movement.kind);
  const net = -movement.merchantSum;
  const inFlight = movement.inFlightSum ?? 0n;
  const exciseSum = movement.exciseSum ?? 0n;
  const excise = -exciseSum;
  const gross = inFlight !== 0n ? inFlight : net - movement.feeSum - exciseSum;
  const fee = gross - net - excise;
  return {
    transactionId: movement.transactionId,
    at: movement.at,
    type,
    kind: movement.kind,
    description: describe(movement, type),
    reference: movement.referenceId ?? "",
    gross,
    fee,
    excise,
    net,
    balance: balanceBefore + net,
  };
}

export interface StatementTotals {
  count: number;
  gross: bigint;
  fee: bigint;
  excise: bigint;
  net: bigint;
}

/** Totals per type (every type present, zero when it had no lines). */
export function totalsByType(
  lines: readonly Pick<StatementLine, "type" | "gross" | "fee" | "excise" | "net">[],
): Record<StatementLineType, StatementTotals> {
  const totals = Object.fromEntries(
    statementLineTypes.map((type) => [type, { count: 0, gross: 0n, fee: 0n, excise: 0n, net: 0n }]),
  ) as Record<StatementLineType, StatementTotals>;
  for (const line of lines) {
    const total = totals[line.type];
    total.count += 1;
    total.gross += line.gross;
    total.fee += line.fee;
    total.excise += line.excise;
    total.net += line.net;
  }
  return totals;
}
