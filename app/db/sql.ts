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

/**
 * A string written into the SQL text as a literal, not bound: for the code's own constants in an
 * expression that a query both selects and groups by (PostgreSQL matches a grouped expression by
 * its text, and `$1` and `$3` are different texts even with equal values).
 */
export function literal(value: string): SQL {
  return sql.raw(`'${value.replace(/'/g, "''")}'`);
}

/** `value` starts with `prefix`, case-sensitively (no LIKE wildcards to escape, no `glob`). */
export function startsWith(value: Operand, prefix: string): SQL {
  return sql`substr(${value}, 1, ${sql.raw(String(prefix.length))}) = ${literal(prefix)}`;
}

/** `value` does not start with `prefix` (case-sensitively). */
export function notStartsWith(value: Operand, prefix: string): SQL {
  return sql`substr(${value}, 1, ${sql.raw(String(prefix.length))}) <> ${literal(prefix)}`;
}

/** The first row of a query (add `.limit(1)` to it), or undefined: what `.get()` was. */
export async function first<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}
