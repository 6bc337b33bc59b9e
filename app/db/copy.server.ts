/**
 * Copy every table of one OneHop database into another, empty one (`npm run db:copy`, ADR 0046):
 * SQLite into PostgreSQL when a business outgrows one machine, or back. Engine-neutral: both sides
 * are stores, every query a Drizzle builder.
 *
 * - The target must be empty (migrated, no rows in any table): a copy never merges.
 * - Tables go parents first (foreign keys), each in batches by primary key, each batch one write.
 *   A table that refers to itself (a reversal names the transaction it reverses) gets those
 *   references once all its rows are in.
 * - A table a trigger keeps (the daily volumes, kept by the payments' trigger on both engines) is
 *   copied last, replacing what the trigger wrote while the payments went in.
 * - 64-bit amounts are read as text (SQLite's driver would round them) and written exactly.
 * - PostgreSQL's identity columns continue after the highest id copied.
 * - The source's books are checked first (a copy of unsound books is refused: `npm run db:verify`
 *   names the problems); then every table's row count is compared, and the target's books checked.
 */
import { asc, count, getTableColumns, getTableName, gt, sql, type SQL } from "drizzle-orm";
import {
  getTableConfig,
  type SQLiteTable,
  type AnySQLiteColumn,
  type SQLiteColumn,
} from "drizzle-orm/sqlite-core";
import { checkBooks, describeProblems } from "~/core/books/check.server";
import { pgTables } from "./pg-ddl";
import type { Handle, Store } from "./store";

/** Tables a trigger keeps from other tables' rows: copied last, replacing the trigger's rows. */
const KEPT_BY_TRIGGERS = new Set(["payment_daily_volumes"]);

/** At most this many values per insert (PostgreSQL takes 65,535 parameters). */
const VALUES_PER_BATCH = 20_000;

export interface CopyProgress {
  table: string;
  rows: number;
}

export interface CopyReport {
  tables: { table: string; rows: number }[];
  rows: number;
  ms: number;
}

export class CopyError extends Error {
  override name = "CopyError";
}

/** Parents before children; a table's references to itself do not count. */
export function tablesInCopyOrder(tables: SQLiteTable[] = pgTables()): SQLiteTable[] {
  const byName = new Map(tables.map((t) => [getTableName(t), t]));
  const done = new Set<string>();
  const ordered: SQLiteTable[] = [];
  const visit = (table: SQLiteTable, path: string[]) => {
    const name = getTableName(table);
    if (done.has(name)) return;
    if (path.includes(name))
      throw new CopyError(`foreign keys loop: ${[...path, name].join(" → ")}`);
    for (const fk of getTableConfig(table).foreignKeys) {
      const parent = getTableName(fk.reference().foreignTable);
      if (parent !== name && byName.has(parent)) visit(byName.get(parent)!, [...path, name]);
    }
    done.add(name);
    ordered.push(table);
  };
  for (const table of tables) if (!KEPT_BY_TRIGGERS.has(getTableName(table))) visit(table, []);
  for (const table of tables) if (KEPT_BY_TRIGGERS.has(getTableName(table))) ordered.push(table);
  return ordered;
}

/** A table's columns, 64-bit custom ones read as text then as bigint (exact on both engines). */
export function exactColumns(table: SQLiteTable): Record<string, AnySQLiteColumn | SQL> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      column.columnType === "SQLiteCustomColumn"
        ? sql`cast(${column} as text)`.mapWith((value: string) => BigInt(value))
        : column,
    ]),
  );
}

/** The columns that refer to the table itself. */
function selfReferences(table: SQLiteTable): string[] {
  const name = getTableName(table);
  const keys = Object.entries(getTableColumns(table));
  return getTableConfig(table)
    .foreignKeys.filter((fk) => getTableName(fk.reference().foreignTable) === name)
    .flatMap((fk) => fk.reference().columns)
    .map((column) => keys.find(([, c]) => c === column)![0]);
}

function primaryKey(table: SQLiteTable): SQLiteColumn[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((c) => c.primary);
  return single.length > 0 ? single : (config.primaryKeys[0]?.columns ?? []);
}

const countOf = async (q: Handle, table: SQLiteTable) =>
  Number((await q.select({ n: count() }).from(table))[0]?.n ?? 0);

/** The first table of `to` that has rows, with its count (a copy needs an empty target). */
async function firstNonEmpty(to: Store, tables: SQLiteTable[]) {
  return to.read(async (q) => {
    for (const table of tables) {
      const n = await countOf(q, table);
      if (n > 0) return { table: getTableName(table), rows: n };
    }
    return null;
  });
}

/** Copy one table in batches; returns its row count. */
async function copyTable(
  from: Store,
  to: Store,
  table: SQLiteTable,
  onProgress: (progress: CopyProgress) => void,
): Promise<number> {
  const name = getTableName(table);
  const columns = getTableColumns(table);
  const batch = Math.max(1, Math.floor(VALUES_PER_BATCH / Object.keys(columns).length));
  const key = primaryKey(table);
  const selfRefs = selfReferences(table);
  const keptByTrigger = KEPT_BY_TRIGGERS.has(name);
  const later: Record<string, unknown>[] = [];
  if (keptByTrigger) await to.write((q) => q.delete(table));
  let copied = 0;
  // One primary-key column: pages after the last key; otherwise (composite keys, small tables)
  // pages by offset in key order.
  let after: unknown;
  for (;;) {
    const rows = await from.read((q) => {
      const query = q
        .select(exactColumns(table))
        .from(table)
        .$dynamic()
        .orderBy(...key.map((c) => asc(c)))
        .limit(batch);
      if (key.length === 1) return after === undefined ? query : query.where(gt(key[0]!, after));
      return query.offset(copied);
    });
    if (rows.length === 0) break;
    const values = rows.map((row) => {
      if (selfRefs.length === 0) return row;
      const copy = { ...row };
      if (selfRefs.some((k) => row[k] !== null)) later.push(row);
      for (const k of selfRefs) copy[k] = null;
      return copy;
    });
    await to.write((q) => q.insert(table).values(values as never));
    copied += rows.length;
    if (key.length === 1) after = rows[rows.length - 1]![keyName(table, key[0]!)];
    onProgress({ table: name, rows: copied });
    if (rows.length < batch) break;
  }
  for (const row of later) {
    const set = Object.fromEntries(selfRefs.map((k) => [k, row[k]]));
    const id = keyName(table, key[0]!);
    await to.write((q) =>
      q
        .update(table)
        .set(set as never)
        .where(sql`${key[0]!} = ${row[id]}`),
    );
  }
  return copied;
}

function keyName(table: SQLiteTable, column: SQLiteColumn): string {
  return Object.entries(getTableColumns(table)).find(([, c]) => c === column)![0];
}

/** PostgreSQL: each identity column continues after the highest id copied. */
async function continueIdentities(to: Store, tables: SQLiteTable[]): Promise<void> {
  if (to.engine !== "postgres") return;
  for (const table of tables) {
    const [key] = primaryKey(table);
    if (!key || primaryKey(table).length !== 1 || key.getSQLType() !== "integer") continue;
    const name = getTableName(table);
    await to.write((q) =>
      q.run(
        sql`select setval(pg_get_serial_sequence(${name}, ${key.name}), coalesce((select max(${key}) from ${table}), 0) + 1, false)`,
      ),
    );
  }
}

/**
 * Copy `from` into the empty database `to`, verify, and report. Throws CopyError when the target is
 * not empty, a count differs, or the target's books are not sound.
 */
export async function copyDatabase(
  from: Store,
  to: Store,
  options: { onProgress?: (progress: CopyProgress) => void } = {},
): Promise<CopyReport> {
  const started = performance.now();
  const tables = tablesInCopyOrder();
  const occupied = await firstNonEmpty(to, tables);
  if (occupied)
    throw new CopyError(
      `the target database is not empty (${occupied.table} has ${occupied.rows} rows): copy into a new, empty database`,
    );
  const unsound = await checkBooks(from, { limit: 3 });
  if (unsound.length > 0)
    throw new CopyError(
      `the source's books are not sound (${describeProblems(unsound).join("; ")}): see npm run db:verify`,
    );
  const report: CopyReport = { tables: [], rows: 0, ms: 0 };
  for (const table of tables) {
    const rows = await copyTable(from, to, table, options.onProgress ?? (() => undefined));
    report.tables.push({ table: getTableName(table), rows });
    report.rows += rows;
  }
  await continueIdentities(to, tables);
  for (const table of tables) {
    const [source, target] = await Promise.all([
      from.read((q) => countOf(q, table)),
      to.read((q) => countOf(q, table)),
    ]);
    if (source !== target)
      throw new CopyError(
        `${getTableName(table)}: ${source} rows in the source, ${target} in the target`,
      );
  }
  const problems = await checkBooks(to);
  if (problems.length > 0)
    throw new CopyError(`the copy's books are not sound: ${describeProblems(problems).join("; ")}`);
  report.ms = performance.now() - started;
  return report;
}
