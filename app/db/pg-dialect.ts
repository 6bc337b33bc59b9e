/**
 * Drizzle's SQLite dialect, writing PostgreSQL where the two differ (ADR 0046). Core builds every
 * query with the SQLite builders on the one schema; on PostgreSQL the same builders run through
 * this dialect:
 *
 * - parameters are `$1…$n` (SQLite's are `?`), as drizzle's own pg-core dialect writes them;
 * - a value left out of an insert, with no default of its own, is `default` (SQLite's `null` is
 *   refused by an identity key; for every other column the two mean the same);
 * - an `on conflict` target names bare columns (PostgreSQL refuses `"table"."column"` there);
 * - a select marked by `forUpdate` ends with `for update of "its table"` (`of`: a locked read may
 *   left-join a table whose rows it does not lock, which PostgreSQL refuses to lock); one marked by
 *   `takingUnlocked` adds `skip locked`. (`for no key update`, which lets other writes insert rows
 *   that refer to the locked one, was tried: the bench's payments ran at half the rate.)
 */
import {
  Column,
  getTableColumns,
  getTableName,
  is,
  sql,
  SQL,
  Table,
  type Param,
} from "drizzle-orm";
import { SQLiteAsyncDialect, type SQLiteInsertConfig } from "drizzle-orm/sqlite-core";
import { FOR_UPDATE } from "./store";

type SelectConfig = Parameters<SQLiteAsyncDialect["buildSelectQuery"]>[0] & {
  [FOR_UPDATE]?: true | "skip locked";
};

/** Clauses PostgreSQL refuses in a locked select. */
function refuseUnlockable(config: SelectConfig): void {
  const refused = [
    config.distinct && "distinct",
    config.groupBy?.length && "group by",
    config.having && "having",
    config.setOperators.length && "union",
  ].filter(Boolean);
  if (refused.length > 0)
    throw new Error(`forUpdate on a select with ${refused.join(", ")}: lock the rows themselves`);
}

/** An `on conflict` clause with its target's columns unqualified. */
function bareConflictTarget(clause: SQL): SQL {
  const chunks = clause.queryChunks.map((chunk) => {
    if (!is(chunk, SQL)) return chunk;
    const target = chunk.queryChunks.find(Array.isArray);
    if (!target) return chunk;
    const columns = (target as unknown[]).map((c) =>
      is(c, Column) ? sql.identifier(c.name) : (c as SQL),
    );
    return sql`(${sql.join(columns, sql`, `)})`;
  });
  return new SQL(chunks);
}

export class PgFlavouredDialect extends SQLiteAsyncDialect {
  override escapeParam(num: number): string {
    return `$${num + 1}`;
  }

  override buildInsertQuery(config: SQLiteInsertConfig): SQL {
    if ((config.onConflict?.length ?? 0) > 1)
      throw new Error("PostgreSQL takes one on conflict clause per insert");
    const columns = Object.entries(getTableColumns(config.table));
    const values = config.select
      ? config.values
      : (config.values as Record<string, Param | SQL>[]).map((row) => {
          const filled = { ...row };
          for (const [key, column] of columns) {
            const value = filled[key] as { value?: unknown } | undefined;
            const omitted = value === undefined || (!is(value, SQL) && value.value === undefined);
            if (omitted && column.default == null && column.defaultFn === undefined)
              filled[key] = sql`default`;
          }
          return filled;
        });
    return super.buildInsertQuery({
      ...config,
      values,
      onConflict: config.onConflict?.map(bareConflictTarget),
    } as SQLiteInsertConfig);
  }

  override buildSelectQuery(config: SelectConfig): SQL {
    const query = super.buildSelectQuery(config);
    if (!config[FOR_UPDATE]) return query;
    refuseUnlockable(config);
    const table = config.table;
    if (!is(table, Table)) throw new Error("forUpdate on a select that is not from a table");
    const locked = sql`${query} for update of ${sql.identifier(getTableName(table))}`;
    return config[FOR_UPDATE] === "skip locked" ? sql`${locked} skip locked` : locked;
  }
}
