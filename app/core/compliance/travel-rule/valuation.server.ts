/**
 * Is a refund worth USD 1,000 or more (ADR 0060)? Its KES value converted at the USD/KES rate the
 * app has now: the newest stored FX rate (`fx_snapshots`, USD/KES); when the FX source was never
 * needed (the market-data provider sends KES prices itself), the newest stored USDT price's KES
 * over USD; else the configured USDT display rate (a dollar stablecoin's KES price). Exact on
 * bigint: the threshold in KES cents rounds up, the USD value down.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { rateSnapshots } from "../../../../drizzle/schema";
import { cryptocurrencies } from "~/content/cryptocurrencies";
import {
  ASSET_SCALE,
  RATE_SCALE,
  fromScaled,
  toScaled,
  type QuoteAsset,
} from "~/core/payments/quote";
import { isPositiveDecimal } from "~/core/rates/decimal";
import { latestFx } from "~/core/rates/snapshot-store.server";
import { first } from "~/db/sql";
import type { Handle } from "~/db/store";
import { TRAVEL_RULE_THRESHOLD_USD } from "./ivms101";

export interface UsdKes {
  /** KES per USD, a decimal string. */
  rate: string;
  /** "fx:open-er-api", "market:coingecko (USDT)" or "configured". */
  source: string;
}

const FACTOR = 10n ** BigInt(RATE_SCALE);

/** The USD/KES rate the app has now (see above). */
export async function currentUsdKes(q: Handle): Promise<UsdKes> {
  const fx = await latestFx(q);
  if (fx && isPositiveDecimal(fx.rate)) return { rate: fx.rate, source: `fx:${fx.source}` };
  const usdt = await first(
    q
      .select()
      .from(rateSnapshots)
      .where(and(eq(rateSnapshots.asset, "USDT"), isNotNull(rateSnapshots.priceUsd)))
      .orderBy(desc(rateSnapshots.asOf), desc(rateSnapshots.id))
      .limit(1),
  );
  if (usdt?.priceUsd && isPositiveDecimal(usdt.priceUsd) && isPositiveDecimal(usdt.priceKes)) {
    const kes = toScaled(usdt.priceKes, RATE_SCALE);
    const usd = toScaled(usdt.priceUsd, RATE_SCALE);
    return {
      rate: fromScaled((kes * FACTOR) / usd, RATE_SCALE),
      source: `market:${usdt.source} (USDT)`,
    };
  }
  const configured = cryptocurrencies.find((coin) => coin.symbol === "USDT")!.displayRateKes;
  return { rate: configured, source: "configured" };
}

/** The threshold in KES cents at `usdKes` (rounded up: never below USD 1,000). */
export function thresholdKesCents(usdKes: string): bigint {
  const rate = toScaled(usdKes, RATE_SCALE);
  const cents = BigInt(TRAVEL_RULE_THRESHOLD_USD) * 100n * rate;
  return (cents + FACTOR - 1n) / FACTOR;
}

/** KES cents in US cents at `usdKes`, rounded down. */
export function usdCentsOf(kesCents: bigint, usdKes: string): bigint {
  const rate = toScaled(usdKes, RATE_SCALE);
  if (rate <= 0n) throw new RangeError("USD/KES must be positive");
  return (kesCents * FACTOR) / rate;
}

/** KES cents of `units` of `asset` at `rate` KES per whole coin, rounded down. */
export function kesCentsOfUnits(units: bigint, rate: string, asset: QuoteAsset): bigint {
  return (units * toScaled(rate, RATE_SCALE) * 100n) / (FACTOR * 10n ** BigInt(ASSET_SCALE[asset]));
}

export interface TravelRuleValuation {
  required: boolean;
  kesCents: bigint;
  usdCents: bigint;
  usdKes: UsdKes;
}

/** Whether a refund worth `kesCents` needs the travel rule's data. */
export function valuationOf(kesCents: bigint, usdKes: UsdKes): TravelRuleValuation {
  return {
    required: kesCents >= thresholdKesCents(usdKes.rate),
    kesCents,
    usdCents: usdCentsOf(kesCents, usdKes.rate),
    usdKes,
  };
}
