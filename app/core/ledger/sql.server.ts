/**
 * Portable SQL for reading 64-bit amounts exactly.
 *
 * better-sqlite3 hands INTEGER values to JavaScript as numbers (precision lost above 2^53) unless
 * `safeIntegers` is switched on, which drizzle does not expose per query and which would change
 * every other module's reads if switched on for the connection. So amounts are selected as text
 * (`cast(x as text)`, valid in SQLite and Postgres) and parsed with BigInt.
 *
 * Sums: SQLite's `sum()` raises "integer overflow" when a running total leaves 64 bits (and `a + b`
 * silently turns into a float). `exactSum` splits every amount into its high and low 32 bits
 * (`a = (a >> 32) * 2^32 + (a & 0xFFFFFFFF)`, both standard integer operators in SQLite and
 * Postgres), sums the halves separately (each sum fits 64 bits for up to 2^31 rows) and recombines
 * them in bigint. Exact whatever the order and size of the amounts.
 */
import { type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { ledgerAccounts } from "../../../drizzle/schema";
import { startsWith } from "~/db/sql";
import { type LedgerBook, TEST_BOOK_PREFIX } from "./accounts";

const TWO_POW_32 = 4294967296n;

export function parseBigint(value: unknown): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "string" && /^-?\d+$/.test(value)) return BigInt(value);
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  throw new RangeError(`Not an exact integer from the database: ${String(value)}`);
}

/** An amount column read exactly, as a bigint. */
export function amountOf(column: AnySQLiteColumn): SQL<bigint> {
  return sql<bigint>`cast(${column} as text)`.mapWith(parseBigint);
}

/** The two halves of an exact sum; combine them with `combineSum`. Null-safe (0 for no rows). */
export function exactSumParts(column: AnySQLiteColumn): { high: SQL<string>; low: SQL<string> } {
  return {
    high: sql<string>`cast(coalesce(sum(${column} >> 32), 0) as text)`,
    low: sql<string>`cast(coalesce(sum(${column} & 4294967295), 0) as text)`,
  };
}

export function combineSum(parts: { high: unknown; low: unknown }): bigint {
  return parseBigint(parts.high) * TWO_POW_32 + parseBigint(parts.low);
}

/**
 * True when the exact sum of `column` over the group is zero, without computing it in SQL:
 * high * 2^32 + low = 0  <=>  low is a multiple of 2^32 and high = -(low / 2^32).
 */
export function exactSumIsZero(column: AnySQLiteColumn): SQL<unknown> {
  const low = sql`coalesce(sum(${column} & 4294967295), 0)`;
  const high = sql`coalesce(sum(${column} >> 32), 0)`;
  return sql`(${low} % 4294967296 = 0 and ${high} = -(${low} / 4294967296))`;
}

/** The book of a `ledger_accounts` row ("test" or "live"), in portable SQL (as `bookOfCode`). */
export const bookOfAccount = sql<LedgerBook>`case when ${startsWith(ledgerAccounts.code, TEST_BOOK_PREFIX)} then 'test' else 'live' end`;
