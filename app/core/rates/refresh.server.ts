/**
 * One refresh: claim the single-flight slot, make one market-data call for the live assets, turn
 * each answer into a KES price (the provider's own, or USD x USD/KES, recorded as derived), store
 * the good ones and record the attempt. Nothing unusable is stored, and every asset left out has a
 * reason.
 *
 * Single flight: inside one process, concurrent callers share the running refresh (one promise per
 * store); across processes the attempt row claimed in refresh-attempts.server.ts decides.
 *
 * Provider calls (market data, FX) are made outside any store transaction: the claim, the FX rate
 * and the result are each written in a store write of their own, as before.
 */
import type { LiveSymbol } from "~/content/cryptocurrencies";
import type { Store } from "~/db/store";
import type { RateRefreshTrigger } from "../../../drizzle/schema";
import { isPositiveDecimal, multiplyDecimals, normalizeDecimal } from "./decimal";
import { liveAssets } from "./fallback";
import { syncStoredRates } from "./read-rates.server";
import { claimRefresh, finishRefresh, type RefreshAttempt } from "./refresh-attempts.server";
import {
  insertFx,
  insertSnapshots,
  latestFx,
  USD_KES,
  type RateSnapshot,
} from "./snapshot-store.server";
import type { FxSource, MarketData, RatesConfig } from "./types";

/** Decimal places kept for a KES price derived from USD x USD/KES. */
export const DERIVED_KES_SCALE = 6;

export interface RefreshDeps {
  store: Store;
  /** null when no market-data client is configured: every refresh then fails, visibly. */
  market: MarketData | null;
  fx: FxSource | null;
  config: RatesConfig;
  /** The clock. Read when the slot is claimed and again when the answer arrives. */
  now: () => number;
}

export type RejectedAsset = { asset: LiveSymbol; reason: string };

export type RefreshResult =
  | { status: "refreshed"; attemptId: number; stored: LiveSymbol[]; rejected: RejectedAsset[] }
  | { status: "failed"; attemptId: number; error: string; rejected: RejectedAsset[] }
  | { status: "skipped"; reason: "recent" | "in-progress"; latest: RefreshAttempt };

const inFlight = new WeakMap<Store, Promise<RefreshResult>>();

/**
 * Refresh now if the gate allows; concurrent callers in this process share one refresh. The
 * in-memory rates (read-rates.server.ts) are up to date with its outcome when it resolves.
 */
export function refreshRates(
  deps: RefreshDeps,
  trigger: RateRefreshTrigger,
): Promise<RefreshResult> {
  const running = inFlight.get(deps.store);
  if (running) return running;
  const refresh = runRefresh(deps, trigger)
    .then(async (result) => {
      await syncStoredRates(deps.store);
      return result;
    })
    .finally(() => inFlight.delete(deps.store));
  inFlight.set(deps.store, refresh);
  return refresh;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function hours(ms: number): string {
  return `${Math.round(ms / 360_000) / 10} h`;
}

type UsdKes = { rate: string; source: string } | { error: string };

/** The USD/KES rate to derive with: a stored one while fresh, else one call to the FX source. */
async function usdKesRate(deps: RefreshDeps, fx: FxSource): Promise<UsdKes> {
  const { store, config } = deps;
  const stored = await store.read((q) => latestFx(q));
  if (stored && deps.now() - stored.fetchedAt < config.fxRefreshMs)
    return { rate: stored.rate, source: stored.source };
  let problem: string;
  try {
    const quote = await fx.fetchUsdKes();
    const fetchedAt = deps.now();
    const asOf = Math.min(quote.asOf, fetchedAt);
    if (fetchedAt - asOf > config.fxMaxAgeMs) {
      problem = `the USD/KES rate from ${fx.source} is ${hours(fetchedAt - asOf)} old`;
    } else {
      await store.write((q) =>
        insertFx(q, { pair: USD_KES, rate: quote.rate, source: fx.source, asOf, fetchedAt }),
      );
      return { rate: quote.rate, source: fx.source };
    }
  } catch (error) {
    problem = errorMessage(error);
  }
  // The FX source failed: a stored rate still young enough will do.
  if (stored && deps.now() - stored.asOf <= config.fxMaxAgeMs)
    return { rate: stored.rate, source: stored.source };
  return { error: `no usable USD/KES rate (${problem})` };
}

async function runRefresh(deps: RefreshDeps, trigger: RateRefreshTrigger): Promise<RefreshResult> {
  const { store, config } = deps;
  const claim = await claimRefresh(store, { trigger, now: deps.now(), config });
  if (!claim.claimed) return { status: "skipped", reason: claim.reason, latest: claim.latest };
  const attemptId = claim.attemptId;
  const fail = async (error: string, rejected: RejectedAsset[] = []): Promise<RefreshResult> => {
    await store.write((q) =>
      finishRefresh(q, attemptId, {
        outcome: "failed",
        now: deps.now(),
        detail: { error, rejected },
      }),
    );
    return { status: "failed", attemptId, error, rejected };
  };

  if (!deps.market) return fail("no market-data provider is configured");
  const market = deps.market;
  let prices;
  try {
    prices = await market.fetchPrices(liveAssets.map((coin) => coin.coingeckoId));
  } catch (error) {
    return fail(errorMessage(error));
  }
  const fetchedAt = deps.now();

  const rows: RateSnapshot[] = [];
  const rejected: RejectedAsset[] = [];
  let usdKes: UsdKes | undefined;
  for (const coin of liveAssets) {
    const quote = prices.quotes.get(coin.coingeckoId);
    if (!quote) {
      const reason =
        prices.rejected.find((entry) => entry.id === coin.coingeckoId)?.reason ??
        "missing from the response";
      rejected.push({ asset: coin.symbol, reason });
      continue;
    }
    const asOf = Math.min(quote.lastUpdatedAt ?? fetchedAt, fetchedAt);
    if (fetchedAt - asOf > config.maxPriceAgeMs) {
      rejected.push({ asset: coin.symbol, reason: `last updated ${hours(fetchedAt - asOf)} ago` });
      continue;
    }
    const base = {
      asset: coin.symbol,
      priceUsd: quote.usd,
      source: market.source,
      asOf,
      fetchedAt,
      refreshId: attemptId,
    };
    if (quote.kes !== null) {
      rows.push({
        ...base,
        priceKes: normalizeDecimal(quote.kes),
        derived: false,
        usdKes: null,
        fxSource: null,
      });
      continue;
    }
    if (quote.usd === null) {
      rejected.push({ asset: coin.symbol, reason: "no usd or kes price" });
      continue;
    }
    if (!deps.fx) {
      rejected.push({ asset: coin.symbol, reason: "no KES price and no FX source configured" });
      continue;
    }
    usdKes ??= await usdKesRate(deps, deps.fx);
    if ("error" in usdKes) {
      rejected.push({ asset: coin.symbol, reason: usdKes.error });
      continue;
    }
    const priceKes = multiplyDecimals(quote.usd, usdKes.rate, DERIVED_KES_SCALE);
    if (!isPositiveDecimal(priceKes)) {
      rejected.push({
        asset: coin.symbol,
        reason: `USD ${quote.usd} x ${usdKes.rate} rounds to zero`,
      });
      continue;
    }
    rows.push({ ...base, priceKes, derived: true, usdKes: usdKes.rate, fxSource: usdKes.source });
  }

  if (rows.length === 0) {
    return fail(
      `no usable price: ${rejected.map((entry) => `${entry.asset} ${entry.reason}`).join("; ")}`,
      rejected,
    );
  }
  const stored = rows.map((row) => row.asset as LiveSymbol);
  // One write: both or neither.
  await store.write(async (q) => {
    await insertSnapshots(q, rows);
    await finishRefresh(q, attemptId, {
      outcome: rejected.length ? "partial" : "succeeded",
      now: deps.now(),
      detail: { stored, rejected },
    });
  });
  return { status: "refreshed", attemptId, stored, rejected };
}
