/**
 * The customer chooses the network at checkout (issue 14, item 8; ADR 0031), and on a payment made
 * in KES only the coin too (issue 30, item 3; ADR 0052). A payment whose asset is on several
 * networks and whose network the merchant or the API did not fix opens on the asset's default
 * network; while nothing has arrived and the quote holds, the customer may move it to another of
 * the asset's networks. A payment made in KES only may move to any coin on any of its networks: it
 * is priced again at that coin's live rate (the KES amount, the fee and the quote's expiry stay).
 * Either way the payment gets a deposit address on its new network (from the pool of its mode,
 * asset and network, else from custody), and the timeline keeps the address it had, so an operator
 * can find a deposit sent to it anyway.
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { paymentEvents, payments } from "../../../drizzle/schema";
import {
  assetHasNetwork,
  hasNetworkChoice,
  networkLabel,
  networkRefusal,
  networksFor,
  storedNetworkId,
  type NetworkId,
} from "~/core/networks/networks";
import type { Custody, CustodyAsset } from "~/core/providers/custody/types";
import type { RatesView } from "~/core/rates/read-rates.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { takePooledAddress, type PooledAddress } from "./address-pool.server";
import { coinOptions, type CoinOption } from "./coin-choice";
import type { PaymentsConfig } from "./config";
import {
  PaymentError,
  quotePayment,
  readPayment,
  recordEvent,
  type Payment,
} from "./payments.server";
import type { QuoteAsset } from "./quote";
import { checkoutMessages } from "~/i18n/catalogs/checkout";

/** The customer's words for a refused choice (English; the checkout shows its own language). */
const refusals = checkoutMessages.en.choice.refusals;

/** How often one payment may change network or coin (each change uses a deposit address). */
export const MAX_NETWORK_CHANGES = 5;

export interface NetworkChoice {
  /** The payment's network now. */
  network: NetworkId;
  /** The networks the customer may choose from (the current one included); empty: no choice. */
  options: readonly NetworkId[];
  /** The merchant or the API fixed the network when creating the payment. */
  fixed: boolean;
  /**
   * Made in KES only and still open to a change: every coin and network the customer may choose
   * (the current one included); empty otherwise. When it is not empty it replaces `options`.
   */
  coins: readonly CoinOption[];
  /** How many times the network or the coin was changed. */
  changes: number;
}

interface Fixed {
  network: boolean;
  coin: boolean;
}

/**
 * Whether the merchant or the API fixed the network and the coin, from the payment's first
 * timeline entry (`quote_locked`, whose detail says so). A payment made before networks existed
 * counts as fixed; one made before the coin choice, as fixed in its coin.
 */
async function fixedAtCreation(q: Handle, paymentId: string): Promise<Fixed> {
  const quoted = await first(
    q
      .select({ detail: paymentEvents.detail })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.type, "quote_locked")))
      .orderBy(asc(paymentEvents.id))
      .limit(1),
  );
  if (!quoted?.detail) return { network: true, coin: true };
  try {
    const detail = JSON.parse(quoted.detail) as { networkFixed?: unknown; coinFixed?: unknown };
    return { network: detail.networkFixed !== false, coin: detail.coinFixed !== false };
  } catch {
    return { network: true, coin: true };
  }
}

const changeEvents = ["network_changed", "coin_changed"];

async function networkChanges(q: Handle, paymentId: string): Promise<number> {
  const [row] = await q
    .select({ count: count() })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, paymentId), inArray(paymentEvents.type, changeEvents)));
  return row?.count ?? 0;
}

/** Still open to a change: awaiting payment, the quote holding, nothing seen at its address. */
const changeable = (payment: Payment, now: number) =>
  payment.status === "awaiting_payment" &&
  payment.expiresAt > now &&
  payment.receivedUnits === 0n &&
  payment.custodyTxId === null &&
  payment.depositAddress !== null;

/** The network (and coin) choice the checkout offers for this payment now. */
export async function networkChoiceFor(
  q: Handle,
  payment: Payment,
  now: number,
): Promise<NetworkChoice> {
  const network = storedNetworkId(payment.network, payment.asset);
  const fixed = await fixedAtCreation(q, payment.id);
  const coinOpen = !fixed.coin;
  const networkFixed = !hasNetworkChoice(payment.asset) || fixed.network;
  const choosable = coinOpen || !networkFixed;
  const changes = choosable ? await networkChanges(q, payment.id) : 0;
  const open = choosable && changes < MAX_NETWORK_CHANGES && changeable(payment, now);
  return {
    network,
    options: open && !coinOpen && !networkFixed ? networksFor(payment.asset) : [],
    fixed: networkFixed && !coinOpen,
    coins: open && coinOpen ? coinOptions : [],
    changes,
  };
}

export type ChooseNetworkOutcome =
  | { ok: true; payment: Payment; changed: boolean }
  | {
      ok: false;
      reason: "not_found" | "not_choosable" | "custody_unavailable" | "rate_unavailable";
      message: string;
    };

/** To price a payment again in another coin: the live rates and the payment settings. */
export interface Repricing {
  rates: RatesView;
  config: PaymentsConfig;
}

/** The coin's quote for the payment's KES amount now, as the payment's columns. */
function repriced(pricing: Repricing, payment: Payment, asset: QuoteAsset, now: number) {
  const amountKes = Number(payment.amountKesCents / 100n);
  const { rate, quote } = quotePayment(pricing.config, pricing.rates, { amountKes, asset });
  return {
    asset,
    cryptoAmountUnits: quote.cryptoAmountUnits,
    quoteRate: quote.quoteRate,
    marketRate: rate.priceKes,
    spreadBps: pricing.config.spreadBps,
    rateSource: rate.source,
    rateFetchedAt: rate.fetchedAt ?? now,
    quotedAt: now,
  };
}

/**
 * What each coin the customer may choose would cost them now (its crypto amount, in base units),
 * or null where the coin has no live rate (it cannot be chosen then).
 */
export function coinQuotes(
  pricing: Repricing,
  payment: Payment,
  coins: readonly CoinOption[],
  now: number,
): (CoinOption & { units: bigint | null })[] {
  return coins.map((coin) => {
    if (coin.asset === payment.asset) return { ...coin, units: payment.cryptoAmountUnits };
    try {
      return { ...coin, units: repriced(pricing, payment, coin.asset, now).cryptoAmountUnits };
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      return { ...coin, units: null };
    }
  });
}

/**
 * Move the payment to `network` and, on a payment made in KES only, to the coin `asset` (no change
 * when it is already there). Refused when the asset is not on that network, the network or the coin
 * was fixed, the payment is no longer open to a change, or it changed too often; a coin without a
 * live rate is refused too.
 */
export async function choosePaymentNetwork(
  store: Store,
  deps: {
    custody: Custody;
    now: number;
    /** Needed for a change of coin. */
    pricing?: Repricing;
    onPooledAddressTaken?: () => void;
  },
  input: { paymentId: string; network: string; asset?: string },
): Promise<ChooseNetworkOutcome> {
  const found = await store.read(async (q) => {
    const payment = await readPayment(q, input.paymentId);
    return payment && { payment, choice: await networkChoiceFor(q, payment, deps.now) };
  });
  if (!found) return { ok: false, reason: "not_found", message: refusals.not_found };
  const { payment, choice } = found;
  const closed: ChooseNetworkOutcome = {
    ok: false,
    reason: "not_choosable",
    message: refusals.not_choosable,
  };
  const asset = (input.asset ?? payment.asset) as QuoteAsset;
  const coinChange = asset !== payment.asset;
  const offered = choice.coins.some(
    (coin) => coin.asset === asset && coin.network === input.network,
  );
  if (coinChange && !offered)
    return {
      ...closed,
      message:
        choice.coins.length > 0
          ? "That is not a coin this payment can be made in."
          : "The coin can no longer be changed for this payment.",
    };
  const refusal = networkRefusal(asset, input.network);
  if (refusal || !assetHasNetwork(asset, input.network))
    return { ok: false, reason: "not_choosable", message: refusal ?? "Unknown network." };
  const network = input.network;
  if (!coinChange && choice.network === network) return { ok: true, payment, changed: false };
  if (!offered && !choice.options.includes(network))
    return {
      ...closed,
      message: choice.fixed
        ? `This payment is to be paid on ${networkLabel(choice.network, payment.asset)}.`
        : closed.message,
    };

  let price: ReturnType<typeof repriced> | null = null;
  if (coinChange) {
    if (!deps.pricing) throw new Error("choosePaymentNetwork: a change of coin needs pricing");
    try {
      price = repriced(deps.pricing, payment, asset, deps.now);
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      return { ok: false, reason: "rate_unavailable", message: error.message };
    }
  }

  const swap = async (q: Handle, address: PooledAddress): Promise<Payment | null> => {
    const current = (await first(
      store.forUpdate(q.select().from(payments).where(eq(payments.id, payment.id)).limit(1)),
    ))!;
    if (!changeable(current, deps.now) || current.depositAddress !== payment.depositAddress)
      return null;
    await q
      .update(payments)
      .set({
        ...price,
        network,
        depositAddress: address.address,
        custodyAssetId: address.assetId,
        custodyVaultAccountId: address.vaultAccountId ?? null,
        updatedAt: deps.now,
      })
      .where(eq(payments.id, payment.id));
    const moved = {
      from: choice.network,
      to: network,
      previousAddress: payment.depositAddress,
      previousAssetId: payment.custodyAssetId,
      address: address.address,
    };
    await recordEvent(
      q,
      payment,
      price
        ? {
            type: "coin_changed",
            cause: "the customer chose another coin at checkout",
            at: deps.now,
            detail: {
              ...moved,
              fromAsset: payment.asset,
              toAsset: asset,
              quoteRate: price.quoteRate,
              marketRate: price.marketRate,
              source: price.rateSource,
              cryptoAmountUnits: price.cryptoAmountUnits,
            },
          }
        : {
            type: "network_changed",
            cause: "the customer chose another network at checkout",
            at: deps.now,
            detail: moved,
          },
    );
    return (await readPayment(q, payment.id))!;
  };

  // From the pool, in one write with the change (an address never goes to two payments).
  const custodyAsset = asset as CustodyAsset;
  let fromPool: Payment | undefined;
  try {
    fromPool = await store.write(async (q) => {
      const address = await takePooledAddress(q, payment.mode, custodyAsset, network);
      if (!address) return undefined;
      const moved = await swap(q, address);
      // Roll the take back: the address stays in the pool.
      if (!moved) throw new NotChangeable();
      return moved;
    });
  } catch (error) {
    if (error instanceof NotChangeable) return closed;
    throw error;
  }
  if (fromPool) {
    deps.onPooledAddressTaken?.();
    return { ok: true, payment: fromPool, changed: true };
  }

  let made: PooledAddress;
  try {
    made = await deps.custody.createDepositAddress({
      // Its own id per change, so a retry of this change gets the same address back and another
      // change a new one.
      paymentId: coinChange
        ? `${payment.id}_${asset.toLowerCase()}_${network}_${choice.changes + 1}`
        : `${payment.id}_${network}_${choice.changes + 1}`,
      asset: custodyAsset,
      network,
      customerRefId: payment.id,
    });
  } catch {
    return {
      ok: false,
      reason: "custody_unavailable",
      message: refusals.custody_unavailable,
    };
  }
  const moved = await store.write((q) => swap(q, made));
  if (!moved) return closed;
  return { ok: true, payment: moved, changed: true };
}

/** The payment changed while its network was being changed: nothing is written. */
class NotChangeable extends Error {}
