/**
 * The balance figures on the merchant's pages follow the Live/Test switch (issue 13, the test
 * book): the dashboard and the payments list show the live book's balances by default and the test
 * book's with ?mode=test, never the two added together.
 */
import { afterAll, describe, expect, it } from "vitest";
import { merchantUsers } from "../../drizzle/schema";
import { ledgerBook, postTransaction } from "~/core/ledger/ledger.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, get, respond } from "../../tests/setup/requests";
import { loader as dashboardLoader } from "./merchant.dashboard";
import { loader as listLoader } from "./merchant.payments._index";

const { db, close } = installTestDatabase();
afterAll(close);

const SHOP = "MRC-BKMD22";
addMerchant(db, SHOP);

/** Credit the merchant's available balance in one book (as a converted payment does). */
async function credit(mode: "live" | "test", cents: bigint) {
  const book = ledgerBook(mode);
  await postTransaction(testStore(db), {
    idempotencyKey: `balance-modes:${mode}`,
    kind: "payment.converted",
    entries: [
      { account: book.treasuryConversion("KES"), amount: cents },
      { account: book.merchantAvailable(SHOP), amount: -cents },
    ],
  });
}
await credit("live", 123_400n);
await credit("test", 567_800n);

async function owner() {
  db.insert(merchantUsers)
    .values({
      id: "usr_bkmd_owner",
      merchantId: SHOP,
      username: "owner",
      role: "owner",
      createdAt: 0,
    })
    .run();
  const setCookie = await startSession(
    testStore(db),
    "merchant",
    { merchantUserId: "usr_bkmd_owner" },
    get("/"),
  );
  return { cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })) };
}
const member = owner();
const args = (request: Request) => ({ request, params: {}, context: {} });

interface WithBalances {
  mode: string;
  balances: { available: string; pending: string; inFlight: string };
}

async function balancesOn(run: () => unknown) {
  const response = await respond(run);
  expect(response.status).toBe(200);
  const page = (await response.json()) as WithBalances;
  return { mode: page.mode, ...page.balances };
}

describe("balances on the merchant's pages", () => {
  it("the dashboard shows the live book's balances, and the test book's in test view", async () => {
    expect(
      await balancesOn(async () => dashboardLoader(args(get("/merchant/dashboard", await member)))),
    ).toEqual({ mode: "live", available: "123400", pending: "0", inFlight: "0" });
    expect(
      await balancesOn(async () =>
        dashboardLoader(args(get("/merchant/dashboard?mode=test", await member))),
      ),
    ).toEqual({ mode: "test", available: "567800", pending: "0", inFlight: "0" });
  });

  it("the payments list shows the balances of the mode it lists", async () => {
    expect(
      await balancesOn(async () => listLoader(args(get("/merchant/payments", await member)))),
    ).toEqual({ mode: "live", available: "123400", pending: "0", inFlight: "0" });
    expect(
      await balancesOn(async () =>
        listLoader(args(get("/merchant/payments?mode=test", await member))),
      ),
    ).toEqual({ mode: "test", available: "567800", pending: "0", inFlight: "0" });
  });
});
