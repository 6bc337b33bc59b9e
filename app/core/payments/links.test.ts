/**
 * Payment links (issue 13, item 6), the core: links scoped by merchant and mode, their inputs
 * checked (title, amount, return URLs by mode), and a visitor's payment opened through the real
 * payments service (custody simulator over HTTP) with the payment_link actor.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, paymentLinks, payments } from "../../../drizzle/schema";
import { installTestDatabase, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  setUpPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import { paymentLinkSchema, returnUrlProblem } from "./link-schema";
import {
  createPaymentLink,
  getPaymentLink,
  listPaymentLinks,
  openPaymentFromLink,
  PaymentLinkError,
  setPaymentLinkActive,
} from "./links.server";
import { PaymentError } from "./payments.server";
import { createPaymentsService } from "./service.server";

const test = installTestDatabase();
const { db } = test;
const h = setUpPaymentsHarness(test);

const SHOP = "MRC-LNK2A3";
const OTHER = "MRC-LNK4B5";
addMerchant(db, SHOP);
addMerchant(db, OTHER);

const store = testStore(db);

const service = () =>
  createPaymentsService({
    store,
    config: testConfig,
    deps: h.runtime,
    rates: { read: () => liveRates(h.clock.now), liveRate: () => null, sync: async () => {} },
    now: () => h.clock.now,
  });

const live: { merchantId: string; mode: "live" | "test"; createdBy: null } = {
  merchantId: SHOP,
  mode: "live",
  createdBy: null,
};

function newLink(input: Partial<Parameters<typeof createPaymentLink>[2]> = {}, scope = live) {
  return createPaymentLink(store, scope, { title: "House blend 1 kg", ...input });
}

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

describe("creating and managing links", () => {
  it("gives a lnk_ id, keeps the link in its merchant and mode, and audits it", async () => {
    const link = await newLink({ amountKes: 1_500, asset: "USDT" });
    expect(link.id).toMatch(/^lnk_[2-9a-hjkmnp-tv-z]{12}$/);
    expect(link.amountKesCents).toBe(150_000n);
    expect((await getPaymentLink(store, { merchantId: SHOP, mode: "live" }, link.id))?.title).toBe(
      "House blend 1 kg",
    );
    expect(
      await getPaymentLink(store, { merchantId: SHOP, mode: "test" }, link.id),
    ).toBeUndefined();
    expect(
      await getPaymentLink(store, { merchantId: OTHER, mode: "live" }, link.id),
    ).toBeUndefined();
    expect(await listPaymentLinks(store, { merchantId: OTHER, mode: "live" })).toEqual([]);
    expect(db.select().from(auditLog).where(eq(auditLog.targetId, link.id)).get()?.action).toBe(
      "payment_link.created",
    );
  });

  it("refuses an http return URL in live mode and allows it in test mode", async () => {
    await expect(newLink({ successUrl: "http://shop.example.co.ke/thanks" })).rejects.toThrow(
      "Live payment links must return to an https:// address.",
    );
    const test = await newLink(
      { successUrl: "http://localhost:8080/thanks" },
      { ...live, mode: "test" },
    );
    expect(test.successUrl).toBe("http://localhost:8080/thanks");
    expect(test.mode).toBe("test");
  });

  it("refuses return URLs that are relative, not http(s), with credentials or too long", () => {
    expect(returnUrlProblem("/thanks", "test")).toMatch(/full address/);
    expect(returnUrlProblem("javascript:alert(1)", "test")).toMatch(/full address/);
    expect(returnUrlProblem("https://user:pw@shop.example/", "live")).toMatch(/user name/);
    expect(returnUrlProblem(`https://shop.example/${"a".repeat(2_000)}`, "live")).toMatch(
      /at most 2,000/,
    );
    expect(returnUrlProblem("https://shop.example.co.ke/thanks?o=1", "live")).toBeNull();
  });

  it("the form refuses a fixed amount outside the limits or with decimals, and a long title", () => {
    const parse = (fields: Record<string, string>) =>
      paymentLinkSchema("live").safeParse({ title: "Beans", ...fields });
    expect(parse({ amountKes: "499" }).error?.issues[0]?.message).toBe(
      "The minimum payment is KES 500.",
    );
    expect(parse({ amountKes: "5000001" }).error?.issues[0]?.message).toBe(
      "The maximum payment is KES 5,000,000.",
    );
    expect(parse({ amountKes: "1500.50" }).success).toBe(false);
    expect(parse({ title: "x".repeat(81) }).success).toBe(false);
    expect(parse({ amountKes: "", asset: "", successUrl: "" }).data).toMatchObject({
      title: "Beans",
      amountKes: undefined,
      asset: undefined,
      successUrl: undefined,
    });
  });

  it("deactivates and activates only within the merchant and mode", async () => {
    const link = await newLink();
    expect(
      await setPaymentLinkActive(
        store,
        { merchantId: OTHER, mode: "live", actorId: "x" },
        link.id,
        false,
      ),
    ).toBe(false);
    expect(
      await setPaymentLinkActive(
        store,
        { merchantId: SHOP, mode: "test", actorId: "x" },
        link.id,
        false,
      ),
    ).toBe(false);
    expect(
      await setPaymentLinkActive(
        store,
        { merchantId: SHOP, mode: "live", actorId: "x" },
        link.id,
        false,
      ),
    ).toBe(true);
    expect(db.select().from(paymentLinks).where(eq(paymentLinks.id, link.id)).get()?.active).toBe(
      false,
    );
    expect(
      await setPaymentLinkActive(
        store,
        { merchantId: SHOP, mode: "live", actorId: "x" },
        link.id,
        true,
      ),
    ).toBe(true);
  });
});

describe("opening a payment from a link", () => {
  it("creates a fresh payment per visitor with the link's actor, mode and return URLs", async () => {
    const link = await newLink(
      { cancelUrl: "http://127.0.0.1:9/cancel", successUrl: "http://127.0.0.1:9/ok" },
      { ...live, mode: "test" },
    );
    const first = await openPaymentFromLink(store, service(), {
      linkId: link.id,
      amountKes: 2_500,
      asset: "USDT",
    });
    const second = await openPaymentFromLink(store, service(), {
      linkId: link.id,
      amountKes: 700,
      asset: "BTC",
    });
    expect(first.id).not.toBe(second.id);
    expect(first.depositAddress).not.toBe(second.depositAddress);
    const stored = db.select().from(payments).where(eq(payments.id, first.id)).get()!;
    expect(stored).toMatchObject({
      merchantId: SHOP,
      mode: "test",
      paymentLinkId: link.id,
      amountKesCents: 250_000n,
      asset: "USDT",
      reference: `link ${link.id}`,
      description: "House blend 1 kg",
      successUrl: "http://127.0.0.1:9/ok",
      cancelUrl: "http://127.0.0.1:9/cancel",
      status: "awaiting_payment",
    });
  });

  it("uses the link's fixed amount and asset whatever the visitor sends", async () => {
    const link = await newLink({ amountKes: 1_200, asset: "USDC" });
    const payment = await openPaymentFromLink(store, service(), {
      linkId: link.id,
      amountKes: 999_999,
      asset: "BTC",
    });
    expect(payment).toMatchObject({ amountKesCents: 120_000n, asset: "USDC", mode: "live" });
  });

  it.each([
    ["a float", 1500.5, "Enter a whole number of shillings, without commas or decimals"],
    ["a negative amount", -600, "Enter a whole number of shillings, without commas or decimals"],
    ["an amount below the minimum", 499, "The minimum payment is KES 500."],
    ["an amount above the maximum", 5_000_001, "The maximum payment is KES 5,000,000."],
    ["no amount", undefined, "Enter the amount in KES"],
  ])("refuses %s, and creates nothing", async (_what, amountKes, message) => {
    const link = await newLink();
    const error = await refusal(() =>
      openPaymentFromLink(store, service(), { linkId: link.id, amountKes, asset: "USDT" }),
    );
    expect(error).toBeInstanceOf(PaymentLinkError);
    expect(error).toMatchObject({ code: "invalid_amount", field: "amountKes", message });
    expect(db.select().from(payments).where(eq(payments.paymentLinkId, link.id)).all()).toEqual([]);
  });

  it("refuses an asset that is not offered", async () => {
    const link = await newLink();
    const error = await refusal(() =>
      openPaymentFromLink(store, service(), { linkId: link.id, amountKes: 800, asset: "DOGE" }),
    );
    expect(error).toMatchObject({ code: "invalid_asset", field: "asset" });
  });

  it("does not find an unknown, malformed or inactive link", async () => {
    const inactive = await newLink();
    await setPaymentLinkActive(store, { ...live, actorId: "x" }, inactive.id, false);
    for (const linkId of ["lnk_zzzzzzzzzzzz", "../etc", inactive.id]) {
      const error = await refusal(() =>
        openPaymentFromLink(store, service(), { linkId, amountKes: 800, asset: "USDT" }),
      );
      expect(error).toMatchObject({
        code: "not_found",
        message: "This payment link does not exist or is no longer active.",
      });
    }
  });

  it("passes the payments service's own refusals on (no live rate)", async () => {
    const link = await newLink();
    const noRates = createPaymentsService({
      store,
      config: testConfig,
      deps: h.runtime,
      rates: {
        read: () => liveRates(h.clock.now, {}, "stale"),
        liveRate: () => null,
        sync: async () => {},
      },
      now: () => h.clock.now,
    });
    const error = await refusal(() =>
      openPaymentFromLink(store, noRates, { linkId: link.id, amountKes: 800, asset: "ETH" }),
    );
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as PaymentError).code).toBe("rate_unavailable");
  });
});
