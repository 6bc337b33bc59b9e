/**
 * The cashier's till (issue 32, item 5) through its loader and action with real form posts, on the
 * custody and M-Pesa simulators: a sale is a payment made as "Create Payment" makes one with
 * "Customer chooses" (same limits and messages), its page follows it to "Paid", a waiting sale can
 * be canceled, an M-Pesa prompt goes to the customer's phone, today's sales are listed, and the
 * roles that may not create payments get no till.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { merchantUsers, paymentEvents, payments } from "../../drizzle/schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { defaultNetwork } from "~/core/networks/networks";
import { requiredConfirmations } from "~/core/payments/config";
import { createPayment } from "~/core/payments/payments.server";
import { formatCryptoUnits } from "~/core/payments/quote";
import { createStkClient } from "~/core/providers/daraja/stk.server";
import { SANDBOX_STK_PASSKEY, SANDBOX_STK_SHORTCODE } from "~/core/providers/daraja/wire";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  setUpPaymentsHarness,
  TEST_DARAJA_KEYS,
  testConfig,
} from "../../tests/setup/payments";
import { storeLiveRates } from "../../tests/setup/rates";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action, loader } from "./merchant.till";

const { db, close } = installTestDatabase();
const h = setUpPaymentsHarness({ db, close }, { install: true });

const SHOP = "MRC-TKPA22";
const OTHER = "MRC-TKPB33";

beforeAll(async () => {
  addMerchant(db, SHOP);
  addMerchant(db, OTHER);
  await storeLiveRates(db);
  // The M-Pesa simulator checks the STK Timestamp against its clock: the real one here.
  h.clock.now = Date.now();
  h.runtime.stk = createStkClient({
    baseUrl: h.darajaSim.baseUrl,
    ...TEST_DARAJA_KEYS,
    timeoutMs: 5_000,
    businessShortCode: SANDBOX_STK_SHORTCODE,
    passkey: SANDBOX_STK_PASSKEY,
    // Nobody listens there: a prompt stays out (pending).
    callbackUrl: "http://127.0.0.1:9/webhooks/mpesa/stk",
  });
});

async function member(role: TeamRole, merchantId = SHOP) {
  const id = `mu_${Math.random().toString(36).slice(2)}`;
  db.insert(merchantUsers)
    .values({ id, merchantId, username: id, role, createdAt: Date.now() })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

const post = (cookie: string, fields: Record<string, string>, path = "/merchant/till") =>
  respond(() => action({ request: formPost(path, fields, { cookie }), params: {}, context: {} }));

const page = async (cookie: string, path = "/merchant/till") => {
  const response = await respond(() =>
    loader({ request: get(path, { cookie }), params: {}, context: {} }),
  );
  return { status: response.status, body: response.ok ? await response.json() : null };
};

type Page = Awaited<ReturnType<typeof loader>>;

/** Start a sale; returns its id (the redirect's `?sale=`). */
async function startSale(cookie: string, fields: Record<string, string>) {
  const response = await post(cookie, { intent: "sell", ...fields });
  expect(response.status).toBe(303);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(/^\/merchant\/till\?sale=pay_[a-z0-9]+$/);
  return new URL(location, "http://x").searchParams.get("sale")!;
}

describe("the till", () => {
  it("starts a sale in KES only, the coin left to the customer, and shows it waiting", async () => {
    const cashier = await member("cashier");
    const id = await startSale(cashier, { amountKes: "2500", note: "Table 4" });
    const stored = db.select().from(payments).where(eq(payments.id, id)).get()!;
    expect(stored).toMatchObject({
      merchantId: SHOP,
      mode: "live",
      amountKesCents: 250_000n,
      reference: "Table 4",
      asset: "USDT",
      network: "tron",
      status: "awaiting_payment",
    });
    const quoted = db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, id), eq(paymentEvents.type, "quote_locked")))
      .get();
    expect(JSON.parse(quoted!.detail!)).toMatchObject({ coinFixed: false });

    const { body } = await page(cashier, `/merchant/till?sale=${id}`);
    const view = body as Page;
    expect(view.sale).toMatchObject({
      id,
      amount: "KES 2,500.00",
      reference: "Table 4",
      state: "waiting",
      live: true,
      mpesa: { amount: "KES 2,500", pending: null, failure: null, blocked: false },
    });
    expect(view.sale!.checkoutLink).toMatch(new RegExp(`/pay/${id}$`));
    expect(view.sale!.qr?.path.length).toBeGreaterThan(100);
    expect(view.recent[0]).toMatchObject({
      id,
      amount: "KES 2,500.00",
      status: "awaiting_payment",
    });
    expect(view.recent[0]!.time).toMatch(/^\d\d:\d\d$/);
  });

  it("refuses what Create Payment refuses, with its messages, creating nothing", async () => {
    const cashier = await member("cashier");
    const before = db.select().from(payments).where(eq(payments.merchantId, SHOP)).all().length;
    const typo = await post(cashier, { intent: "sell", amountKes: "12.50" });
    expect(typo.status).toBe(400);
    expect(
      ((await typo.json()) as { sale: { error: Record<string, string[]> } }).sale.error,
    ).toEqual({ amountKes: ["Enter a whole number of shillings, without commas or decimals"] });
    const empty = await post(cashier, { intent: "sell", amountKes: "" });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain("Enter the amount in KES");
    // The service's limit: a 422 with the toast and the reason at the amount.
    const small = await post(cashier, { intent: "sell", amountKes: "100" });
    expect(small.status).toBe(422);
    expect(await toastOf(small)).toMatchObject({
      message: "Cannot create payment",
      description: "The minimum payment is KES 500.",
    });
    expect(JSON.stringify(await small.json())).toContain("The minimum payment is KES 500.");
    expect(db.select().from(payments).where(eq(payments.merchantId, SHOP)).all()).toHaveLength(
      before,
    );
  });

  it("follows the sale to Paid when the customer pays at checkout", async () => {
    const cashier = await member("cashier");
    const id = await startSale(cashier, { amountKes: "1800" });
    const payment = db.select().from(payments).where(eq(payments.id, id)).get()!;
    expect(payment.reference).toBe("Till sale");
    // The simulators' clock: now, after the sale was made.
    h.clock.now = Date.now();
    const tx = await h.custodySim.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits, payment.asset),
    });
    await h.custodySim.confirm(
      tx.id,
      requiredConfirmations(testConfig, "USDT", defaultNetwork("USDT")),
    );
    const view = (await page(cashier, `/merchant/till?sale=${id}`)).body as Page;
    expect(view.sale).toMatchObject({
      reference: null,
      state: "paid",
      live: false,
      qr: null,
      mpesa: null,
    });
  });

  it("cancels a sale that is still waiting, and only then", async () => {
    const cashier = await member("cashier");
    const id = await startSale(cashier, { amountKes: "900" });
    const path = `/merchant/till?sale=${id}`;
    const canceled = await post(cashier, { intent: "cancel" }, path);
    expect(canceled.status).toBe(302);
    expect(canceled.headers.get("Location")).toBe(path);
    expect(await toastOf(canceled)).toMatchObject({ message: "Sale canceled" });
    const view = (await page(cashier, path)).body as Page;
    expect(view.sale).toMatchObject({ state: "canceled", live: false, qr: null, mpesa: null });
    const again = await post(cashier, { intent: "cancel" }, path);
    expect(await toastOf(again)).toMatchObject({ type: "error", message: "Cannot cancel" });
  });

  it("sends an M-Pesa prompt to the customer's phone, checking the number first", async () => {
    const cashier = await member("cashier");
    const id = await startSale(cashier, { amountKes: "1200" });
    const path = `/merchant/till?sale=${id}`;
    const airtel = await post(cashier, { intent: "mpesa", phone: "0733 123 456" }, path);
    expect(airtel.status).toBe(400);
    expect(JSON.stringify(await airtel.json())).toContain("Enter a Safaricom (M-Pesa) number");
    const sent = await post(cashier, { intent: "mpesa", phone: "0712 345 678" }, path);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(path);
    const view = (await page(cashier, path)).body as Page;
    expect(view.sale?.mpesa?.pending).toBe(
      "Prompt sent to +254 712 *** 678 for KES 1,200: the customer enters their M-Pesa PIN on their phone.",
    );
  });

  it("lists today's sales made in the app, newest first, not API payments nor other days", async () => {
    const shop = "MRC-TKPC44";
    addMerchant(db, shop);
    const cashier = await member("cashier", shop);
    expect(((await page(cashier)).body as Page).recent).toEqual([]);
    const deps = {
      custody: h.runtime.custody,
      rates: liveRates(Date.now()),
      config: testConfig,
    };
    const order = { merchantId: shop, amountKes: 1_000, asset: "USDT" as const };
    // Yesterday in Nairobi, and one made through the API today: neither is a till sale of today.
    await createPayment(
      testStore(db),
      { ...deps, now: Date.now() - 86_400_000 },
      {
        ...order,
        reference: "YESTERDAY",
      },
    );
    await createPayment(
      testStore(db),
      { ...deps, now: Date.now() },
      {
        ...order,
        reference: "API",
        apiKeyId: "key_till",
      },
    );
    const first = await startSale(cashier, { amountKes: "700", note: "First" });
    const second = await startSale(cashier, { amountKes: "800", note: "Second" });
    const { recent } = (await page(cashier)).body as Page;
    expect(recent.map((row) => row.id)).toEqual([second, first]);
  });

  it("does not show another merchant's sale", async () => {
    const theirs = await startSale(await member("cashier", OTHER), { amountKes: "600" });
    const mine = await member("cashier");
    expect((await page(mine, `/merchant/till?sale=${theirs}`)).status).toBe(404);
    const cancel = await post(mine, { intent: "cancel" }, `/merchant/till?sale=${theirs}`);
    expect(cancel.status).toBe(404);
    expect(db.select().from(payments).where(eq(payments.id, theirs)).get()?.status).toBe(
      "awaiting_payment",
    );
  });

  it("is for the roles that may create payments: a viewer gets 403 and creates nothing", async () => {
    for (const role of ["owner", "admin", "finance", "developer"] as const)
      expect((await page(await member(role))).status, role).toBe(200);
    const viewer = await member("viewer");
    expect((await page(viewer)).status).toBe(403);
    const before = db.select().from(payments).where(eq(payments.merchantId, SHOP)).all().length;
    expect((await post(viewer, { intent: "sell", amountKes: "2500" })).status).toBe(403);
    expect(db.select().from(payments).where(eq(payments.merchantId, SHOP)).all()).toHaveLength(
      before,
    );
  });
});
