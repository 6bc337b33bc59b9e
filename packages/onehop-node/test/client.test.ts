/**
 * The SDK against the real API (issue 32, item 4): the app's own handler on a local HTTP server
 * over a freshly migrated SQLite file, with test keys (tests/support/api-server.ts). Payments
 * created, read, listed (every page walked) and canceled; refusals as the right error class; a
 * POST whose answer is lost retried with the same Idempotency-Key, making one payment.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { setUpApi } from "../../../tests/support/api-server";
import {
  AuthenticationError,
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  OneHop,
  OneHopError,
  PermissionError,
  type components,
  type Payment,
} from "../src/index.js";

const SHOP = "MRC-SDKA32";
const PAGES = "MRC-SDKB32";
const RETRY = "MRC-SDKC32";
const f = setUpApi([SHOP, PAGES, RETRY]);

const client = (secret: string, config: ConstructorParameters<typeof OneHop>[1] = {}) =>
  new OneHop(secret, { baseUrl: `${f.api.url}/api/v1`, ...config });

const order = { amount: 250000, currency: "KES", asset: "USDT", reference: "A-1042" } as const;

describe("payments through the SDK", () => {
  it("creates, retrieves, lists and cancels a payment", async () => {
    const onehop = client(f.newKey(SHOP, "test").secret);
    const payment = await onehop.payments.create({ ...order, metadata: { order_id: "A-1042" } });
    expectTypeOf(payment).toEqualTypeOf<Payment>();
    expectTypeOf(payment).toEqualTypeOf<components["schemas"]["Payment"]>();
    expect(payment).toMatchObject({
      object: "payment",
      livemode: false,
      status: "awaiting_payment",
      amount: 250000,
      currency: "KES",
      asset: "USDT",
      reference: "A-1042",
      metadata: { order_id: "A-1042" },
    });
    expect(payment.id).toMatch(/^pay_[a-z0-9]{12}$/);

    expect(await onehop.payments.retrieve(payment.id)).toEqual(payment);

    const page = await onehop.payments.list({ limit: 10 });
    expect(page.object).toBe("list");
    expect(page.data.map((p) => p.id)).toContain(payment.id);

    // Not paid: no payouts yet.
    expect((await onehop.payments.listPayouts(payment.id)).data).toEqual([]);

    const canceled = await onehop.payments.cancel(payment.id);
    expect(canceled).toMatchObject({ id: payment.id, status: "canceled" });
    expect(canceled.canceled_at).not.toBeNull();
    expect((await onehop.payments.retrieve(payment.id)).status).toBe("canceled");

    // Canceling again is refused: 409, thrown as a ConflictError, not retried.
    const again = await onehop.payments.cancel(payment.id).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ConflictError);
    expect(again).toMatchObject({ status: 409, code: "payment_not_cancelable" });
  });

  it("walks every page with for await, and stops at the end", async () => {
    const onehop = client(f.newKey(PAGES, "test").secret);
    const made: string[] = [];
    for (let i = 1; i <= 5; i++) {
      made.push((await onehop.payments.create({ ...order, reference: `P-${i}` })).id);
      f.h.clock.now += 1_000;
    }
    const requests: string[] = [];
    const counting = client(f.newKey(PAGES, "test").secret, {
      fetch: (input, init) => {
        requests.push(String(input));
        return fetch(input, init);
      },
    });
    const seen: string[] = [];
    for await (const payment of counting.payments.list({ limit: 2 })) seen.push(payment.id);
    // Newest first, each once, in three requests (2 + 2 + 1), each after the last id it had.
    expect(seen).toEqual([...made].reverse());
    expect(requests).toHaveLength(3);
    expect(new URL(requests[1]!).searchParams.get("starting_after")).toBe(made[3]);
    expect(new URL(requests[2]!).searchParams.get("starting_after")).toBe(made[1]);

    // Awaited, a list is its first page; toArray stops at its limit.
    const first = await onehop.payments.list({ limit: 2 });
    expect(first.data.map((p) => p.id)).toEqual([made[4], made[3]]);
    expect(first.has_more).toBe(true);
    expect(first.next_starting_after).toBe(made[3]);
    const three = await onehop.payments.list({ limit: 2 }).toArray({ limit: 3 });
    expect(three.map((p) => p.id)).toEqual([made[4], made[3], made[2]]);
  });
});

describe("the other reads", () => {
  it("rates, the balance and settlement destinations", async () => {
    const onehop = client(f.newKey(SHOP, "test").secret);
    const rates = await onehop.rates.list();
    expect(rates.object).toBe("list");
    expect(rates.data.map((rate) => rate.asset)).toEqual(
      expect.arrayContaining(["BTC", "ETH", "USDT", "USDC"]),
    );
    expect(rates.data.find((rate) => rate.asset === "USDT")).toMatchObject({
      rate: "129.2",
      kind: "live",
      spread_bps: 50,
    });
    expect(await onehop.balances.retrieve()).toMatchObject({
      object: "balance",
      livemode: false,
      currency: "KES",
    });
    const destinations = await onehop.settlementDestinations.list();
    expect(destinations.object).toBe("list");
    expect(Array.isArray(destinations.data)).toBe(true);
  });
});

describe("errors", () => {
  it("a refusal is the class of its type, with its code, param and request id", async () => {
    const onehop = client(f.newKey(SHOP, "test").secret);

    const missing = await onehop.payments.retrieve("pay_000000000000").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toBeInstanceOf(OneHopError);
    expect(missing).toMatchObject({
      status: 404,
      type: "not_found_error",
      code: "resource_missing",
      param: "id",
      message: "No such payment: 'pay_000000000000'.",
    });
    const { requestId, headers } = missing as NotFoundError;
    expect(requestId).toMatch(/^req_[\w-]+$/);
    expect(headers?.get("request-id")).toBe(requestId);

    const invalid = await onehop.payments
      .create({ ...order, amount: 250050 })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid).toMatchObject({
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "amount",
    });

    const unknownKey = await client("oh_test_not_a_real_key_at_all_0000000000")
      .balances.retrieve()
      .catch((e: unknown) => e);
    expect(unknownKey).toBeInstanceOf(AuthenticationError);
    expect(unknownKey).toMatchObject({ status: 401, type: "authentication_error" });

    const readOnly = client(f.newKey(SHOP, "test", { scopes: ["payments:read"] }).secret);
    const scope = await readOnly.payments.create(order).catch((e: unknown) => e);
    expect(scope).toBeInstanceOf(PermissionError);
    expect(scope).toMatchObject({ status: 403, type: "permission_error" });
  });
});

describe("automatic idempotency keys", () => {
  it("a POST whose answer is lost is retried with the same key: one payment, not two", async () => {
    const { secret } = f.newKey(RETRY, "test");
    const sent: { method: string; key: string | null }[] = [];
    const onehop = client(secret, {
      // The first attempt reaches the server (which creates the payment), then the connection
      // drops before the answer arrives.
      async fetch(input, init) {
        const headers = new Headers(init?.headers);
        sent.push({ method: init?.method ?? "GET", key: headers.get("idempotency-key") });
        const response = await fetch(input, init);
        if (sent.length === 1) {
          await response.text();
          throw new TypeError("fetch failed: socket hang up");
        }
        return response;
      },
    });
    const payment = await onehop.payments.create({ ...order, reference: "RETRY-1" });
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
    expect(sent[1]!.key).toBe(sent[0]!.key);

    const all = await client(secret).payments.list({ limit: 100 }).toArray({ limit: 100 });
    expect(all.filter((p) => p.reference === "RETRY-1").map((p) => p.id)).toEqual([payment.id]);

    // Another call gets another key; a key of the caller's own is sent as given.
    await onehop.payments.create({ ...order, reference: "RETRY-2" });
    await onehop.payments.create(
      { ...order, reference: "RETRY-3" },
      { idempotencyKey: "order-RETRY-3" },
    );
    expect(sent.slice(2).map((s) => s.key)).toEqual([
      expect.not.stringMatching(sent[0]!.key!),
      "order-RETRY-3",
    ]);
    // GETs carry none.
    await onehop.payments.retrieve(payment.id);
    expect(sent.at(-1)).toEqual({ method: "GET", key: null });
  });
});
