/**
 * The scheduled job (lease + run record), history pruning and the store operations the simulator
 * control route uses. Real SQLite, the market simulator over HTTP, a test-controlled clock.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCoinGeckoClient } from "~/core/providers/coingecko/client.server";
import { createFxClient } from "~/core/providers/coingecko/fx-client.server";
import { startMarketSimulator, type MarketSimulator } from "../../../tests/support/simulators";
import { acquireLease } from "~/utils/jobs.server";
import { jobRuns, rateRefreshes, rateSnapshots } from "../../../drizzle/schema";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { RATES_REFRESH_JOB, runRatesRefreshJob } from "./job.server";
import { createRatesService } from "./service.server";
import { pruneHistory } from "./snapshot-store.server";
import { ageRatesStore, clearRatesStore } from "./store-maintenance.server";
import { defaultRatesConfig } from "./types";

const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);
const MINUTE = 60_000;
let clock = T0;
const now = () => clock;
let simulator: MarketSimulator;
let testDb: ReturnType<typeof createTestDb>;

function service() {
  return createRatesService({
    store: testStore(testDb.db),
    market: createCoinGeckoClient({ baseUrl: simulator.coingeckoBaseUrl, timeoutMs: 1000 }),
    fx: createFxClient({ baseUrl: simulator.fxBaseUrl, timeoutMs: 1000 }),
    config: defaultRatesConfig,
    now,
  });
}

beforeAll(async () => {
  simulator = await startMarketSimulator({ seed: 5, now });
});
afterAll(async () => {
  await simulator.stop();
});
beforeEach(() => {
  clock = T0;
  testDb = createTestDb();
  simulator.setMode("normal");
});
afterEach(() => {
  testDb.close();
});

describe("the background refresh job", () => {
  it("refreshes under the job lease and records each run: succeeded, skipped, failed", async () => {
    const rates = service();
    expect(await runRatesRefreshJob(rates, testStore(testDb.db), now)).toMatchObject({
      outcome: "succeeded",
    });
    clock = T0 + 30_000;
    expect(await runRatesRefreshJob(rates, testStore(testDb.db), now)).toMatchObject({
      outcome: "skipped",
      detail: { reason: "recent" },
    });
    clock = T0 + MINUTE;
    simulator.setMode("500");
    await expect(runRatesRefreshJob(rates, testStore(testDb.db), now)).rejects.toThrow(
      "rates refresh failed: CoinGecko answered HTTP 500",
    );

    const runs = testDb.db.select().from(jobRuns).all();
    expect(runs.map((run) => [run.job, run.outcome])).toEqual([
      [RATES_REFRESH_JOB, "succeeded"],
      [RATES_REFRESH_JOB, "skipped"],
      [RATES_REFRESH_JOB, "failed"],
    ]);
  });

  it("does nothing while another process holds the lease", async () => {
    const before = simulator.state().calls.prices;
    expect(
      await acquireLease(testStore(testDb.db), RATES_REFRESH_JOB, "other-process", MINUTE, clock),
    ).toBe(true);
    expect(await runRatesRefreshJob(service(), testStore(testDb.db), now)).toBeNull();
    expect(simulator.state().calls.prices).toBe(before);
  });
});

describe("history", () => {
  it("pruning drops old rows but keeps every asset's newest price and the attempts they point to", async () => {
    const rates = service();
    await rates.refresh("scheduled");
    simulator.setMode("missing-asset");
    for (let minute = 1; minute <= 3; minute += 1) {
      clock = T0 + minute * MINUTE;
      await rates.refresh("scheduled");
    }
    expect(testDb.db.select().from(rateSnapshots).all()).toHaveLength(4 + 3 * 3);

    const removed = await pruneHistory(testStore(testDb.db), T0 + 10 * MINUTE);
    expect(removed.snapshots).toBe(9);
    const kept = testDb.db.select().from(rateSnapshots).all();
    expect(kept.map((row) => [row.asset, row.fetchedAt])).toEqual([
      ["USDC", T0],
      ["BTC", T0 + 3 * MINUTE],
      ["ETH", T0 + 3 * MINUTE],
      ["USDT", T0 + 3 * MINUTE],
    ]);
    expect(
      testDb.db
        .select()
        .from(rateRefreshes)
        .all()
        .map((row) => row.startedAt),
    ).toEqual([T0, T0 + 3 * MINUTE]);
    expect(rates.read().rates).toHaveLength(4);
  });
});

describe("store maintenance for the simulator control route", () => {
  it("ageing the store makes prices stale and opens the refresh gate; clearing it returns to first start", async () => {
    const rates = service();
    await rates.refresh("scheduled");
    expect(rates.read().status).toBe("live");

    await ageRatesStore(testStore(testDb.db), 10 * MINUTE);
    const aged = rates.read();
    expect(aged.status).toBe("degraded");
    expect(
      aged.rates.every((rate) => rate.kind === "stale" && rate.fetchedAt === T0 - 10 * MINUTE),
    ).toBe(true);
    expect((await rates.refresh("scheduled")).status).toBe("refreshed");

    await clearRatesStore(testStore(testDb.db));
    expect(rates.read()).toMatchObject({ status: "unavailable", rates: [], lastRefresh: null });
  });
});
