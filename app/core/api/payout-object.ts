/**
 * A settlement payout (one transfer to the merchant's destination) as the API and webhooks show it
 * (issue 14): the rail, where it went (masked), the amount and the rail's charge in KES cents with
 * decimals beside them, its state and the rail's receipt. Isomorphic and pure.
 */
import type { TransferStatus } from "~/core/payments/statuses";
import type { RailId } from "~/core/rails/types";
import { kesDecimal } from "./payment-object";

export interface PayoutRow {
  id: string;
  paymentId: string | null;
  rail: RailId;
  /** Masked: "M-Pesa +254 7•• ••• 678", "Equity Bank Kenya account ••••9886". */
  destination: string;
  destinationId: string | null;
  status: TransferStatus;
  amountKesCents: bigint;
  railChargeKesCents: bigint;
  receipt: string | null;
  resultDesc: string | null;
  retryOf: string | null;
  settlementDay: string;
  createdAt: number;
  sentAt: number | null;
  completedAt: number | null;
}

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString());

export function payoutObject(row: PayoutRow, livemode: boolean) {
  return {
    id: row.id,
    object: "payout" as const,
    livemode,
    payment_id: row.paymentId,
    rail: row.rail,
    destination: row.destination,
    destination_id: row.destinationId,
    status: row.status,
    currency: "KES" as const,
    amount: Number(row.amountKesCents),
    amount_decimal: kesDecimal(row.amountKesCents),
    rail_charge: Number(row.railChargeKesCents),
    rail_charge_decimal: kesDecimal(row.railChargeKesCents),
    receipt: row.receipt,
    failure_reason: row.status === "failed" ? row.resultDesc : null,
    retry_of: row.retryOf,
    settlement_day: row.settlementDay,
    created_at: iso(row.createdAt) as string,
    sent_at: iso(row.sentAt),
    completed_at: iso(row.completedAt),
  };
}
