/**
 * Payments are not stranded by a crash (issue 10, item 4). The app "process" here is what boot
 * starts: our webhook endpoints, the custody and M-Pesa simulators keeping their state in our
 * database, and the clients. A crash drops all of it without any cleanup (webhooks and callbacks
 * not yet delivered are lost with it); the restart starts it again from the same database file. The
 * payments tick then reconciles: it asks custody about payments still awaiting or confirming (by
 * transaction id, or by the deposits to the payment's address) and M-Pesa about transfers whose
 * result never came, and applies the answers through the same code as the webhooks: settled exactly
 * once, books balanced. (In process, not a real `kill -9`: the end-to-end kill runs in
 * tests/e2e/payment-restart.http.spec.ts.)
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { settlementTransfers } from "../../../drizzle/schema";
import {
  capital,
  postTransaction,
  railFloat,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import {
  createDbSimulatorStore,
  openSimulatorDatabase,
  startCustodySimulator,
  startDarajaSimulator,
  type CustodySimulator,
  type DarajaSimulator,
} from "../../../tests/support/simulators";
import type { Db } from "~/db/sqlite-connection.server";
import {
  createTestDb,
  openTestDatabase,
  simulatorsFileOf,
  testStore,
} from "../../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  startWebhookEndpoint,
  TEST_DARAJA_KEYS,
  testConfig,
  testPaymentsRuntime,
  type PaymentsRuntime,
} from "../../../tests/setup/payments";
import { createPayment, getPayment, listPaymentEvents } from "./payments.server";
import { formatCryptoUnits } from "./quote";
import { callbackTokenFor } from "./callback-token.server";
import { listTransfersForPayment } from "./settlement.server";
import { runPaymentsTick } from "./tick.server";

const testDb = createTestDb();
const RECONCILE_MS = 30_000;
const clock = { now: Date.UTC(2026, 10, 20, 7, 0) };
const now = () => clock.now;

interface AppProcess {
  db: Db;
  runtime: PaymentsRuntime;
  custodySim: CustodySimulator;
  darajaSim: DarajaSimulator;
  /** The app's endpoint answers 503 and does nothing (the process is going down or busy dying). */
  down: boolean;
  /** Where the app's endpoints are. */
  origin: string;
  /** Webhook deliveries the app accepted (2xx). */
  accepted: { path: string; status: number }[];
  crash(): Promise<void>;
}

/** Boot: open the database file, start the simulators from their stored state, wire the clients. */
async function boot(): Promise<AppProcess> {
  const db = openTestDatabase(testDb.file);
  // The simulators' own file beside ours (ADR 0045): it outlives the crash, as a provider would.
  const sims = openSimulatorDatabase(simulatorsFileOf(testDb.file));
  const callbackToken = callbackTokenFor("test-secret");
  const runtime = {} as PaymentsRuntime;
  const proc = { db, runtime, down: false, accepted: [] } as unknown as AppProcess;
  const { origin, server: app } = await startWebhookEndpoint(db, runtime, now, {
    refusing: () => proc.down,
    onAnswer: (path, status) => {
      if (status < 300) proc.accepted.push({ path, status });
    },
  });
  const custodySim = await startCustodySimulator({
    store: createDbSimulatorStore(sims, "custody", now),
    webhookUrl: `${origin}/webhooks/custody`,
    generateApiKeyPair: true,
    completeAt: testConfig.confirmations,
    maxRetries: 0,
    now,
  });
  const darajaSim = await startDarajaSimulator({
    store: createDbSimulatorStore(sims, "daraja", now),
    ...TEST_DARAJA_KEYS,
    callbackDelayMs: 0,
    seed: Math.floor(Math.random() * 1e9),
    now,
    floatKes: 50_000_000,
  });
  Object.assign(runtime, {
    ...testPaymentsRuntime({ custodySim, darajaSim }, { origin, callbackToken, now }),
    reconcileAfterMs: RECONCILE_MS,
  } satisfies PaymentsRuntime);
  Object.assign(proc, {
    origin,
    custodySim,
    darajaSim,
    // No flush, no goodbye: what was only in memory (callbacks not yet sent) is gone.
    async crash() {
      proc.down = true;
      await Promise.all([
        custodySim.close(),
        darajaSim.close(),
        new Promise<void>((resolve) => {
          app.close(() => resolve());
          app.closeAllConnections();
        }),
      ]);
      db.$client.close();
      sims.close();
    },
  });
  return proc;
}

let current: AppProcess | null = null;
afterAll(async () => {
  await current?.crash();
  testDb.close();
});

const MERCHANT = "MRC-RCNC22";
addMerchant(testDb.db, MERCHANT);
await postTransaction(testStore(testDb.db), {
  idempotencyKey: "test:float",
  kind: "float.funded",
  entries: [
    { account: railFloat("mpesa"), amount: 20_000_000_00n },
    { account: capital("KES"), amount: -20_000_000_00n },
  ],
});

/**
 * Run the payments tick until `done` (bounded), the clock moving one reconciliation interval each
 * time.
 */
async function tickUntil(proc: AppProcess, done: () => boolean | Promise<boolean>, maxTicks = 4) {
  for (let i = 0; i < maxTicks && !(await done()); i++) {
    clock.now += RECONCILE_MS;
    await runPaymentsTick(testStore(proc.db), proc.runtime, now);
    await proc.darajaSim.flush();
  }
  return done();
}

async function settledOnce(db: Db, paymentId: string) {
  const transfers = await testStore(db).read((q) => listTransfersForPayment(q, paymentId));
  const events = (await testStore(db).read((q) => listPaymentEvents(q, paymentId))).map(
    (e) => e.type,
  );
  return {
    transfers,
    converted: events.filter((t) => t === "converted").length,
    settled: events.filter((t) => t === "settled").length,
  };
}

describe("a crash in the middle of a payment", () => {
  it("killed after the first confirmation: custody is asked after the restart, the payment converts once and is paid once, even though M-Pesa's result is lost in a second crash", async () => {
    current = await boot();
    let proc = current;
    const payment = await createPayment(
      testStore(proc.db),
      {
        custody: proc.runtime.custody,
        rates: liveRates(clock.now),
        config: testConfig,
        now: clock.now,
      },
      { merchantId: MERCHANT, amountKes: 12_000, asset: "USDT", reference: "KILL-1" },
    );
    const tx = await proc.custodySim.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
    });
    await proc.custodySim.confirm(tx.id, 1);
    expect(await testStore(proc.db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "confirming",
      confirmations: 1,
    });

    // kill -9. Custody carries on without us: the next confirmation completes the deposit, and its
    // webhook finds nobody (the restarted simulator remembers the transaction and its
    // confirmation).
    await proc.crash();
    current = proc = await boot();
    expect(proc.custodySim.transaction(tx.id)).toMatchObject({
      status: "CONFIRMING",
      numOfConfirmations: 1,
    });
    proc.down = true;
    await proc.custodySim.confirm(tx.id, 1);
    proc.down = false;
    expect(proc.custodySim.transaction(tx.id)?.status).toBe("COMPLETED");
    expect((await testStore(proc.db).read((q) => getPayment(q, payment.id)))?.status).toBe(
      "confirming",
    );
    const lostWebhook = proc.custodySim.deliveries.at(-1)!;
    expect(lostWebhook.statusCode).toBe(503);

    // One tick a reconciliation interval later: custody says COMPLETED -> converted, settled to
    // M-Pesa.
    clock.now += RECONCILE_MS;
    await runPaymentsTick(testStore(proc.db), proc.runtime, now);
    expect((await testStore(proc.db).read((q) => getPayment(q, payment.id)))?.status).toBe(
      "settling",
    );
    const [transfer] = await testStore(proc.db).read((q) => listTransfersForPayment(q, payment.id));
    expect(transfer).toMatchObject({ status: "sent", attempts: 1 });
    // M-Pesa paid, but we die before its Result callback is delivered.
    expect(proc.darajaSim.pendingCallbacks()).toBe(1);
    await proc.crash();

    current = proc = await boot();
    // M-Pesa still knows the transfer: sending it again would be refused as a duplicate.
    expect(proc.darajaSim.transaction(transfer!.id)?.status).toBe("Completed");
    expect(
      await tickUntil(
        proc,
        async () =>
          (await testStore(proc.db).read((q) => getPayment(q, payment.id)))?.status === "settled",
      ),
    ).toBe(true);
    expect(proc.accepted.filter((a) => a.path === "/webhooks/mpesa/status/result")).toHaveLength(1);
    expect(proc.darajaSim.requests.filter((r) => r.path.includes("b2c"))).toHaveLength(0);

    // The custody webhook that was lost arrives late after all: nothing changes.
    const eventsBefore = (await testStore(proc.db).read((q) => listPaymentEvents(q, payment.id)))
      .length;
    const late = await fetch(`${proc.origin}/webhooks/custody`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Fireblocks-Signature": lostWebhook.signature,
      },
      body: lostWebhook.body,
    });
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ outcome: "ignored" });
    expect(await testStore(proc.db).read((q) => listPaymentEvents(q, payment.id))).toHaveLength(
      eventsBefore,
    );

    const once = await settledOnce(proc.db, payment.id);
    expect(once.transfers.map((t) => [t.status, t.attempts])).toEqual([["succeeded", 1]]);
    expect(once.converted).toBe(1);
    expect(once.settled).toBe(1);
    expect(await verifyBalances(testStore(proc.db))).toEqual([]);
    expect(await trialBalance(testStore(proc.db))).toEqual({
      KES: 0n,
      BTC: 0n,
      ETH: 0n,
      USDT: 0n,
      USDC: 0n,
    });
  });

  it("killed before the first deposit webhook was handled: the deposit is found by its address (BTC, shared vault) and the payment settles once", async () => {
    let proc = current!;
    const payment = await createPayment(
      testStore(proc.db),
      {
        custody: proc.runtime.custody,
        rates: liveRates(clock.now),
        config: testConfig,
        now: clock.now,
      },
      { merchantId: MERCHANT, amountKes: 25_000, asset: "BTC", reference: "KILL-2" },
    );
    // Someone else's BTC deposit to the same vault, to be told apart.
    const other = await createPayment(
      testStore(proc.db),
      {
        custody: proc.runtime.custody,
        rates: liveRates(clock.now),
        config: testConfig,
        now: clock.now,
      },
      { merchantId: MERCHANT, amountKes: 30_000, asset: "BTC", reference: "OTHER" },
    );
    proc.down = true;
    const tx = await proc.custodySim.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits, "BTC"),
    });
    await proc.crash();

    // Custody confirms the deposit while we are still down; the restarted app has heard nothing of
    // it.
    current = proc = await boot();
    proc.down = true;
    await proc.custodySim.confirm(tx.id, 3);
    proc.down = false;
    expect(proc.custodySim.transaction(tx.id)?.status).toBe("COMPLETED");
    expect((await testStore(proc.db).read((q) => getPayment(q, payment.id)))?.status).toBe(
      "awaiting_payment",
    );

    expect(
      await tickUntil(
        proc,
        async () =>
          (await testStore(proc.db).read((q) => getPayment(q, payment.id)))?.status === "settled",
      ),
    ).toBe(true);
    expect((await testStore(proc.db).read((q) => getPayment(q, payment.id)))?.custodyTxId).toBe(
      tx.id,
    );
    expect((await testStore(proc.db).read((q) => getPayment(q, other.id)))?.status).toBe(
      "awaiting_payment",
    );
    const once = await settledOnce(proc.db, payment.id);
    expect(once.transfers.map((t) => [t.status, t.attempts])).toEqual([["succeeded", 1]]);
    expect(once.converted).toBe(1);
    expect(once.settled).toBe(1);
    const sends = proc.darajaSim.requests.filter(
      (r) =>
        r.path.includes("b2c") &&
        (r.body as { OriginatorConversationID?: string }).OriginatorConversationID ===
          once.transfers[0]!.id,
    );
    expect(sends).toHaveLength(1);
    expect(
      proc.db
        .select()
        .from(settlementTransfers)
        .where(eq(settlementTransfers.paymentId, payment.id))
        .all(),
    ).toHaveLength(1);
    expect(await verifyBalances(testStore(proc.db))).toEqual([]);
  });

  it("a payment nobody paid is asked about once per interval, not on every tick", async () => {
    const proc = current!;
    const payment = await createPayment(
      testStore(proc.db),
      {
        custody: proc.runtime.custody,
        rates: liveRates(clock.now),
        config: testConfig,
        now: clock.now,
      },
      { merchantId: MERCHANT, amountKes: 1_000, asset: "USDC", reference: "IDLE" },
    );
    const asked = () => proc.custodySim.deliveries.length; // unchanged: no webhook is involved
    const before = asked();
    clock.now += RECONCILE_MS;
    await runPaymentsTick(testStore(proc.db), proc.runtime, now);
    const first = (await testStore(proc.db).read((q) => getPayment(q, payment.id)))!.reconciledAt;
    expect(first).toBe(clock.now);
    clock.now += 1_000;
    await runPaymentsTick(testStore(proc.db), proc.runtime, now);
    expect((await testStore(proc.db).read((q) => getPayment(q, payment.id)))!.reconciledAt).toBe(
      first,
    );
    expect((await testStore(proc.db).read((q) => getPayment(q, payment.id)))?.status).toBe(
      "awaiting_payment",
    );
    expect(asked()).toBe(before);
  });
});
