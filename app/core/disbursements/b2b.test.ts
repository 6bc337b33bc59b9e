/**
 * M-Pesa B2B disbursements end to end in the core (ADR 0035, "B2B"): Paybill and Till rows paid
 * through the M-Pesa rail on the Daraja simulator over HTTP, their Results coming back to the URL
 * that names the transfer. A refused or timed-out payment gives the money back. A request whose
 * answer was lost is never sent again (the request carries no id of ours): its Result pays it, and
 * without one it is left for an operator as a reconciliation finding. The ledger balances
 * throughout, and the simulator's float moves exactly as our ledger's.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconciliationFindings, settlementTransfers } from "../../../drizzle/schema";
import {
  balance,
  findUnbalancedTransactions,
  merchantAvailable,
  merchantInFlight,
  merchantReserved,
  owed,
  railFloat,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { queryOverdueTransfers, sendPendingTransfers } from "~/core/payments/settlement.server";
import { RailUnavailableError, type PayoutRail, type PayoutRails } from "~/core/rails/types";
import { recordPayoutsInDoubt, runReconciliation } from "~/core/reconciliation/run.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  creditAvailable,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { B2B_RESULT_LIMIT_MS, countInDoubtB2b, inDoubtRowIds } from "./b2b.server";
import { approveBatch, createBulkBatch, submitBatch } from "./batches.server";
import { rowCost } from "./fees";
import { listBatchRows } from "./reads.server";

const { db, close } = createTestDb();
const store = testStore(db);
let h: PaymentsHarness;
const now = () => h.clock.now;

const MAKER = "usr_maker0001";
const CHECKER = "usr_checker001";

beforeAll(async () => {
  h = await startPaymentsHarness(db);
});
afterAll(async () => {
  await h.close();
  close();
});

const maker = (merchantId: string) => ({ merchantId, memberId: MAKER, mode: "live" as const });
const checker = (merchantId: string) => ({ merchantId, memberId: CHECKER });

/** A batch of `lines` (recipient,rail,amount,reference,account), submitted and approved. */
async function approvedBatch(merchantId: string, ...lines: string[]) {
  const batch = await createBulkBatch(
    store,
    maker(merchantId),
    {
      title: "Suppliers",
      fileName: "suppliers.csv",
      text: ["recipient,rail,amount,reference,account", ...lines].join("\r\n"),
      smsReceipts: false,
    },
    now(),
  );
  await submitBatch(store, maker(merchantId), batch.id, now());
  await approveBatch(store, checker(merchantId), batch.id, now());
  return batch;
}

async function payOut(rails: PayoutRails = h.rails) {
  await sendPendingTransfers(testStore(db), rails, now, { limit: 500 });
  await h.darajaSim.flush();
}

async function rowsOf(batchId: string) {
  return (await store.read((q) => listBatchRows(q, batchId, { limit: 1000 }))).rows;
}

function transferOf(id: string | null) {
  return db
    .select()
    .from(settlementTransfers)
    .where(eq(settlementTransfers.id, id ?? ""))
    .get()!;
}

/** The B2B requests the simulator received for a transfer (named in their ResultURL). */
function b2bRequestsFor(transferId: string | null) {
  return h.darajaSim.requests.filter((r) => {
    if (!r.path.includes("/b2b/")) return false;
    const url = (r.body as { ResultURL?: string }).ResultURL ?? "";
    return new URL(url).searchParams.get("transfer") === transferId;
  });
}

const statusQueries = () =>
  h.darajaSim.requests.filter((r) => r.path.includes("transactionstatus"));

async function expectLedgerSound() {
  expect(await findUnbalancedTransactions(store)).toEqual([]);
  expect(await verifyBalances(store)).toEqual([]);
  for (const total of Object.values(await trialBalance(store))) expect(total).toBe(0n);
}

/** The real M-Pesa rail, but each send's answer is lost after the request went out. */
function losingAnswers(lost: (real: PayoutRail) => PayoutRail["send"]): PayoutRails {
  const real = h.rails.mpesa!;
  return {
    mpesa: { ...real, id: "mpesa", send: lost(real), queryStatus: (id) => real.queryStatus(id) },
  };
}

describe("Paybill and Till rows, paid through M-Pesa B2B", () => {
  const M = "MRC-B2B3AA";

  it("pays a Paybill with its account and a Till at the B2B rate plus M-Pesa's B2B charge", async () => {
    addMerchant(db, M);
    await creditAvailable(db, M, 100_000);
    const availableBefore = await owed(store, merchantAvailable(M));
    const floatBefore = await balance(store, railFloat("mpesa"));
    const simFloatBefore = h.darajaSim.floatKes();
    const batch = await approvedBatch(
      M,
      "247247,paybill,8000,RENT-6,123456",
      "123456,till,950,SUP-1,",
    );

    const ready = await rowsOf(batch.id);
    // 1.2% of the amount, and M-Pesa's B2B band charge (KES 17 for 8,000; KES 9 for 950).
    expect(ready.map((r) => [r.feeKesCents, r.railChargeKesCents])).toEqual([
      [9_600n, 1_700n],
      [1_140n, 900n],
    ]);
    expect(ready.map((r) => [r.rail, r.b2bKind, r.businessNumber, r.accountReference])).toEqual([
      ["mpesa", "paybill", "247247", "123456"],
      ["mpesa", "till", "123456", null],
    ]);

    await payOut();
    const rows = await rowsOf(batch.id);
    expect(rows.map((r) => r.status)).toEqual(["paid", "paid"]);
    for (const row of rows) {
      const [request] = b2bRequestsFor(row.transferId);
      expect(b2bRequestsFor(row.transferId)).toHaveLength(1);
      const body = request!.body as Record<string, string>;
      expect(new URL(body.QueueTimeOutURL!).searchParams.get("transfer")).toBe(row.transferId);
      // The receipt is the Result's TransactionID.
      const result = h.darajaSim.callbacks.find((c) => c.url.includes(row.transferId!));
      const receipt = (result?.body as { Result: { TransactionID: string } }).Result.TransactionID;
      expect(row.receipt).toBe(receipt);
      expect(transferOf(row.transferId).receipt).toBe(receipt);
    }
    const bodies = rows.map(
      (r) => b2bRequestsFor(r.transferId)[0]!.body as Record<string, unknown>,
    );
    expect(bodies.map((b) => [b.CommandID, b.PartyB, b.AccountReference, b.Amount])).toEqual([
      ["BusinessPayBill", "247247", "123456", 8000],
      ["BusinessBuyGoods", "123456", "123456", 950],
    ]);
    expect(bodies[0]!.Remarks).toBe("RENT-6");

    const total =
      rowCost("mpesa", 800_000n, "paybill").totalKesCents +
      rowCost("mpesa", 95_000n, "till").totalKesCents;
    // Amount, our fee, its 10% excise (never on M-Pesa's charge) and M-Pesa's charge, per row.
    expect(total).toBe(800_000n + 9_600n + 960n + 1_700n + 95_000n + 1_140n + 114n + 900n);
    expect(await owed(store, merchantAvailable(M))).toBe(availableBefore - total);
    expect(await owed(store, merchantReserved(M))).toBe(0n);
    expect(await owed(store, merchantInFlight(M))).toBe(0n);
    // Amount and charge left our float, as they left the simulator's.
    const paidOut = 800_000n + 1_700n + 95_000n + 900n;
    expect(floatBefore - (await balance(store, railFloat("mpesa")))).toBe(paidOut);
    expect(BigInt(Math.round((simFloatBefore - h.darajaSim.floatKes()) * 100))).toBe(paidOut);
    await expectLedgerSound();
  });

  it("a payment the Paybill refuses, and one M-Pesa times out, give their money back", async () => {
    const before = await owed(store, merchantAvailable(M));
    // 700002: the Paybill refuses the account (2007); 700005: M-Pesa's queue timeout.
    const batch = await approvedBatch(M, "700002,paybill,1000,R-1,NOPE", "700005,till,1000,R-2,");
    await payOut();
    const rows = await rowsOf(batch.id);
    expect(rows.map((r) => r.status)).toEqual(["failed", "failed"]);
    expect(rows[0]!.failureReason).toBe(
      "The Paybill did not accept the account number: check it with the business and pay again",
    );
    expect(rows[1]!.failureReason).toMatch(/^M-Pesa timed out the payment in its queue/);
    expect(await owed(store, merchantAvailable(M))).toBe(before);
    expect(await owed(store, merchantReserved(M))).toBe(0n);
    expect(await owed(store, merchantInFlight(M))).toBe(0n);
    for (const row of rows) expect(b2bRequestsFor(row.transferId)).toHaveLength(1);
    await expectLedgerSound();
  });
});

describe("a B2B request whose answer was lost", () => {
  const M = "MRC-B2B4BB";

  it("is never sent again: marked sent, not queried, and paid when its Result comes", async () => {
    addMerchant(db, M);
    await creditAvailable(db, M, 50_000);
    const batch = await approvedBatch(M, "300100,till,1200,L-1,", "300200,paybill,1300,L-2,ACC-9");
    const [crashed, unknown] = await rowsOf(batch.id);
    // Line 2: the request went out, then the process lost the answer and threw (as a crash
    // mid-send would leave it). Line 3: the rail says the answer was lost (a timeout).
    await sendPendingTransfers(
      testStore(db),
      losingAnswers((real) => async (input) => {
        const outcome = await real.send(input);
        expect(outcome.kind).toBe("accepted");
        if (input.transferId === crashed!.transferId)
          throw new RailUnavailableError("mpesa", "connection reset");
        return { kind: "unknown", description: "timed out" };
      }),
      now,
      { limit: 500 },
    );
    expect(transferOf(unknown!.transferId)).toMatchObject({ status: "sent", conversationId: null });
    expect(transferOf(crashed!.transferId).status).toBe("pending");

    // The next runs never send either again: the stamped one is marked sent without a request.
    h.clock.now += 10 * 60_000;
    await sendPendingTransfers(testStore(db), h.rails, now, { limit: 500 });
    h.clock.now += 10 * 60_000;
    await sendPendingTransfers(testStore(db), h.rails, now, { limit: 500 });
    expect(transferOf(crashed!.transferId)).toMatchObject({ status: "sent", conversationId: null });
    // Nothing to ask M-Pesa: the overdue query skips B2B transfers.
    const queries = statusQueries().length;
    expect(await queryOverdueTransfers(testStore(db), h.rails, now())).toBe(0);
    expect(statusQueries()).toHaveLength(queries);

    // The Results, naming each transfer in their URL, pay them.
    await h.darajaSim.flush();
    const rows = await rowsOf(batch.id);
    expect(rows.map((r) => r.status)).toEqual(["paid", "paid"]);
    for (const row of rows) {
      expect(b2bRequestsFor(row.transferId)).toHaveLength(1);
      expect(row.receipt).toMatch(/^\w{10}$/);
    }
    expect(await owed(store, merchantReserved(M))).toBe(0n);
    expect(await owed(store, merchantInFlight(M))).toBe(0n);
    await expectLedgerSound();
  });

  it("whose answer was lost (a crash while sending) is in the operators' queue at once, once", async () => {
    // 700006: M-Pesa pays but its Result never comes.
    const batch = await approvedBatch(M, "700006,paybill,2000,S-1,ACC-1");
    await sendPendingTransfers(
      testStore(db),
      losingAnswers((real) => async (input) => {
        await real.send(input);
        throw new RailUnavailableError("mpesa", "connection reset");
      }),
      now,
      { limit: 500 },
    );
    // The next run marks it sent (never sending it again); its Result never comes.
    h.clock.now += 10 * 60_000;
    await payOut();
    const [row] = await rowsOf(batch.id);
    expect(transferOf(row!.transferId)).toMatchObject({ status: "sent", conversationId: null });
    expect(row!.status).toBe("sent");
    expect(b2bRequestsFor(row!.transferId)).toHaveLength(1);
    const findingsOf = () =>
      db
        .select()
        .from(reconciliationFindings)
        .where(eq(reconciliationFindings.subject, row!.transferId!))
        .all();
    // In doubt at once (issue 27, item 13): on the batch, counted for operators, and a finding
    // from the minute check, without waiting for the daily run or the Result limit.
    expect(await store.read((q) => inDoubtRowIds(q, batch.id, now()))).toEqual([row!.id]);
    expect(await store.read((q) => countInDoubtB2b(q, now()))).toBeGreaterThanOrEqual(1);
    expect(await recordPayoutsInDoubt(store, now)).toMatchObject({ status: "completed" });
    expect(findingsOf()).toHaveLength(1);
    expect(findingsOf()[0]!.subjectLabel).toContain("answer lost");
    // Neither the next check nor the daily run repeats it while it is open.
    expect(await recordPayoutsInDoubt(store, now)).toBeNull();
    h.clock.now += B2B_RESULT_LIMIT_MS + 60_000;
    expect(await queryOverdueTransfers(testStore(db), h.rails, now())).toBe(0);
    expect(await runReconciliation(store, { sources: [] }, now)).toMatchObject({
      status: "completed",
    });
    const [finding] = findingsOf();
    expect(findingsOf()).toHaveLength(1);
    expect(finding).toMatchObject({
      kind: "transfer_state",
      book: "live",
      status: "open",
      expected: "200000",
      actual: "unknown",
    });
    expect(finding!.subjectLabel).toContain("Paybill 700006, account ACC-1");
    expect(JSON.parse(finding!.evidence)).toMatchObject({
      disbursementRowId: row!.id,
      b2b: { kind: "paybill", businessNumber: "700006", accountReference: "ACC-1" },
    });
    // The next run does not repeat it while it is open; the money stays in flight meanwhile.
    await runReconciliation(store, { sources: [] }, now);
    expect(findingsOf()).toHaveLength(1);
    expect(await owed(store, merchantInFlight(M))).toBe(200_000n);
    expect(b2bRequestsFor(row!.transferId)).toHaveLength(1);
    await expectLedgerSound();
  });

  it("answered but with no Result, is in doubt only once the Result is overdue", async () => {
    const batch = await approvedBatch(M, "700006,paybill,2100,S-2,ACC-2");
    await payOut();
    const [row] = await rowsOf(batch.id);
    expect(transferOf(row!.transferId)).toMatchObject({ status: "sent" });
    expect(transferOf(row!.transferId).conversationId).not.toBeNull();
    const findingsOf = () =>
      db
        .select()
        .from(reconciliationFindings)
        .where(eq(reconciliationFindings.subject, row!.transferId!))
        .all();
    await recordPayoutsInDoubt(store, now);
    expect(await store.read((q) => inDoubtRowIds(q, batch.id, now()))).toEqual([]);
    expect(findingsOf()).toEqual([]);
    h.clock.now += B2B_RESULT_LIMIT_MS + 60_000;
    expect(await store.read((q) => inDoubtRowIds(q, batch.id, now()))).toEqual([row!.id]);
    await recordPayoutsInDoubt(store, now);
    expect(findingsOf()).toHaveLength(1);
    expect(findingsOf()[0]!.subjectLabel).toContain("no Result");
  });
});
