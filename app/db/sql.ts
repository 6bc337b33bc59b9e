/**
 * SQL fragments written once for both engines (ADR 0041), for the queries where SQLite's shortcuts
 * (summing booleans, `glob`, `rowid`) would not run on PostgreSQL.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

type Operand = SQLiteColumn | SQL;

/** How many rows have `condition` true. */
export function countWhere(condition: SQL): SQL<number> {
  return sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
}

/** `value` starts with `prefix`, case-sensitively (no LIKE wildcards to escape, no `glob`). */
export function startsWith(value: Operand, prefix: string): SQL {
  return sql`substr(${value}, 1, ${prefix.length}) = ${prefix}`;
}

/** `value` does not start with `prefix` (case-sensitively). */
export function notStartsWith(value: Operand, prefix: string): SQL {
  return sql`substr(${value}, 1, ${prefix.length}) <> ${prefix}`;
}

/** The first row of a query (add `.limit(1)` to it), or undefined: what `.get()` was. */
export async function first<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}
