/**
 * Planning a refund (ADR 0037): from what the merchant asked (an amount and a rate, or "what is
 * held"), what will move: the crypto the customer receives at the chosen rate and custody's
 * network fee estimate, or M-Pesa's charge. Shown on the review; made by `createRefund`, which
 * checks the plan again in its transaction. Refuses with a RefundError in the member's words.
 */
import { profileOf, railChargeCents } from "~/core/rails/charges";
import type { RailId } from "~/core/rails/types";
import { isValidAddress } from "~/core/networks/addresses";
import { networks, storedNetworkId } from "~/core/networks/networks";
import type { Payment } from "~/core/payments/payments.server";
import {
  ASSET_SCALE,
  formatCryptoUnits,
  RATE_SCALE,
  toScaled,
  type QuoteAsset,
} from "~/core/payments/quote";
import type { BeneficiaryInput } from "~/core/compliance/travel-rule/ivms101";
import type { Store } from "~/db/store";
import { formatKes, formatKesCents } from "~/utils/format";
import { RefundError } from "./errors";
import { payerPhone, refundabilityOf, type RefundPlan } from "./refunds.server";
import type { RefundRate, RefundSource } from "./vocabulary";

/** What planning needs from outside: today's rate, custody's fee estimate, the running rails. */
export interface RefundPlanDeps {
  /** Today's market rate, KES per whole coin; null when rates are not live. */
  currentRate(asset: QuoteAsset): string | null;
  /** Custody's network fee estimate for the payment's custody asset id; null: not asked. */
  estimateNetworkFee(assetId: string): Promise<{ networkFee: string; feeAsset: string } | null>;
  runningRails: readonly RailId[];
}

export interface RefundRequest {
  paymentId: string;
  source: RefundSource;
  /** Balance: the KES amount to refund (cents); left out, what is left of the payment. */
  amountKesCents?: bigint;
  /** Crypto from the balance: which rate. */
  rate?: RefundRate;
  /** Crypto: the customer's address. */
  address?: string;
  /**
   * Crypto: the customer as the travel rule names them (ADR 0060); required when the refund is
   * worth USD 1,000 or more.
   */
  beneficiary?: BeneficiaryInput;
}

/** Units of `asset` worth `kesCents` at `rate` KES per coin, rounded down (never more). */
export function unitsForKes(kesCents: bigint, rate: string, asset: QuoteAsset): bigint {
  const scaled = toScaled(rate, RATE_SCALE);
  if (scaled <= 0n) throw new RangeError("rate must be positive");
  return (kesCents * 10n ** BigInt(RATE_SCALE + ASSET_SCALE[asset])) / (scaled * 100n);
}

function cryptoDestination(payment: Payment, address: string | undefined): string {
  const network = storedNetworkId(payment.network, payment.asset as QuoteAsset);
  const value = (address ?? "").trim();
  const name = networks[network].name;
  if (!value)
    throw new RefundError(
      "invalid_destination",
      `Enter the customer's ${payment.asset} address on ${name}`,
      "destination",
    );
  if (value.length > 128 || !isValidAddress(network, value))
    throw new RefundError(
      "invalid_destination",
      `That is not an address on ${name}: check it with your customer (the refund goes on ${name} only)`,
      "destination",
    );
  return value;
}

async function networkFeeOf(deps: RefundPlanDeps, payment: Payment) {
  if (!payment.custodyAssetId) return null;
  try {
    return await deps.estimateNetworkFee(payment.custodyAssetId);
  } catch {
    throw new RefundError(
      "custody_unavailable",
      "We could not reach our custody provider to price the network fee. Nothing was sent; please try again in a few minutes.",
    );
  }
}

/** Plan a refund of `payment` (already found in the member's or key's scope). */
export async function planRefund(
  store: Store,
  deps: RefundPlanDeps,
  payment: Payment,
  request: RefundRequest,
): Promise<RefundPlan> {
  // What is left and the payer's phone, read in one view before custody is asked for its fee.
  const { state, phone } = await store.read(async (q) => {
    const state = await refundabilityOf(q, payment);
    return { state, phone: state.method === "mpesa" ? await payerPhone(q, payment.id) : null };
  });
  const asset = payment.asset as QuoteAsset;
  const base = {
    merchantId: payment.merchantId,
    paymentId: payment.id,
    mode: payment.mode,
    method: state.method,
    source: request.source,
  } as const;

  if (request.source === "held") {
    if (state.method !== "crypto" || state.heldUnits <= 0n)
      throw new RefundError("nothing_held", "Nothing is held for this payment's customer.");
    const destination = cryptoDestination(payment, request.address);
    const fee = await networkFeeOf(deps, payment);
    return {
      ...base,
      amountKesCents: 0n,
      asset,
      cryptoUnits: state.heldUnits,
      rateChoice: null,
      rate: null,
      networkFee: fee?.networkFee ?? null,
      networkFeeAsset: fee?.feeAsset ?? null,
      destination,
      railChargeKesCents: 0n,
      totalKesCents: 0n,
    };
  }

  if (state.blocked) throw new RefundError("not_refundable", state.blocked);
  if (request.amountKesCents === undefined && state.remainingKesCents === 0n)
    throw new RefundError(
      "amount_too_large",
      "This payment has been refunded in full already.",
      "amount",
    );
  const amount = request.amountKesCents ?? state.remainingKesCents;
  if (amount <= 0n) throw new RefundError("invalid_amount", "Enter an amount above zero", "amount");
  if (amount > state.remainingKesCents)
    throw new RefundError(
      "amount_too_large",
      state.remainingKesCents === payment.amountKesCents
        ? `A refund cannot be more than the payment: at most ${formatKesCents(state.remainingKesCents)}`
        : `At most ${formatKesCents(state.remainingKesCents)} of this payment can still be refunded`,
      "amount",
    );

  if (state.method === "mpesa") {
    if (amount % 100n !== 0n)
      throw new RefundError(
        "invalid_amount",
        "M-Pesa pays whole shillings: enter the amount without cents",
        "amount",
      );
    const minimum = profileOf("mpesa").minimumKes;
    if (amount < BigInt(minimum) * 100n)
      throw new RefundError(
        "invalid_amount",
        `M-Pesa pays at least ${formatKes(minimum)}: raise the amount to ${formatKes(minimum)} or more`,
        "amount",
      );
    if (!deps.runningRails.includes("mpesa"))
      throw new RefundError(
        "rail_unavailable",
        "Refunds to M-Pesa are paused for a moment. Nothing was changed; please try again in a few minutes.",
      );
    const charge = railChargeCents("mpesa", amount);
    return {
      ...base,
      amountKesCents: amount,
      asset: null,
      cryptoUnits: null,
      rateChoice: null,
      rate: null,
      networkFee: null,
      networkFeeAsset: null,
      destination: payerPhoneOrThrow(phone),
      railChargeKesCents: charge,
      totalKesCents: amount + charge,
    };
  }

  const rateChoice = request.rate ?? "locked";
  const rate = rateChoice === "locked" ? payment.quoteRate : deps.currentRate(asset);
  if (!rate)
    throw new RefundError(
      "rate_unavailable",
      "Today's rate is not available right now: refund at the rate locked at payment, or try again in a few minutes.",
    );
  // A full refund at the locked rate gives back exactly what the customer sent for the quote.
  const units =
    rateChoice === "locked" && amount === payment.amountKesCents
      ? payment.cryptoAmountUnits
      : unitsForKes(amount, rate, asset);
  if (units <= 0n)
    throw new RefundError(
      "invalid_amount",
      `That amount is less than the smallest ${asset} amount we can send`,
      "amount",
    );
  const destination = cryptoDestination(payment, request.address);
  const fee = await networkFeeOf(deps, payment);
  return {
    ...base,
    amountKesCents: amount,
    asset,
    cryptoUnits: units,
    rateChoice,
    rate,
    networkFee: fee?.networkFee ?? null,
    networkFeeAsset: fee?.feeAsset ?? null,
    destination,
    railChargeKesCents: 0n,
    totalKesCents: amount,
  };
}

function payerPhoneOrThrow(phone: string | null): string {
  if (!phone)
    throw new RefundError("not_refundable", "We do not know the phone this payment came from.");
  return phone;
}

/** "0.00151234 BTC". */
export const cryptoAmountText = (units: bigint, asset: QuoteAsset) =>
  `${formatCryptoUnits(units, asset)} ${asset}`;
