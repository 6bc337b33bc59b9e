/**
 * The payment as the API shows it (responses, events, webhooks): integer minor units with the
 * currency named and a decimal string beside each, ISO 8601 UTC times, snake_case. Isomorphic and
 * pure: the row in, the JSON object out. `checkout_url` is absolute only once `withSiteUrl` has
 * given it the site (events store it as a path, so their body never depends on configuration).
 */
import { ASSET_SCALE, fromScaled, type QuoteAsset } from "~/core/payments/quote";
import type { PaymentMethod, PaymentStatus } from "~/core/payments/statuses";
import { storedNetworkId } from "~/core/networks/networks";
import type { ApiMode } from "./vocabulary";

/** The columns of a payment the API object is made from (the row type, without the database). */
export interface PaymentRow {
  id: string;
  mode: ApiMode;
  status: PaymentStatus;
  reference: string;
  description: string | null;
  metadata: string | null;
  asset: QuoteAsset;
  network: string;
  paidWith: PaymentMethod;
  amountKesCents: bigint;
  feeKesCents: bigint;
  exciseKesCents: bigint;
  quoteRate: string;
  marketRate: string;
  spreadBps: number;
  rateSource: string;
  rateFetchedAt: number;
  cryptoAmountUnits: bigint;
  receivedUnits: bigint;
  confirmations: number;
  quotedAt: number;
  expiresAt: number;
  depositAddress: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  customerEmail: string | null;
  createdAt: number;
  updatedAt: number;
  confirmedAt: number | null;
  settledAt: number | null;
  canceledAt: number | null;
}

/** Epoch milliseconds as ISO 8601 UTC (null stays null): every API object's times. */
export const iso = (epochMs: number | null) =>
  epochMs === null ? null : new Date(epochMs).toISOString();

/** An integer amount as a JSON number when exact, else a string of digits (never a float). */
export const integer = (value: bigint): number | string =>
  value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= -BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value.toString();

/** KES cents as a decimal string with two places ("2500.00"). */
export function kesDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export function paymentObject(payment: PaymentRow) {
  const scale = ASSET_SCALE[payment.asset];
  const net = payment.amountKesCents - payment.feeKesCents - payment.exciseKesCents;
  return {
    id: payment.id,
    object: "payment" as const,
    livemode: payment.mode === "live",
    status: payment.status,
    amount: integer(payment.amountKesCents),
    amount_decimal: kesDecimal(payment.amountKesCents),
    currency: "KES" as const,
    fee: integer(payment.feeKesCents),
    fee_decimal: kesDecimal(payment.feeKesCents),
    excise: integer(payment.exciseKesCents),
    excise_decimal: kesDecimal(payment.exciseKesCents),
    net: integer(net),
    net_decimal: kesDecimal(net),
    asset: payment.asset,
    network: storedNetworkId(payment.network, payment.asset),
    paid_with: payment.paidWith,
    crypto_amount: integer(payment.cryptoAmountUnits),
    crypto_amount_decimal: fromScaled(payment.cryptoAmountUnits, scale),
    crypto_received: integer(payment.receivedUnits),
    crypto_received_decimal: fromScaled(payment.receivedUnits, scale),
    /** Base units: BTC satoshi, ETH gwei, USDT/USDC 10^-6. */
    crypto_scale: scale,
    confirmations: payment.confirmations,
    deposit_address: payment.depositAddress,
    checkout_url: `/pay/${payment.id}`,
    quote: {
      rate: payment.quoteRate,
      market_rate: payment.marketRate,
      spread_bps: payment.spreadBps,
      source: payment.rateSource,
      rate_fetched_at: iso(payment.rateFetchedAt),
      locked_at: iso(payment.quotedAt),
      expires_at: iso(payment.expiresAt),
    },
    reference: payment.reference,
    description: payment.description,
    metadata: payment.metadata ? (JSON.parse(payment.metadata) as Record<string, string>) : {},
    success_url: payment.successUrl,
    cancel_url: payment.cancelUrl,
    customer_email: payment.customerEmail,
    created_at: iso(payment.createdAt),
    updated_at: iso(payment.updatedAt),
    confirmed_at: iso(payment.confirmedAt),
    settled_at: iso(payment.settledAt),
    canceled_at: iso(payment.canceledAt),
  };
}
export type PaymentObject = ReturnType<typeof paymentObject>;

/**
 * Make the object's relative links absolute on this site (`https://onehop.co.ke`): a payment's
 * `checkout_url`, a payout batch's `approval_url`.
 */
export function withSiteUrl<T extends { checkout_url?: string; approval_url?: string }>(
  object: T,
  siteUrl: string,
): T {
  let absolute = object;
  for (const link of ["checkout_url", "approval_url"] as const) {
    const value = absolute[link];
    if (typeof value === "string" && value.startsWith("/"))
      absolute = { ...absolute, [link]: siteUrl.replace(/\/$/, "") + value };
  }
  return absolute;
}
