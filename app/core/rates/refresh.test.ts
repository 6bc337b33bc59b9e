/**
 * The rates service end to end below the routes: real SQLite (a freshly migrated file per test),
 * the live clients over real HTTP to the market simulator on 127.0.0.1, and a clock the test moves.
 */
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCoinGeckoClient } from "~/core/providers/coingecko/client.server";
import { createFxClient } from "~/core/providers/coingecko/fx-client.server";
import {
  startMarketSimulator,
  type MarketFaultMode,
  type MarketSimulator,
} from "../../../tests/support/simulators";
import type { Db } from "~/db/sqlite-connection.server";
import { rateRefreshes, rateSnapshots } from "../../../drizzle/schema";
import { createTestDb, openTestDatabase, testStore } from "../../../tests/setup/db";
import { multiplyDecimals } from "./decimal";
import { fallbackRatesKes } from "./fallback";
import { createRatesService, type RatesService } from "./service.server";
import { defaultRatesConfig, type MarketData } from "./types";

const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let clock = T0;
const now = () => clock;
let simulator: MarketSimulator;
let testDb: ReturnType<typeof createTestDb>;
let db: Db;

function service(
  options: { market?: MarketData | null; dbOverride?: Db; timeoutMs?: number } = {},
): RatesService {
  const timeoutMs = options.timeoutMs ?? 1000;
  return createRatesService({
    store: testStore(options.dbOverride ?? db),
    market:
      options.market === undefined
        ? createCoinGeckoClient({ baseUrl: simulator.coingeckoBaseUrl, timeoutMs })
        : options.market,
    fx: createFxClient({ baseUrl: simulator.fxBaseUrl, timeoutMs }),
    config: defaultRatesConfig,
    now,
  });
}

let callsBefore = { prices: 0, fx: 0 };
/** Provider calls the simulator answered during this test. */
const calls = () => {
  const total = simulator.state().calls;
  return { prices: total.prices - callsBefore.prices, fx: total.fx - callsBefore.fx };
};

beforeAll(async () => {
  simulator = await startMarketSimulator({ seed: 11, now, slowMs: 60_000 });
});
afterAll(async () => {
  await simulator.stop();
});
beforeEach(() => {
  clock = T0;
  testDb = createTestDb();
  db = testDb.db;
  simulator.setMode("normal");
  simulator.setFxMode("normal");
  simulator.setServeKes(false);
  callsBefore = simulator.state().calls;
});
afterEach(() => {
  testDb.close();
});

async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/api/v3`;
}

describe("first start", () => {
  it("with an empty database shows no price at all, not an invented one; fallback rates only when asked, marked", () => {
    const rates = service();
    const view = rates.read();
    expect(view.status).toBe("unavailable");
    expect(view.rates).toEqual([]);
    expect(view.lastUpdatedAt).toBeNull();
    expect(view.lastRefresh).toBeNull();

    const display = rates.read({ fallback: true });
    expect(display.status).toBe("unavailable");
    expect(rates.liveRate("BTC")).toBeNull();
    expect(
      display.rates.map((rate) => [rate.symbol, rate.kind, rate.priceKes, rate.source]),
    ).toEqual([
      ["BTC", "fallback", fallbackRatesKes.BTC, "fallback"],
      ["ETH", "fallback", fallbackRatesKes.ETH, "fallback"],
      ["USDT", "fallback", fallbackRatesKes.USDT, "fallback"],
      ["USDC", "fallback", fallbackRatesKes.USDC, "fallback"],
    ]);
  });

  it("stores four KES prices derived from USD x USD/KES and records that they were derived", async () => {
    const rates = service();
    const result = await rates.refresh("scheduled");
    expect(result).toMatchObject({
      status: "refreshed",
      stored: ["BTC", "ETH", "USDT", "USDC"],
      rejected: [],
    });
    expect(calls()).toEqual({ prices: 1, fx: 1 });

    const view = rates.read();
    expect(view.status).toBe("live");
    expect(view.rates.map((rate) => rate.symbol)).toEqual(["BTC", "ETH", "USDT", "USDC"]);
    for (const rate of view.rates) {
      expect(rate.kind).toBe("live");
      expect(rate.derived).toBe(true);
      expect(rate.source).toBe("coingecko");
      expect(rate.fxSource).toBe("open-er-api");
      expect(rate.fetchedAt).toBe(T0);
      expect(rate.asOf).toBeLessThanOrEqual(T0);
    }
    // Stored as decimal strings, and exactly USD x USD/KES (rounded half up to 6 places).
    const rows = db.select().from(rateSnapshots).all();
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.priceKes).toMatch(/^\d+(\.\d{1,6})?$/);
      expect(row.priceKes).toBe(multiplyDecimals(row.priceUsd ?? "", row.usdKes ?? "", 6));
    }
    const btc = Number(view.rates[0]?.priceKes);
    expect(btc).toBeGreaterThan(5_000_000);
    expect(btc).toBeLessThan(25_000_000);
    expect(view.lastUpdatedAt).toBe(Math.min(...view.rates.map((rate) => rate.asOf ?? 0)));
    expect(view.lastRefresh).toMatchObject({
      outcome: "succeeded",
      trigger: "scheduled",
      startedAt: T0,
    });
  });

  it("uses the provider's own KES price when it has one, recorded as not derived, without calling the FX source", async () => {
    simulator.setServeKes(true);
    const rates = service();
    await rates.refresh("scheduled");
    expect(calls().fx).toBe(0);
    for (const rate of rates.read().rates) {
      expect(rate.derived).toBe(false);
      expect(rate.usdKes).toBeNull();
      expect(rate.fxSource).toBeNull();
    }
  });

  it("with the provider failing from the start stays unavailable and never stores a price", async () => {
    simulator.setMode("500");
    const rates = service();
    const result = await rates.refresh("scheduled");
    expect(result).toMatchObject({
      status: "failed",
      error: "CoinGecko answered HTTP 500: Internal Server Error",
    });
    expect(rates.read()).toMatchObject({
      status: "unavailable",
      rates: [],
      lastRefresh: { outcome: "failed" },
    });
    expect(db.select().from(rateSnapshots).all()).toEqual([]);
  });
});

describe("faults after a good snapshot", () => {
  type Fault = { name: string; mode?: MarketFaultMode; refused?: true; error: string | RegExp };
  const faults: Fault[] = [
    { name: "a provider timeout", mode: "slow", error: "CoinGecko did not answer within 300 ms" },
    {
      name: "connection refused",
      refused: true,
      error: /CoinGecko could not be reached \(ECONNREFUSED\)/,
    },
    { name: "HTTP 429", mode: "429", error: "CoinGecko is rate limiting us (HTTP 429)" },
    { name: "HTTP 500", mode: "500", error: "CoinGecko answered HTTP 500" },
    {
      name: "HTML instead of JSON",
      mode: "html",
      error: "CoinGecko sent text/html; charset=utf-8 instead of JSON",
    },
    {
      name: "a truncated body",
      mode: "truncated",
      error: "CoinGecko sent a body that is not valid JSON",
    },
    {
      name: "{}",
      mode: "empty",
      error: "no usable price: BTC missing from the response; ETH missing",
    },
    { name: "a price of 0", mode: "zero", error: "BTC usd is not a positive number (0)" },
    { name: "negative prices", mode: "negative", error: /BTC usd is not a positive number \(-\d/ },
    { name: 'the price "NaN"', mode: "nan", error: 'BTC usd is not a number ("NaN")' },
    {
      name: "a last-updated time days in the past",
      mode: "stale",
      error: "BTC last updated 72 h ago",
    },
  ];

  for (const fault of faults) {
    it(`${fault.name}: the refresh fails visibly, the last good prices stay and turn stale after 5 minutes`, async () => {
      const rates = service({ timeoutMs: 300 });
      await rates.refresh("scheduled");
      const good = rates.read();
      expect(good.status).toBe("live");

      clock = T0 + MINUTE;
      simulator.setMode(fault.mode ?? "normal");
      const failing = fault.refused
        ? service({
            market: createCoinGeckoClient({ baseUrl: await closedPortUrl(), timeoutMs: 300 }),
          })
        : rates;
      const result = await failing.refresh("scheduled");
      simulator.setMode("normal");

      expect(result.status).toBe("failed");
      if (result.status === "failed") {
        if (typeof fault.error === "string") expect(result.error).toContain(fault.error);
        else expect(result.error).toMatch(fault.error);
      }
      const attempts = db.select().from(rateRefreshes).all();
      expect(attempts.map((attempt) => attempt.outcome)).toEqual(["succeeded", "failed"]);
      expect(db.select().from(rateSnapshots).all()).toHaveLength(4);

      // Still the same prices, honestly dated; stale once older than 5 minutes, never before.
      const after = rates.read();
      expect(after.rates.map((rate) => rate.priceKes)).toEqual(
        good.rates.map((rate) => rate.priceKes),
      );
      expect(after.lastRefresh).toMatchObject({ outcome: "failed" });
      expect(after.lastRefresh?.error).toBe(result.status === "failed" ? result.error : "");

      const oldest = good.lastUpdatedAt ?? 0;
      const oldestSymbol = good.rates.find((rate) => rate.asOf === oldest)?.symbol ?? "BTC";
      clock = oldest + 5 * MINUTE;
      expect(rates.read().rates.find((rate) => rate.asOf === oldest)?.kind).toBe("live");
      expect(rates.liveRate(oldestSymbol)?.priceKes).toBe(
        good.rates.find((rate) => rate.asOf === oldest)?.priceKes,
      );
      clock = oldest + 5 * MINUTE + 1;
      const stale = rates.read();
      expect(stale.status).toBe("degraded");
      expect(stale.rates.find((rate) => rate.asOf === oldest)?.kind).toBe("stale");
      expect(stale.lastUpdatedAt).toBe(oldest);
      // A stale price is shown, but never offered for quoting a payment.
      expect(rates.liveRate(oldestSymbol)).toBeNull();
    });
  }

  it("a missing asset: the others are refreshed, the missing one keeps its last price and is named", async () => {
    const rates = service();
    await rates.refresh("scheduled");
    const usdcBefore = rates.read().rates.find((rate) => rate.symbol === "USDC");

    clock = T0 + 6 * MINUTE;
    simulator.setMode("missing-asset");
    const result = await rates.refresh("scheduled");
    expect(result).toMatchObject({
      status: "refreshed",
      stored: ["BTC", "ETH", "USDT"],
      rejected: [{ asset: "USDC", reason: "missing from the response" }],
    });
    const view = rates.read();
    expect(view.status).toBe("degraded");
    expect(view.lastRefresh?.outcome).toBe("partial");
    const usdc = view.rates.find((rate) => rate.symbol === "USDC");
    expect(usdc).toMatchObject({ kind: "stale", priceKes: usdcBefore?.priceKes, fetchedAt: T0 });
    expect(view.rates.filter((rate) => rate.kind === "live").map((rate) => rate.symbol)).toEqual([
      "BTC",
      "ETH",
      "USDT",
    ]);
  });

  it("a missing asset on first start: that one asset shows the configured fallback rate, marked", async () => {
    simulator.setMode("missing-asset");
    const rates = service();
    await rates.refresh("scheduled");
    expect(rates.read().rates.map((rate) => rate.symbol)).toEqual(["BTC", "ETH", "USDT"]);
    const display = rates.read({ fallback: true });
    expect(display.status).toBe("degraded");
    expect(display.rates.find((rate) => rate.symbol === "USDC")).toMatchObject({
      kind: "fallback",
      priceKes: fallbackRatesKes.USDC,
      asOf: null,
    });
  });

  it("a price minutes old is stored but shown stale, and never hides a newer one", async () => {
    const minutesOld = await startMarketSimulator({ seed: 3, now, staleAgeSeconds: 10 * 60 });
    try {
      minutesOld.setMode("stale");
      const rates = service({
        market: createCoinGeckoClient({ baseUrl: minutesOld.coingeckoBaseUrl, timeoutMs: 1000 }),
      });
      await rates.refresh("scheduled");
      const view = rates.read();
      expect(
        view.rates.every((rate) => rate.kind === "stale" && rate.asOf === T0 - 10 * MINUTE),
      ).toBe(true);
      expect(view.lastUpdatedAt).toBe(T0 - 10 * MINUTE);

      clock = T0 + MINUTE;
      await service().refresh("scheduled");
      clock = T0 + 2 * MINUTE;
      await rates.refresh("scheduled"); // minutes-old prices again, fetched later
      expect(
        rates.read().rates.every((rate) => rate.kind === "live" && rate.fetchedAt === T0 + MINUTE),
      ).toBe(true);
    } finally {
      await minutesOld.stop();
    }
  });
});

describe("USD/KES for derived prices", () => {
  it("is reused for an hour, then asked for again", async () => {
    const rates = service();
    await rates.refresh("scheduled");
    clock = T0 + MINUTE;
    await rates.refresh("scheduled");
    expect(calls()).toEqual({ prices: 2, fx: 1 });
    clock = T0 + 61 * MINUTE;
    await rates.refresh("scheduled");
    expect(calls()).toEqual({ prices: 3, fx: 2 });
  });

  it("when the FX source fails, a stored rate younger than 48 hours still serves; with none the refresh fails", async () => {
    simulator.setFxMode("500");
    const rates = service();
    const first = await rates.refresh("scheduled");
    expect(first).toMatchObject({ status: "failed" });
    if (first.status === "failed")
      expect(first.error).toContain(
        "no usable USD/KES rate (The USD/KES FX source answered HTTP 500",
      );

    simulator.setFxMode("normal");
    clock = T0 + MINUTE;
    await rates.refresh("scheduled");
    simulator.setFxMode("500");
    clock = T0 + 2 * 60 * MINUTE;
    expect(await rates.refresh("scheduled")).toMatchObject({ status: "refreshed" });
    expect(rates.read().status).toBe("live");
  });

  it("rejects a USD/KES rate published days ago", async () => {
    simulator.setFxMode("stale");
    const result = await service().refresh("scheduled");
    expect(result.status).toBe("failed");
    if (result.status === "failed")
      expect(result.error).toContain("the USD/KES rate from open-er-api is 72 h old");
  });
});

describe("single flight", () => {
  it("two refreshes at once make one provider call and share its result", async () => {
    const rates = service();
    const [a, b] = await Promise.all([rates.refresh("manual"), rates.refresh("scheduled")]);
    expect(calls().prices).toBe(1);
    expect(a).toEqual(b);
    expect(db.select().from(rateRefreshes).all()).toHaveLength(1);
  });

  it("fifty visitors pressing Refresh together make one provider call", async () => {
    const rates = service();
    const results = await Promise.all(Array.from({ length: 50 }, () => rates.refresh("manual")));
    expect(calls().prices).toBe(1);
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
  });

  it("two processes on the same database: the second sees the refresh in progress and does not call", async () => {
    const otherConnection = openTestDatabase(testDb.file);
    // The first process's provider call waits until the second has answered, so the claim is
    // still running when the second looks (however fast the provider is).
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    try {
      const client = createCoinGeckoClient({
        baseUrl: simulator.coingeckoBaseUrl,
        timeoutMs: 1000,
      });
      const held: MarketData = {
        source: client.source,
        fetchPrices: async (ids) => {
          await released;
          return client.fetchPrices(ids);
        },
      };
      const first = service({ market: held }).refresh("scheduled");
      // The other process sees the claim once it is committed (a store write commits with its
      // group, at the end of its turn, not when it returns).
      while (otherConnection.select().from(rateRefreshes).all().length === 0)
        await new Promise((resolve) => setImmediate(resolve));
      const second = await service({ dbOverride: otherConnection }).refresh("scheduled");
      release();
      expect(second).toMatchObject({
        status: "skipped",
        reason: "in-progress",
        latest: { outcome: "running" },
      });
      expect(await first).toMatchObject({ status: "refreshed" });
      expect(calls().prices).toBe(1);
    } finally {
      release();
      otherConnection.$client.close();
    }
  });

  it("scheduled refreshes call at most once per 60-second interval; a manual one may come 15 seconds after any call", async () => {
    const rates = service();
    expect((await rates.refresh("scheduled")).status).toBe("refreshed");

    clock = T0 + 14 * SECOND;
    expect(await rates.refresh("manual")).toMatchObject({
      status: "skipped",
      reason: "recent",
      latest: { outcome: "succeeded" },
    });
    clock = T0 + 15 * SECOND;
    expect((await rates.refresh("manual")).status).toBe("refreshed");

    // The manual call moved the schedule: the next scheduled call waits a full interval after it.
    clock = T0 + 60 * SECOND;
    expect(await rates.refresh("scheduled")).toMatchObject({ status: "skipped", reason: "recent" });
    clock = T0 + 15 * SECOND + 59.5 * SECOND;
    expect(await rates.refresh("scheduled")).toMatchObject({ status: "skipped", reason: "recent" });
    clock = T0 + 15 * SECOND + 59.8 * SECOND; // within the scheduler's 250 ms timer tolerance
    expect((await rates.refresh("scheduled")).status).toBe("refreshed");
    expect(calls().prices).toBe(3);
  });

  it("over ten simulated minutes of constant traffic the provider is called once a minute on schedule", async () => {
    const rates = service();
    for (let second = 0; second < 600; second += 1) {
      clock = T0 + second * SECOND;
      await Promise.all([rates.refresh("scheduled"), rates.refresh("scheduled")]);
    }
    expect(calls().prices).toBe(10);
    const starts = db
      .select({ startedAt: rateRefreshes.startedAt })
      .from(rateRefreshes)
      .all()
      .map((row) => row.startedAt);
    for (let index = 1; index < starts.length; index += 1) {
      expect((starts[index] ?? 0) - (starts[index - 1] ?? 0)).toBeGreaterThanOrEqual(60 * SECOND);
    }
  });

  it("a skipped manual refresh reports the failure of the attempt that blocked it", async () => {
    simulator.setMode("429");
    const rates = service();
    await rates.refresh("scheduled");
    clock = T0 + 5 * SECOND;
    const skipped = await rates.refresh("manual");
    expect(skipped).toMatchObject({
      status: "skipped",
      reason: "recent",
      latest: { outcome: "failed" },
    });
    if (skipped.status === "skipped") expect(skipped.latest.error).toContain("HTTP 429");
    expect(calls().prices).toBe(1);
  });
});

describe("the in-memory copy the synchronous reads answer from", () => {
  it("shows another process's refresh once a caller awaited current() or sync()", async () => {
    const rates = service();
    expect(rates.read().status).toBe("unavailable");
    const otherConnection = openTestDatabase(testDb.file);
    try {
      expect((await service({ dbOverride: otherConnection }).refresh("scheduled")).status).toBe(
        "refreshed",
      );
      await testStore(otherConnection).durable();
      expect((await rates.current()).status).toBe("live");
      expect(rates.read().status).toBe("live");
      expect(rates.liveRate("BTC")?.kind).toBe("live");

      clock = T0 + MINUTE;
      expect((await service({ dbOverride: otherConnection }).refresh("scheduled")).status).toBe(
        "refreshed",
      );
      await testStore(otherConnection).durable();
      await rates.sync();
      expect(rates.read().rates.every((rate) => rate.fetchedAt === T0 + MINUTE)).toBe(true);
    } finally {
      otherConnection.$client.close();
    }
  });
});

describe("without a market-data client", () => {
  it("fails every refresh visibly instead of pretending", async () => {
    const rates = service({ market: null });
    expect(await rates.refresh("manual")).toMatchObject({
      status: "failed",
      error: "no market-data provider is configured",
    });
    const attempt = db
      .select()
      .from(rateRefreshes)
      .where(eq(rateRefreshes.outcome, "failed"))
      .all();
    expect(attempt).toHaveLength(1);
  });
});
