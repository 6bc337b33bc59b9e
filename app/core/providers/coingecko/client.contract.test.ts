/**
 * Contract tests: the live CoinGecko and FX clients against (1) a local server replaying recorded
 * responses from tests/fixtures/coingecko and (2) the market simulator in each fault mode, over
 * real HTTP on 127.0.0.1.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoinGeckoClient } from "./client.server";
import { createFxClient } from "./fx-client.server";
import { ProviderError } from "./http.server";
import { startReplayServer } from "../../../../tests/support/coingecko-replay";
import {
  startMarketSimulator,
  type MarketFaultMode,
  type MarketSimulator,
} from "../../../../tests/support/simulators";

const LIVE_IDS = ["bitcoin", "ethereum", "tether", "usd-coin"];
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("CoinGecko client against recorded responses", () => {
  let replay: Awaited<ReturnType<typeof startReplayServer>>;

  afterAll(async () => {
    await replay?.stop();
  });

  it("asks /simple/price for USD and KES with last-updated times at full precision, with the demo key header", async () => {
    replay = await startReplayServer({
      "/api/v3/simple/price": {
        fixture: "simple-price-usd-multi.json",
        headers: { "cache-control": "max-age=30, public, must-revalidate, s-maxage=60" },
      },
    });
    const client = createCoinGeckoClient({
      baseUrl: `${replay.url}/api/v3`,
      apiKey: "CG-demo-key",
      timeoutMs: 2000,
    });
    const prices = await client.fetchPrices(["bitcoin", "binancecoin", "avalanche-2"]);

    const request = replay.requests.at(-1);
    expect(request?.url.pathname).toBe("/api/v3/simple/price");
    expect(request?.url.searchParams.get("ids")).toBe("bitcoin,binancecoin,avalanche-2");
    expect(request?.url.searchParams.get("vs_currencies")).toBe("usd,kes");
    expect(request?.url.searchParams.get("include_last_updated_at")).toBe("true");
    expect(request?.url.searchParams.get("precision")).toBe("full");
    expect(request?.headers["x-cg-demo-api-key"]).toBe("CG-demo-key");
    expect(request?.headers["x-cg-pro-api-key"]).toBeUndefined();

    // The recorded body has no `kes` (CoinGecko does not list it) and no last_updated_at.
    expect(prices.quotes.get("bitcoin")).toEqual({
      id: "bitcoin",
      usd: "88927",
      kes: null,
      lastUpdatedAt: null,
    });
    expect(prices.quotes.get("binancecoin")?.usd).toBe("594.59");
    expect(prices.quotes.get("avalanche-2")?.usd).toBe("21.14");
    expect(prices.rejected).toEqual([]);
    await replay.stop();
  });

  it("reads prices written as floats with trailing zeros and names every requested asset it left out", async () => {
    replay = await startReplayServer({
      "/api/v3/simple/price": { fixture: "simple-price-usd-float-format.json" },
    });
    const client = createCoinGeckoClient({ baseUrl: `${replay.url}/api/v3`, timeoutMs: 2000 });
    const prices = await client.fetchPrices(["ethereum-classic", "aave", "bitcoin"]);
    expect(prices.quotes.get("ethereum-classic")?.usd).toBe("20");
    expect(prices.quotes.get("aave")?.usd).toBe("212.45");
    expect(prices.rejected).toEqual([{ id: "bitcoin", reason: "missing from the response" }]);
    expect(replay.requests.at(-1)?.headers["x-cg-demo-api-key"]).toBeUndefined();
    await replay.stop();
  });

  it("takes last_updated_at (unix seconds) as the time the price was current and ignores the extra fields", async () => {
    replay = await startReplayServer({
      "/api/v3/simple/price": {
        fixture: "simple-price-usd-include-last-updated-docs-example.json",
      },
    });
    const client = createCoinGeckoClient({
      baseUrl: `${replay.url}/api/v3/`,
      apiKey: "CG-pro-key",
      apiKeyKind: "pro",
      timeoutMs: 2000,
    });
    const prices = await client.fetchPrices(["bitcoin"]);
    expect(prices.quotes.get("bitcoin")).toEqual({
      id: "bitcoin",
      usd: "67187.3358936566",
      kes: null,
      lastUpdatedAt: 1711356300_000,
    });
    expect(replay.requests.at(-1)?.headers["x-cg-pro-api-key"]).toBe("CG-pro-key");
    expect(replay.requests.at(-1)?.headers["x-cg-demo-api-key"]).toBeUndefined();
    await replay.stop();
  });

  it("reports the recorded 429 as rate limited, with its Retry-After", async () => {
    replay = await startReplayServer({
      "/api/v3/simple/price": {
        status: 429,
        fixture: "error-429-rate-limit.json",
        headers: { "retry-after": "119" },
      },
    });
    const client = createCoinGeckoClient({ baseUrl: `${replay.url}/api/v3`, timeoutMs: 2000 });
    const error = await providerError(client.fetchPrices(LIVE_IDS));
    expect(error.kind).toBe("rate_limited");
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(119);
    await replay.stop();
  });

  it("treats the 429 error envelope as an error even when a cache serves it with HTTP 200", async () => {
    replay = await startReplayServer({
      "/api/v3/simple/price": { fixture: "error-429-rate-limit.json" },
    });
    const client = createCoinGeckoClient({ baseUrl: `${replay.url}/api/v3`, timeoutMs: 2000 });
    const error = await providerError(client.fetchPrices(LIVE_IDS));
    expect(error.kind).toBe("http");
    expect(error.message).toContain("error 429");
    await replay.stop();
  });

  it("rejects an array body (the supported-currencies list) as not a /simple/price answer", async () => {
    replay = await startReplayServer({
      "/api/v3/simple/price": { fixture: "supported-vs-currencies-docs-example.json" },
    });
    const client = createCoinGeckoClient({ baseUrl: `${replay.url}/api/v3`, timeoutMs: 2000 });
    const error = await providerError(client.fetchPrices(LIVE_IDS));
    expect(error.kind).toBe("invalid_response");
    await replay.stop();
  });
});

describe("FX client against a recorded open.er-api.com answer", () => {
  it("reads rates.KES and the publication time", async () => {
    const replay = await startReplayServer({
      "/v6/latest/USD": { fixture: "open-er-api-latest-usd-2024-08-19.json" },
    });
    const fx = createFxClient({ baseUrl: replay.url, timeoutMs: 2000 });
    await expect(fx.fetchUsdKes()).resolves.toEqual({ rate: "128.979169", asOf: 1724025751_000 });
    await replay.stop();
  });

  it("rejects the documented error answer", async () => {
    const replay = await startReplayServer({
      "/v6/latest/USD": { body: '{"result":"error","error-type":"unsupported-code"}' },
    });
    const fx = createFxClient({ baseUrl: replay.url, timeoutMs: 2000 });
    const error = await providerError(fx.fetchUsdKes());
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toContain("unsupported-code");
    await replay.stop();
  });
});

describe("CoinGecko and FX clients against the market simulator", () => {
  let simulator: MarketSimulator;
  const client = () =>
    createCoinGeckoClient({ baseUrl: simulator.coingeckoBaseUrl, timeoutMs: 300 });
  const fx = () => createFxClient({ baseUrl: simulator.fxBaseUrl, timeoutMs: 300 });

  beforeAll(async () => {
    simulator = await startMarketSimulator({ seed: 7, now: () => NOW, slowMs: 60_000 });
  });
  afterAll(async () => {
    await simulator.stop();
  });

  it("answers like CoinGecko: USD prices and last-updated times for the four live assets, no KES", async () => {
    simulator.setMode("normal");
    const prices = await client().fetchPrices(LIVE_IDS);
    expect([...prices.quotes.keys()]).toEqual(LIVE_IDS);
    for (const quote of prices.quotes.values()) {
      expect(quote.kes).toBeNull();
      expect(Number(quote.usd)).toBeGreaterThan(0);
      expect(quote.lastUpdatedAt).toBeLessThanOrEqual(NOW);
      expect(quote.lastUpdatedAt).toBeGreaterThan(NOW - 60_000);
    }
    // Realistic levels: BTC tens of thousands of dollars, stablecoins about one dollar.
    expect(Number(prices.quotes.get("bitcoin")?.usd)).toBeGreaterThan(40_000);
    expect(Math.abs(Number(prices.quotes.get("tether")?.usd) - 1)).toBeLessThan(0.01);
  });

  it("serves KES directly when configured to, as CoinGecko would if it listed KES", async () => {
    simulator.setServeKes(true);
    const prices = await client().fetchPrices(["bitcoin"]);
    simulator.setServeKes(false);
    const quote = prices.quotes.get("bitcoin");
    expect(Number(quote?.kes)).toBeGreaterThan(Number(quote?.usd) * 100);
  });

  const transportFaults: [MarketFaultMode, ProviderError["kind"], string][] = [
    ["429", "rate_limited", "HTTP 429"],
    ["500", "http", "HTTP 500"],
    ["slow", "timeout", "did not answer within 300 ms"],
    ["html", "invalid_response", "text/html"],
    ["truncated", "invalid_response", "not valid JSON"],
    ["disconnect", "network", "could not be reached"],
  ];
  for (const [mode, kind, message] of transportFaults) {
    it(`turns the "${mode}" fault into a ${kind} error`, async () => {
      simulator.setMode(mode);
      const error = await providerError(client().fetchPrices(LIVE_IDS));
      simulator.setMode("normal");
      expect(error.kind).toBe(kind);
      expect(error.message).toContain(message);
    });
  }

  it("reports connection refused as a network error", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const refused = createCoinGeckoClient({
      baseUrl: `http://127.0.0.1:${port}/api/v3`,
      timeoutMs: 2000,
    });
    const error = await providerError(refused.fetchPrices(LIVE_IDS));
    expect(error.kind).toBe("network");
    expect(error.message).toContain("ECONNREFUSED");
  });

  const bodyFaults: [MarketFaultMode, string][] = [
    ["empty", "missing from the response"],
    ["zero", "usd is not a positive number (0)"],
    ["negative", "usd is not a positive number (-"],
    ["nan", 'usd is not a number ("NaN")'],
  ];
  for (const [mode, reason] of bodyFaults) {
    it(`rejects every asset, with a reason, in the "${mode}" fault`, async () => {
      simulator.setMode(mode);
      const prices = await client().fetchPrices(LIVE_IDS);
      simulator.setMode("normal");
      expect(prices.quotes.size).toBe(0);
      expect(prices.rejected.map((entry) => entry.id)).toEqual(LIVE_IDS);
      for (const entry of prices.rejected) expect(entry.reason).toContain(reason);
    });
  }

  it("keeps the other assets when one is missing", async () => {
    simulator.setMode("missing-asset");
    const prices = await client().fetchPrices(LIVE_IDS);
    simulator.setMode("normal");
    expect([...prices.quotes.keys()]).toEqual(["bitcoin", "ethereum", "tether"]);
    expect(prices.rejected).toEqual([{ id: "usd-coin", reason: "missing from the response" }]);
  });

  it("passes a far-past last_updated_at through unchanged (the rates service judges its age)", async () => {
    simulator.setMode("stale");
    const prices = await client().fetchPrices(["bitcoin"]);
    simulator.setMode("normal");
    expect(prices.quotes.get("bitcoin")?.lastUpdatedAt).toBe(NOW - 3 * 24 * 60 * 60_000);
  });

  it("reads USD/KES from the FX simulator and rejects unusable FX answers", async () => {
    const quote = await fx().fetchUsdKes();
    expect(Number(quote.rate)).toBeGreaterThan(100);
    expect(Number(quote.rate)).toBeLessThan(160);
    expect(quote.asOf).toBeLessThanOrEqual(NOW);
    for (const mode of ["missing-asset", "nan", "zero"] as const) {
      simulator.setFxMode(mode);
      const error = await providerError(fx().fetchUsdKes());
      expect(error.message).toContain("no usable KES rate");
    }
    simulator.setFxMode("500");
    expect((await providerError(fx().fetchUsdKes())).kind).toBe("http");
    simulator.setFxMode("normal");
  });
});
