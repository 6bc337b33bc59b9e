/**
 * A merchant's statement for a period (issue 15, item 6; ADR 0034): the opening balance, one line
 * per ledger transaction that changed what we owe the merchant, and the closing balance, which must
 * reconcile with the ledger to the cent.
 *
 * The balance is what we hold for the merchant: its KES accounts of the live book that money is
 * spent from (available, pending, reserved). Money in flight to a destination has left it: a payout
 * is one line when it is sent, with the rail's charge in its fee (issue 30, item 8). Two queries,
 * each one indexed pass over those accounts' entries (ledger_entries_account_idx): the period's
 * entries with their transaction and the fee-revenue, excise-payable (ADR 0059) and in-flight
 * entries of the same transaction, folded into lines per transaction; and the sums before the
 * period and up to its end.
 * A transaction that only moves money between those accounts sums to zero on them and is not a
 * line.
 */
import {
  aliasedTable,
  and,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  max,
  type SQL,
  sql,
} from "drizzle-orm";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  merchantApplications,
  merchants,
} from "../../../drizzle/schema";
import { excisePayable, feeRevenue, merchantAccounts } from "~/core/ledger/accounts";
import { combineSum, parseBigint } from "~/core/ledger/sql.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import {
  classifyKind,
  type StatementLine,
  type StatementLineType,
  type StatementTotals,
  toLine,
  totalsByType,
} from "./lines";
import { type StatementRange, statementBounds } from "./range";

export interface Statement {
  merchantId: string;
  range: StatementRange;
  /** Epoch milliseconds: [startMs, endMs). */
  startMs: number;
  endMs: number;
  /** KES cents we owed the merchant at the start and at the end of the period. */
  opening: bigint;
  closing: bigint;
  /** Every line of the period, or its first `keepLines` (`statementOn`'s option). */
  lines: StatementLine[];
  /** How many lines the period has (all counted in `totals`, kept or not). */
  lineCount: number;
  totals: Record<StatementLineType, StatementTotals>;
}

/** The statement's figures do not add up: a bug, never shown as a statement. */
export class StatementMismatchError extends Error {
  constructor(merchantId: string, expected: bigint, actual: bigint) {
    super(
      `Statement for ${merchantId} does not reconcile: opening + lines = ${expected}, ledger = ${actual}`,
    );
    this.name = "StatementMismatchError";
  }
}

/** A merchant entry of the period with its transaction, as the driver returns it. */
interface MovementRow {
  transactionId: string;
  amount: string;
  fee: string | null;
  /** The excise-payable entry of the same transaction (ADR 0059). */
  excise: string | null;
  /** The merchant's in-flight entry of the same transaction (a payout sent or given back). */
  inFlight: string | null;
  kind: string;
  description: string | null;
  referenceId: string | null;
  reversesTransactionId: string | null;
  at: number;
}

/** Exact sum parts of an expression (as exactSumParts, for a CASE over the amount). */
function sumParts(expression: SQL): { high: SQL<string>; low: SQL<string> } {
  return {
    high: sql<string>`cast(coalesce(sum((${expression}) >> 32), 0) as text)`,
    low: sql<string>`cast(coalesce(sum((${expression}) & 4294967295), 0) as text)`,
  };
}

/**
 * Folds a period's merchant entries, in order, into lines: one per transaction whose merchant
 * entries do not sum to zero, with the running balance from `opening`. Keeps the first
 * `keepLines` lines and counts every one in `lineCount` and `totals`.
 */
function lineFolder(opening: bigint, keepLines: number) {
  const state = {
    balance: opening,
    lines: [] as StatementLine[],
    lineCount: 0,
    totals: totalsByType([]),
  };
  let group: { head: MovementRow; merchantSum: bigint } | null = null;
  const close = () => {
    if (!group || group.merchantSum === 0n) return;
    const { head, merchantSum } = group;
    const line = toLine(
      {
        transactionId: head.transactionId,
        kind: head.kind,
        description: head.description,
        referenceId: head.referenceId,
        reversesTransactionId: head.reversesTransactionId,
        at: head.at,
        merchantSum,
        feeSum: head.fee === null ? 0n : parseBigint(head.fee),
        exciseSum: head.excise === null ? 0n : parseBigint(head.excise),
        inFlightSum: head.inFlight === null ? 0n : parseBigint(head.inFlight),
      },
      state.balance,
    );
    state.balance = line.balance;
    state.lineCount += 1;
    const total = state.totals[line.type];
    total.count += 1;
    total.gross += line.gross;
    total.fee += line.fee;
    total.excise += line.excise;
    total.net += line.net;
    if (state.lines.length < keepLines) state.lines.push(line);
  };
  return {
    state,
    /** The next row (in the period's order). */
    add(row: MovementRow) {
      if (group && row.transactionId === group.head.transactionId) {
        group.merchantSum += parseBigint(row.amount);
        return;
      }
      close();
      group = { head: row, merchantSum: parseBigint(row.amount) };
    },
    /** After the last row. */
    finish() {
      close();
      group = null;
    },
  };
}

/** The fee-revenue entry of the same transaction, joined to each merchant entry. */
const feeEntry = aliasedTable(ledgerEntries, "fee");
/** The excise-payable entry of the same transaction, joined to each merchant entry. */
const exciseEntry = aliasedTable(ledgerEntries, "excise");
/** The merchant's in-flight entry of the same transaction, joined to each merchant entry. */
const inFlightEntry = aliasedTable(ledgerEntries, "in_flight");

/** A period's row as a page reads it: with the entry's own time and id, the page's key. */
interface PagedMovementRow extends MovementRow {
  entryAt: number;
  entryId: number;
}

/** Rows a statement page reads at a time (ADR 0044: a page of the period, never all of it). */
const PAGE_ROWS = { min: 1_000, max: 5_000 };

/**
 * The ids of the merchant's live KES accounts that make its balance (available, pending, reserved),
 * of its in-flight account and of fee revenue. Money in flight has left the balance: a payout is
 * one line when it is sent (its amount, and its charges in the Fees column), not a second when the
 * rail pays it (issue 30, item 8).
 */
async function accountIdsOn(q: Handle, merchantId: string) {
  const { available, pending, inFlight, reserved } = merchantAccounts(merchantId);
  const fee = feeRevenue();
  const excise = excisePayable();
  const codes = [available.code, pending.code, inFlight.code, reserved.code, fee.code, excise.code];
  const rows = await q
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, codes));
  const idOf = (code: string) => rows.find((row) => row.code === code)?.id ?? null;
  return {
    merchant: rows
      .filter(
        (row) => row.code !== fee.code && row.code !== excise.code && row.code !== inFlight.code,
      )
      .map((row) => row.id),
    fee: idOf(fee.code),
    excise: idOf(excise.code),
    inFlight: idOf(inFlight.code),
  };
}

type AccountIds = Awaited<ReturnType<typeof accountIdsOn>>;

/** The merchant's entries of the period, each with the fee-revenue entry of its transaction. */
function periodEntries(ids: AccountIds, startMs: number, endMs: number): SQL | undefined {
  return and(
    inArray(ledgerEntries.accountId, ids.merchant),
    gte(ledgerEntries.createdAt, startMs),
    lt(ledgerEntries.createdAt, endMs),
  );
}

/**
 * The fee entry is found through its transaction (a handful of entries), never through the fee
 * account (every fee ever charged): `+ 0` keeps SQLite's planner, which has no statistics on a new
 * database, from choosing an account index for it.
 */
const feeOfSameTransaction = (ids: AccountIds) =>
  and(
    eq(feeEntry.transactionId, ledgerEntries.transactionId),
    eq(sql`${feeEntry.accountId} + 0`, ids.fee ?? -1),
  );

/** The excise-payable entry of the same transaction, found the same way. */
const exciseOfSameTransaction = (ids: AccountIds) =>
  and(
    eq(exciseEntry.transactionId, ledgerEntries.transactionId),
    eq(sql`${exciseEntry.accountId} + 0`, ids.excise ?? -1),
  );

/** The in-flight entry of the same transaction, found the same way. */
const inFlightOfSameTransaction = (ids: AccountIds) =>
  and(
    eq(inFlightEntry.transactionId, ledgerEntries.transactionId),
    eq(sql`${inFlightEntry.accountId} + 0`, ids.inFlight ?? -1),
  );

/**
 * The period's rows in the statement's order (time, then the order written), after `after` (a
 * row's `entryAt` and `entryId`: the next page) and at most `limit` of them when given; with
 * `lastEntryId`, only entries written up to it (the pages of one statement read in several reads).
 * The page's entries are chosen first from the account-time index alone, then joined: a page costs
 * the rows it returns, not the period's.
 */
function movementPage(
  q: Handle,
  ids: AccountIds,
  startMs: number,
  endMs: number,
  after: { at: number; id: number } | null,
  limit?: number,
  lastEntryId?: number,
): Promise<PagedMovementRow[]> {
  const keys = q
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(
        periodEntries(ids, startMs, endMs),
        lastEntryId === undefined ? undefined : lte(ledgerEntries.id, lastEntryId),
        after === null
          ? undefined
          : sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) > (${after.at}, ${after.id})`,
      ),
    )
    .orderBy(ledgerEntries.createdAt, ledgerEntries.id);
  const page = (limit === undefined ? keys : keys.limit(limit)).as("page");
  return q
    .select({
      entryId: ledgerEntries.id,
      entryAt: ledgerEntries.createdAt,
      transactionId: ledgerEntries.transactionId,
      amount: sql<string>`cast(${ledgerEntries.amount} as text)`,
      fee: sql<string | null>`cast(${feeEntry.amount} as text)`,
      excise: sql<string | null>`cast(${exciseEntry.amount} as text)`,
      inFlight: sql<string | null>`cast(${inFlightEntry.amount} as text)`,
      kind: ledgerTransactions.kind,
      description: ledgerTransactions.description,
      referenceId: ledgerTransactions.referenceId,
      reversesTransactionId: ledgerTransactions.reversesTransactionId,
      at: ledgerTransactions.createdAt,
    })
    .from(page)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, page.id))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(feeEntry, feeOfSameTransaction(ids))
    .leftJoin(exciseEntry, exciseOfSameTransaction(ids))
    .leftJoin(inFlightEntry, inFlightOfSameTransaction(ids))
    .orderBy(ledgerEntries.createdAt, ledgerEntries.id);
}

/**
 * Every line of the period counted and summed in SQL, by ledger kind (the rows stay in the
 * database): one row per transaction whose merchant entries do not sum to zero, grouped by kind.
 * Exact: the per-transaction sums are split into 32-bit halves before they are summed.
 */
async function periodTotals(q: Handle, ids: AccountIds, startMs: number, endMs: number) {
  const merchantSum = sql`sum(${ledgerEntries.amount})`;
  const perTransaction = q
    .select({
      transactionId: ledgerEntries.transactionId,
      // bigint on both engines (PostgreSQL sums bigints as numeric, which has no `>>`).
      amount: sql<string>`cast(${merchantSum} as bigint)`.as("merchant_sum"),
      fee: sql<string>`coalesce(max(${feeEntry.amount}), 0)`.as("fee_sum"),
      excise: sql<string>`coalesce(max(${exciseEntry.amount}), 0)`.as("excise_sum"),
      inFlight: sql<string>`coalesce(max(${inFlightEntry.amount}), 0)`.as("in_flight_sum"),
    })
    .from(ledgerEntries)
    .leftJoin(feeEntry, feeOfSameTransaction(ids))
    .leftJoin(exciseEntry, exciseOfSameTransaction(ids))
    .leftJoin(inFlightEntry, inFlightOfSameTransaction(ids))
    .where(periodEntries(ids, startMs, endMs))
    .groupBy(ledgerEntries.transactionId)
    .having(sql`${merchantSum} <> 0`)
    .as("movements");
  const rows = await q
    .select({
      kind: ledgerTransactions.kind,
      count: sql<string>`cast(count(*) as text)`,
      merchant: sumParts(sql`${perTransaction.amount}`),
      // As toLine: a transaction with an in-flight entry has that as its gross (a payout's amount),
      // any other net + fee + excise = -(merchant entries) - (fee-revenue entry) - (excise entry).
      gross: sumParts(
        sql`case when ${perTransaction.inFlight} <> 0 then ${perTransaction.inFlight} else -${perTransaction.amount} - ${perTransaction.fee} - ${perTransaction.excise} end`,
      ),
      excise: sumParts(sql`${perTransaction.excise}`),
    })
    .from(perTransaction)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, perTransaction.transactionId))
    .groupBy(ledgerTransactions.kind)
    .orderBy(ledgerTransactions.kind);
  const totals = totalsByType([]);
  let lineCount = 0;
  let net = 0n;
  for (const row of rows) {
    // As toLine: net = -(merchant entries), excise = -(excise entry), fee = gross - net - excise.
    const kindNet = -combineSum(row.merchant);
    const kindGross = combineSum(row.gross);
    const kindExcise = -combineSum(row.excise);
    const count = Number(row.count);
    const total = totals[classifyKind(row.kind)];
    total.count += count;
    total.net += kindNet;
    total.fee += kindGross - kindNet - kindExcise;
    total.excise += kindExcise;
    total.gross += kindGross;
    lineCount += count;
    net += kindNet;
  }
  return { totals, lineCount, net };
}

export interface StatementOptions {
  /**
   * Keep only the first this many lines (a page shows 500, the print view 10,000): the period's
   * rows are then read a page at a time until those lines are complete, and every line is counted
   * and summed in SQL, so a merchant with a million entries in the period costs time, not memory
   * (ADR 0044). Default: every line (the CSV).
   */
  keepLines?: number;
  /** Rows per page read (tests: pages of a few rows); default 2 × keepLines, in 1,000–5,000. */
  pageRows?: number;
}

/**
 * The merchant's statement for a period, inside the caller's transaction (one consistent view).
 * Throws StatementMismatchError if the closing balance (opening plus the lines) differs from the
 * sum of the ledger entries up to the period's end.
 */
export async function statementOn(
  q: Handle,
  merchantId: string,
  range: StatementRange,
  options: StatementOptions = {},
): Promise<Statement> {
  const keepLines = options.keepLines ?? Number.POSITIVE_INFINITY;
  const { startMs, endMs } = statementBounds(range);
  const ids = await accountIdsOn(q, merchantId);
  const empty = (opening: bigint): Statement => ({
    merchantId,
    range,
    startMs,
    endMs,
    opening,
    closing: opening,
    lines: [],
    lineCount: 0,
    totals: totalsByType([]),
  });
  if (ids.merchant.length === 0) return empty(0n);

  // Before the period, and up to its end: one pass over the entries up to the end.
  const sums = await first(
    q
      .select({
        before: sumParts(
          sql`case when ${ledgerEntries.createdAt} < ${startMs} then ${ledgerEntries.amount} else 0 end`,
        ),
        upToEnd: sumParts(sql`${ledgerEntries.amount}`),
      })
      .from(ledgerEntries)
      .where(
        and(inArray(ledgerEntries.accountId, ids.merchant), lt(ledgerEntries.createdAt, endMs)),
      )
      .limit(1),
  );
  // Credit-normal: what we owe is the negated sum.
  const opening = sums ? -combineSum(sums.before) : 0n;
  const ledgerClosing = sums ? -combineSum(sums.upToEnd) : 0n;

  const period = await periodTotals(q, ids, startMs, endMs);
  const closing = opening + period.net;
  if (closing !== ledgerClosing)
    throw new StatementMismatchError(merchantId, closing, ledgerClosing);
  if (period.lineCount === 0) return empty(opening);

  // The lines kept, with their running balance: every row (the CSV), or pages until they are
  // complete. A transaction's rows can straddle two pages: the fold carries its group over.
  const fold = lineFolder(opening, keepLines);
  let complete = false;
  if (!Number.isFinite(keepLines)) {
    for (const row of await movementPage(q, ids, startMs, endMs, null)) fold.add(row);
    complete = true;
  } else {
    const pageRows =
      options.pageRows ?? Math.min(Math.max(keepLines * 2, PAGE_ROWS.min), PAGE_ROWS.max);
    let after: { at: number; id: number } | null = null;
    while (fold.state.lines.length < keepLines) {
      const page = await movementPage(q, ids, startMs, endMs, after, pageRows);
      for (const row of page) fold.add(row);
      const last = page.at(-1);
      if (page.length < pageRows || !last) {
        complete = true;
        break;
      }
      after = { at: last.entryAt, id: last.entryId };
    }
  }
  if (complete) {
    fold.finish();
    // Every row was read: the fold must agree with the sums.
    if (fold.state.balance !== ledgerClosing || fold.state.lineCount !== period.lineCount)
      throw new StatementMismatchError(merchantId, fold.state.balance, ledgerClosing);
  }
  return {
    merchantId,
    range,
    startMs,
    endMs,
    opening,
    closing,
    lines: fold.state.lines,
    lineCount: period.lineCount,
    totals: period.totals,
  };
}

/** The merchant's statement for a period, in one read (see `statementOn`). */
export function readStatement(
  store: Store,
  merchantId: string,
  range: StatementRange,
  options: StatementOptions = {},
): Promise<Statement> {
  return store.read((q) => statementOn(q, merchantId, range, options));
}

/** A statement whose lines come a page at a time (the CSV): see `readStatementPages`. */
export interface StatementPages {
  /** The statement's figures (opening, closing, totals, line count), without its lines. */
  statement: Statement;
  /**
   * Every line of the period, in order, a page of rows at a time, each page a read of its own.
   * Throws StatementMismatchError at the end if the lines do not add up to the closing balance.
   */
  lines(): AsyncGenerator<StatementLine[], void, undefined>;
}

/**
 * The merchant's statement for a period with its lines read in keyset pages (issue 28: a year of a
 * busy merchant is never held in memory at once). The figures, and the last ledger entry written,
 * in one read; then each page in a read of its own, up to that entry, so the pages are the
 * statement the figures describe even while the ledger grows.
 */
export async function readStatementPages(
  store: Store,
  merchantId: string,
  range: StatementRange,
  options: { pageRows?: number } = {},
): Promise<StatementPages> {
  const pageRows = Math.max(1, options.pageRows ?? PAGE_ROWS.max);
  const { statement, ids, lastEntryId } = await store.read(async (q) => {
    const statement = await statementOn(q, merchantId, range, { keepLines: 0 });
    const last = await first(
      q
        .select({ id: max(ledgerEntries.id) })
        .from(ledgerEntries)
        .limit(1),
    );
    return { statement, ids: await accountIdsOn(q, merchantId), lastEntryId: last?.id ?? 0 };
  });
  const { startMs, endMs } = statement;
  async function* lines(): AsyncGenerator<StatementLine[], void, undefined> {
    if (statement.lineCount === 0 || ids.merchant.length === 0) return;
    const fold = lineFolder(statement.opening, Number.POSITIVE_INFINITY);
    let after: { at: number; id: number } | null = null;
    for (;;) {
      const from: { at: number; id: number } | null = after;
      const page: PagedMovementRow[] = await store.read((q) =>
        movementPage(q, ids, startMs, endMs, from, pageRows, lastEntryId),
      );
      for (const row of page) fold.add(row);
      const last = page.at(-1);
      const done = page.length < pageRows || !last;
      if (done) fold.finish();
      // The lines completed so far (a transaction straddling two pages waits for the next one).
      const ready = fold.state.lines.splice(0);
      if (ready.length > 0) yield ready;
      if (done || !last) break;
      after = { at: last.entryAt, id: last.entryId };
    }
    if (fold.state.balance !== statement.closing || fold.state.lineCount !== statement.lineCount)
      throw new StatementMismatchError(merchantId, fold.state.balance, statement.closing);
  }
  return { statement, lines };
}

export interface StatementHolder {
  merchantId: string;
  businessName: string;
  contactEmail: string;
  /** The merchant's KRA PIN, when it gave one in its settings. */
  kraPin: string | null;
  /** From the merchant's approved application, when there is one. */
  registrationNumber: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
}

/** The business a statement is for, inside the caller's transaction: the merchant record and its
 * application's details. */
export async function holderOn(q: Handle, merchantId: string): Promise<StatementHolder | null> {
  const merchant = await first(
    q
      .select({
        merchantId: merchants.id,
        businessName: merchants.businessName,
        contactEmail: merchants.contactEmail,
        kraPin: merchants.kraPin,
      })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .limit(1),
  );
  if (!merchant) return null;
  const application = await first(
    q
      .select({
        registrationNumber: merchantApplications.registrationNumber,
        address: merchantApplications.businessAddress,
        city: merchantApplications.city,
        country: merchantApplications.country,
      })
      .from(merchantApplications)
      .where(eq(merchantApplications.merchantId, merchantId))
      .orderBy(desc(merchantApplications.createdAt))
      .limit(1),
  );
  return {
    ...merchant,
    registrationNumber: application?.registrationNumber ?? null,
    address: application?.address ?? null,
    city: application?.city ?? null,
    country: application?.country ?? null,
  };
}

/** The printable statement: the business and its statement, in one read. */
export function readPrintableStatement(
  store: Store,
  merchantId: string,
  range: StatementRange,
  options: StatementOptions = {},
): Promise<{ holder: StatementHolder | null; statement: Statement }> {
  return store.read(async (q) => {
    const statement = await statementOn(q, merchantId, range, options);
    return { holder: await holderOn(q, merchantId), statement };
  });
}
