/**
 * The process-wide rates service, created once at boot (`startRates`, registered in
 * app/wiring/boot.server.ts). With PROVIDER_MODE=simulator it first starts the market simulator on
 * an ephemeral 127.0.0.1 port (loaded only then) and points the same live clients at it; otherwise
 * the clients talk to the configured CoinGecko and FX URLs. Then it reads the stored rates into
 * memory (the payments core quotes from that copy synchronously) and schedules the background
 * refresh.
 */
import {
  COINGECKO_PRO_BASE_URL,
  COINGECKO_PUBLIC_BASE_URL,
  createCoinGeckoClient,
} from "~/core/providers/coingecko/client.server";
import { createFxClient } from "~/core/providers/coingecko/fx-client.server";
import type { MarketSimulator } from "~/simulators/market/index.server";
import { scheduleRatesRefresh } from "~/core/rates/job.server";
import { createRatesService, type RatesService } from "~/core/rates/service.server";
import { ageRatesStore, clearRatesStore } from "~/core/rates/store-maintenance.server";
import { defaultRatesConfig, type RatesConfig } from "~/core/rates/types";
import { env, type Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import type { BootContext } from "./context";
import { bindStore, store } from "./store.server";

export function ratesConfigFromEnv(values: Env): RatesConfig {
  return {
    ...defaultRatesConfig,
    refreshIntervalMs: values.RATES_REFRESH_SECONDS * 1000,
    minManualSpacingMs: values.RATES_MIN_MANUAL_REFRESH_SECONDS * 1000,
    staleAfterMs: values.RATES_STALE_AFTER_SECONDS * 1000,
  };
}

const state = globalThis as typeof globalThis & {
  __onehopRates?: { service: RatesService; simulator: MarketSimulator | null };
};

/**
 * The rates service. Before boot (or if boot could not start it) it still reads; refreshes fail
 * visibly.
 */
export function ratesService(): RatesService {
  state.__onehopRates ??= {
    service: createRatesService({
      store: store(),
      market: null,
      fx: null,
      config: ratesConfigFromEnv(env),
    }),
    simulator: null,
  };
  return state.__onehopRates.service;
}

/** The running market simulator (PROVIDER_MODE=simulator only), for the simulator control route. */
export function runningMarketSimulator(): MarketSimulator | null {
  return state.__onehopRates?.simulator ?? null;
}

export async function startRates(context: BootContext): Promise<void> {
  const config = ratesConfigFromEnv(env);
  const timeoutMs = env.RATES_PROVIDER_TIMEOUT_MS;
  let simulator: MarketSimulator | null = null;
  let market;
  let fx;
  if (context.simulators) {
    const { startMarketSimulation } = await import("./simulators/market.server");
    simulator = await startMarketSimulation();
    market = createCoinGeckoClient({
      baseUrl: simulator.coingeckoBaseUrl,
      timeoutMs,
      source: "coingecko-simulator",
    });
    fx = createFxClient({
      baseUrl: simulator.fxBaseUrl,
      timeoutMs,
      source: "open-er-api-simulator",
    });
    logger.info("market simulator started", { url: simulator.url });
  } else {
    const pro = env.COINGECKO_API_KEY_KIND === "pro" && Boolean(env.COINGECKO_API_KEY);
    market = createCoinGeckoClient({
      baseUrl: env.COINGECKO_BASE_URL ?? (pro ? COINGECKO_PRO_BASE_URL : COINGECKO_PUBLIC_BASE_URL),
      apiKey: env.COINGECKO_API_KEY,
      apiKeyKind: env.COINGECKO_API_KEY_KIND,
      timeoutMs,
    });
    fx = createFxClient({ baseUrl: env.FX_BASE_URL, timeoutMs });
  }
  const service = createRatesService({ store: store(), market, fx, config });
  await service.sync();
  state.__onehopRates = { service, simulator };
  scheduleRatesRefresh(service, context.store);
}

/** Whole-store operations for the simulator control route (PROVIDER_MODE=simulator only). */
export function ratesStoreMaintenance() {
  return bindStore(store(), { clearRatesStore, ageRatesStore });
}
