/**
 * Merchant statements (issue 15, item 6; ADR 0034) against a real migrated database, with money
 * moved through the real paths: payments paid through the custody simulator and settled to the
 * M-Pesa simulator, plus an operator adjustment and its reversal posted to the ledger directly.
 * Every statement must reconcile: opening + lines = closing = the ledger's balance to the cent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  capital,
  ledgerBook,
  merchantAvailable,
  merchantBalances,
  merchantPending,
  postTransaction,
  reverseTransaction,
} from "~/core/ledger/ledger.server";
import { getPayment } from "~/core/payments/payments.server";
import { planSettlement, sendPendingTransfers } from "~/core/payments/settlement.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  type PaymentsHarness,
  startPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import { statementCsv, statementCsvChunks } from "./csv";
import { classifyKind, toLine } from "./lines";
import {
  defaultStatementRange,
  monthShortcuts,
  parseStatementRange,
  statementBounds,
  statementRangeMessages,
} from "./range";
import {
  holderOn,
  readPrintableStatement,
  readStatement,
  readStatementPages,
  type Statement,
} from "./statement.server";

const { db, close } = createTestDb();
let h: PaymentsHarness;
const MERCHANT = "MRC-STMT22";
const OTHER = "MRC-STMX22";

/** Nairobi wall-clock time as epoch milliseconds (EAT = UTC+3). */
const eat = (day: string, time = "12:00") => Date.parse(`${day}T${time}:00+03:00`);

/** What we owe the merchant now, from the balances the app shows (cached balance column). */
const owedNow = async (merchantId = MERCHANT) => {
  const b = await merchantBalances(testStore(db), merchantId);
  return b.available + b.pending + b.inFlight;
};

/** Opening + every line = closing, and the running balance steps line by line. */
function expectReconciled(statement: Statement) {
  let running = statement.opening;
  for (const line of statement.lines) {
    expect(line.net).not.toBe(0n);
    expect(line.gross).toBe(line.net + line.fee + line.excise);
    running += line.net;
    expect(line.balance).toBe(running);
  }
  expect(statement.closing).toBe(running);
}

/**
 * The statement on the store (what the pages, the CSV, the print view and the monthly e-mail read),
 * checked against itself read a few rows and a few lines at a time, and in the CSV's keyset pages
 * (each a read of its own): the same statement every way.
 */
async function statementOf(merchantId: string, range: { from: string; to: string }) {
  const store = testStore(db);
  const statement = await readStatement(store, merchantId, range);
  for (const [keepLines, pageRows] of [
    [1, 1],
    [2, 1],
    [3, 2],
    [500, undefined],
  ] as const) {
    const kept = await readStatement(store, merchantId, range, { keepLines, pageRows });
    expect(kept).toEqual({ ...statement, lines: statement.lines.slice(0, keepLines) });
  }
  for (const pageRows of [1, 2, 3, undefined]) {
    const paged = await readStatementPages(store, merchantId, range, { pageRows });
    const lines = [];
    for await (const page of paged.lines()) lines.push(...page);
    expect({ ...paged.statement, lines }).toEqual(statement);
  }
  return statement;
}

async function payAndConfirm(merchantId: string, amountKes: number) {
  return (await confirmedPayment(db, h, { merchantId, amountKes })).payment;
}

async function settle(paymentId: string) {
  await planSettlement(testStore(db), paymentId, testConfig, h.clock.now);
  await sendPendingTransfers(testStore(db), h.rails, () => h.clock.now);
  await h.darajaSim.flush();
  expect((await testStore(db).read((q) => getPayment(q, paymentId)))?.status).toBe("settled");
}

/** An operator's adjustment: our capital pays the merchant (or takes back, when negative). */
async function adjust(
  key: string,
  cents: bigint,
  at: number,
  description: string,
  reference?: string,
) {
  const posted = await postTransaction(testStore(db), {
    idempotencyKey: key,
    kind: "operator.adjustment",
    description,
    reference: reference ? { type: "adjustment", id: reference } : null,
    entries: [
      { account: capital("KES"), amount: cents },
      { account: merchantAvailable(MERCHANT), amount: -cents },
    ],
    now: at,
  });
  return posted.transactionId;
}

// Balances at the end of each phase, as the app showed them then.
const owedAt: Record<string, bigint> = {};
let collectionId = "";
let adjustmentId = "";

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, MERCHANT);
  addMerchant(db, OTHER);

  // October: a KES 10,000 payment collected and settled to M-Pesa, then a KES 7.77 goodwill credit.
  h.clock.now = eat("2026-10-15", "09:30");
  const october = await payAndConfirm(MERCHANT, 10_000);
  collectionId = october.id;
  h.clock.now = eat("2026-10-15", "10:00");
  await settle(october.id);
  await adjust("adj:oct", 777n, eat("2026-10-31", "23:59"), "Goodwill credit");
  owedAt.october = await owedNow();

  // Another merchant's money never appears on this merchant's statement.
  h.clock.now = eat("2026-11-03", "08:00");
  await payAndConfirm(OTHER, 3_000);

  // November 1-20: a KES 5,000 payment (not settled), an adjustment with a formula in its text
  // and its reversal, an internal move (available -> pending) and test-book money.
  h.clock.now = eat("2026-11-05", "14:05");
  await payAndConfirm(MERCHANT, 5_000);
  adjustmentId = await adjust(
    "adj:nov",
    12_345n,
    eat("2026-11-10", "09:00"),
    '=HYPERLINK("http://evil.example","Refund")',
    "+ADJ-1",
  );
  await reverseTransaction(testStore(db), {
    transactionId: adjustmentId,
    idempotencyKey: "adj:nov:reversed",
    reason: "Posted in error",
    now: eat("2026-11-10", "09:00"),
  });
  await postTransaction(testStore(db), {
    idempotencyKey: "internal:hold",
    kind: "operator.hold",
    description: "Held for a dispute",
    entries: [
      { account: merchantAvailable(MERCHANT), amount: 100_000n },
      { account: merchantPending(MERCHANT), amount: -100_000n },
    ],
    now: eat("2026-11-12", "11:00"),
  });
  const test = ledgerBook("test");
  await postTransaction(testStore(db), {
    idempotencyKey: "test:adj",
    kind: "operator.adjustment",
    entries: [
      { account: test.capital("KES"), amount: 99_999n },
      { account: test.merchantAvailable(MERCHANT), amount: -99_999n },
    ],
    now: eat("2026-11-12", "12:00"),
  });
  owedAt.november20 = await owedNow();

  // After the 20th: a small debit on the 25th (a charge taken back).
  await adjust("adj:late", -500n, eat("2026-11-25", "00:00"), "Chargeback fee");
  owedAt.now = await owedNow();
});
afterAll(async () => {
  await h.close();
  close();
});

describe("a month with a collection settled to M-Pesa", () => {
  it("shows the collection's gross, fee and net, and the settlement, and reconciles", async () => {
    const statement = await statementOf(MERCHANT, { from: "2026-10-01", to: "2026-10-31" });
    expect(statement.opening).toBe(0n);
    expect(statement.lines.map((line) => line.type)).toEqual([
      "collection",
      "payout",
      "adjustment",
    ]);
    const [collection, payout, goodwill] = statement.lines;
    // KES 10,000 less the 1% collection fee and its 10% excise duty.
    expect(collection).toMatchObject({
      kind: "payment.converted",
      reference: collectionId,
      gross: 1_000_000n,
      fee: 10_000n,
      excise: 1_000n,
      net: 989_000n,
      balance: 989_000n,
      at: eat("2026-10-15", "09:30"),
    });
    // One line for the payout when it is sent: the KES 9,879 to M-Pesa as its gross, Safaricom's
    // KES 11 charge in the Fees column (no excise: it is not our fee), KES 9,890 out of the
    // balance (issue 30, item 8).
    expect(payout).toMatchObject({
      kind: "payout.sent",
      gross: -987_900n,
      fee: 1_100n,
      excise: 0n,
      net: -989_000n,
      balance: 0n,
    });
    expect(payout!.reference).toMatch(/^trf_/);
    expect(goodwill).toMatchObject({ description: "Goodwill credit", net: 777n, balance: 777n });
    expect(statement.closing).toBe(777n);
    expect(statement.closing).toBe(owedAt.october);
    expectReconciled(statement);
    expect(statement.totals.collection).toEqual({
      count: 1,
      gross: 1_000_000n,
      fee: 10_000n,
      excise: 1_000n,
      net: 989_000n,
    });
    expect(statement.totals.payout).toEqual({
      count: 1,
      gross: -987_900n,
      fee: 1_100n,
      excise: 0n,
      net: -989_000n,
    });
    expect(statement.totals.refund.count).toBe(0);
  });
});

describe("a month with a reversal", () => {
  const november = () => statementOf(MERCHANT, { from: "2026-11-01", to: "2026-11-20" });

  it("opens with what October left, lists the adjustment and its reversal, and reconciles", async () => {
    const statement = await november();
    // October's lines are not repeated: they are in the opening balance.
    expect(statement.opening).toBe(owedAt.october);
    expect(statement.lines.map((line) => [line.type, line.net])).toEqual([
      ["collection", 494_500n],
      ["adjustment", 12_345n],
      ["adjustment", -12_345n],
    ]);
    const [collection, adjustment, reversal] = statement.lines;
    expect(collection).toMatchObject({ gross: 500_000n, fee: 5_000n, excise: 500n });
    expect(adjustment).toMatchObject({ transactionId: adjustmentId, reference: "+ADJ-1" });
    // The reversal keeps the original's reference and comes after it in the same millisecond.
    expect(reversal).toMatchObject({
      kind: "reversal",
      description: "Reversal: Posted in error",
      reference: "+ADJ-1",
    });
    expect(statement.closing).toBe(owedAt.october! + 494_500n);
    expect(statement.closing).toBe(owedAt.november20);
    expectReconciled(statement);
  });

  it("leaves out moves between the merchant's own accounts, other merchants and test money", async () => {
    const statement = await november();
    expect(statement.lines.some((line) => line.kind === "operator.hold")).toBe(false);
    expect(statement.lines.some((line) => line.net === 99_999n)).toBe(false);
    expect(statement.lines.map((line) => line.reference)).not.toContain(undefined);
    // The other merchant's KES 3,000 payment is on their statement only.
    const other = await statementOf(OTHER, { from: "2026-11-01", to: "2026-11-20" });
    expect(other.lines.map((line) => line.net)).toEqual([296_700n]);
    expect(other.closing).toBe(await owedNow(OTHER));
  });

  it("excludes what happened after the period and counts what happened before in the opening", async () => {
    const toThe20th = await november();
    expect(toThe20th.lines.some((line) => line.description === "Chargeback fee")).toBe(false);
    const toDate = await statementOf(MERCHANT, { from: "2026-11-01", to: "2026-11-27" });
    expect(toDate.lines.at(-1)).toMatchObject({ description: "Chargeback fee", net: -500n });
    expect(toDate.closing).toBe(owedAt.now);
    expectReconciled(toDate);

    // From the 21st: everything earlier is the opening; the 25th's debit at 00:00 EAT is inside.
    const lastWeek = await statementOf(MERCHANT, { from: "2026-11-21", to: "2026-11-27" });
    expect(lastWeek.opening).toBe(owedAt.november20);
    expect(lastWeek.lines.map((line) => line.net)).toEqual([-500n]);
    // The 24th ends at the 25th's 00:00 EAT: the debit is not in it.
    const toThe24th = await statementOf(MERCHANT, { from: "2026-11-21", to: "2026-11-24" });
    expect(toThe24th.lines).toEqual([]);
    expect(toThe24th.closing).toBe(owedAt.november20);
  });

  it("a period with no movement opens and closes on the same balance", async () => {
    const quiet = await statementOf(MERCHANT, { from: "2026-11-13", to: "2026-11-20" });
    expect(quiet.lines).toEqual([]);
    expect(quiet.opening).toBe(owedAt.november20);
    expect(quiet.closing).toBe(quiet.opening);
    const before = await statementOf(MERCHANT, { from: "2026-01-01", to: "2026-01-31" });
    expect([before.opening, before.closing, before.lines.length]).toEqual([0n, 0n, 0]);
  });

  it("a year's statement has every line and closes on today's balance", async () => {
    const year = await statementOf(MERCHANT, { from: "2025-11-28", to: "2026-11-27" });
    expect(year.opening).toBe(0n);
    expect(year.lines).toHaveLength(7);
    expect(year.closing).toBe(owedAt.now);
    expectReconciled(year);
  });
});

describe("the statement CSV", () => {
  it("has the opening, every line and the closing, with formulas defused", async () => {
    const statement = await statementOf(MERCHANT, { from: "2026-11-01", to: "2026-11-20" });
    const text = statementCsv(statement);
    // The route's file, streamed a page of two rows at a time, is the same file.
    const paged = await readStatementPages(testStore(db), MERCHANT, statement.range, {
      pageRows: 2,
    });
    let streamed = "";
    for await (const chunk of statementCsvChunks(paged.statement, paged.lines())) streamed += chunk;
    expect(streamed).toBe(text);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(rows.at(-1)).toBe("");
    expect(rows[0]).toBe(
      "Date (EAT),Type,Description,Reference,Gross KES,Fee KES,Excise duty KES,Net KES,Balance KES,Ledger transaction",
    );
    expect(rows[1]).toBe("2026-11-01T00:00:00+03:00,Opening balance,,,,,,,7.77,");
    expect(rows[2]).toMatch(
      /^2026-11-05T14:05:00\+03:00,Collection,Payment pay_\w+ \(ORDER-5000\) converted at [\d.]+ KES\/USDT,pay_\w+,5000\.00,50\.00,5\.00,4945\.00,4952\.77,ltx_[\w-]+$/,
    );
    // The adjustment's text and reference start with = and +: shown, never run.
    expect(rows[3]).toBe(
      `2026-11-10T09:00:00+03:00,Adjustment,"'=HYPERLINK(""http://evil.example"",""Refund"")",'+ADJ-1,123.45,0.00,0.00,123.45,5076.22,${adjustmentId}`,
    );
    expect(rows[4]).toMatch(/^[^,]+,Adjustment,Reversal: Posted in error,'\+ADJ-1,-123\.45,/);
    expect(rows[5]).toBe("2026-11-21T00:00:00+03:00,Closing balance,,,,,,,4952.77,");
    expect(rows).toHaveLength(7);
  });
});

describe("the printable statement", () => {
  it("has the business it is for and the statement, as the separate reads give them", async () => {
    const range = { from: "2026-11-01", to: "2026-11-20" };
    const printable = await readPrintableStatement(testStore(db), MERCHANT, range, {
      keepLines: 2,
    });
    expect(printable.holder).toEqual(await testStore(db).read((q) => holderOn(q, MERCHANT)));
    expect(printable.holder?.merchantId).toBe(MERCHANT);
    const full = await readStatement(testStore(db), MERCHANT, range);
    expect(printable.statement).toEqual({ ...full, lines: full.lines.slice(0, 2) });
    expect(printable.statement.lines).toHaveLength(2);
    expect(printable.statement.lineCount).toBe(3);
    const nobody = await readPrintableStatement(testStore(db), "MRC-ZZZZ22", range);
    expect(nobody.holder).toBeNull();
    expect(nobody.statement.lines).toEqual([]);
  });
});

describe("lines and periods (pure)", () => {
  it("classifies ledger kinds into statement types", () => {
    expect(classifyKind("payment.converted")).toBe("collection");
    expect(classifyKind("payment.collected")).toBe("collection");
    expect(classifyKind("payout.sent")).toBe("payout");
    expect(classifyKind("payout.succeeded")).toBe("payout");
    expect(classifyKind("payment.review_rejected")).toBe("refund");
    expect(classifyKind("refund.sent")).toBe("refund");
    expect(classifyKind("reversal")).toBe("adjustment");
    expect(classifyKind("operator.adjustment")).toBe("adjustment");
    const rejected = toLine(
      {
        transactionId: "ltx_1",
        kind: "payment.review_rejected",
        description: null,
        referenceId: "pay_1",
        reversesTransactionId: null,
        at: 0,
        merchantSum: 990_000n,
        feeSum: 10_000n,
      },
      1_000_000n,
    );
    // The credit and the fee go back: the customer is owed the gross.
    expect(rejected).toMatchObject({
      gross: -1_000_000n,
      fee: -10_000n,
      net: -990_000n,
      balance: 10_000n,
    });
    expect(rejected.description).toBe("Refund");
  });

  it("bounds a period by Nairobi midnights", () => {
    expect(statementBounds({ from: "2026-11-01", to: "2026-11-30" })).toEqual({
      startMs: Date.UTC(2026, 9, 31, 21, 0),
      endMs: Date.UTC(2026, 10, 30, 21, 0),
    });
  });

  it("defaults to the month to date and validates what it is given", () => {
    // 1 Dec 2026, 01:00 EAT is still 30 Nov in UTC.
    const now = Date.UTC(2026, 10, 30, 22, 0);
    expect(defaultStatementRange(now)).toEqual({ from: "2026-12-01", to: "2026-12-01" });
    expect(parseStatementRange(new URLSearchParams(), now)).toEqual({
      ok: true,
      range: { from: "2026-12-01", to: "2026-12-01" },
    });
    const parse = (from: string, to: string) =>
      parseStatementRange(new URLSearchParams({ from, to }), now);
    // 366 days (both ends included) is the longest period.
    expect(parse("2025-11-30", "2026-11-30")).toMatchObject({ ok: true });
    expect(parse("2025-11-29", "2026-11-30")).toEqual({
      ok: false,
      values: { from: "2025-11-29", to: "2026-11-30" },
      errors: { from: statementRangeMessages.tooLong },
    });
    expect(parse("2026-11-30", "2026-11-01")).toMatchObject({
      errors: { from: statementRangeMessages.order },
    });
    expect(parse("2026-11-01", "2026-12-02")).toMatchObject({
      errors: { to: statementRangeMessages.future },
    });
    expect(parse("01/11/2026", "2026-02-30")).toMatchObject({
      errors: { from: statementRangeMessages.fromFormat, to: statementRangeMessages.notADate },
    });
  });

  it("offers the month to date and the full months before it", () => {
    const shortcuts = monthShortcuts(eat("2026-03-15"), 3);
    expect(shortcuts).toEqual([
      { label: "March 2026 to date", from: "2026-03-01", to: "2026-03-15" },
      { label: "February 2026", from: "2026-02-01", to: "2026-02-28" },
      { label: "January 2026", from: "2026-01-01", to: "2026-01-31" },
    ]);
  });
});
