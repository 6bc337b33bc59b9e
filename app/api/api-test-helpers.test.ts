/**
 * The test helpers over real HTTP (issue 32), on the custody and M-Pesa simulators: paying a test
 * payment in crypto (exact, short, over, unconfirmed) or with M-Pesa, the answer showing the status
 * our webhook handling gave it; funding the test balance so test refunds and payout batches have
 * money; failing the next test payout at the M-Pesa simulator, once; and the refusals (live keys,
 * unknown or paid payments, bad fields, no simulators here).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, refunds } from "../../drizzle/schema";
import { pumpDisbursements } from "~/core/disbursements/pump.server";
import { resolveException } from "~/core/payments/exceptions.server";
import { fundOpeningFloat } from "~/core/payments/tick.server";
import { createTestSimulation } from "~/wiring/test-simulation.server";
import { expectApiError, expectOk, setUpApi } from "../../tests/support/api-server";
import { testConfig } from "../../tests/setup/payments";
import { installStk } from "../../tests/setup/stk";
import { testStore } from "../../tests/setup/db";
import { testHelperExamples } from "~/content/docs/test-helpers";
import { paymentSchema, testFundBody, testPayBody } from "./schemas.server";
import { testPayoutFailureBody, testPayoutFailureSchema } from "./endpoints/test-helpers.server";

const PAY = "MRC-THPA22";
const FUND = "MRC-THPB22";
const FAIL = "MRC-THPC22";
const LIVE = "MRC-THPD22";
const f = setUpApi([PAY, FUND, FAIL, LIVE]);

/** A customer's address on Ethereum (where these USDT payments are). */
const CUSTOMER = "0x8ba1f109551bd432803012645ac136ddd64dba72";

let closeStk: () => Promise<void>;
beforeAll(async () => {
  closeStk = await installStk(f.db, f.h);
  const simulation = createTestSimulation({
    store: testStore(f.db),
    custody: f.h.custodySim,
    daraja: f.h.darajaSim,
  });
  f.deps.testSimulation = () => simulation;
  // The test book's M-Pesa float, as boot opens it in simulator mode (the harness opens the live
  // book's only).
  await fundOpeningFloat(testStore(f.db), 1_000_000, ["test"]);
});
afterAll(() => closeStk());

type Json = Record<string, unknown>;

/** A new test payment of KES 1,000 in USDT on Ethereum (awaiting payment). */
async function newPayment(key: string, body: Json = {}): Promise<Json> {
  return expectOk(
    await f.call("POST", "/api/v1/payments", {
      key,
      body: {
        amount: 100_000,
        currency: "KES",
        asset: "USDT",
        network: "ethereum",
        reference: "T-1",
        ...body,
      },
    }),
    201,
  );
}

const pay = (key: string, id: unknown, body?: unknown, headers: Record<string, string> = {}) =>
  f.call("POST", `/api/v1/test_helpers/payments/${String(id)}/pay`, { key, body, headers });

/** The answer is a documented payment, the same one GET /payments/{id} shows. */
async function expectPayment(key: string, answer: Json, status: string) {
  expect(paymentSchema.safeParse(answer).error?.issues ?? []).toEqual([]);
  expect(answer.status).toBe(status);
  const read = expectOk(await f.call("GET", `/api/v1/payments/${String(answer.id)}`, { key }));
  expect(read).toEqual(answer);
}

async function balance(key: string): Promise<Json> {
  return expectOk(await f.call("GET", "/api/v1/balances", { key }));
}

const fund = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  f.call("POST", "/api/v1/test_helpers/balance/fund", { key, body, headers });

const failNext = (key: string, body?: unknown) =>
  f.call("POST", "/api/v1/test_helpers/payouts/fail_next", { key, body });

describe("paying a test payment", () => {
  it("in crypto, the exact amount: the custody simulator's deposit confirms it", async () => {
    const key = f.newKey(PAY, "test").secret;
    const payment = await newPayment(key);
    const paid = expectOk(await pay(key, payment.id, {}));
    await expectPayment(key, paid, "confirmed");
    expect(paid).toMatchObject({ crypto_received_decimal: payment.crypto_amount_decimal });
    // Paid: it cannot be paid again.
    expectApiError(await pay(key, payment.id), {
      status: 409,
      type: "conflict_error",
      code: "payment_not_payable",
    });
  });

  it("once per Idempotency-Key: a retry replays the answer and pays nothing more", async () => {
    const key = f.newKey(PAY, "test").secret;
    const payment = await newPayment(key);
    const headers = { "Idempotency-Key": "pay-once" };
    const first = await pay(key, payment.id, { amount: "1" }, headers);
    const again = await pay(key, payment.id, { amount: "1" }, headers);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    const read = expectOk(await f.call("GET", `/api/v1/payments/${String(payment.id)}`, { key }));
    expect(read).toMatchObject({ status: "underpaid", crypto_received_decimal: "1" });
  });

  it("twice at once without a key: one pays, the other is 409; one deposit is sent", async () => {
    const key = f.newKey(PAY, "test").secret;
    const payment = await newPayment(key);
    const answers = await Promise.all([
      pay(key, payment.id, { amount: "1" }),
      pay(key, payment.id, { amount: "1" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expectApiError(
      answers.find((answer) => answer.status === 409)!,
      {
        status: 409,
        type: "conflict_error",
        code: "payment_not_payable",
      },
    );
    const read = expectOk(await f.call("GET", `/api/v1/payments/${String(payment.id)}`, { key }));
    expect(read).toMatchObject({ status: "underpaid", crypto_received_decimal: "1" });
  });

  it("with no body at all (the same as {})", async () => {
    const key = f.newKey(PAY, "test").secret;
    const payment = await newPayment(key);
    const answer = await f.call("POST", `/api/v1/test_helpers/payments/${String(payment.id)}/pay`, {
      key,
    });
    await expectPayment(key, expectOk(answer), "confirmed");
  });

  it("less than asked: underpaid", async () => {
    const key = f.newKey(PAY, "test").secret;
    const payment = await newPayment(key);
    await expectPayment(key, expectOk(await pay(key, payment.id, { amount: "1.5" })), "underpaid");
  });

  it("more than asked: overpaid; once accepted, the excess is refunded from what is held", async () => {
    const key = f.newKey(PAY, "test").secret;
    const payment = await newPayment(key);
    const more = (Number(payment.crypto_amount_decimal) + 2).toFixed(6);
    const paid = expectOk(await pay(key, payment.id, { amount: more }));
    await expectPayment(key, paid, "overpaid");
    // Nothing is held until an operator accepts the payment in the exceptions queue.
    expectApiError(
      await f.call("POST", "/api/v1/refunds", {
        key,
        body: { payment_id: payment.id, source: "held", address: CUSTOMER },
      }),
      { status: 409, type: "conflict_error", code: "nothing_held" },
    );
    await resolveException(testStore(f.db), {
      paymentId: payment.id as string,
      operatorId: "op_1",
      resolution: "accept",
      config: testConfig,
      now: f.h.clock.now,
    });
    const refund = expectOk(
      await f.call("POST", "/api/v1/refunds", {
        key,
        body: { payment_id: payment.id, source: "held", address: CUSTOMER },
      }),
      201,
    );
    expect(refund).toMatchObject({
      source: "held",
      asset: "USDT",
      crypto_amount: "2",
      status: "sent",
    });
  });

  it("with 0 confirmations: confirming", async () => {
    const key = f.newKey(PAY, "test").secret;
    const payment = await newPayment(key);
    await expectPayment(
      key,
      expectOk(await pay(key, payment.id, { confirmations: 0 })),
      "confirming",
    );
  });

  it("with M-Pesa: the simulator's customer pays the PIN prompt", async () => {
    const key = f.newKey(PAY, "test").secret;
    const payment = await newPayment(key);
    const paid = expectOk(await pay(key, payment.id, { method: "mpesa" }));
    await expectPayment(key, paid, "confirmed");
    expect(paid.paid_with).toBe("mpesa");
  });

  it("refuses bad fields, unknown payments and a live key", async () => {
    const key = f.newKey(PAY, "test").secret;
    const payment = await newPayment(key);
    const cases: [unknown, string, string][] = [
      [{ method: "cash" }, "parameter_invalid", "method"],
      [{ amount: 5 }, "parameter_invalid", "amount"],
      [{ amount: "0" }, "parameter_invalid", "amount"],
      [{ amount: "1.1234567" }, "parameter_invalid", "amount"],
      [{ confirmations: 101 }, "parameter_invalid", "confirmations"],
      [{ confirmations: 1.5 }, "parameter_invalid", "confirmations"],
      [{ phone: "+254712345678" }, "parameter_invalid", "phone"],
      [{ method: "mpesa", amount: "1" }, "parameter_invalid", "amount"],
      [{ method: "mpesa", phone: "12" }, "parameter_invalid", "phone"],
      [{ tip: 1 }, "parameter_unknown", "tip"],
    ];
    for (const [body, code, param] of cases)
      expectApiError(await pay(key, payment.id, body), {
        status: 400,
        type: "invalid_request_error",
        code,
        param,
      });
    expect(
      expectOk(await f.call("GET", `/api/v1/payments/${String(payment.id)}`, { key })).status,
    ).toBe("awaiting_payment");
    expectApiError(await pay(key, "pay_zzzzzzzzzzzz"), {
      status: 404,
      type: "not_found_error",
      code: "resource_missing",
      param: "id",
    });
    // Another merchant's payment is not found either.
    expectApiError(await pay(f.newKey(FUND, "test").secret, payment.id), {
      status: 404,
      type: "not_found_error",
      code: "resource_missing",
      param: "id",
    });
  });
});

describe("a live key", () => {
  it("is refused by every test helper: 403 test_mode_only, nothing touched", async () => {
    const live = f.newKey(LIVE, "live").secret;
    const before = await balance(live);
    for (const answer of [
      await pay(live, "pay_zzzzzzzzzzzz", {}),
      await fund(live, { amount: 100_000, currency: "KES" }),
      await failNext(live, {}),
      await f.call("POST", "/api/v1/test_helpers/payout_batches/dsb_zzzzzzzzzzzzzz/approve", {
        key: live,
      }),
      // Before the body is read: a bad one is still 403, an Idempotency-Key is not kept.
      await fund(live, { amount: -1 }, { "Idempotency-Key": "live-fund" }),
      await pay(live, "pay_zzzzzzzzzzzz", "not json"),
    ])
      expectApiError(answer, { status: 403, type: "permission_error", code: "test_mode_only" });
    expect(await balance(live)).toEqual(before);
    expect(
      f.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "live-fund")).all(),
    ).toEqual([]);
  });
});

describe("without the simulators in this process", () => {
  it("answers 503 test_mode_unavailable", async () => {
    const key = f.newKey(LIVE, "test").secret;
    const saved = f.deps.testSimulation;
    f.deps.testSimulation = () => null;
    try {
      for (const answer of [
        await pay(key, "pay_zzzzzzzzzzzz", {}),
        await fund(key, { amount: 100_000, currency: "KES" }),
        await failNext(key),
      ])
        expectApiError(answer, { status: 503, type: "api_error", code: "test_mode_unavailable" });
    } finally {
      f.deps.testSimulation = saved;
    }
  });
});

/** A batch of M-Pesa payouts made, submitted, approved by the test helper and sent; its rows. */
async function runBatch(key: string, payouts: Json[]) {
  const batch = expectOk(
    await f.call("POST", "/api/v1/payout_batches", { key, body: { title: "Suppliers", payouts } }),
    201,
  );
  const approve = `/api/v1/test_helpers/payout_batches/${String(batch.id)}/approve`;
  // Not yet submitted: nothing to approve.
  expectApiError(await f.call("POST", approve, { key }), {
    status: 409,
    type: "conflict_error",
    code: "already_decided",
  });
  expectOk(await f.call("POST", `/api/v1/payout_batches/${String(batch.id)}/submit`, { key }));
  // The test helper plays the second member who approves it in the dashboard.
  expect(expectOk(await f.call("POST", approve, { key })).status).toBe("processing");
  expectApiError(await f.call("POST", approve, { key }), {
    status: 409,
    type: "conflict_error",
    code: "already_decided",
  });
  // The server's payout job sends the queued rows (here, by hand: no jobs run in tests).
  await pumpDisbursements(testStore(f.db), f.h.rails, () => f.h.clock.now, {
    wait: async () => {},
  });
  await f.h.darajaSim.flush();
  const rows = expectOk(
    await f.call("GET", `/api/v1/payout_batches/${String(batch.id)}/rows`, { key }),
  );
  return rows.data as { status: string; failure_reason: string | null; amount: number }[];
}

describe("funding the test balance", () => {
  it("credits the available test balance; refunds and payout batches then have money", async () => {
    const key = f.newKey(FUND, "test").secret;
    const before = await balance(key);
    const funded = expectOk(
      await fund(key, { amount: 5_000_000, currency: "KES" }, { "Idempotency-Key": "fund-1" }),
    );
    expect(funded).toEqual({
      ...before,
      available: (before.available as number) + 5_000_000,
      available_decimal: expect.any(String),
    });
    expect(await balance(key)).toEqual(funded);
    // The same Idempotency-Key credits once.
    const again = await fund(
      key,
      { amount: 5_000_000, currency: "KES" },
      { "Idempotency-Key": "fund-1" },
    );
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await balance(key)).toEqual(funded);
    // The live balance is untouched.
    const live = await balance(f.newKey(FUND, "live").secret);
    expect(live).toMatchObject({ livemode: true, available: 0 });

    // A test refund of a paid payment.
    const payment = await newPayment(key);
    expectOk(await pay(key, payment.id));
    const refund = expectOk(
      await f.call("POST", "/api/v1/refunds", {
        key,
        body: { payment_id: payment.id, address: CUSTOMER },
      }),
      201,
    );
    expect(refund).toMatchObject({ source: "balance", status: "sent", amount: 100_000 });
    const row = f.db.select().from(refunds).where(eq(refunds.id, refund.id)).get()!;
    await f.h.custodySim.completeTransfer(row.custodyTxId!);
    expect(
      expectOk(await f.call("GET", `/api/v1/refunds/${String(refund.id)}`, { key })).status,
    ).toBe("succeeded");

    // A payout batch is approved and paid from it.
    const rows = await runBatch(key, [
      { recipient: "0712345678", amount: 150_000, name: "Wanjiku Kamau" },
    ]);
    expect(rows.map((row) => row.status)).toEqual(["paid"]);
  });

  it("refuses bad amounts and currencies", async () => {
    const key = f.newKey(FUND, "test").secret;
    const cases: [unknown, string, string][] = [
      [{ amount: 0, currency: "KES" }, "parameter_invalid", "amount"],
      [{ amount: 1_000_000_001, currency: "KES" }, "parameter_invalid", "amount"],
      [{ amount: 10.5, currency: "KES" }, "parameter_invalid", "amount"],
      [{ amount: "100", currency: "KES" }, "parameter_invalid", "amount"],
      [{ amount: 100, currency: "USD" }, "parameter_invalid", "currency"],
      [{ currency: "KES" }, "parameter_missing", "amount"],
    ];
    for (const [body, code, param] of cases)
      expectApiError(await fund(key, body), {
        status: 400,
        type: "invalid_request_error",
        code,
        param,
      });
  });
});

describe("failing the next test payout", () => {
  it("the next payout to M-Pesa fails with that reason, once; the one after is paid", async () => {
    const key = f.newKey(FAIL, "test").secret;
    expectOk(await fund(key, { amount: 1_000_000, currency: "KES" }));
    const armed = expectOk(await failNext(key, { reason: "invalid_account" }));
    expect(testPayoutFailureSchema.safeParse(armed).success).toBe(true);
    expect(armed).toEqual({
      object: "test_helpers.payout_failure",
      armed: true,
      reason: "invalid_account",
    });
    const [first] = await runBatch(key, [
      { recipient: "0712345678", amount: 150_000, name: "Wanjiku Kamau" },
    ]);
    expect(first).toMatchObject({
      status: "failed",
      failure_reason: "The phone number is not a valid M-Pesa recipient",
    });
    const [second] = await runBatch(key, [
      { recipient: "0712345678", amount: 150_000, name: "Wanjiku Kamau" },
    ]);
    expect(second).toMatchObject({ status: "paid", failure_reason: null });
  });

  it("with no body: invalid_account; insufficient_funds plays M-Pesa's float error", async () => {
    const key = f.newKey(FAIL, "test").secret;
    expect(expectOk(await failNext(key)).reason).toBe("invalid_account");
    expect(expectOk(await failNext(key, { reason: "insufficient_funds" })).reason).toBe(
      "insufficient_funds",
    );
    const [row] = await runBatch(key, [
      { recipient: "0712345678", amount: 150_000, name: "Wanjiku Kamau" },
    ]);
    expect(row).toMatchObject({
      status: "failed",
      failure_reason: expect.stringMatching(/M-Pesa float is too low/),
    });
    expectApiError(await failNext(key, { reason: "bank_closed" }), {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "reason",
    });
  });
});

describe("the examples on /docs", () => {
  it("are bodies the helpers take", () => {
    const { pay, payMpesa, fund, failNext } = testHelperExamples;
    expect(testPayBody.safeParse(pay.body).success).toBe(true);
    expect(testPayBody.safeParse(payMpesa.body).success).toBe(true);
    expect(testFundBody.safeParse(fund.body).success).toBe(true);
    expect(testPayoutFailureBody.safeParse(failNext.body).success).toBe(true);
  });
});
