/**
 * The operators' rails page (/admin/rails, issue 14, item 6) through its loader with real sessions:
 * each rail with whether it runs here, its health from our own transfers, the live float and what
 * is in flight, and today's live volume (a test payment's transfer counts nowhere); a curator may
 * not see it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { settlementTransfers } from "../../drizzle/schema";
import { capital, postTransaction, railFloat } from "~/core/ledger/ledger.server";
import { eatDay } from "~/core/payments/settlement-plan";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { signedInOperator } from "../../tests/setup/operator-session";
import { addMerchant, setUpPaymentsHarness } from "../../tests/setup/payments";
import { get, respond } from "../../tests/setup/requests";
import { loader } from "./admin.rails";

const test = installTestDatabase();
const { db } = test;
afterAll(test.close);
// Payments run here (M-Pesa on the Daraja simulator): only M-Pesa is configured.
setUpPaymentsHarness({ db }, { install: true });
const SHOP = "MRC-RLS5V2";
addMerchant(db, SHOP);

const operatorCookie = async (role: "reviewer" | "curator") =>
  (await signedInOperator(db, role)).cookie;

const page = async (cookie: string) => {
  const response = await respond(() =>
    loader({ request: get("/admin/rails", { cookie }), params: {}, context: {} }),
  );
  return { status: response.status, body: response.status === 200 ? await response.json() : null };
};

describe("/admin/rails", () => {
  it("shows each rail's health, float, in flight and today's live volume", async () => {
    const now = Date.now();
    await postTransaction(testStore(db), {
      idempotencyKey: "admin-rails-test:float",
      kind: "float.funded",
      entries: [
        { account: railFloat("mpesa"), amount: 1_000_000_00n },
        { account: capital("KES"), amount: -1_000_000_00n },
      ],
    });
    for (const [n, status] of [
      [1, "succeeded"],
      [2, "succeeded"],
      [3, "failed"],
    ] as const)
      db.insert(settlementTransfers)
        .values({
          id: `trf_rails${n}`,
          merchantId: SHOP,
          paymentId: null,
          sequence: n,
          rail: "mpesa",
          phone: "254712345678",
          amountKesCents: 150_000n,
          feeKesCents: 0n,
          status,
          settlementDay: eatDay(now),
          createdAt: now - n * 60_000,
          updatedAt: now - n * 60_000,
          sentAt: now - n * 60_000,
          completedAt: now - n * 60_000,
        })
        .run();

    const { status, body } = await page(await operatorCookie("reviewer"));
    expect(status).toBe(200);
    const byRail = Object.fromEntries(
      (body.rails as { rail: string }[]).map((rail) => [rail.rail, rail]),
    );
    expect(Object.keys(byRail)).toEqual(["mpesa", "airtel-money", "t-kash", "pesalink"]);
    expect(byRail.mpesa).toMatchObject({
      name: "M-Pesa",
      configured: true,
      health: { status: "degraded", succeeded: 2, failed: 1 },
      // The opening float of the harness (KES 20,000,000) and this test's KES 1,000,000.
      floatKesCents: String(21_000_000_00n),
      inFlightKesCents: "0",
      // The failed transfer is not volume.
      today: { transfers: 2, amountKesCents: "300000" },
    });
    expect(byRail.pesalink).toMatchObject({
      configured: false,
      health: { status: "idle" },
      today: { transfers: 0, amountKesCents: "0" },
    });
  });

  it("is not for a curator", async () => {
    expect((await page(await operatorCookie("curator"))).status).toBe(403);
  });
});
