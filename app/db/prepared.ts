/**
 * Hot queries built once per handle (ADR 0041, "What the move cost"). Building a Drizzle query
 * (its SQL text and parameter list) costs more than running it on SQLite: 15–30 µs for the
 * ledger's small statements, several per posting, against a few µs to run them. A query on a hot
 * path (a posting, the reads behind every API request) is therefore built once, with
 * `sql.placeholder("name")` for its values, and run with fresh values each time:
 *
 *   const byKey = prepared("ledger.byKey", (q) =>
 *     q.select(columns).from(table).where(eq(table.key, sql.placeholder("key"))).limit(1),
 *   );
 *   const row = await byKey(q).get({ key });
 *
 * `build` returns the query builder; this module prepares it (`name` is the statement's name where
 * the engine names prepared statements). The prepared query belongs to the handle it was built on
 * (a WeakMap: a closed database's queries go with it): on SQLite one handle serves every callback
 * of a store, so each query is built once per process; an engine whose handles are per transaction
 * builds it per transaction, no worse than an unprepared query. `key` tells apart variants of one
 * query (how many accounts a posting reads); `lock` gives the locked variant of a check's read.
 * A placeholder among an insert's values is mapped by its column (booleans, JSON) like any value;
 * one in a condition or an sql template is bound as given (pass bigint amounts, epoch milliseconds
 * and text as stored).
 */
import { sql, type Placeholder } from "drizzle-orm";
import type { Handle, Store } from "./store";

interface Preparable<P> {
  prepare(name?: string): P;
}

/** Locks the rows a check reads (the store's `forUpdate`). */
type Lock = Pick<Store, "forUpdate">;

/**
 * `build`'s query, prepared once per handle and `key`; given `lock`, its locked variant
 * (`lock.forUpdate`, for the reads of a check-then-write).
 */
export function prepared<B extends Preparable<unknown>, K extends string | number = never>(
  name: string,
  build: (q: Handle, key: K) => B,
): (q: Handle, key?: K, lock?: Lock) => ReturnType<B["prepare"]> {
  const built = new WeakMap<Handle, Map<string, ReturnType<B["prepare"]>>>();
  return (q, key, lock) => {
    let variants = built.get(q);
    if (!variants) {
      variants = new Map();
      built.set(q, variants);
    }
    const variant = [name, key, lock ? "locked" : undefined]
      .filter((p) => p !== undefined)
      .join(".");
    let query = variants.get(variant);
    if (query === undefined) {
      const builder = build(q, key as K);
      query = (lock ? lock.forUpdate(builder) : builder).prepare(variant) as ReturnType<
        B["prepare"]
      >;
      variants.set(variant, query);
    }
    return query;
  };
}

/** `{ name: sql.placeholder("name") }` for each name: the values of a prepared insert. */
export function placeholders<K extends string>(...names: K[]): Record<K, Placeholder<K>> {
  return Object.fromEntries(
    names.map((name) => [name, sql.placeholder(name)]),
  ) as unknown as Record<K, Placeholder<K>>;
}
