/**
 * Disbursements end to end in the core (ADR 0035): a payout file becomes a draft batch (checked,
 * duplicates marked, fees shown), is fixed and submitted by its maker, approved by another member
 * (the money reserved in the same transaction, never twice, never more than the balance), and paid
 * row by row through the M-Pesa B2C rail on the Daraja simulator over HTTP. A row the rail refuses
 * gives its money back to the balance and can be retried or cancelled; a send whose answer was lost
 * is sent again with the same id and paid once. The ledger balances throughout.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  disbursementBatches,
  settlementTransfers,
  webhookEvents,
} from "../../../drizzle/schema";
import {
  feeRevenue,
  findUnbalancedTransactions,
  ledgerBook,
  merchantAvailable,
  merchantInFlight,
  merchantReserved,
  owed,
  postTransaction,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { queryOverdueTransfers, sendPendingTransfers } from "~/core/payments/settlement.server";
import { RailUnavailableError, type PayoutRails } from "~/core/rails/types";
import { readStatement } from "~/core/statements/statement.server";
import { createTestDb, openTestDatabase, testStore } from "../../../tests/setup/db";
import { addMember } from "../../../tests/setup/members";
import {
  addMerchant,
  creditAvailable,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import {
  approveBatch,
  cancelRows,
  createBulkBatch,
  createSinglePayout,
  dropInvalidRows,
  rejectBatch,
  retryRows,
  setRowDropped,
  submitBatch,
  updateRow,
} from "./batches.server";
import { DisbursementError } from "./errors";
import { rowCost } from "./fees";
import { batchSummary, listBatchRows, resultsCsvLines } from "./reads.server";
import { checkPayoutRow } from "./row-check";
import { setPayoutApprovalAboveKes } from "./settings.server";

const { db, file, close } = createTestDb();
const store = testStore(db);
/** A second connection to the same database file, as a second server process would have. */
const other = openTestDatabase(file);
let h: PaymentsHarness;
const now = () => h.clock.now;

const MAKER = "usr_maker0001";
const CHECKER = "usr_checker001";

beforeAll(async () => {
  h = await startPaymentsHarness(db);
});
afterAll(async () => {
  await h.close();
  other.$client.close();
  close();
});

/** Give the merchant `kes` of available balance (as converted payments would). */
// Posted at the harness's clock: the statement test reads November 2026.
const fund = (merchantId: string, kes: number) =>
  creditAvailable(db, merchantId, kes, "live", now());

const maker = (merchantId: string) => ({ merchantId, memberId: MAKER, mode: "live" as const });
const checker = (merchantId: string) => ({ merchantId, memberId: CHECKER });

function csv(...lines: string[]) {
  return ["recipient,rail,amount,reference,name", ...lines].join("\r\n");
}

async function payOut(rails: PayoutRails = h.rails) {
  await sendPendingTransfers(testStore(db), rails, now, { limit: 500 });
  await h.darajaSim.flush();
}

async function rowsOf(batchId: string) {
  return (await store.read((q) => listBatchRows(q, batchId, { limit: 1000 }))).rows;
}

async function expectLedgerSound() {
  expect(await findUnbalancedTransactions(store)).toEqual([]);
  expect(await verifyBalances(store)).toEqual([]);
  for (const total of Object.values(await trialBalance(store))) expect(total).toBe(0n);
}

describe("a payout file, checked and paid", () => {
  const M = "MRC-DSB2AA";
  let batchId: string;

  it("stores every row of the file checked: a BOM, semicolons and CRLF are read; errors and duplicates are marked", async () => {
    addMerchant(db, M);
    // Someone other than the maker who can approve (maker-checker needs two people).
    addMember(db, M, "finance");
    await fund(M, 100_000);
    const text =
      "\uFEFFrecipient;rail;amount;reference;name\r\n" +
      "0712 345 678;mpesa;1,500;SAL-1;Wanjiku Kamau\r\n" +
      "+254722000001;;2500;SAL-2;Otieno Ouma\r\n" +
      "0712345678;M-Pesa;1500;SAL-1 again;Wanjiku Kamau\r\n" +
      "0712 000 111;mpesa;-40;SAL-4;Bad Amount\r\n" +
      "=HYPERLINK(1);mpesa;100;SAL-5;Formula\r\n";
    const batch = await createBulkBatch(
      store,
      maker(M),
      { title: "November salaries", fileName: "salaries.csv", text, smsReceipts: true },
      now(),
    );
    batchId = batch.id;
    const rows = await rowsOf(batchId);
    expect(rows.map((r) => [r.line, r.status])).toEqual([
      [2, "ready"],
      [3, "ready"],
      [4, "ready"],
      [5, "invalid"],
      [6, "invalid"],
    ]);
    expect(rows[0]).toMatchObject({
      phone: "+254712345678",
      rail: "mpesa",
      amountKesCents: 150_000n,
    });
    expect(rows[1]).toMatchObject({ phone: "+254722000001", rail: "mpesa" });
    expect(rows[2]?.duplicateOfLine).toBe(2);
    expect(JSON.parse(rows[3]!.errors!)[0].field).toBe("amount");

    const summary = await store.read((q) => batchSummary(q, batch));
    const costs = [
      rowCost("mpesa", 150_000n),
      rowCost("mpesa", 250_000n),
      rowCost("mpesa", 150_000n),
    ];
    expect(summary.ready.count).toBe(3);
    expect(summary.ready.feeKesCents).toBe(costs.reduce((s, c) => s + c.feeKesCents, 0n));
    // 1.5% of KES 1,500 is KES 22.50; M-Pesa charges KES 5 for it.
    expect(costs[0]).toMatchObject({ feeKesCents: 2_250n, railChargeKesCents: 500n });
    expect(summary.ready.totalKesCents).toBe(costs.reduce((s, c) => s + c.totalKesCents, 0n));
    expect(summary.attention.duplicatesInFile).toBe(1);
  });

  it("is not submitted while a row needs fixing; a fix and a drop make it ready", async () => {
    await expect(submitBatch(store, checker(M), batchId, now())).rejects.toThrow(
      /2 rows need fixing/,
    );
    const [, , , bad] = await rowsOf(batchId);
    const check = await updateRow(
      store,
      checker(M),
      {
        batchId,
        rowId: bad!.id,
        raw: {
          recipient: "0712000111",
          rail: "mpesa",
          amount: "400",
          reference: "SAL-4",
          name: "Fixed Amount",
          bankCode: "",
        },
      },
      now(),
    );
    expect(check.ok).toBe(true);
    const duplicate = (await rowsOf(batchId))[2]!;
    await setRowDropped(store, checker(M), { batchId, rowId: duplicate.id, dropped: true }, now());
    expect(await dropInvalidRows(store, checker(M), batchId, now())).toBe(1);
    expect((await rowsOf(batchId)).map((r) => r.status)).toEqual([
      "ready",
      "ready",
      "dropped",
      "ready",
      "dropped",
    ]);
    expect((await submitBatch(store, maker(M), batchId, now())).status).toBe("awaiting_approval");
  });

  it("the maker cannot approve their own batch: refused, nothing reserved", async () => {
    const before = await owed(store, merchantAvailable(M));
    const error = await catchError(() =>
      approveBatch(store, { merchantId: M, memberId: MAKER }, batchId, now()),
    );
    expect(error).toMatchObject({ code: "maker_cannot_approve" });
    expect(await owed(store, merchantAvailable(M))).toBe(before);
    expect(await owed(store, merchantReserved(M))).toBe(0n);
  });

  it("another member approves: the total is reserved at once, each row queued", async () => {
    const before = await owed(store, merchantAvailable(M));
    const total = (await store.read((q) => batchSummary(q, findBatchOrThrow(batchId)))).ready
      .totalKesCents;
    const result = await approveBatch(store, checker(M), batchId, now());
    expect(result).toEqual({ reservedKesCents: total, rows: 3 });
    expect(await owed(store, merchantAvailable(M))).toBe(before - total);
    expect(await owed(store, merchantReserved(M))).toBe(total);
    expect((await rowsOf(batchId)).filter((r) => r.status === "queued")).toHaveLength(3);
    expect(
      db.select().from(auditLog).where(eq(auditLog.action, "disbursement.batch_approved")).all(),
    ).toHaveLength(1);
    // A second approval (a double click, another tab) is refused.
    expect(await catchError(() => approveBatch(store, checker(M), batchId, now()))).toMatchObject({
      code: "already_decided",
    });
  });

  it("the rows go out through M-Pesa and are paid: reserved empties, fees earned, receipts texted", async () => {
    const feeBefore = -trialAccount(feeRevenue().code);
    await payOut();
    const rows = (await rowsOf(batchId)).filter((r) => r.status !== "dropped");
    expect(rows.map((r) => r.status)).toEqual(["paid", "paid", "paid"]);
    expect(rows.every((r) => r.receipt)).toBe(true);
    expect(await owed(store, merchantReserved(M))).toBe(0n);
    expect(await owed(store, merchantInFlight(M))).toBe(0n);
    const batch = findBatchOrThrow(batchId);
    expect(batch.status).toBe("completed");
    const fees = rows.reduce((s, r) => s + r.feeKesCents!, 0n);
    expect(-trialAccount(feeRevenue().code) - feeBefore).toBe(fees);
    const texts = db.$client
      .prepare("select to_phone, body from outbound_messages order by id")
      .all() as { to_phone: string; body: string }[];
    expect(texts.map((t) => t.to_phone)).toEqual(rows.map((r) => r.phone));
    expect(texts[0]?.body).toMatch(
      /^OneHop: Shop MRC-DSB2AA sent you KES 1,500\.00 by M-Pesa\. Ref SAL-1\. Receipt \w+\./,
    );
    await expectLedgerSound();
  });

  it("the results file lists each row with its receipt, formula cells defused", async () => {
    const lines: string[] = [];
    for await (const line of resultsCsvLines(store, batchId)) lines.push(line);
    expect(lines[0]).toBe(
      "line,recipient,rail,bank_code,amount_kes,fee_kes,rail_charge_kes,reference,name,registered_name,status,receipt,failure_reason,completed_at,account",
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(
      /^2,254712345678,mpesa,,1500\.00,22\.50,5\.00,SAL-1,Wanjiku Kamau,,paid,\w+,,2026-11-20T10:00:00\+03:00,$/,
    );
    expect(lines[5]).toMatch(/^6,'=HYPERLINK\(1\),mpesa,/);
  });

  it("the statement shows each payout with its fee and reconciles to the ledger", async () => {
    const statement = await readStatement(store, M, { from: "2026-11-01", to: "2026-11-30" });
    const payouts = statement.lines.filter((l) => l.type === "disbursement");
    // One line per row when it is sent: the amount as gross, our fee and the rail's charge under
    // Fees (issue 30, item 8).
    expect(payouts).toHaveLength(3);
    const paid = (await rowsOf(batchId)).filter((r) => r.status === "paid");
    expect(statement.totals.disbursement.fee).toBe(
      paid.reduce((s, r) => s + r.feeKesCents! + r.railChargeKesCents!, 0n),
    );
    expect(statement.totals.disbursement.gross).toBe(
      -paid.reduce((s, r) => s + r.amountKesCents!, 0n),
    );
    expect(statement.closing).toBe(await owed(store, merchantAvailable(M)));
  });

  it("a payout to the same recipient for the same amount within 7 days is flagged in the next file", async () => {
    const next = await createBulkBatch(
      store,
      maker(M),
      {
        title: "Again",
        fileName: null,
        text: csv("0712345678,mpesa,1500,SAL-1,Wanjiku Kamau", "0712345678,mpesa,1600,X,Wanjiku"),
        smsReceipts: false,
      },
      now(),
    );
    const [same, differentAmount] = await rowsOf(next.id);
    expect(same?.recentDuplicateOf).toBe((await rowsOf(batchId))[0]?.id);
    expect(differentAmount?.recentDuplicateOf).toBeNull();
    expect((await store.read((q) => batchSummary(q, next))).attention.recentDuplicates).toBe(1);
  });
});

describe("refusals and races", () => {
  const M = "MRC-DSB3BB";

  async function submitted(text: string) {
    const batch = await createBulkBatch(
      store,
      maker(M),
      { title: "Suppliers", fileName: "s.csv", text, smsReceipts: false },
      now(),
    );
    await submitBatch(store, maker(M), batch.id, now());
    return batch.id;
  }

  it("a batch larger than the available balance is refused with the shortfall; nothing is reserved", async () => {
    addMerchant(db, M);
    // Someone other than the maker who can approve (maker-checker needs two people).
    addMember(db, M, "finance");
    await fund(M, 1_000);
    const id = await submitted(csv("0712345001,mpesa,5000,INV-1,A Supplier"));
    const error = await catchError(() => approveBatch(store, checker(M), id, now()));
    expect(error).toMatchObject({ code: "insufficient_balance" });
    expect(error?.message).toMatch(/The available balance is KES 1,000\.00: KES 4,091\.50 short/);
    expect(findBatchOrThrow(id).status).toBe("awaiting_approval");
    expect(await owed(store, merchantReserved(M))).toBe(0n);
    expect(await owed(store, merchantAvailable(M))).toBe(100_000n);
  });

  it("two approvals at once on two connections: one reserves, the other is refused", async () => {
    await fund(M, 50_000);
    const id = await submitted(csv("0712345002,mpesa,1000,INV-2,B Supplier"));
    const [first, second] = await Promise.all([
      catchError(() => approveBatch(store, checker(M), id, now())),
      catchError(() =>
        approveBatch(testStore(other), { merchantId: M, memberId: "usr_checker002" }, id, now()),
      ),
    ]);
    expect(first).toBeNull();
    expect(second).toMatchObject({ code: "already_decided" });
    expect(await owed(store, merchantReserved(M))).toBe(rowCost("mpesa", 100_000n).totalKesCents);
  });

  it("two approvals at once through one store: one reserves, the other is refused", async () => {
    await fund(M, 50_000);
    const id = await submitted(csv("0712345006,mpesa,1200,INV-7,F Supplier"));
    const reserved = await owed(store, merchantReserved(M));
    const results = await Promise.all([
      catchError(() => approveBatch(store, checker(M), id, now())),
      catchError(() =>
        approveBatch(store, { merchantId: M, memberId: "usr_checker002" }, id, now()),
      ),
    ]);
    expect(results.filter((error) => error === null)).toHaveLength(1);
    expect(results.find((error) => error !== null)).toMatchObject({ code: "already_decided" });
    expect((await owed(store, merchantReserved(M))) - reserved).toBe(
      rowCost("mpesa", 120_000n).totalKesCents,
    );
  });

  it("a rejected batch moves no money and cannot then be approved", async () => {
    const id = await submitted(csv("0712345003,mpesa,700,INV-3,C Supplier"));
    const available = await owed(store, merchantAvailable(M));
    await expect(
      rejectBatch(store, { merchantId: M, memberId: MAKER }, { batchId: id, note: "" }, now()),
    ).rejects.toThrow(DisbursementError);
    await rejectBatch(store, checker(M), { batchId: id, note: "Wrong supplier" }, now());
    expect(findBatchOrThrow(id)).toMatchObject({
      status: "rejected",
      decisionNote: "Wrong supplier",
    });
    expect(await catchError(() => approveBatch(store, checker(M), id, now()))).toMatchObject({
      code: "already_decided",
    });
    expect(await owed(store, merchantAvailable(M))).toBe(available);
  });

  it("rows on a rail that does not run here are refused at approval; nothing is reserved", async () => {
    const id = await submitted(
      csv("0712345005,mpesa,100,INV-5,E", "0733123456,airtel,200,INV-6,Airtel Person"),
    );
    const reserved = await owed(store, merchantReserved(M));
    const error = await catchError(() =>
      approveBatch(store, checker(M), id, now(), { runningRails: ["mpesa"] }),
    );
    expect(error).toMatchObject({ code: "rail_unavailable" });
    expect(error?.message).toMatch(/^Airtel Money payouts are not available at the moment/);
    expect(findBatchOrThrow(id).status).toBe("awaiting_approval");
    expect(await owed(store, merchantReserved(M))).toBe(reserved);
    // With Airtel running, the same batch is approved.
    expect(
      (
        await approveBatch(store, checker(M), id, now(), {
          runningRails: ["mpesa", "airtel-money"],
        })
      ).rows,
    ).toBe(2);
  });

  it("another merchant's batch is not found", async () => {
    const id = await submitted(csv("0712345004,mpesa,100,INV-4,D"));
    expect(
      await catchError(() => approveBatch(store, checker("MRC-DSB2AA"), id, now())),
    ).toMatchObject({ code: "not_found" });
  });
});

describe("failed rows, retries and a lost answer", () => {
  const M = "MRC-DSB4CC";

  it("a row the rail refuses gives its money back; the rest are paid; retry pays it, cancel closes it", async () => {
    addMerchant(db, M);
    // Someone other than the maker who can approve (maker-checker needs two people).
    addMember(db, M, "finance");
    await fund(M, 200_000);
    h.darajaSim.setOutcome("254712300002", "invalid-number");
    h.darajaSim.setOutcome("254712300003", "invalid-number");
    const batch = await createBulkBatch(
      store,
      maker(M),
      {
        title: "Affiliates",
        fileName: "a.csv",
        text: csv(
          "0712300001,mpesa,1000,AFF-1,One",
          "0712300002,mpesa,2000,AFF-2,Two",
          "0712300003,mpesa,3000,AFF-3,Three",
        ),
        smsReceipts: false,
      },
      now(),
    );
    await submitBatch(store, maker(M), batch.id, now());
    const before = await owed(store, merchantAvailable(M));
    await approveBatch(store, checker(M), batch.id, now());
    await payOut();
    const rows = await rowsOf(batch.id);
    expect(rows.map((r) => r.status)).toEqual(["paid", "failed", "failed"]);
    expect(rows[1]?.failureReason).toMatch(/\w/);
    expect(findBatchOrThrow(batch.id).status).toBe("completed");
    // Only the paid row's amount, fee and charge left the balance.
    expect(await owed(store, merchantAvailable(M))).toBe(
      before - rowCost("mpesa", 100_000n).totalKesCents,
    );
    expect(await owed(store, merchantReserved(M))).toBe(0n);

    h.darajaSim.setOutcome("254712300002", null);
    expect(
      await retryRows(store, checker(M), { batchId: batch.id, rowIds: [rows[1]!.id] }, now()),
    ).toBe(1);
    expect(findBatchOrThrow(batch.id).status).toBe("processing");
    expect(await owed(store, merchantReserved(M))).toBe(rowCost("mpesa", 200_000n).totalKesCents);
    await payOut();
    expect((await rowsOf(batch.id)).map((r) => r.status)).toEqual(["paid", "paid", "failed"]);
    // Each try has its own transfer: the failed one stays failed, the retry paid.
    const transfers = db
      .select()
      .from(settlementTransfers)
      .where(eq(settlementTransfers.disbursementRowId, rows[1]!.id))
      .all();
    expect(transfers.map((t) => t.status).sort()).toEqual(["failed", "succeeded"]);

    // Webhook events: the batch approved and completed (twice: again after the retry), each row's
    // outcome.
    const events = db
      .select({ type: webhookEvents.type, objectId: webhookEvents.objectId })
      .from(webhookEvents)
      .where(eq(webhookEvents.merchantId, M))
      .all();
    expect(events.filter((e) => e.objectId === batch.id).map((e) => e.type)).toEqual([
      "payout_batch.approved",
      "payout_batch.completed",
      "payout_batch.completed",
    ]);
    expect(events.filter((e) => e.objectId === rows[1]!.id).map((e) => e.type)).toEqual([
      "disbursement.failed",
      "disbursement.succeeded",
    ]);
    // Each row's fate is audited: the failure, then the retry's payment.
    expect(
      db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, rows[1]!.id))
        .all()
        .map((entry) => entry.action),
    ).toEqual(["disbursement.row_failed", "disbursement.row_paid"]);
    expect(
      await cancelRows(store, checker(M), { batchId: batch.id, rowIds: "all_failed" }, now()),
    ).toBe(1);
    expect((await rowsOf(batch.id)).map((r) => r.status)).toEqual(["paid", "paid", "cancelled"]);
    expect(findBatchOrThrow(batch.id).status).toBe("completed");
    await expect(
      retryRows(store, checker(M), { batchId: batch.id, rowIds: "all_failed" }, now()),
    ).rejects.toThrow(/no failed row/);
    await expectLedgerSound();
  });

  it("a send whose answer was lost (the process died after the rail took it) is sent again with the same id and paid once", async () => {
    await fund(M, 50_000);
    // The rail takes each request but its result callback never comes.
    h.darajaSim.setOutcome("254712300010", "silent");
    h.darajaSim.setOutcome("254712300011", "silent");
    const batch = await createBulkBatch(
      store,
      maker(M),
      {
        title: "Lost answers",
        fileName: null,
        text: csv("0712300010,mpesa,1200,L-1,Ten", "0712300011,mpesa,1300,L-2,Eleven"),
        smsReceipts: false,
      },
      now(),
    );
    await submitBatch(store, maker(M), batch.id, now());
    await approveBatch(store, checker(M), batch.id, now());
    // And the answer to the request itself is lost: the process died before recording it.
    const real = h.rails.mpesa!;
    const dying: PayoutRails = {
      mpesa: {
        ...real,
        id: "mpesa",
        async send(input) {
          await real.send(input);
          throw new RailUnavailableError("mpesa", "connection reset");
        },
        queryStatus: (id) => real.queryStatus(id),
      },
    };
    await sendPendingTransfers(testStore(db), dying, now, { limit: 500 });
    expect((await rowsOf(batch.id)).map((r) => r.status)).toEqual(["sent", "sent"]);
    // The next run sends each again with the same id (the rail says it has it) ...
    h.clock.now += 10 * 60_000;
    await payOut();
    // ... and the status query finds each paid once.
    h.clock.now += 10 * 60_000;
    await queryOverdueTransfers(testStore(db), h.rails, now());
    await h.darajaSim.flush();
    const rows = await rowsOf(batch.id);
    expect(rows.map((r) => r.status)).toEqual(["paid", "paid"]);
    for (const row of rows) {
      const sends = h.darajaSim.requests.filter(
        (r) =>
          r.path.includes("b2c") &&
          (r.body as { OriginatorConversationID?: string }).OriginatorConversationID ===
            row.transferId,
      );
      expect(sends.length).toBe(2);
      expect(row.receipt).toMatch(/^\w{10}$/);
      // One transfer per row: the id was sent again, never a new payout.
      expect(
        db
          .select()
          .from(settlementTransfers)
          .where(eq(settlementTransfers.disbursementRowId, row.id))
          .all(),
      ).toHaveLength(1);
    }
    expect(await owed(store, merchantReserved(M))).toBe(0n);
    expect(await owed(store, merchantInFlight(M))).toBe(0n);
    await expectLedgerSound();
  });
});

describe("one payout", () => {
  const M = "MRC-DSB5DD";
  const raw = {
    recipient: "0712 399 001",
    rail: "",
    amount: "25,000",
    reference: "Rent",
    name: "Landlord",
    bankCode: "",
  };

  it("at or under the threshold goes at once; above it waits for another member", async () => {
    addMerchant(db, M);
    // Someone other than the maker who can approve (maker-checker needs two people).
    addMember(db, M, "finance");
    await fund(M, 100_000);
    const check = checkPayoutRow(raw);
    if (!check.ok) throw new Error("row should be valid");
    await setPayoutApprovalAboveKes(store, { merchantId: M, actorId: MAKER, kes: 25_000 }, now());
    const quick = await createSinglePayout(
      store,
      maker(M),
      { row: check.row, raw, smsReceipts: false, requestKey: null },
      now(),
    );
    expect(quick).toMatchObject({
      needsApproval: false,
      approvalAboveKes: 25_000,
      batch: { status: "processing" },
    });
    await payOut();
    expect((await rowsOf(quick.batch.id))[0]?.status).toBe("paid");

    await setPayoutApprovalAboveKes(store, { merchantId: M, actorId: MAKER, kes: 24_999 }, now());
    const held = await createSinglePayout(
      store,
      maker(M),
      { row: check.row, raw, smsReceipts: false, requestKey: null },
      now(),
    );
    expect(held).toMatchObject({ needsApproval: true, batch: { status: "awaiting_approval" } });
    expect((await rowsOf(held.batch.id))[0]?.recentDuplicateOf).toBe(
      (await rowsOf(quick.batch.id))[0]?.id,
    );
    expect(await owed(store, merchantReserved(M))).toBe(0n);
    expect(
      await catchError(() =>
        approveBatch(store, { merchantId: M, memberId: MAKER }, held.batch.id, now()),
      ),
    ).toMatchObject({
      code: "maker_cannot_approve",
    });
  });

  it("one review sends one payout, however often it is submitted at once", async () => {
    const merchantId = "MRC-DSB5DE";
    addMerchant(db, merchantId);
    await fund(merchantId, 100_000);
    const check = checkPayoutRow(raw);
    if (!check.ok) throw new Error("row should be valid");
    const send = (requestKey: string) =>
      createSinglePayout(
        store,
        maker(merchantId),
        { row: check.row, raw, smsReceipts: false, requestKey },
        now(),
      );
    const results = await Promise.all([
      send("pok_samereview0001"),
      send("pok_samereview0001"),
      send("pok_samereview0001"),
    ]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.batch.id)).size).toBe(1);
    // Another review (its own key) is another payout.
    const again = await send("pok_anotherreview01");
    expect(again.created).toBe(true);
    expect(again.batch.id).not.toBe(results[0]?.batch.id);
    const made = db
      .select({ id: disbursementBatches.id })
      .from(disbursementBatches)
      .where(eq(disbursementBatches.merchantId, merchantId))
      .all();
    expect(made).toHaveLength(2);
  });

  it("test-mode payouts move money in the test book only", async () => {
    const book = ledgerBook("test");
    const cents = 10_000n * 100n;
    await creditAvailable(db, M, 10_000, "test");
    await postTransaction(testStore(db), {
      idempotencyKey: "test:float:test-book",
      kind: "float.funded",
      entries: [
        { account: book.railFloat("mpesa"), amount: 1_000_000n * 100n },
        { account: book.capital("KES"), amount: -1_000_000n * 100n },
      ],
    });
    const liveBefore = await owed(store, merchantAvailable(M));
    const check = checkPayoutRow({ ...raw, amount: "500" });
    if (!check.ok) throw new Error("row should be valid");
    const { batch } = await createSinglePayout(
      store,
      { merchantId: M, memberId: "key:apk_test", mode: "test" },
      { row: check.row, raw, smsReceipts: false, requestKey: null },
      now(),
    );
    await sendPendingTransfers(testStore(db), h.rails, now, { modes: ["test"] });
    await h.darajaSim.flush();
    expect((await rowsOf(batch.id))[0]?.status).toBe("paid");
    expect(await owed(store, book.merchantAvailable(M))).toBe(
      cents - rowCost("mpesa", 50_000n).totalKesCents,
    );
    expect(await owed(store, merchantAvailable(M))).toBe(liveBefore);
  });
});

function trialAccount(code: string): bigint {
  const row = db.$client.prepare("select balance from ledger_accounts where code = ?").get(code) as
    { balance: number | bigint } | undefined;
  return BigInt(row?.balance ?? 0);
}

function findBatchOrThrow(id: string) {
  const batch = db.select().from(disbursementBatches).where(eq(disbursementBatches.id, id)).get();
  if (!batch) throw new Error(`no batch ${id}`);
  return batch;
}

async function catchError(run: () => unknown): Promise<DisbursementError | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof DisbursementError) return error;
    throw error;
  }
}
