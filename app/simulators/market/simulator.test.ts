import { afterEach, describe, expect, it } from "vitest";
import { readFixture } from "../../../tests/support/coingecko-replay";
import { startMarketSimulator, type MarketSimulator } from "./index.server";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const PRICE_PATH =
  "/api/v3/simple/price?ids=bitcoin,ethereum,tether,usd-coin&vs_currencies=usd,kes&include_last_updated_at=true";

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  expect(response.headers.get("content-type")).toContain("application/json");
  return response.json();
}

describe("market simulator", () => {
  const running: MarketSimulator[] = [];
  const start = async (seed: number) => {
    const simulator = await startMarketSimulator({ seed, now: () => NOW });
    running.push(simulator);
    return simulator;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((simulator) => simulator.stop()));
  });

  it("moves prices on every call, reproducibly for a seed", async () => {
    const a = await start(42);
    const b = await start(42);
    const c = await start(43);
    const seriesA = [await getJson(a.url + PRICE_PATH), await getJson(a.url + PRICE_PATH)];
    const seriesB = [await getJson(b.url + PRICE_PATH), await getJson(b.url + PRICE_PATH)];
    const firstC = await getJson(c.url + PRICE_PATH);
    expect(seriesA).toEqual(seriesB);
    expect(seriesA[0]).not.toEqual(seriesA[1]);
    expect(firstC).not.toEqual(seriesA[0]);
  });

  it("lists the same vs currencies as CoinGecko's documentation, without kes", async () => {
    const simulator = await start(1);
    const recorded = JSON.parse(
      readFixture("supported-vs-currencies-docs-example.json"),
    ) as string[];
    expect(await getJson(`${simulator.coingeckoBaseUrl}/simple/supported_vs_currencies`)).toEqual(
      recorded,
    );
    // An unsupported vs currency is left out of the answer, as CoinGecko does.
    expect(
      await getJson(`${simulator.coingeckoBaseUrl}/simple/price?ids=bitcoin&vs_currencies=kes`),
    ).toEqual({ bitcoin: {} });
    // Unknown ids are left out too.
    expect(
      await getJson(
        `${simulator.coingeckoBaseUrl}/simple/price?ids=no-such-coin&vs_currencies=usd`,
      ),
    ).toEqual({});
  });

  it("is controlled at run time over HTTP and counts the calls it answered", async () => {
    const simulator = await start(1);
    const set = await fetch(`${simulator.url}/__simulator`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mode: "500", fxMode: "missing-asset" }),
    });
    expect(await set.json()).toMatchObject({ mode: "500", fxMode: "missing-asset" });
    expect((await fetch(simulator.url + PRICE_PATH)).status).toBe(500);
    const fx = (await getJson(`${simulator.fxBaseUrl}/v6/latest/USD`)) as {
      rates: Record<string, number>;
    };
    expect(fx.rates.KES).toBeUndefined();

    const bad = await fetch(`${simulator.url}/__simulator`, {
      method: "POST",
      body: JSON.stringify({ mode: "explode" }),
    });
    expect(bad.status).toBe(400);
    expect(simulator.state()).toMatchObject({ mode: "500", calls: { prices: 1, fx: 1 } });
  });
});
