/**
 * Refunds through the API over real HTTP (issue 15, item 5), against the custody simulator: a full
 * refund at the locked rate gives back exactly the crypto paid, a partial one at today's rate, the
 * refusals (more than the payment, more than the balance, a bad address, bad fields) moving
 * nothing, two refunds racing, idempotent replays (also once the Idempotency-Key's record is
 * gone), the key's mode and scopes, reading and listing, and custody's outcome (completed or
 * blocked) reaching the refund, the balance and the `refund.*` webhook events.
 */
import { eq } from "drizzle-orm";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { idempotencyKeys, refunds } from "../../drizzle/schema";
import { createPayment } from "~/core/payments/payments.server";
import { startMpesaCollection } from "~/core/payments/mpesa-collections.server";
import { formatCryptoUnits } from "~/core/payments/quote";
import { railChargeCents } from "~/core/rails/charges";
import { expectApiError, expectOk, setUpApi } from "../../tests/support/api-server";
import {
  confirmedPayment,
  creditAvailable,
  liveRates,
  testConfig,
} from "../../tests/setup/payments";
import { installStk } from "../../tests/setup/stk";
import { refundSchema } from "./endpoints/refunds.server";
import { testStore } from "../../tests/setup/db";

const FULL = "MRC-RFDA22";
const PART = "MRC-RFDB22";
const BIG = "MRC-RFDC22";
const RACE = "MRC-RFDD22";
const POOR = "MRC-RFDE22";
const CHECKS = "MRC-RFDF22";
const MODES = "MRC-RFDG22";
const IDEM = "MRC-RFDH22";
const FAIL = "MRC-RFDJ22";
const MPESA = "MRC-RFDK22";
const f = setUpApi([FULL, PART, BIG, RACE, POOR, CHECKS, MODES, IDEM, FAIL, MPESA]);

/** A customer's address on Ethereum (where the harness's USDT payments are). */
const CUSTOMER = "0x8ba1f109551bd432803012645ac136ddd64dba72";

let closeStk: () => Promise<void>;
beforeAll(async () => {
  closeStk = await installStk(f.db, f.h);
});
afterAll(() => closeStk());

const refund = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  f.call("POST", "/api/v1/refunds", { key, body, headers });

async function available(key: string): Promise<number> {
  return (expectOk(await f.call("GET", "/api/v1/balances", { key })) as { available: number })
    .available;
}

const refundRows = (merchantId: string) =>
  f.db.select().from(refunds).where(eq(refunds.merchantId, merchantId)).all();

const rowOf = (id: string) => f.db.select().from(refunds).where(eq(refunds.id, id)).get()!;

/** A test USDT payment of `amountKes`, paid and confirmed, and a test key of its merchant. */
async function paidInTest(merchantId: string, amountKes = 1_000) {
  const { payment } = await confirmedPayment(f.db, f.h, {
    merchantId,
    amountKes,
    mode: "test",
    network: "ethereum",
  });
  return { payment, key: f.newKey(merchantId, "test").secret };
}

/** The answer parses strictly with the documented schema (no field sent but undocumented). */
function expectDocumented(value: unknown) {
  expect(refundSchema.safeParse(value).error?.issues ?? []).toEqual([]);
}

async function eventsOf(key: string, type: string) {
  const page = expectOk(await f.call("GET", `/api/v1/events?type=${type}&limit=100`, { key }));
  return page.data as { type: string; data: { object: { id: string; status: string } } }[];
}

describe("refunding a crypto payment", () => {
  it("in full at the locked rate: the crypto paid goes back; custody completes it; succeeded", async () => {
    const { payment, key } = await paidInTest(FULL);
    await creditAvailable(f.db, FULL, 1_000, "test");
    const before = await available(key);

    const created = expectOk(
      await refund(
        key,
        { payment_id: payment.id, address: CUSTOMER, reason: "Order cancelled" },
        { "Idempotency-Key": "full-1" },
      ),
      201,
    );
    expectDocumented(created);
    const fee = f.h.custodySim.networkFee(payment.custodyAssetId!);
    expect(created).toMatchObject({
      object: "refund",
      livemode: false,
      payment_id: payment.id,
      method: "crypto",
      source: "balance",
      amount: 100_000,
      amount_decimal: "1000.00",
      currency: "KES",
      rail_charge: 0,
      asset: "USDT",
      crypto_amount: formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
      rate_choice: "locked",
      rate: payment.quoteRate,
      network_fee: fee.networkFee,
      network_fee_asset: fee.feeAsset,
      destination: CUSTOMER,
      reason: "Order cancelled",
      tx_hash: null,
      completed_at: null,
    });
    expect(created.id).toMatch(/^rfd_[a-z0-9]{16}$/);
    // Handed to custody at once; the money left the available balance.
    expect(created.status).toBe("sent");
    expect(await available(key)).toBe(before - 100_000);
    // Made through a key, so its member's (the owner's), with the key kept for the audit.
    expect(rowOf(created.id)).toMatchObject({
      createdBy: f.owners[payment.merchantId],
      createdWithKey: expect.stringMatching(/^key_/),
    });

    // Custody sends exactly that to the customer's address, under the refund's id.
    const custodyTxId = rowOf(created.id).custodyTxId!;
    expect(f.h.custodySim.transaction(custodyTxId)).toMatchObject({
      destinationAddress: CUSTOMER,
      amountInfo: { amount: created.crypto_amount },
      externalTxId: created.id,
    });
    const [made] = await eventsOf(key, "refund.created");
    expect(made!.data.object).toMatchObject({ id: created.id, status: "pending" });

    await f.h.custodySim.completeTransfer(custodyTxId);
    const done = expectOk(await f.call("GET", `/api/v1/refunds/${created.id}`, { key }));
    expectDocumented(done);
    expect(done).toMatchObject({
      id: created.id,
      status: "succeeded",
      tx_hash: f.h.custodySim.transaction(custodyTxId)!.txHash,
      completed_at: new Date(f.h.clock.now).toISOString(),
    });
    expect(done.tx_hash).toBeTruthy();
    const succeeded = await eventsOf(key, "refund.succeeded");
    expect(succeeded.map((event) => event.data.object)).toEqual([
      expect.objectContaining({ id: created.id, status: "succeeded" }),
    ]);
    expect(await available(key)).toBe(before - 100_000);

    // Nothing is left to refund.
    expectApiError(await refund(key, { payment_id: payment.id, address: CUSTOMER }), {
      status: 422,
      type: "invalid_request_error",
      code: "amount_too_large",
      param: "amount",
    });
  });

  it("in part at today's rate: today's value of the amount, in the coin", async () => {
    const { payment, key } = await paidInTest(PART);
    const before = await available(key);
    const created = expectOk(
      await refund(key, {
        payment_id: payment.id,
        amount: 50_000,
        rate: "current",
        address: CUSTOMER,
      }),
      201,
    );
    expectDocumented(created);
    // KES 500 at today's 129.2 KES/USDT: 3.869969 USDT (rounded down), not the locked rate's.
    expect(created).toMatchObject({
      amount: 50_000,
      rate_choice: "current",
      rate: "129.2",
      crypto_amount: "3.869969",
      status: "sent",
    });
    expect(payment.quoteRate).not.toBe("129.2");
    expect(await available(key)).toBe(before - 50_000);
    await f.h.custodySim.completeTransfer(rowOf(created.id).custodyTxId!);
    expect(expectOk(await f.call("GET", `/api/v1/refunds/${created.id}`, { key })).status).toBe(
      "succeeded",
    );
  });

  it("larger than the payment: 409 and nothing moves", async () => {
    const { payment, key } = await paidInTest(BIG);
    await creditAvailable(f.db, BIG, 5_000, "test");
    const before = await available(key);
    expectApiError(
      await refund(key, { payment_id: payment.id, amount: 100_100, address: CUSTOMER }),
      { status: 422, type: "invalid_request_error", code: "amount_too_large", param: "amount" },
    );
    expect(await available(key)).toBe(before);
    expect(refundRows(BIG)).toEqual([]);
    expect(await eventsOf(key, "refund.created")).toEqual([]);
  });

  it("two refunds racing whose sum exceeds the payment: exactly one is made", async () => {
    const { payment, key } = await paidInTest(RACE);
    await creditAvailable(f.db, RACE, 5_000, "test");
    const before = await available(key);
    const body = { payment_id: payment.id, amount: 60_000, address: CUSTOMER };
    const answers = await Promise.all([
      refund(key, body, { "Idempotency-Key": "race-1" }),
      refund(key, body, { "Idempotency-Key": "race-2" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const refused = answers.find((answer) => answer.status === 422)!;
    expectApiError(refused, {
      status: 422,
      type: "invalid_request_error",
      code: "amount_too_large",
      param: "amount",
    });
    expect(refundRows(RACE)).toHaveLength(1);
    expect(await available(key)).toBe(before - 60_000);
  });

  it("more than the available balance: 409 insufficient_balance, nothing moves", async () => {
    // KES 1,000 paid, KES 989 available after our 1% fee and its 10% excise duty.
    const { payment, key } = await paidInTest(POOR);
    const before = await available(key);
    expect(before).toBe(98_900);
    expectApiError(
      await refund(key, { payment_id: payment.id, amount: before + 1, address: CUSTOMER }),
      { status: 409, type: "conflict_error", code: "insufficient_balance", param: "amount" },
    );
    expect(await available(key)).toBe(before);
    expect(refundRows(POOR)).toEqual([]);
  });

  it("custody blocks the transfer: failed, the money back in the balance, refund.failed", async () => {
    const { payment, key } = await paidInTest(FAIL);
    const blocked = "0x00000000219ab540356cbb839cbe05303d7705fa";
    f.h.custodySim.failTransfersTo(blocked, "BLOCKED_BY_POLICY");
    try {
      const before = await available(key);
      const created = expectOk(
        await refund(key, { payment_id: payment.id, amount: 20_000, address: blocked }),
        201,
      );
      // Custody refuses on its own lane, which may already have answered: the balance is only
      // asserted once its answer is in (the money out while a refund is sent: the tests above).
      await f.h.custodySim.flushWebhooks();
      const failed = expectOk(await f.call("GET", `/api/v1/refunds/${created.id}`, { key }));
      expect(failed).toMatchObject({ status: "failed", tx_hash: null });
      expect(failed.failure_reason).toMatch(/blocked/i);
      expect(await available(key)).toBe(before);
      const events = await eventsOf(key, "refund.failed");
      expect(events.map((event) => event.data.object)).toEqual([
        expect.objectContaining({ id: created.id, status: "failed" }),
      ]);
      // A failed refund counts for nothing: the whole payment can still be refunded.
      expect(
        expectOk(
          await refund(key, { payment_id: payment.id, amount: 20_000, address: CUSTOMER }),
          201,
        ).status,
      ).toBe("sent");
    } finally {
      f.h.custodySim.failTransfersTo(blocked, null);
    }
  });
});

describe("what a refund request must be", () => {
  it("an address that is not on the payment's network: 400 naming address, nothing moves", async () => {
    const { payment, key } = await paidInTest(CHECKS);
    await creditAvailable(f.db, CHECKS, 1_000, "test");
    const before = await available(key);
    for (const address of ["bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "0x1234", "   "])
      expectApiError(await refund(key, { payment_id: payment.id, amount: 10_000, address }), {
        status: 400,
        type: "invalid_request_error",
        code: address.trim() ? "invalid_destination" : "parameter_invalid",
        param: "address",
      });
    expectApiError(await refund(key, { payment_id: payment.id, amount: 10_000 }), {
      status: 400,
      type: "invalid_request_error",
      code: "invalid_destination",
      param: "address",
    });
    expect(await available(key)).toBe(before);
    expect(refundRows(CHECKS)).toEqual([]);
  });

  it("refuses unknown and malformed fields, held with an amount, and a body over 4 KB", async () => {
    const { payment, key } = await paidInTest(CHECKS);
    const base = { payment_id: payment.id, address: CUSTOMER };
    const cases: [unknown, string, string][] = [
      [{ ...base, amount: 100, tip: 1 }, "parameter_unknown", "tip"],
      [{ ...base, amount: "1000" }, "parameter_invalid", "amount"],
      [{ ...base, amount: 10.5 }, "parameter_invalid", "amount"],
      [{ ...base, amount: 0 }, "parameter_invalid", "amount"],
      [{ ...base, rate: "yesterday" }, "parameter_invalid", "rate"],
      [{ ...base, source: "card" }, "parameter_invalid", "source"],
      [{ ...base, reason: "x".repeat(201) }, "parameter_invalid", "reason"],
      [{ address: CUSTOMER }, "parameter_missing", "payment_id"],
      [{ ...base, payment_id: "pay_1" }, "parameter_invalid", "payment_id"],
      [{ ...base, source: "held", amount: 100 }, "parameter_invalid", "amount"],
      [{ ...base, source: "held", rate: "locked" }, "parameter_invalid", "rate"],
    ];
    for (const [body, code, param] of cases)
      expectApiError(await refund(key, body), {
        status: 400,
        type: "invalid_request_error",
        code,
        param,
      });
    // Nothing is held for this customer (the payment was paid exactly).
    expectApiError(await refund(key, { ...base, source: "held" }), {
      status: 409,
      type: "conflict_error",
      code: "nothing_held",
    });
    // The body limit comes before reading it (a long reason would otherwise be a 400).
    const big = await refund(key, { ...base, amount: 100, reason: "x".repeat(5_000) });
    expectApiError(big, { status: 413, type: "invalid_request_error", code: "body_too_large" });
    expect(refundRows(CHECKS)).toEqual([]);
  });

  it("needs refunds:write to refund and payments:read to read", async () => {
    const { payment } = await paidInTest(CHECKS);
    const reader = f.newKey(CHECKS, "test", { scopes: ["payments:read"] }).secret;
    expectApiError(await refund(reader, { payment_id: payment.id, address: CUSTOMER }), {
      status: 403,
      type: "permission_error",
      code: "missing_scope",
    });
    expectOk(await f.call("GET", `/api/v1/refunds?payment_id=${payment.id}`, { key: reader }));
    const writer = f.newKey(CHECKS, "test", { scopes: ["refunds:write"] }).secret;
    expectApiError(
      await f.call("GET", `/api/v1/refunds?payment_id=${payment.id}`, { key: writer }),
      { status: 403, type: "permission_error", code: "missing_scope" },
    );
    expectApiError(await f.call("GET", "/api/v1/refunds", { key: reader }), {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_missing",
      param: "payment_id",
    });
  });
});

describe("whose refunds a key sees", () => {
  it("a test key cannot refund, list or read a live payment's refunds (404)", async () => {
    const { payment } = await confirmedPayment(f.db, f.h, {
      merchantId: MODES,
      amountKes: 1_000,
      network: "ethereum",
    });
    const live = f.newKey(MODES, "live").secret;
    const test = f.newKey(MODES, "test").secret;
    const made = expectOk(
      await refund(live, { payment_id: payment.id, amount: 10_000, address: CUSTOMER }),
      201,
    );
    expect(made.livemode).toBe(true);

    expectApiError(await refund(test, { payment_id: payment.id, address: CUSTOMER }), {
      status: 404,
      type: "not_found_error",
      code: "resource_missing",
      param: "payment_id",
    });
    expectApiError(await f.call("GET", `/api/v1/refunds?payment_id=${payment.id}`, { key: test }), {
      status: 404,
      type: "not_found_error",
      code: "resource_missing",
      param: "payment_id",
    });
    expectApiError(await f.call("GET", `/api/v1/refunds/${made.id}`, { key: test }), {
      status: 404,
      type: "not_found_error",
      code: "resource_missing",
      param: "id",
    });
    // Another merchant's key: not found either.
    const other = f.newKey(CHECKS, "live").secret;
    expectApiError(await f.call("GET", `/api/v1/refunds/${made.id}`, { key: other }), {
      status: 404,
      type: "not_found_error",
      code: "resource_missing",
      param: "id",
    });
    expect(refundRows(MODES)).toHaveLength(1);
    // The live key reads it.
    expect(expectOk(await f.call("GET", `/api/v1/refunds/${made.id}`, { key: live })).id).toBe(
      made.id,
    );
  });
});

describe("idempotency and reading", () => {
  it("the same Idempotency-Key makes one refund, also once its record is gone", async () => {
    const { payment, key } = await paidInTest(IDEM);
    await creditAvailable(f.db, IDEM, 1_000, "test");
    const before = await available(key);
    const body = { payment_id: payment.id, address: CUSTOMER };
    const first = expectOk(await refund(key, body, { "Idempotency-Key": "refund-A-1" }), 201);
    const again = await refund(key, body, { "Idempotency-Key": "refund-A-1" });
    expect(expectOk(again, 201)).toEqual(first);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expectApiError(
      await refund(key, { ...body, amount: 100 }, { "Idempotency-Key": "refund-A-1" }),
      { status: 422, type: "idempotency_error", code: "idempotency_key_reused" },
    );

    // After 24 hours the record is dropped: a retry still answers the refund it made.
    f.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, "refund-A-1")).run();
    const late = await refund(key, body, { "Idempotency-Key": "refund-A-1" });
    expect(expectOk(late, 201).id).toBe(first.id);
    expect(late.headers.get("idempotent-replayed")).toBeNull();
    expect(refundRows(IDEM)).toHaveLength(1);
    expect(await available(key)).toBe(before - 100_000);
  });

  it("reads one refund and lists a payment's refunds, newest first", async () => {
    const { payment, key } = await paidInTest(IDEM);
    const first = expectOk(
      await refund(key, { payment_id: payment.id, amount: 10_000, address: CUSTOMER }),
      201,
    );
    f.h.clock.now += 60_000;
    const second = expectOk(
      await refund(key, {
        payment_id: payment.id,
        amount: 20_000,
        rate: "current",
        address: CUSTOMER,
      }),
      201,
    );
    const list = expectOk(await f.call("GET", `/api/v1/refunds?payment_id=${payment.id}`, { key }));
    expect(list).toMatchObject({ object: "list", has_more: false, next_starting_after: null });
    expect(list.data.map((each: { id: string }) => each.id)).toEqual([second.id, first.id]);
    for (const each of list.data) expectDocumented(each);
    const one = expectOk(await f.call("GET", `/api/v1/refunds/${first.id}`, { key }));
    expect(one).toEqual(list.data[1]);
    expect(one).toMatchObject({ amount: 10_000, rate_choice: "locked" });
    expectApiError(await f.call("GET", "/api/v1/refunds/rfd_nosuchrefund0000", { key }), {
      status: 404,
      type: "not_found_error",
      code: "resource_missing",
      param: "id",
    });
    // A payment without refunds lists none.
    const { payment: untouched } = await paidInTest(IDEM);
    expect(
      expectOk(await f.call("GET", `/api/v1/refunds?payment_id=${untouched.id}`, { key })).data,
    ).toEqual([]);
  });
});

describe("refunding an M-Pesa Express payment", () => {
  it("pays the payer's phone back by B2C, M-Pesa's charge added; no address or rate taken", async () => {
    const payment = await createPayment(
      testStore(f.db),
      {
        custody: f.h.runtime.custody,
        rates: liveRates(f.h.clock.now),
        config: testConfig,
        now: f.h.clock.now,
      },
      { merchantId: MPESA, amountKes: 1_000, asset: "USDT", reference: "STK-1", mode: "test" },
    );
    const started = await startMpesaCollection(testStore(f.db), f.h.runtime.stk, {
      paymentId: payment.id,
      phone: "0712 345 678",
      now: () => f.h.clock.now,
    });
    expect(started.ok).toBe(true);
    await f.h.darajaSim.flush();
    const key = f.newKey(MPESA, "test").secret;
    await creditAvailable(f.db, MPESA, 1_000, "test");
    const before = await available(key);

    expectApiError(await refund(key, { payment_id: payment.id, address: CUSTOMER }), {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "address",
    });
    expectApiError(await refund(key, { payment_id: payment.id, amount: 10_050 }), {
      status: 400,
      type: "invalid_request_error",
      code: "invalid_amount",
      param: "amount",
    });
    const created = expectOk(await refund(key, { payment_id: payment.id, amount: 40_000 }), 201);
    expectDocumented(created);
    const charge = railChargeCents("mpesa", 40_000n);
    expect(created).toMatchObject({
      method: "mpesa",
      amount: 40_000,
      rail_charge: Number(charge),
      destination: "+254712345678",
      asset: null,
      crypto_amount: null,
      rate_choice: null,
    });
    expect(charge).toBeGreaterThan(0n);
    expect(await available(key)).toBe(before - 40_000 - Number(charge));

    await f.h.darajaSim.flush();
    const paid = expectOk(await f.call("GET", `/api/v1/refunds/${created.id}`, { key }));
    expect(paid.status).toBe("succeeded");
    expect(paid.receipt).toMatch(/^[A-Z0-9]{10}$/);
  });
});
