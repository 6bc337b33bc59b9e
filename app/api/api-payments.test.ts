/**
 * The merchant API's endpoints as an integration sees them, through real HTTP (issue 13, items 2,
 * 5 and 7): create, read, list (pages and filters), cancel, events, balances, rates, the OpenAPI
 * document, and late and wrong payments driven through the custody simulator showing up as events.
 */
import { describe, expect, it } from "vitest";
import { expireOverduePayments } from "~/core/payments/payments.server";
import { formatCryptoUnits } from "~/core/payments/quote";
import { isEvmAddress, isTronAddress } from "~/core/networks/addresses";
import { expectApiError, expectOk, setUpApi, SITE_URL } from "../../tests/support/api-server";
import { testStore } from "../../tests/setup/db";

const SHOP = "MRC-APPA22";
const PAGES = "MRC-APPB22";
const LATE = "MRC-APPC22";
const f = setUpApi([SHOP, PAGES, LATE]);

const order = (overrides: Record<string, unknown> = {}) => ({
  amount: 250000,
  currency: "KES",
  asset: "USDT",
  reference: "A-1042",
  ...overrides,
});

/** Create a payment through the API; returns its JSON. */
async function create(key: string, overrides: Record<string, unknown> = {}) {
  return expectOk(await f.call("POST", "/api/v1/payments", { key, body: order(overrides) }), 201);
}

const iso = (epochMs: number) => new Date(epochMs).toISOString();

describe("payments on a chosen network (ADR 0031)", () => {
  it("creates USDT on Tron with a Tron address and USDC on Base, and states the network", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const tron = await create(secret, { network: "tron" });
    expect(tron).toMatchObject({ asset: "USDT", network: "tron", crypto_scale: 6 });
    expect(isTronAddress(tron.deposit_address)).toBe(true);
    const base = await create(secret, { asset: "USDC", network: "base" });
    expect(base).toMatchObject({ asset: "USDC", network: "base" });
    expect(isEvmAddress(base.deposit_address)).toBe(true);
    const read = expectOk(await f.call("GET", `/api/v1/payments/${tron.id}`, { key: secret }), 200);
    expect(read.network).toBe("tron");
    // Without `network`: the asset's default network (USDT's is Tron).
    expect((await create(secret, { asset: "USDT" })).network).toBe("tron");
    expect((await create(secret, { asset: "USDC" })).network).toBe("ethereum");
    expect((await create(secret, { asset: "BTC" })).network).toBe("bitcoin");
  });
});

describe("payments", () => {
  it("creates a payment: 201 with the payment object, then reads it back by id", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const created = await create(secret, {
      metadata: { order_id: "A-1042", channel: "web" },
      success_url: "https://shop.example.co.ke/thanks",
      customer_email: "wanjiru@example.co.ke",
    });
    const now = f.h.clock.now;
    expect(created).toMatchObject({
      object: "payment",
      livemode: false,
      status: "awaiting_payment",
      amount: 250000,
      amount_decimal: "2500.00",
      currency: "KES",
      asset: "USDT",
      network: "tron",
      crypto_received: 0,
      crypto_scale: 6,
      checkout_url: `${SITE_URL}/pay/${created.id}`,
      quote: {
        source: "coingecko",
        market_rate: "129.2",
        spread_bps: 50,
        locked_at: iso(now),
        expires_at: iso(now + 15 * 60_000),
      },
      reference: "A-1042",
      metadata: { order_id: "A-1042", channel: "web" },
      success_url: "https://shop.example.co.ke/thanks",
      cancel_url: null,
      customer_email: "wanjiru@example.co.ke",
      created_at: iso(now),
      canceled_at: null,
    });
    expect(created.id).toMatch(/^pay_[a-z0-9]{12}$/);
    expect(isTronAddress(created.deposit_address)).toBe(true);
    // An integer of base units (10^-6 USDT), the decimal string beside it, at the locked rate.
    expect(Number.isSafeInteger(created.crypto_amount)).toBe(true);
    expect(created.crypto_amount).toBeGreaterThan(0);
    expect(created.crypto_amount_decimal).toBe(
      formatCryptoUnits(BigInt(created.crypto_amount), "USDT"),
    );
    // KES per coin, the 0.5% spread taken off the market rate.
    expect(created.quote.rate).toBe("128.554");
    // 2,500 KES at the quote rate, rounded up to the base unit.
    expect(Math.abs(created.crypto_amount / 1e6 - 2500 / Number(created.quote.rate))).toBeLessThan(
      1e-5,
    );

    const read = expectOk(await f.call("GET", `/api/v1/payments/${created.id}`, { key: secret }));
    expect(read).toEqual(created);
  });

  it("lists newest first a page at a time, and filters by status and created time", async () => {
    const { secret } = f.newKey(PAGES, "test");
    const t0 = f.h.clock.now;
    const first = await create(secret, { reference: "P-1" });
    f.h.clock.now += 1_000;
    const second = await create(secret, { reference: "P-2" });
    f.h.clock.now += 1_000;
    const third = await create(secret, { reference: "P-3" });

    const page1 = expectOk(await f.call("GET", "/api/v1/payments?limit=2", { key: secret }));
    expect(page1.object).toBe("list");
    expect(page1.data.map((p: { id: string }) => p.id)).toEqual([third.id, second.id]);
    expect(page1.has_more).toBe(true);
    expect(page1.next_starting_after).toBe(second.id);
    expect(page1.data[0]).toEqual(third);

    const page2 = expectOk(
      await f.call("GET", `/api/v1/payments?limit=2&starting_after=${page1.next_starting_after}`, {
        key: secret,
      }),
    );
    expect(page2.data.map((p: { id: string }) => p.id)).toEqual([first.id]);
    expect(page2.has_more).toBe(false);
    expect(page2.next_starting_after).toBeNull();

    expectOk(await f.call("POST", `/api/v1/payments/${second.id}/cancel`, { key: secret }));
    const canceled = expectOk(
      await f.call("GET", "/api/v1/payments?status=canceled", { key: secret }),
    );
    expect(canceled.data.map((p: { id: string }) => p.id)).toEqual([second.id]);
    const waiting = expectOk(
      await f.call("GET", "/api/v1/payments?status=awaiting_payment", { key: secret }),
    );
    expect(waiting.data.map((p: { id: string }) => p.id)).toEqual([third.id, first.id]);

    const between = expectOk(
      await f.call(
        "GET",
        `/api/v1/payments?created_after=${iso(t0)}&created_before=${iso(t0 + 2_000)}`,
        { key: secret },
      ),
    );
    expect(between.data.map((p: { id: string }) => p.id)).toEqual([second.id]);
    const after = expectOk(
      await f.call("GET", `/api/v1/payments?created_after=${iso(t0)}`, { key: secret }),
    );
    expect(after.data.map((p: { id: string }) => p.id)).toEqual([third.id, second.id]);

    expectApiError(await f.call("GET", "/api/v1/payments?limit=101", { key: secret }), {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "limit",
    });
    expectApiError(
      await f.call("GET", "/api/v1/payments?created_after=yesterday", { key: secret }),
      {
        status: 400,
        type: "invalid_request_error",
        code: "parameter_invalid",
        param: "created_after",
      },
    );
  });

  it("cancels a payment awaiting the customer once; a second cancel is 409", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const payment = await create(secret);
    const canceled = expectOk(
      await f.call("POST", `/api/v1/payments/${payment.id}/cancel`, { key: secret }),
    );
    expect(canceled).toMatchObject({
      id: payment.id,
      status: "canceled",
      canceled_at: iso(f.h.clock.now),
    });
    const read = expectOk(await f.call("GET", `/api/v1/payments/${payment.id}`, { key: secret }));
    expect(read.status).toBe("canceled");

    expectApiError(await f.call("POST", `/api/v1/payments/${payment.id}/cancel`, { key: secret }), {
      status: 409,
      type: "conflict_error",
      code: "payment_not_cancelable",
    });
    expectApiError(
      await f.call("POST", "/api/v1/payments/pay_000000000000/cancel", { key: secret }),
      { status: 404, type: "not_found_error", code: "resource_missing", param: "id" },
    );
  });

  it("lists the payment's events (created, canceled) with the payment, and reads one by id", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const payment = await create(secret, { reference: "EV-1" });
    f.h.clock.now += 1_000;
    expectOk(await f.call("POST", `/api/v1/payments/${payment.id}/cancel`, { key: secret }));

    const list = expectOk(await f.call("GET", "/api/v1/events?limit=100", { key: secret }));
    const mine = list.data.filter(
      (event: { data: { object?: { id: string } } }) => event.data.object?.id === payment.id,
    );
    expect(mine.map((event: { type: string }) => event.type)).toEqual([
      "payment.canceled",
      "payment.created",
    ]);
    const [canceled, createdEvent] = mine;
    expect(createdEvent).toMatchObject({
      object: "event",
      api_version: "v1",
      livemode: false,
      data: { object: { id: payment.id, status: "awaiting_payment", amount: 250000 } },
    });
    expect(createdEvent.data.object.checkout_url).toBe(`${SITE_URL}/pay/${payment.id}`);
    expect(canceled.data.object).toMatchObject({ id: payment.id, status: "canceled" });
    expect(canceled.id).toMatch(/^evt_/);

    const one = expectOk(await f.call("GET", `/api/v1/events/${canceled.id}`, { key: secret }));
    expect(one).toEqual(canceled);
    const byType = expectOk(
      await f.call("GET", "/api/v1/events?type=payment.canceled&limit=100", { key: secret }),
    );
    expect(byType.data.every((event: { type: string }) => event.type === "payment.canceled")).toBe(
      true,
    );
    expect(byType.data.map((event: { id: string }) => event.id)).toContain(canceled.id);

    expectApiError(
      await f.call("GET", "/api/v1/events/evt_AAAAAAAAAAAAAAAAAAAAAA", { key: secret }),
      { status: 404, type: "not_found_error", code: "resource_missing", param: "id" },
    );
  });

  it("shows the balance in KES cents with decimals, per mode", async () => {
    const test = expectOk(
      await f.call("GET", "/api/v1/balances", { key: f.newKey(SHOP, "test").secret }),
    );
    expect(test).toEqual({
      object: "balance",
      livemode: false,
      currency: "KES",
      available: 0,
      available_decimal: "0.00",
      pending: 0,
      pending_decimal: "0.00",
      in_flight: 0,
      in_flight_decimal: "0.00",
    });
    const live = expectOk(
      await f.call("GET", "/api/v1/balances", { key: f.newKey(SHOP, "live").secret }),
    );
    expect(live).toMatchObject({ object: "balance", livemode: true, currency: "KES" });
    for (const name of ["available", "pending", "in_flight"]) {
      expect(Number.isSafeInteger(live[name])).toBe(true);
      expect(live[`${name}_decimal`]).toBe((live[name] / 100).toFixed(2));
    }
  });

  it("lists today's rates", async () => {
    const rates = expectOk(
      await f.call("GET", "/api/v1/rates", { key: f.newKey(SHOP, "test").secret }),
    );
    expect(rates.object).toBe("list");
    expect(rates.data.map((rate: { asset: string }) => rate.asset).sort()).toEqual([
      "BTC",
      "ETH",
      "USDC",
      "USDT",
    ]);
    expect(rates.data.find((rate: { asset: string }) => rate.asset === "USDT")).toEqual({
      asset: "USDT",
      rate: "129.2",
      kind: "live",
      source: "coingecko",
      as_of: iso(f.h.clock.now),
      spread_bps: 50,
    });
  });

  it("serves the OpenAPI 3.1 document without a key", async () => {
    const answer = await f.call("GET", "/api/v1/openapi.json");
    const document = expectOk(answer);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/payments", "/payments/{id}", "/payments/{id}/cancel", "/events"]),
    );
  });
});

describe("late and wrong payments are events with the amounts (issue 13, item 7)", () => {
  async function deposit(payment: { deposit_address: string }, amount: string) {
    const tx = await f.h.custodySim.sendPayment({ address: payment.deposit_address, amount });
    await f.h.custodySim.confirm(tx.id, 2);
  }

  async function eventFor(key: string, type: string, paymentId: string) {
    const list = expectOk(await f.call("GET", `/api/v1/events?type=${type}&limit=100`, { key }));
    const event = list.data.find(
      (item: { data: { object?: { id: string } } }) => item.data.object?.id === paymentId,
    );
    expect(event, `${type} for ${paymentId}`).toBeDefined();
    return event.data.object;
  }

  it("underpaid, overpaid and paid after expiry", async () => {
    const { secret } = f.newKey(LATE, "test");

    const under = await create(secret, { reference: "U-1" });
    await deposit(under, "1");
    expect(await eventFor(secret, "payment.underpaid", under.id)).toMatchObject({
      status: "underpaid",
      crypto_amount: under.crypto_amount,
      crypto_amount_decimal: under.crypto_amount_decimal,
      crypto_received: 1_000_000,
      crypto_received_decimal: "1",
    });

    const over = await create(secret, { reference: "O-1" });
    await deposit(over, "500");
    expect(await eventFor(secret, "payment.overpaid", over.id)).toMatchObject({
      status: "overpaid",
      crypto_amount: over.crypto_amount,
      crypto_received: 500_000_000,
      crypto_received_decimal: "500",
    });

    const late = await create(secret, { reference: "L-1" });
    f.h.clock.now += 16 * 60_000;
    await expireOverduePayments(testStore(f.db), f.h.clock.now);
    expect(await eventFor(secret, "payment.expired", late.id)).toMatchObject({
      status: "expired",
    });
    await deposit(late, late.crypto_amount_decimal);
    expect(await eventFor(secret, "payment.paid_after_expiry", late.id)).toMatchObject({
      status: "paid_after_expiry",
      crypto_amount: late.crypto_amount,
      crypto_received: late.crypto_amount,
      crypto_received_decimal: late.crypto_amount_decimal,
    });
    const read = expectOk(await f.call("GET", `/api/v1/payments/${late.id}`, { key: secret }));
    expect(read).toMatchObject({
      status: "paid_after_expiry",
      crypto_received: late.crypto_amount,
    });
  });
});
