/**
 * Test payments stay out of live figures (issue 13, item 1): a payment made with a test API key
 * does not count on the dashboard, in the payments list or in the CSV export, which show live data
 * by default; with ?mode=test they show test payments only (and say so).
 */
import { afterAll, describe, expect, it } from "vitest";
import { merchantUsers, payments } from "../../drizzle/schema";
import type { ApiMode } from "~/core/api/vocabulary";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, get, respond } from "../../tests/setup/requests";
import { loader as dashboardLoader } from "./merchant.dashboard";
import { loader as listLoader } from "./merchant.payments._index";
import { loader as exportLoader } from "./merchant.payments.export[.csv]";

const { db, close } = installTestDatabase();
afterAll(close);

const SHOP = "MRC-TSTM22";
addMerchant(db, SHOP);
const NOW = Date.now();

function addPayment(id: string, mode: ApiMode, amountKes: number) {
  db.insert(payments)
    .values({
      id,
      merchantId: SHOP,
      mode,
      reference: `REF-${id}`,
      asset: "USDT",
      network: "tron",
      amountKesCents: BigInt(amountKes) * 100n,
      feeKesCents: BigInt(amountKes),
      quoteRate: "129.50",
      marketRate: "129.00",
      spreadBps: 50,
      rateSource: "test",
      rateFetchedAt: NOW,
      cryptoAmountUnits: 1_000_000n,
      quotedAt: NOW,
      expiresAt: NOW + 900_000,
      status: "settled",
      payerAddress: `addr-${id}`,
      createdAt: NOW - 1_000,
      updatedAt: NOW,
    })
    .run();
}
addPayment("pay_MODELIVE", "live", 1_000);
addPayment("pay_MODETEST", "test", 7_000);

async function owner() {
  db.insert(merchantUsers)
    .values({
      id: "usr_mode_owner",
      merchantId: SHOP,
      username: "owner",
      role: "owner",
      createdAt: 0,
    })
    .run();
  const setCookie = await startSession(
    testStore(db),
    "merchant",
    { merchantUserId: "usr_mode_owner" },
    get("/"),
  );
  return { cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })) };
}
const member = owner();
const args = (request: Request) => ({ request, params: {}, context: {} });

async function json<T>(run: () => unknown): Promise<T> {
  const response = await respond(run);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

interface Dashboard {
  mode: string;
  stats: { transactions: { value: number }; totalRevenueKesCents: { value: number } };
}
interface List {
  mode: string;
  payments: { id: string }[];
}

describe("live and test data on the merchant's pages", () => {
  it("the dashboard counts live payments only, unless test data is asked for", async () => {
    const live = await json<Dashboard>(async () =>
      dashboardLoader(args(get("/merchant/dashboard", await member))),
    );
    expect(live.mode).toBe("live");
    expect(live.stats.transactions.value).toBe(1);
    expect(live.stats.totalRevenueKesCents.value).toBe(99_000);
    const test = await json<Dashboard>(async () =>
      dashboardLoader(args(get("/merchant/dashboard?mode=test", await member))),
    );
    expect(test.mode).toBe("test");
    expect(test.stats.transactions.value).toBe(1);
    expect(test.stats.totalRevenueKesCents.value).toBe(693_000);
    // Anything but exactly "test" is live.
    const odd = await json<Dashboard>(async () =>
      dashboardLoader(args(get("/merchant/dashboard?mode=TEST", await member))),
    );
    expect(odd.stats.totalRevenueKesCents.value).toBe(99_000);
  });

  it("the payments list shows one mode at a time", async () => {
    const live = await json<List>(async () =>
      listLoader(args(get("/merchant/payments", await member))),
    );
    expect(live.payments.map((p) => p.id)).toEqual(["pay_MODELIVE"]);
    const test = await json<List>(async () =>
      listLoader(args(get("/merchant/payments?mode=test", await member))),
    );
    expect(test.mode).toBe("test");
    expect(test.payments.map((p) => p.id)).toEqual(["pay_MODETEST"]);
  });

  it("the CSV export leaves test payments out, unless test data is asked for", async () => {
    const live = await (
      await respond(async () =>
        exportLoader(args(get("/merchant/payments/export.csv", await member))),
      )
    ).text();
    expect(live).toContain("pay_MODELIVE");
    expect(live).not.toContain("pay_MODETEST");
    const test = await (
      await respond(async () =>
        exportLoader(args(get("/merchant/payments/export.csv?mode=test", await member))),
      )
    ).text();
    expect(test).toContain("pay_MODETEST");
    expect(test).not.toContain("pay_MODELIVE");
  });
});
