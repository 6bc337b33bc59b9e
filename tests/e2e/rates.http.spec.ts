/**
 * The rates JSON API, single-flight refreshes and the refresh action's guard, over plain HTTP (run
 * once, in the "http" project). The simulator's call counter shows how often the provider was
 * asked.
 */
import { expect, test } from "@playwright/test";
import { operatorApi } from "./auth";

/** Drive or read the market simulator, as the e2e operator (the simulator controls need one). */
async function market(
  body: { mode?: string; reset?: boolean; ageSeconds?: number } = {},
): Promise<{ mode: string; calls: { prices: number; fx: number } }> {
  const operator = await operatorApi();
  const response = Object.keys(body).length
    ? await operator.post("/simulator/market", { data: body })
    : await operator.get("/simulator/market");
  expect(response.status()).toBe(200);
  return response.json();
}

test.afterEach(async () => {
  await market({ mode: "normal" });
});

test.describe("GET /functions/v1/rates", () => {
  test("answers rates for BTC, ETH, USDT and USDC in KES with timestamp, source and stale, cached until the next refresh", async ({
    request,
  }) => {
    await market({ mode: "normal", ageSeconds: 600 });
    const refreshed = await request.post("/exchange-rates", { maxRedirects: 0 });
    expect(refreshed.status()).toBe(302);
    expect(refreshed.headers()["location"]).toMatch(/^\/exchange-rates\?updated=\d+$/);
    expect(refreshed.headers()["set-cookie"]).toBeUndefined();

    const before = Date.now();
    const response = await request.get("/functions/v1/rates");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const cacheControl = response.headers()["cache-control"] ?? "";
    const match = /^public, max-age=(\d+), s-maxage=(\d+)$/.exec(cacheControl);
    expect(match, cacheControl).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(match?.[1])).toBeLessThanOrEqual(60);
    expect(response.headers()["set-cookie"]).toBeUndefined();

    const body = await response.json();
    expect(Object.keys(body.rates)).toEqual(["BTC", "ETH", "USDT", "USDC"]);
    for (const value of Object.values(body.rates)) {
      expect(typeof value).toBe("number");
      expect(value as number).toBeGreaterThan(0);
    }
    expect(body.rates.BTC).toBeGreaterThan(1_000_000);
    expect(body.rates.USDT).toBeGreaterThan(100);
    expect(body.rates.USDT).toBeLessThan(160);
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    expect(Date.parse(body.timestamp)).toBeGreaterThan(before - 2 * 60_000);
    expect(body.source).toBe("coingecko-simulator");
    expect(body.stale).toBe(false);
    expect(body.assets.BTC).toMatchObject({
      kind: "live",
      derived: true,
      source: "coingecko-simulator",
    });
    expect(body.assets.BTC.price).toMatch(/^\d+(\.\d+)?$/);
  });

  test("marks the answer stale when the rates are older than five minutes", async ({ request }) => {
    await market({ mode: "normal", ageSeconds: 600 });
    await request.post("/exchange-rates");
    await market({ mode: "500", ageSeconds: 301 });
    const body = await (await request.get("/functions/v1/rates")).json();
    expect(body.stale).toBe(true);
    expect(body.assets.USDC.kind).toBe("stale");
  });

  test("answers 503 with a JSON error when no rate exists at all", async ({ request }) => {
    await market({ mode: "500", reset: true });
    const response = await request.get("/functions/v1/rates");
    expect(response.status()).toBe(503);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await response.json()).toMatchObject({
      error: "rates_unavailable",
      message: "We're currently unable to fetch exchange rates. Please try again later.",
    });
  });
});

test.describe("Refreshing", () => {
  test("twenty simultaneous Refresh posts and a hundred reads make at most one provider call", async ({
    request,
    playwright,
    baseURL,
  }) => {
    // Rates exist (an earlier test may have emptied the store), and a while has passed since.
    await market({ mode: "normal", ageSeconds: 600 });
    await request.post("/exchange-rates");
    await market({ ageSeconds: 600 });
    const before = (await market()).calls.prices;
    // The burst goes to 127.0.0.1: with a hundred new connections at once to "localhost", some
    // first try ::1, where the e2e server does not listen, and the client stalls for seconds.
    const direct = (baseURL ?? "").replace("//localhost:", "//127.0.0.1:");
    const poster = await playwright.request.newContext({ baseURL: direct });
    const reader = await playwright.request.newContext({ baseURL: direct });
    const posts = Array.from({ length: 20 }, () =>
      poster.post("/exchange-rates", { maxRedirects: 0 }),
    );
    const reads = Array.from({ length: 100 }, (_, index) =>
      reader.get(index % 2 ? "/functions/v1/rates" : "/exchange-rates"),
    );
    const responses = await Promise.all([...posts, ...reads]);
    for (const response of responses) expect(response.status()).toBeLessThan(400);
    await Promise.all([poster.dispose(), reader.dispose()]);
    expect((await market()).calls.prices - before).toBe(1);
  });

  test("a failed refresh answers with the error toast as a flash, and calls the provider no more than once", async ({
    request,
  }) => {
    await market({ mode: "429", ageSeconds: 600 });
    const before = (await market()).calls.prices;
    const first = await request.post("/exchange-rates", { maxRedirects: 0 });
    const second = await request.post("/exchange-rates", { maxRedirects: 0 });
    for (const response of [first, second]) {
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toBe("/exchange-rates");
      expect(response.headers()["set-cookie"]).toContain("onehop_flash=");
    }
    expect((await market()).calls.prices - before).toBe(1);
    const page = await request.get("/exchange-rates");
    expect(page.headers()["cache-control"]).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Unable to fetch rates");
    expect(html).toContain("We&#x27;re experiencing connectivity issues. Trying again...");
  });

  test("cross-site Refresh posts are refused before any provider call", async ({ request }) => {
    await market({ mode: "normal", ageSeconds: 600 });
    const before = (await market()).calls.prices;
    const crossSite = await request.post("/exchange-rates", {
      headers: { "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    // Another site's Origin: Remix itself aborts the action (see the report in
    // docs/decisions/0010).
    const foreign = await request.post("/exchange-rates", {
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(foreign.status()).toBeGreaterThanOrEqual(400);
    expect(foreign.headers()["location"]).toBeUndefined();
    expect((await market()).calls.prices).toBe(before);
  });
});

test.describe("Simulator control", () => {
  test("is never indexed or cached and is not in the sitemap", async ({ request }) => {
    const operator = await operatorApi();
    const response = await operator.get("/simulator/market");
    expect(response.headers()["x-robots-tag"]).toBe("noindex");
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/simulator");
    const bad = await operator.post("/simulator/market", { data: { mode: "explode" } });
    expect(bad.status()).toBe(400);
  });

  test("needs an operator session: anonymous reads go to sign-in and changes are refused", async ({
    request,
  }) => {
    const read = await request.get("/simulator/market", { maxRedirects: 0 });
    expect(read.status()).toBe(302);
    expect(read.headers()["location"]).toBe("/admin/signin?redirectTo=%2Fsimulator%2Fmarket");
    const change = await request.post("/simulator/market", {
      data: { mode: "500" },
      maxRedirects: 0,
    });
    expect(change.status()).toBe(302);
    expect((await market()).mode).toBe("normal");
  });
});
