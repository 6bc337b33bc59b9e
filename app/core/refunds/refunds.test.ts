/**
 * Refunds end to end in the core (ADR 0037), against the custody and Daraja simulators over HTTP:
 * a crypto refund at the locked rate or today's, sent by custody once (even after a lost answer),
 * confirmed by custody's webhook; a refund custody refuses gives the money back; an overpayment's
 * excess refunded from what is held for the customer; an M-Pesa Express payment refunded to the
 * payer's phone by B2C. Refunds never give back more than the payment, nor more than the balance,
 * also when two race. The ledger balances throughout.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  refunds as refundsTable,
  settlementTransfers,
  webhookEvents,
} from "../../../drizzle/schema";
import {
  capital,
  custody,
  customerRefundsPayable,
  findUnbalancedTransactions,
  ledgerBook,
  merchantAvailable,
  normalBalance,
  owed,
  postTransaction,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { createPayment, getPayment, type Payment } from "~/core/payments/payments.server";
import { resolveException } from "~/core/payments/exceptions.server";
import { startMpesaCollection } from "~/core/payments/mpesa-collections.server";
import { formatCryptoUnits } from "~/core/payments/quote";
import { sendPendingTransfers } from "~/core/payments/settlement.server";
import { railChargeCents } from "~/core/rails/charges";
import { readStatement } from "~/core/statements/statement.server";
import { createTestDb, openTestDatabase, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  creditAvailable,
  liveRates,
  startPaymentsHarness,
  testConfig,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { installStk } from "../../../tests/setup/stk";
import { queryOverdueRefunds, sendPendingRefunds, type RefundCustody } from "./custody-send.server";
import { RefundError } from "./errors";
import { planRefund, unitsForKes } from "./plan.server";
import { createRefund, getRefundOn, heldForCustomer, type Refund } from "./refunds.server";
import { createRefundsService } from "./service.server";

const { db, file, close } = createTestDb();
const store = testStore(db);
/** A second connection to the same database file, as a second server process would have. */
const other = openTestDatabase(file);
let h: PaymentsHarness;
let closeStk: () => Promise<void>;
const now = () => h.clock.now;

const SHOP = "MRC-RFNDA2";
const CUSTOMER = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const PAYER = "+254712345678";
const TODAY_USDT = "125";

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, SHOP);
  // Earlier payments' money: a full refund gives back the gross, and our fee is not returned.
  await creditAvailable(db, SHOP, 100_000);
  closeStk = await installStk(db, h);
});
afterAll(async () => {
  await closeStk();
  await h.close();
  other.$client.close();
  close();
});

const service = () =>
  createRefundsService({
    store: testStore(db),
    now,
    currentRate: (asset) => (asset === "USDT" ? TODAY_USDT : null),
    runtime: () => ({
      estimateNetworkFee: (assetId) => h.runtime.custody.estimateNetworkFee(assetId),
      runningRails: ["mpesa"],
      async sendNow(refundId) {
        await sendPendingRefunds(testStore(db), h.runtime.custody, now);
        await sendPendingTransfers(testStore(db), h.rails, now, { purpose: "refund" });
        return testStore(db).read((q) => getRefundOn(q, refundId));
      },
    }),
  });

const scope = { merchantId: SHOP, mode: "live" as const, createdBy: "usr_finance01" };
let keys = 0;
const meta = () => ({ requestKey: `req-${++keys}`, reason: null });

const available = () => owed(store, merchantAvailable(SHOP));

async function expectBalancedLedger() {
  expect(await trialBalance(store)).toEqual({ KES: 0n, BTC: 0n, ETH: 0n, USDT: 0n, USDC: 0n });
  expect(await verifyBalances(store)).toEqual([]);
  expect(await findUnbalancedTransactions(store)).toEqual([]);
}

/**
 * The refund's webhook events, by time. Events of one instant (the tests' clock stands still) have
 * no order between them on PostgreSQL: those are listed created first, then by type.
 */
function eventTypes(refundId: string): string[] {
  const first = (type: string) => (type === "refund.created" ? "" : type);
  return db
    .select({ type: webhookEvents.type, createdAt: webhookEvents.createdAt })
    .from(webhookEvents)
    .where(eq(webhookEvents.objectId, refundId))
    .all()
    .sort((a, b) => a.createdAt - b.createdAt || first(a.type).localeCompare(first(b.type)))
    .map((e) => e.type);
}

/** The custody simulator's transactions with this external id (how often custody was asked). */
async function custodyTransactionsFor(refundId: string) {
  const found = await h.runtime.custody.findTransactionByExternalId(refundId);
  return found ? [found] : [];
}

/** The harness's custody, counting the calls made about one refund (sends, look-ups). */
function countingCustody(refundId: string) {
  const calls = { sends: 0, lookups: 0 };
  const custody: RefundCustody = {
    createTransfer(input) {
      if (input.externalTxId === refundId) calls.sends++;
      return h.runtime.custody.createTransfer(input);
    },
    findTransactionByExternalId(externalTxId) {
      if (externalTxId === refundId) calls.lookups++;
      return h.runtime.custody.findTransactionByExternalId(externalTxId);
    },
  };
  return { calls, custody };
}

async function paid(amountKes: number): Promise<Payment> {
  const { payment } = await confirmedPayment(db, h, {
    network: "ethereum",
    merchantId: SHOP,
    amountKes,
    reference: `R-${amountKes}-${++keys}`,
  });
  return (await testStore(db).read((q) => getPayment(q, payment.id)))!;
}

/** A refund as it is now. */
const refundOf = (id: string) => testStore(db).read((q) => getRefundOn(q, id));

async function complete(refund: Refund) {
  const sent = (await refundOf(refund.id))!;
  expect(sent.custodyTxId).toBeTruthy();
  await h.custodySim.completeTransfer(sent.custodyTxId!);
  await h.custodySim.flushWebhooks();
  return (await refundOf(refund.id))!;
}

describe("crypto refunds from the balance", () => {
  it("refunds a payment in full at the locked rate: the customer gets back what they sent", async () => {
    const payment = await paid(2_000);
    const before = await available();
    const custodyBefore = await normalBalance(store, custody("USDT"));
    const { refund, created } = await service().create(
      scope,
      { paymentId: payment.id, source: "balance", amountKesCents: 200_000n, address: CUSTOMER },
      meta(),
    );
    expect(created).toBe(true);
    expect(refund).toMatchObject({
      status: "sent",
      method: "crypto",
      rateChoice: "locked",
      rate: payment.quoteRate,
      cryptoUnits: payment.cryptoAmountUnits,
      destination: CUSTOMER,
    });
    expect(refund.networkFee).toBe(h.custodySim.networkFee("USDT_ERC20").networkFee);
    expect(refund.networkFeeAsset).toBe("ETH");
    // The KES left the balance at once; the crypto is owed to the customer until custody sends it.
    expect(before - (await available())).toBe(200_000n);
    expect(await owed(store, customerRefundsPayable("USDT"))).toBe(payment.cryptoAmountUnits);
    expect(eventTypes(refund.id)).toEqual(["refund.created"]);

    const done = await complete(refund);
    expect(done.status).toBe("succeeded");
    expect(done.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await owed(store, customerRefundsPayable("USDT"))).toBe(0n);
    expect(custodyBefore - (await normalBalance(store, custody("USDT")))).toBe(
      payment.cryptoAmountUnits,
    );
    expect(eventTypes(refund.id)).toEqual(["refund.created", "refund.succeeded"]);
    // Nothing more can be refunded.
    await expect(
      service().create(
        scope,
        { paymentId: payment.id, source: "balance", amountKesCents: 100n, address: CUSTOMER },
        meta(),
      ),
    ).rejects.toMatchObject({ code: "amount_too_large" });
    await expectBalancedLedger();
  });

  it("refunds part of a payment at today's rate, and shows it on the statement", async () => {
    const payment = await paid(3_000);
    const { refund } = await service().create(
      scope,
      {
        paymentId: payment.id,
        source: "balance",
        amountKesCents: 50_000n,
        rate: "current",
        address: CUSTOMER,
      },
      meta(),
    );
    expect(refund.rate).toBe(TODAY_USDT);
    // KES 500 at KES 125 per USDT: exactly 4 USDT.
    expect(refund.cryptoUnits).toBe(4_000_000n);
    expect(unitsForKes(50_000n, TODAY_USDT, "USDT")).toBe(4_000_000n);
    await complete(refund);
    const statement = await readStatement(testStore(db), SHOP, {
      from: "2026-11-01",
      to: "2026-12-31",
    });
    const line = statement.lines.find((l) => l.reference === refund.id);
    expect(line).toMatchObject({ type: "refund", net: -50_000n });
    await expectBalancedLedger();
  });

  it("refuses a refund larger than the payment, and one the balance cannot cover: nothing moves", async () => {
    const payment = await paid(1_000);
    const before = await available();
    await expect(
      service().create(
        scope,
        { paymentId: payment.id, source: "balance", amountKesCents: 100_001n, address: CUSTOMER },
        meta(),
      ),
    ).rejects.toMatchObject({ code: "amount_too_large", field: "amount" });
    // Spend the balance, then ask for what is left of the payment.
    await postTransaction(testStore(db), {
      idempotencyKey: `test:drain:${payment.id}`,
      kind: "operator.adjustment",
      entries: [
        { account: merchantAvailable(SHOP), amount: before },
        { account: capital("KES"), amount: -before },
      ],
    });
    await expect(
      service().create(
        scope,
        { paymentId: payment.id, source: "balance", amountKesCents: 100_000n, address: CUSTOMER },
        meta(),
      ),
    ).rejects.toMatchObject({ code: "insufficient_balance" });
    expect(await available()).toBe(0n);
    expect(
      db.select().from(refundsTable).where(eq(refundsTable.paymentId, payment.id)).all(),
    ).toEqual([]);
    // Give the balance back for the next tests.
    await postTransaction(testStore(db), {
      idempotencyKey: `test:undrain:${payment.id}`,
      kind: "operator.adjustment",
      entries: [
        { account: capital("KES"), amount: before },
        { account: merchantAvailable(SHOP), amount: -before },
      ],
    });
    await expectBalancedLedger();
  });

  it("refuses an address that is not on the payment's network", async () => {
    const payment = await paid(1_200);
    const refusal = service().plan(scope, {
      paymentId: payment.id,
      source: "balance",
      amountKesCents: 10_000n,
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
    await expect(refusal).rejects.toBeInstanceOf(RefundError);
    await expect(refusal).rejects.toMatchObject({
      code: "invalid_destination",
      field: "destination",
    });
  });

  it("lets only one of two racing refunds through when together they exceed the payment", async () => {
    const payment = await paid(1_500);
    const request = {
      paymentId: payment.id,
      source: "balance" as const,
      amountKesCents: 100_000n,
      address: CUSTOMER,
    };
    const deps = {
      currentRate: () => null,
      estimateNetworkFee: (assetId: string) => h.runtime.custody.estimateNetworkFee(assetId),
      runningRails: ["mpesa" as const],
    };
    // Both planned while nothing was refunded; each made on its own connection (two processes).
    const [first, second] = await Promise.all([
      planRefund(testStore(db), deps, payment, request),
      planRefund(testStore(other), deps, payment, request),
    ]);
    const results = await Promise.all(
      [db, other].map((conn, i) =>
        createRefund(testStore(conn), i === 0 ? first : second, {
          createdBy: "usr_a",
          requestKey: `race-${payment.id}-${i}`,
          reason: null,
          now: now(),
        }).catch((error: unknown) => error),
      ),
    );
    const made = results.filter((r) => !(r instanceof Error));
    const refused = results.filter((r) => r instanceof RefundError);
    expect(made).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ code: "amount_too_large" });
    await expectBalancedLedger();
  });

  it("makes one refund for one request key, however often it is sent", async () => {
    const payment = await paid(1_600);
    const request = {
      paymentId: payment.id,
      source: "balance" as const,
      amountKesCents: 10_000n,
      address: CUSTOMER,
    };
    const once = meta();
    const a = await service().create(scope, request, once);
    const b = await service().create(scope, request, once);
    expect(b.created).toBe(false);
    expect(b.refund.id).toBe(a.refund.id);
    expect(
      db.select().from(refundsTable).where(eq(refundsTable.paymentId, payment.id)).all(),
    ).toHaveLength(1);
  });

  it("sends once when custody's answer was lost: the retry finds the first transfer", async () => {
    const payment = await paid(1_700);
    const planned = await service().plan(scope, {
      paymentId: payment.id,
      source: "balance",
      amountKesCents: 20_000n,
      address: CUSTOMER,
    });
    const { refund } = await createRefund(testStore(db), planned, {
      createdBy: "usr_a",
      requestKey: `lost-${payment.id}`,
      reason: null,
      now: now(),
    });
    // Custody took it, but our process died before writing so: the refund is still pending.
    const first = await h.runtime.custody.createTransfer({
      externalTxId: refund.id,
      assetId: payment.custodyAssetId!,
      sourceVaultAccountId: "0",
      destinationAddress: CUSTOMER,
      amount: formatCryptoUnits(refund.cryptoUnits!, "USDT"),
    });
    expect((await refundOf(refund.id))!.status).toBe("pending");
    expect(await sendPendingRefunds(testStore(db), h.runtime.custody, now)).toBe(1);
    const sent = (await refundOf(refund.id))!;
    expect(sent).toMatchObject({ status: "sent", custodyTxId: first.id });
    expect(await custodyTransactionsFor(refund.id)).toHaveLength(1);
    // A second run has nothing to send.
    expect(await sendPendingRefunds(testStore(db), h.runtime.custody, now)).toBe(0);
    expect((await complete(refund)).status).toBe("succeeded");
    await expectBalancedLedger();
  });

  it("learns the outcome by asking custody when the webhook never came", async () => {
    const payment = await paid(1_800);
    const { refund } = await service().create(
      scope,
      { paymentId: payment.id, source: "balance", amountKesCents: 30_000n, address: CUSTOMER },
      meta(),
    );
    const sent = (await refundOf(refund.id))!;
    await h.custodySim.flushWebhooks();
    // Completed at custody, its webhooks lost (refused by us: they do not verify).
    await h.custodySim.completeTransfer(sent.custodyTxId!, { badSignature: true });
    expect((await refundOf(refund.id))!.status).toBe("sent");
    h.clock.now += 10 * 60_000;
    expect(await queryOverdueRefunds(testStore(db), h.runtime.custody, now, 5 * 60_000)).toBe(1);
    expect((await refundOf(refund.id))!.status).toBe("succeeded");
    await expectBalancedLedger();
  });

  it("sends a refund once when two runs send at once (two processes): one custody call", async () => {
    const payment = await paid(1_750);
    const planned = await service().plan(scope, {
      paymentId: payment.id,
      source: "balance",
      amountKesCents: 25_000n,
      address: CUSTOMER,
    });
    const { refund } = await createRefund(testStore(db), planned, {
      createdBy: "usr_a",
      requestKey: `two-senders-${payment.id}`,
      reason: null,
      now: now(),
    });
    const { calls, custody } = countingCustody(refund.id);
    await Promise.all([db, other].map((conn) => sendPendingRefunds(testStore(conn), custody, now)));
    expect(calls.sends).toBe(1);
    expect((await refundOf(refund.id))!).toMatchObject({ status: "sent", attempts: 1 });
    expect(await custodyTransactionsFor(refund.id)).toHaveLength(1);
    expect((await complete(refund)).status).toBe("succeeded");
    await expectBalancedLedger();
  });

  it("asks custody once about an overdue refund when two runs ask at once (two processes)", async () => {
    const payment = await paid(1_850);
    const { refund } = await service().create(
      scope,
      { paymentId: payment.id, source: "balance", amountKesCents: 35_000n, address: CUSTOMER },
      meta(),
    );
    const sent = (await refundOf(refund.id))!;
    await h.custodySim.flushWebhooks();
    // Completed at custody, its webhooks lost (refused by us: they do not verify).
    await h.custodySim.completeTransfer(sent.custodyTxId!, { badSignature: true });
    expect((await refundOf(refund.id))!.status).toBe("sent");
    h.clock.now += 10 * 60_000;
    const { calls, custody } = countingCustody(refund.id);
    await Promise.all(
      [db, other].map((conn) => queryOverdueRefunds(testStore(conn), custody, now, 5 * 60_000)),
    );
    expect(calls.lookups).toBe(1);
    expect((await refundOf(refund.id))!.status).toBe("succeeded");
    expect(eventTypes(refund.id)).toEqual(["refund.created", "refund.succeeded"]);
    await expectBalancedLedger();
  });

  it("gives the money back when custody refuses to send it", async () => {
    const payment = await paid(1_900);
    const blocked = "0x52908400098527886E0F7030069857D2E4169EE7";
    h.custodySim.failTransfersTo(blocked, "BLOCKED_BY_POLICY");
    const before = await available();
    const { refund } = await service().create(
      scope,
      { paymentId: payment.id, source: "balance", amountKesCents: 40_000n, address: blocked },
      meta(),
    );
    await h.custodySim.flushWebhooks();
    const failed = (await refundOf(refund.id))!;
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toContain("BLOCKED_BY_POLICY");
    expect(await available()).toBe(before);
    expect(eventTypes(refund.id)).toEqual(["refund.created", "refund.failed"]);
    // The whole payment can be refunded again.
    const plan = await service().plan(scope, {
      paymentId: payment.id,
      source: "balance",
      amountKesCents: 190_000n,
      address: CUSTOMER,
    });
    expect(plan.amountKesCents).toBe(190_000n);
    h.custodySim.failTransfersTo(blocked, null);
    await expectBalancedLedger();
  });
});

describe("refunding what is held for the customer", () => {
  it("refunds an overpayment's excess in one go, once", async () => {
    const payment = await createPayment(
      testStore(db),
      { custody: h.runtime.custody, rates: liveRates(now()), config: testConfig, now: now() },
      {
        merchantId: SHOP,
        amountKes: 1_000,
        asset: "USDT",
        reference: "OVER-1",
        network: "ethereum",
      },
    );
    const excess = 3_000_000n;
    const tx = await h.custodySim.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits + excess, "USDT"),
    });
    // Ethereum: its own count (the configured one is for USDT's default network, Tron).
    await h.custodySim.confirm(tx.id, 12);
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))!.status).toBe("overpaid");
    await resolveException(testStore(db), {
      paymentId: payment.id,
      operatorId: "op_1",
      resolution: "accept",
      config: testConfig,
      now: now(),
    });
    const accepted = (await testStore(db).read((q) => getPayment(q, payment.id)))!;
    expect(await testStore(db).read((q) => heldForCustomer(q, accepted))).toBe(excess);
    const before = await available();
    const payableBefore = await owed(store, customerRefundsPayable("USDT"));
    const { refund } = await service().create(
      scope,
      { paymentId: payment.id, source: "held", address: CUSTOMER },
      meta(),
    );
    expect(refund).toMatchObject({ source: "held", cryptoUnits: excess, amountKesCents: 0n });
    expect(await available()).toBe(before);
    expect(await testStore(db).read((q) => heldForCustomer(q, accepted))).toBe(0n);
    await expect(
      service().create(scope, { paymentId: payment.id, source: "held", address: CUSTOMER }, meta()),
    ).rejects.toMatchObject({ code: "nothing_held" });
    expect((await complete(refund)).status).toBe("succeeded");
    expect(payableBefore - (await owed(store, customerRefundsPayable("USDT")))).toBe(excess);
    await expectBalancedLedger();
  });
});

describe("M-Pesa refunds", () => {
  async function paidByMpesa(amountKes: number): Promise<Payment> {
    const payment = await createPayment(
      testStore(db),
      { custody: h.runtime.custody, rates: liveRates(now()), config: testConfig, now: now() },
      { merchantId: SHOP, amountKes, asset: "USDT", reference: `MP-${amountKes}` },
    );
    const started = await startMpesaCollection(testStore(db), h.runtime.stk, {
      paymentId: payment.id,
      phone: PAYER,
      now,
    });
    expect(started.ok).toBe(true);
    await h.darajaSim.flush();
    const done = (await testStore(db).read((q) => getPayment(q, payment.id)))!;
    expect(done).toMatchObject({ status: "confirmed", paidWith: "mpesa" });
    return done;
  }

  it("pays the payer's phone back by B2C, with M-Pesa's charge from the balance", async () => {
    const payment = await paidByMpesa(2_000);
    const before = await available();
    const { refund } = await service().create(
      scope,
      { paymentId: payment.id, source: "balance", amountKesCents: 50_000n },
      meta(),
    );
    const charge = railChargeCents("mpesa", 50_000n);
    expect(refund).toMatchObject({
      method: "mpesa",
      destination: PAYER,
      railChargeKesCents: charge,
    });
    expect(before - (await available())).toBe(50_000n + charge);
    const transfer = db
      .select()
      .from(settlementTransfers)
      .where(eq(settlementTransfers.refundId, refund.id))
      .get()!;
    expect(transfer).toMatchObject({ purpose: "refund", status: "sent", paymentId: null });
    await h.darajaSim.flush();
    const done = (await refundOf(refund.id))!;
    expect(done.status).toBe("succeeded");
    expect(done.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(eventTypes(refund.id)).toEqual(["refund.created", "refund.succeeded"]);
    // Whole shillings only.
    await expect(
      service().create(
        scope,
        { paymentId: payment.id, source: "balance", amountKesCents: 1_050n },
        meta(),
      ),
    ).rejects.toMatchObject({ code: "invalid_amount" });
    await expectBalancedLedger();
  });

  it("gives the money back when M-Pesa refuses the refund", async () => {
    const payment = await paidByMpesa(1_500);
    h.darajaSim.setOutcome(PAYER, "invalid-number");
    const before = await available();
    const { refund } = await service().create(
      scope,
      { paymentId: payment.id, source: "balance", amountKesCents: 30_000n },
      meta(),
    );
    await h.darajaSim.flush();
    h.darajaSim.setOutcome(PAYER, null);
    const failed = (await refundOf(refund.id))!;
    expect(failed.status).toBe("failed");
    expect(await available()).toBe(before);
    expect(eventTypes(refund.id)).toEqual(["refund.created", "refund.failed"]);
    await expectBalancedLedger();
  });
});

describe("modes", () => {
  it("refunds a test payment in the test book only, and never from a live scope", async () => {
    const { payment } = await confirmedPayment(db, h, {
      network: "ethereum",
      merchantId: SHOP,
      amountKes: 1_000,
      reference: "TEST-R",
      mode: "test",
    });
    await expect(
      service().plan(scope, {
        paymentId: payment.id,
        source: "balance",
        amountKesCents: 10_000n,
        address: CUSTOMER,
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    const testAvailable = () => owed(store, ledgerBook("test").merchantAvailable(SHOP));
    const liveBefore = await available();
    const before = await testAvailable();
    const { refund } = await service().create(
      { ...scope, mode: "test" },
      { paymentId: payment.id, source: "balance", amountKesCents: 10_000n, address: CUSTOMER },
      meta(),
    );
    expect(refund.mode).toBe("test");
    expect(before - (await testAvailable())).toBe(10_000n);
    expect(await available()).toBe(liveBefore);
    expect(
      db
        .select()
        .from(refundsTable)
        .where(and(eq(refundsTable.id, refund.id), eq(refundsTable.mode, "test")))
        .all(),
    ).toHaveLength(1);
    await expectBalancedLedger();
  });
});
