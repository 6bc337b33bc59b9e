/**
 * The books check (issue 28) on a real migrated SQLite file: nothing on healthy books (postings in
 * both books, a refunded payment, paid payout rows, a failed transfer and its paid retry), and each
 * kind of problem on books broken on purpose, the way a bad repair or a torn restore would.
 */
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  disbursementBatches,
  disbursementRows,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payments,
  refunds,
  settlementTransfers,
} from "../../../drizzle/schema";
import { ledgerBook, postTransaction } from "~/core/ledger/ledger.server";
import type { Db } from "~/db/sqlite-connection.server";
import { freshTestDbPerTest, testStore } from "../../../tests/setup/db";
import { addMerchant } from "../../../tests/setup/payments";
import { checkBooks, describeProblems, type BookCheckName } from "./check.server";

let db: Db;
freshTestDbPerTest((fresh) => (db = fresh));

const M = "MRC-BK5AQ2";

async function insertPayment(id: string, amount: bigint) {
  await db.insert(payments).values({
    id,
    merchantId: M,
    reference: id,
    asset: "USDT",
    network: "ethereum",
    amountKesCents: amount,
    feeKesCents: 0n,
    quoteRate: "130",
    marketRate: "130",
    spreadBps: 0,
    rateSource: "test",
    rateFetchedAt: 0,
    cryptoAmountUnits: 1n,
    quotedAt: 0,
    expiresAt: 1,
    status: "settled",
    createdAt: 0,
    updatedAt: 0,
  });
}

async function insertRefund(id: string, paymentId: string, amount: bigint, status = "succeeded") {
  await db.insert(refunds).values({
    id,
    merchantId: M,
    paymentId,
    mode: "live",
    method: "crypto",
    source: "balance",
    status: status as "succeeded",
    amountKesCents: amount,
    destination: "0x8ba1f109551bd432803012645ac136ddd64dba72",
    railChargeKesCents: 0n,
    createdBy: "test",
    requestKey: id,
    createdAt: 0,
    updatedAt: 0,
  });
}

async function insertTransfer(
  id: string,
  values: Partial<typeof settlementTransfers.$inferInsert> = {},
) {
  await db.insert(settlementTransfers).values({
    id,
    merchantId: M,
    sequence: 0,
    purpose: "disbursement",
    rail: "mpesa",
    amountKesCents: 100_00n,
    feeKesCents: 0n,
    status: "succeeded",
    settlementDay: "2026-11-29",
    createdAt: 0,
    updatedAt: 0,
    ...values,
  });
}

async function insertRow(id: string, line: number, transferId: string | null, status = "paid") {
  await db.insert(disbursementRows).values({
    id,
    batchId: "dsb_TEST",
    line,
    rawRecipient: "0712345678",
    rawRail: "mpesa",
    rawAmount: "100",
    rawReference: "",
    rawName: "",
    rawBankCode: "",
    status: status as "paid",
    rail: "mpesa",
    phone: "+254712345678",
    amountKesCents: 100_00n,
    transferId,
    updatedAt: 0,
  });
}

/** Healthy books: money in both books, a partly refunded payment, paid rows, a paid retry. */
beforeEach(async () => {
  addMerchant(db, M);
  for (const mode of ["live", "test"] as const) {
    const book = ledgerBook(mode);
    await postTransaction(testStore(db), {
      idempotencyKey: `books-test:${mode}:credit`,
      kind: "operator.adjustment",
      entries: [
        { account: book.capital("KES"), amount: 500_00n },
        { account: book.merchantAvailable(M), amount: -500_00n },
      ],
    });
  }
  await insertPayment("pay_A", 1_000_00n);
  await insertRefund("rfd_A1", "pay_A", 600_00n);
  await insertRefund("rfd_A2", "pay_A", 400_00n);
  await insertRefund("rfd_A3", "pay_A", 900_00n, "failed");
  await db.insert(disbursementBatches).values({
    id: "dsb_TEST",
    merchantId: M,
    mode: "live",
    kind: "bulk",
    status: "processing",
    title: "Test",
    createdBy: "test",
    createdAt: 0,
    updatedAt: 0,
  });
  await insertTransfer("trf_R1", { disbursementRowId: "dsr_1" });
  await insertRow("dsr_1", 1, "trf_R1");
  await insertTransfer("trf_R2a", { disbursementRowId: "dsr_2", status: "failed" });
  await insertTransfer("trf_R2b", { disbursementRowId: "dsr_2", retryOf: "trf_R2a", sequence: 1 });
  await insertRow("dsr_2", 2, "trf_R2b");
  await insertTransfer("trf_R3", { disbursementRowId: "dsr_3", status: "pending" });
  await insertRow("dsr_3", 3, "trf_R3", "queued");
});

const checksOf = (problems: { check: BookCheckName }[]) => [
  ...new Set(problems.map((p) => p.check)),
];

describe("the books check", () => {
  it("finds nothing wrong in healthy books", async () => {
    expect(describeProblems(await checkBooks(testStore(db)))).toEqual([]);
  });

  it("finds a ledger transaction that does not balance, and one with a single entry", async () => {
    const account = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, ledgerBook("live").capital("KES").code));
    const [entry] = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, account[0]!.id));
    // One more debit to capital in the same transaction, its cached balance kept in step.
    await db.insert(ledgerEntries).values({
      transactionId: entry!.transactionId,
      accountId: account[0]!.id,
      amount: 7n,
      createdAt: 0,
    });
    await db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + 7` })
      .where(eq(ledgerAccounts.id, account[0]!.id));
    const problems = await checkBooks(testStore(db));
    expect(checksOf(problems)).toEqual(["unbalanced_transaction"]);
    expect(problems[0]!.ids).toEqual([entry!.transactionId]);
    expect(problems[0]!.detail).toContain("does not balance in KES (live book)");
    expect(problems[0]!.detail).toContain("sum to 7");
    // A transaction row without its entries.
    await db.insert(ledgerTransactions).values({
      id: "ltx_EMPTY",
      idempotencyKey: "books-test:empty",
      kind: "operator.adjustment",
      fingerprint: "x",
      createdAt: 0,
    });
    expect((await checkBooks(testStore(db))).map((p) => p.detail)).toEqual([
      expect.stringContaining(entry!.transactionId),
      "ledger transaction ltx_EMPTY has 0 entries (at least two)",
    ]);
  });

  it("finds a transaction that moves money between the live and the test book", async () => {
    await postTransaction(testStore(db), {
      idempotencyKey: "books-test:cross",
      kind: "operator.adjustment",
      entries: [
        { account: ledgerBook("live").capital("KES"), amount: 1n },
        { account: ledgerBook("test").capital("KES"), amount: -1n },
      ],
    });
    const problems = await checkBooks(testStore(db));
    expect(problems.map((p) => p.detail)).toEqual([
      expect.stringContaining("(live book): its entries sum to 1"),
      expect.stringContaining("(test book): its entries sum to -1"),
    ]);
  });

  it("finds a cached balance that differs from its entries, exactly, even near 2^63", async () => {
    const code = ledgerBook("test").merchantAvailable(M).code;
    await db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} - 1` })
      .where(eq(ledgerAccounts.code, code));
    const problems = await checkBooks(testStore(db));
    expect(problems).toEqual([
      {
        check: "cached_balance",
        detail: `account ${code} caches a balance of -50001 but its entries sum to -50000`,
        ids: [code],
      },
    ]);
    // Off by one on a balance past 2^53, where a float comparison would see no difference.
    const huge = 9_000_000_000_000_000_000n;
    await postTransaction(testStore(db), {
      idempotencyKey: "books-test:huge",
      kind: "operator.adjustment",
      entries: [
        { account: ledgerBook("live").custody("BTC"), amount: huge },
        { account: ledgerBook("live").capital("BTC"), amount: -huge },
      ],
    });
    await db
      .update(ledgerAccounts)
      .set({ balance: huge + 1n })
      .where(eq(ledgerAccounts.code, ledgerBook("live").custody("BTC").code));
    expect((await checkBooks(testStore(db))).map((p) => p.ids[0])).toEqual([code, "custody:BTC"]);
  });

  it("finds refunds that add up to more than their payment (failed refunds do not count)", async () => {
    await insertRefund("rfd_A4", "pay_A", 1n, "pending");
    expect(await checkBooks(testStore(db))).toEqual([
      {
        check: "refund_exceeds_payment",
        detail: "payment pay_A of 100000 KES cents has 3 refund(s) totalling 100001 KES cents",
        ids: ["pay_A"],
      },
    ]);
  });

  it("finds payout rows and transfers that disagree", async () => {
    // A paid row whose transfer is still pending; a row naming a missing transfer; a row whose
    // transfer moves another amount; a transfer paying a row that does not exist.
    await db
      .update(disbursementRows)
      .set({ status: "paid" })
      .where(eq(disbursementRows.id, "dsr_3"));
    await insertRow("dsr_4", 4, "trf_GONE", "sent");
    await insertTransfer("trf_R5", { disbursementRowId: "dsr_5", amountKesCents: 99_00n });
    await insertRow("dsr_5", 5, "trf_R5");
    await insertTransfer("trf_ORPHAN", { disbursementRowId: "dsr_NONE", status: "pending" });
    const problems = await checkBooks(testStore(db));
    expect(checksOf(problems)).toEqual(["payout_row_transfer"]);
    expect(problems.map((p) => p.detail)).toEqual([
      "payout row dsr_3 is paid but its transfer trf_R3 is pending",
      "payout row dsr_4 names transfer trf_GONE, which does not exist",
      "payout row dsr_5 is 10000 KES cents but its transfer trf_R5 moves 9900",
      "transfer trf_ORPHAN pays payout row dsr_NONE, which does not exist",
    ]);
  });

  it("finds a payout row, a refund or a failed transfer paid twice", async () => {
    await insertTransfer("trf_R1b", { disbursementRowId: "dsr_1", sequence: 1 });
    await insertTransfer("trf_F1", { purpose: "refund", refundId: "rfd_A1", sequence: 2 });
    await insertTransfer("trf_F2", { purpose: "refund", refundId: "rfd_A1", sequence: 3 });
    // The failed first attempt of dsr_2 turns out paid too (a late result applied by hand).
    await db
      .update(settlementTransfers)
      .set({ status: "succeeded" })
      .where(eq(settlementTransfers.id, "trf_R2a"));
    const problems = await checkBooks(testStore(db));
    expect(checksOf(problems)).toEqual(["transfer_paid_twice"]);
    expect(problems.map((p) => p.detail)).toEqual([
      "payout row dsr_1 was paid by 2 succeeded transfers (trf_R1 ... trf_R1b)",
      "payout row dsr_2 was paid by 2 succeeded transfers (trf_R2a ... trf_R2b)",
      "refund rfd_A1 was paid by 2 succeeded transfers (trf_F1 ... trf_F2)",
      "transfer trf_R2a succeeded and so did its retry trf_R2b",
    ]);
  });

  it("reports at most `limit` problems per check", async () => {
    for (const n of [1, 2, 3])
      await db
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${n}` })
        .where(eq(ledgerAccounts.id, n));
    expect(await checkBooks(testStore(db), { limit: 2 })).toHaveLength(2);
  });
});
