/**
 * The daily reconciliation (issue 15, item 7; ADR 0036) through the real Daraja, custody and
 * PesaLink simulators over HTTP: after settlements (and with a transfer posted but not yet sent) a
 * run finds nothing; a rail told to drift gives one `rail_balance` finding with the difference and
 * the provider's answer; custody drift a `custody_balance` finding; a transfer we marked failed
 * that the bank paid a `transfer_state` finding; a rail whose balance call fails a finding, and the
 * run still completes. Findings are resolved once (audited), and the leased job never runs twice at
 * once. Only the clock and the waits are the test's: M-Pesa's balance Result comes by callback,
 * delivered when the run waits.
 */
import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconciliationRuns, settlementTransfers } from "../../../drizzle/schema";
import { auditTrail } from "~/core/audit.server";
import {
  listTransfersForPayment,
  planSettlement,
  sendPendingTransfers,
} from "~/core/payments/settlement.server";
import { eatDay } from "~/core/payments/settlement-plan";
import type { CustodyBalances } from "~/core/providers/custody/types";
import { createDarajaClient } from "~/core/providers/daraja/client.server";
import { createPesalinkClient } from "~/core/providers/pesalink/client.server";
import { pesalinkRail } from "~/core/rails/pesalink.server";
import type { PayoutRails } from "~/core/rails/types";
import { startPesalinkSimulator, type PesalinkSimulator } from "~/simulators/pesalink/index.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { fundRailFloat, insertDestination } from "../../../tests/setup/destinations";
import {
  addMerchant,
  confirmedPayment,
  mpesaCallbackUrls,
  startPaymentsHarness,
  TEST_DARAJA_KEYS,
  testConfig,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import type { Handle } from "~/db/store";
import {
  countOpenFindings,
  findRun,
  listFindings,
  listRuns,
  resolveFindingOn,
  resolveOpenFinding,
} from "./findings.server";
import { reconcileUnderLease } from "./job.server";
import { answerMpesaCallback } from "~/route-support/mpesa-callback.server";
import { recordMpesaBalanceResult } from "./mpesa-balance.server";
import {
  runReconciliation,
  type ReconciliationDeps,
  type ReconciliationSource,
} from "./run.server";

const test = createTestDb();
const { db } = test;
let h: PaymentsHarness;
let bank: { sim: PesalinkSimulator; client: ReturnType<typeof createPesalinkClient> };
let balanceServer: Server;
let mpesaBalance: ReturnType<typeof createDarajaClient>;
const now = () => h.clock.now;
/** One read on the test database's store (what the operators' page reads through). */
const read = <T>(fn: (q: Handle) => Promise<T>) => testStore(db).read(fn);
const BALANCE_TOKEN = "balance-callback-token";
const MPESA_FLOAT_KES = 20_000_000;
const BANK_FLOAT_KES = 5_000_000;

/** Our balance ResultURL on 127.0.0.1, calling the route's handler. */
async function startBalanceEndpoint(): Promise<string> {
  const toRequest = async (req: IncomingMessage, origin: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new Request(`${origin}${req.url}`, {
      method: req.method,
      headers: { "Content-Type": "application/json" },
      body: Buffer.concat(chunks),
    });
  };
  balanceServer = createServer((req, res) => {
    void (async () => {
      const answer = await answerMpesaCallback(
        await toRequest(req, origin),
        "balance-result",
        [BALANCE_TOKEN],
        undefined,
        (body) => recordMpesaBalanceResult(testStore(db), body, now),
      );
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => balanceServer.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(balanceServer.address() as AddressInfo).port}`;
  return origin;
}

/** PesaLink on its simulator, with the client (its balance call) and the rail on it. */
async function startBank() {
  const keys = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
  const merchant = keys();
  const bankKeys = keys();
  const creds = { apiKey: "rail-api-key", merchantCode: "1835512942", consumerSecret: "s" };
  const source = { name: "OneHop Ltd", accountNumber: "0170199740087" };
  const sim = await startPesalinkSimulator({
    ...creds,
    clientPublicKey: merchant.publicKey,
    bankPrivateKey: bankKeys.privateKey,
    now,
    seed: 11,
    sourceBalanceKes: BANK_FLOAT_KES,
  });
  const client = createPesalinkClient({
    baseUrl: sim.baseUrl,
    ...creds,
    privateKey: merchant.privateKey,
    sourceAccountNumber: source.accountNumber,
    sourceName: source.name,
    timeoutMs: 5_000,
    now,
  });
  return { sim, client, rail: pesalinkRail(client, source) };
}

let rails: PayoutRails;

beforeAll(async () => {
  h = await startPaymentsHarness(db, { floatKes: MPESA_FLOAT_KES });
  // The harness's simulator holds more than the ledger's float: open both with the same float.
  h.darajaSim.setFloat(MPESA_FLOAT_KES);
  const started = await startBank();
  bank = started;
  rails = { ...h.rails, pesalink: started.rail };
  await fundRailFloat(db, "pesalink", BANK_FLOAT_KES);
  const origin = await startBalanceEndpoint();
  mpesaBalance = createDarajaClient({
    baseUrl: h.darajaSim.baseUrl,
    ...TEST_DARAJA_KEYS,
    initiatorName: "onehop",
    securityCredential: "c2ltdWxhdGVk",
    shortCode: "600000",
    timeoutMs: 5_000,
    now,
    ...mpesaCallbackUrls(origin, BALANCE_TOKEN),
    balanceResultUrl: `${origin}/webhooks/mpesa/balance/result?token=${BALANCE_TOKEN}`,
  });
});
afterAll(async () => {
  await bank.sim.close();
  await h.close();
  await new Promise<void>((resolve) => balanceServer.close(() => resolve()));
  test.close();
});

/** One set of simulators for both books, as in simulator mode. */
const source = (overrides: Partial<ReconciliationSource> = {}): ReconciliationSource => ({
  books: ["live", "test"],
  rails,
  balances: { mpesa: mpesaBalance, pesalink: bank.client },
  custody: h.runtime.custody as unknown as Pick<CustodyBalances, "getAssetBalance">,
  ...overrides,
});

/** No real waiting: a wait delivers M-Pesa's pending callbacks (the balance Result among them). */
const deps = (overrides: Partial<ReconciliationDeps> = {}): ReconciliationDeps => ({
  sources: [source()],
  wait: () => h.darajaSim.flush(),
  ...overrides,
});

const today = () => eatDay(now());
let reference = 0;

/** A confirmed payment of the merchant, planned (its transfers posted, not sent). */
async function settledPayment(merchantId: string, amountKes: number, toBank: boolean) {
  const { payment } = await confirmedPayment(db, h, {
    merchantId,
    amountKes,
    reference: `RC-${++reference}`,
  });
  expect(await planSettlement(testStore(db), payment.id, testConfig, now())).toBe("planned");
  if (toBank)
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id))).every(
        (t) => t.rail === "pesalink",
      ),
    ).toBe(true);
  return payment;
}

async function sendAll() {
  await sendPendingTransfers(testStore(db), rails, now);
  await h.darajaSim.flush();
  await bank.sim.flush();
}

describe("the daily reconciliation", () => {
  it("after settlements on M-Pesa and PesaLink, and with a transfer posted but not yet sent, finds nothing", async () => {
    addMerchant(db, "MRC-RCMP22");
    await settledPayment("MRC-RCMP22", 12_000, false);
    addMerchant(db, "MRC-RCBK22", null);
    insertDestination(db, "MRC-RCBK22", {
      rail: "pesalink",
      bankCode: "68",
      accountNumber: "1450160649886",
      accountName: "Shop Owner",
      isDefault: true,
    });
    await settledPayment("MRC-RCBK22", 30_000, true);
    await sendAll();
    // Posted (off our float) but not sent: the rails still hold this money.
    const waiting = await settledPayment("MRC-RCMP22", 4_000, false);
    const pending = await testStore(db).read((q) => listTransfersForPayment(q, waiting.id));
    expect(pending.map((t) => t.status)).toEqual(["pending"]);
    expect(pending[0]!.railChargeKesCents).toBeGreaterThan(0n);

    const run = await runReconciliation(testStore(db), deps(), now, { day: today() });
    expect(run).toMatchObject({
      status: "completed",
      day: today(),
      findings: 0,
      error: null,
      checked: { rails: 2, assets: 4, transfers: 1 },
    });
    expect(await read((q) => listFindings(q, { runId: run.id, status: "all" }))).toEqual([]);
    expect((await read((q) => listRuns(q)))[0]).toEqual(run);

    await sendAll();
    const again = await runReconciliation(testStore(db), deps(), now, { day: today() });
    expect(again.findings).toBe(0);
  });

  it("a rail told to drift gives one rail_balance finding with the difference and the provider's answer", async () => {
    h.darajaSim.setDrift(-250.5);
    try {
      const run = await runReconciliation(testStore(db), deps(), now, { day: today() });
      expect(run).toMatchObject({ status: "completed", findings: 1 });
      const [finding] = await read((q) => listFindings(q, { runId: run.id }));
      expect(finding).toMatchObject({
        kind: "rail_balance",
        book: "live",
        subject: "mpesa",
        subjectLabel: "M-Pesa float",
        currency: "KES",
        difference: "-25050",
        status: "open",
      });
      expect(BigInt(finding!.actual) - BigInt(finding!.expected)).toBe(-25_050n);
      expect(finding!.evidence).toMatchObject({
        ledger: {
          books: ["live", "test"],
          floats: [
            { book: "live", account: "rail:mpesa:float:KES" },
            { book: "test", account: "test:rail:mpesa:float:KES", cents: "0" },
          ],
          pendingNotSent: { count: 0, cents: "0" },
        },
        answer: { result: { resultCode: 0 } },
      });
    } finally {
      h.darajaSim.setDrift(0);
    }
  });

  it("custody drift gives a custody_balance finding per asset, in the asset's ledger units", async () => {
    h.custodySim.setDrift("USDT_ERC20", "1.5");
    try {
      const run = await runReconciliation(testStore(db), deps(), now, { day: today() });
      expect(run).toMatchObject({ status: "completed", findings: 1 });
      expect(await read((q) => listFindings(q, { runId: run.id }))).toMatchObject([
        {
          kind: "custody_balance",
          subject: "USDT",
          subjectLabel: "USDT at custody",
          currency: "USDT",
          difference: "1500000",
          evidence: {
            ledger: { accounts: [{ account: "custody:USDT" }, { account: "test:custody:USDT" }] },
          },
        },
      ]);
    } finally {
      h.custodySim.setDrift("USDT_ERC20", "0");
    }
  });

  it("a transfer we marked failed that the bank paid gives a transfer_state finding (the day before a 02:00 run)", async () => {
    const paid = db
      .select()
      .from(settlementTransfers)
      .where(eq(settlementTransfers.rail, "pesalink"))
      .all()
      .find((t) => t.status === "succeeded")!;
    db.update(settlementTransfers)
      .set({ status: "failed", resultDesc: "made up" })
      .where(eq(settlementTransfers.id, paid.id))
      .run();
    const day = today();
    // 02:00 EAT the next day: the run reconciles `day`.
    h.clock.now = Date.parse(`${day}T23:00:00Z`);
    const run = await runReconciliation(testStore(db), deps(), now);
    expect(run).toMatchObject({ status: "completed", day, findings: 1 });
    expect(await read((q) => listFindings(q, { runId: run.id }))).toMatchObject([
      {
        kind: "transfer_state",
        book: "live",
        subject: paid.id,
        subjectLabel: `Transfer ${paid.id} on Bank account (PesaLink)`,
        expected: "0",
        actual: paid.amountKesCents.toString(),
        difference: paid.amountKesCents.toString(),
        evidence: { ours: { status: "failed" }, rail: { kind: "succeeded" } },
      },
    ]);
    db.update(settlementTransfers)
      .set({ status: "succeeded", resultDesc: paid.resultDesc })
      .where(eq(settlementTransfers.id, paid.id))
      .run();
  });

  it("a rail whose balance call fails gives a finding (actual unknown, the error), and the run completes", async () => {
    const failing = {
      balance: () => Promise.reject(new Error("Airtel is not answering")),
    };
    const run = await runReconciliation(
      testStore(db),
      deps({
        sources: [
          source({
            balances: { mpesa: mpesaBalance, pesalink: bank.client, "airtel-money": failing },
          }),
        ],
      }),
      now,
      { day: today() },
    );
    expect(run).toMatchObject({ status: "completed", findings: 1, checked: { rails: 3 } });
    expect(await read((q) => listFindings(q, { runId: run.id }))).toMatchObject([
      {
        kind: "rail_balance",
        subject: "airtel-money",
        expected: "0",
        actual: "unknown",
        difference: "unknown",
        evidence: { error: "Airtel is not answering" },
      },
    ]);
  });

  it("M-Pesa without a Result in time is a finding too (the wait is bounded)", async () => {
    let waited = 0;
    const run = await runReconciliation(
      testStore(db),
      deps({
        // Nothing is delivered: the Result never comes.
        wait: async (ms) => void (waited += ms),
        mpesaResultTimeoutMs: 2_000,
        mpesaPollMs: 500,
        sources: [source({ rails: { pesalink: rails.pesalink }, custody: null })],
      }),
      now,
      { day: today() },
    );
    expect(waited).toBe(2_000);
    expect(run).toMatchObject({ status: "completed", findings: 1 });
    expect((await read((q) => listFindings(q, { runId: run.id })))[0]).toMatchObject({
      subject: "mpesa",
      actual: "unknown",
      evidence: { error: "M-Pesa sent no AccountBalance Result within 2 s" },
    });
    await h.darajaSim.flush(); // the late Result: kept, never read
  });

  it("resolves a finding once, with the operator's note, audited; again is already_resolved", async () => {
    const [finding] = await read((q) => listFindings(q, { status: "open" }));
    const open = await read((q) => countOpenFindings(q));
    expect(open).toBeGreaterThan(0);
    const input = {
      findingId: finding!.id,
      operatorId: "op_recon",
      note: "  Drift set by a test  ",
    };
    const store = testStore(db);
    expect(await resolveOpenFinding(store, input, now())).toEqual({ ok: true });
    expect(await resolveOpenFinding(store, input, now() + 1)).toEqual({
      ok: false,
      reason: "already_resolved",
    });
    expect(await resolveOpenFinding(store, { ...input, findingId: "rcf_nope" }, now())).toEqual({
      ok: false,
      reason: "not_found",
    });
    // The one inside a caller's write (the B2B settlement by hand) agrees.
    expect(await store.write((q) => resolveFindingOn(q, input, now() + 1))).toEqual({
      ok: false,
      reason: "already_resolved",
    });
    expect(
      await store.write((q) => resolveFindingOn(q, { ...input, findingId: "rcf_nope" }, now())),
    ).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await read((q) => countOpenFindings(q))).toBe(open - 1);
    expect(await read((q) => listFindings(q, { status: "resolved" }))).toMatchObject([
      {
        id: finding!.id,
        status: "resolved",
        resolvedBy: "op_recon",
        resolvedAt: now(),
        resolutionNote: "Drift set by a test",
      },
    ]);
    const audit = await auditTrail(testStore(db), "reconciliation_finding", finding!.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorType: "operator",
      actorId: "op_recon",
      action: "reconciliation.finding_resolved",
    });
  });

  it("the leased job never runs twice at once: a second run while the first waits for M-Pesa is refused", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let waiting!: () => void;
    const started = new Promise<void>((resolve) => (waiting = resolve));
    const runsBefore = (await read((q) => listRuns(q, { limit: 500 }))).length;
    const first = reconcileUnderLease(
      testStore(db),
      deps({
        wait: async () => {
          waiting();
          await gate;
          await h.darajaSim.flush();
        },
      }),
      now,
      { day: today(), holder: "process-a" },
    );
    await started;
    expect(
      await reconcileUnderLease(testStore(db), deps(), now, { holder: "process-b" }),
    ).toBeNull();
    release();
    const run = await first;
    expect(run).toMatchObject({ status: "completed", findings: 0 });
    expect(await read((q) => listRuns(q, { limit: 500 }))).toHaveLength(runsBefore + 1);
    // The lease is free again.
    const next = await reconcileUnderLease(testStore(db), deps(), now, {
      day: today(),
      holder: "process-b",
    });
    expect(next).toMatchObject({ status: "completed" });
    expect(await read((q) => findRun(q, next!.id))).toEqual(next);
    expect(await read((q) => findRun(q, "rcn_nope"))).toBeNull();
  });

  it("an unexpected error fails the run, with the error, and keeps what it found", async () => {
    const broken = source();
    Object.defineProperty(broken, "custody", {
      get() {
        throw new Error("custody wiring broke");
      },
    });
    const run = await runReconciliation(testStore(db), deps({ sources: [broken] }), now, {
      day: today(),
    });
    expect(run).toMatchObject({ status: "failed", error: "custody wiring broke" });
    const row = db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, run.id)).get();
    expect(row?.finishedAt).toBe(now());
  });
});
