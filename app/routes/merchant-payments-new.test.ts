/**
 * "Create Payment" through the route's action with real form posts (issue 10, item 2): twelve
 * concurrent posts of KES 1,000,000 against the KES 10,000,000 daily cap create exactly ten
 * payments; the other two answer 400 with the daily-limit message.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { merchantUsers, paymentEvents, payments } from "../../drizzle/schema";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant, setUpPaymentsHarness } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action } from "./merchant.payments.new";
import { storeLiveRates } from "../../tests/setup/rates";

const { db, close } = installTestDatabase();
// The payments runtime the route uses, on the custody and M-Pesa simulators.
setUpPaymentsHarness({ db, close }, { install: true });

const MERCHANT = "MRC-LIMT22";
addMerchant(db, MERCHANT);

async function merchantCookie(merchantId = MERCHANT) {
  const id = `mu_${Math.random().toString(36).slice(2)}`;
  db.insert(merchantUsers)
    .values({ id, merchantId, username: id, role: "owner", createdAt: Date.now() })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

describe("Create Payment under concurrency", () => {
  it("twelve concurrent posts of KES 1,000,000: ten payments, two refused with the daily limit", async () => {
    await storeLiveRates(db);
    const cookie = await merchantCookie();
    const post = (n: number) =>
      respond(() =>
        action({
          request: formPost(
            "/merchant/payments/new",
            { intent: "create", amountKes: "1000000", asset: "USDT", reference: `ORDER-${n}` },
            { cookie },
          ),
          params: {},
          context: {},
        }),
      );
    const responses = await Promise.all(Array.from({ length: 12 }, (_, n) => post(n)));
    const created = responses.filter(
      (r) =>
        r.status === 302 && /^\/merchant\/payments\/pay_/.test(r.headers.get("Location") ?? ""),
    );
    // A refusal of the amount is 422, as in the API (app/utils/domain-errors.server.ts).
    const refused = responses.filter((r) => r.status === 422);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(2);
    for (const response of refused) {
      expect((await toastOf(response))?.description).toBe(
        "This payment would take you over your daily limit of KES 10,000,000.",
      );
    }
    const stored = db.select().from(payments).where(eq(payments.merchantId, MERCHANT)).all();
    expect(stored).toHaveLength(10);
    expect(stored.reduce((sum, p) => sum + p.amountKesCents, 0n)).toBe(1_000_000_000n);
  });
});

const post = (cookie: string, fields: Record<string, string>) =>
  respond(() =>
    action({
      request: formPost("/merchant/payments/new", fields, { cookie }),
      params: {},
      context: {},
    }),
  );

describe("Create Payment on a network (ADR 0031)", () => {
  const SHOP = "MRC-NETW22";
  addMerchant(db, SHOP);

  it("the review states the network; a fixed network is the payment's; none leaves the choice", async () => {
    await storeLiveRates(db);
    const cookie = await merchantCookie(SHOP);
    const order = { amountKes: "5000", reference: "NET-1" };
    const review = await post(cookie, { ...order, intent: "review", asset: "USDT" });
    expect(review.status).toBe(200);
    expect(((await review.json()) as { preview: { network: string } }).preview.network).toBe(
      "Tron (TRC-20), or another the customer chooses at checkout (Tron (TRC-20) or Ethereum (ERC-20))",
    );
    // Fixed on Ethereum, not the default network: the payment is on the merchant's choice.
    const fixedReview = await post(cookie, {
      ...order,
      intent: "review",
      asset: "USDT",
      network: "ethereum",
    });
    expect(((await fixedReview.json()) as { preview: { network: string } }).preview.network).toBe(
      "Ethereum (ERC-20)",
    );
    const created = await post(cookie, {
      ...order,
      intent: "create",
      asset: "USDT",
      network: "ethereum",
    });
    expect(created.status).toBe(302);
    const id = created.headers.get("Location")!.split("/").at(-1)!;
    expect(db.select().from(payments).where(eq(payments.id, id)).get()?.network).toBe("ethereum");
  });

  it("refuses a network the asset is not on, at the network field, creating nothing", async () => {
    const cookie = await merchantCookie(SHOP);
    const before = db.select().from(payments).where(eq(payments.merchantId, SHOP)).all().length;
    const answer = await post(cookie, {
      amountKes: "5000",
      reference: "NET-2",
      intent: "create",
      asset: "USDC",
      network: "tron",
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { lastResult: { error: Record<string, string[]> } };
    expect(body.lastResult.error.network).toEqual([
      "USDC is paid on Ethereum (ERC-20) or Base: choose one of them, or let the customer choose",
    ]);
    expect(db.select().from(payments).where(eq(payments.merchantId, SHOP)).all()).toHaveLength(
      before,
    );
  });
});

describe("Create Payment in KES only: the customer chooses the coin (issue 30, item 3)", () => {
  const SHOP = "MRC-KESN22";
  addMerchant(db, SHOP);

  it("reviews and creates a payment that opens in USDT on Tron with the coin left to the customer", async () => {
    await storeLiveRates(db);
    const cookie = await merchantCookie(SHOP);
    const order = { amountKes: "2600", reference: "KES-1", asset: "any" };
    const review = await post(cookie, { ...order, intent: "review" });
    expect(review.status).toBe(200);
    const { preview } = (await review.json()) as {
      preview: { network: string; customerChooses: boolean; asset: string };
    };
    expect(preview).toMatchObject({
      customerChooses: true,
      asset: "USDT",
      network:
        "The customer chooses the coin and network at checkout (it opens in USDT on Tron (TRC-20))",
    });
    const created = await post(cookie, { ...order, intent: "create" });
    expect(created.status).toBe(302);
    const id = created.headers.get("Location")!.split("/").at(-1)!;
    expect(db.select().from(payments).where(eq(payments.id, id)).get()).toMatchObject({
      asset: "USDT",
      network: "tron",
    });
    const quoted = db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, id), eq(paymentEvents.type, "quote_locked")))
      .get();
    expect(JSON.parse(quoted!.detail!)).toMatchObject({ coinFixed: false, networkFixed: false });
  });

  it("refuses a network with 'Customer chooses', at the network field", async () => {
    const cookie = await merchantCookie(SHOP);
    const answer = await post(cookie, {
      amountKes: "2600",
      reference: "KES-2",
      intent: "create",
      asset: "any",
      network: "tron",
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { lastResult: { error: Record<string, string[]> } };
    expect(body.lastResult.error.network).toEqual([
      "Leave the network empty when the customer chooses the coin",
    ]);
  });
});
