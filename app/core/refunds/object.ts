/**
 * A refund as the API and webhooks show it: integer KES cents with a decimal string beside them,
 * crypto amounts as decimal strings, ISO 8601 UTC times, snake_case. Isomorphic and pure.
 */
import { integer, iso, kesDecimal } from "~/core/api/payment-object";
import { formatCryptoUnits, type QuoteAsset } from "~/core/payments/quote";
import type { RefundMethod, RefundRate, RefundSource, RefundStatus } from "./vocabulary";

/** The columns of a refund the object is made from (the row type, without the database). */
export interface RefundRow {
  id: string;
  paymentId: string;
  mode: "live" | "test";
  method: RefundMethod;
  source: RefundSource;
  status: RefundStatus;
  amountKesCents: bigint;
  asset: string | null;
  cryptoUnits: bigint | null;
  rateChoice: RefundRate | null;
  rate: string | null;
  networkFee: string | null;
  networkFeeAsset: string | null;
  destination: string;
  railChargeKesCents: bigint;
  reason: string | null;
  txHash: string | null;
  receipt: string | null;
  failureReason: string | null;
  createdAt: number;
  updatedAt: number;
  completedAt: number | null;
}

export function refundObject(refund: RefundRow) {
  const crypto =
    refund.asset && refund.cryptoUnits !== null
      ? formatCryptoUnits(refund.cryptoUnits, refund.asset as QuoteAsset)
      : null;
  return {
    id: refund.id,
    object: "refund" as const,
    livemode: refund.mode === "live",
    payment_id: refund.paymentId,
    status: refund.status,
    method: refund.method,
    source: refund.source,
    amount: integer(refund.amountKesCents),
    amount_decimal: kesDecimal(refund.amountKesCents),
    currency: "KES",
    rail_charge: integer(refund.railChargeKesCents),
    asset: refund.asset,
    crypto_amount: crypto,
    rate_choice: refund.rateChoice,
    rate: refund.rate,
    network_fee: refund.networkFee,
    network_fee_asset: refund.networkFeeAsset,
    destination: refund.destination,
    reason: refund.reason,
    tx_hash: refund.txHash,
    receipt: refund.receipt,
    failure_reason: refund.failureReason,
    created_at: iso(refund.createdAt) as string,
    updated_at: iso(refund.updatedAt) as string,
    completed_at: iso(refund.completedAt),
  };
}
