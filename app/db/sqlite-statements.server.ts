/**
 * The store's compiled statements (ADR 0041): every query on a store handle is a Drizzle builder
 * awaited, which builds its SQL text and asks the driver to prepare it. better-sqlite3 compiles a
 * statement on every `prepare`, which costs more than running a small query; the old synchronous
 * code kept prepared statements for its hot paths. Here the adapter keeps them instead, for every
 * query: the handle's driver prepares each distinct SQL text once per connection (parameters are
 * bound per run, so the texts are few), the least recently used dropped beyond `size`.
 *
 * Only the handle's statements are kept; the connection itself is not patched (scripts and tests
 * that use it directly prepare as before). A kept statement is reset to the mode Drizzle expects
 * (objects, not raw arrays) before it is handed out again, and one still being iterated is never
 * handed out twice (a fresh one is prepared for that use).
 */
import type Database from "better-sqlite3";

/** How many statements a connection keeps. */
export const KEPT_STATEMENTS = 1000;

/** A client for Drizzle on `sqlite` whose `prepare` keeps compiled statements. */
export function keepingStatements(
  sqlite: Database.Database,
  size = KEPT_STATEMENTS,
): Database.Database {
  const kept = new Map<string, Database.Statement>();
  const prepare = (source: string): Database.Statement => {
    const statement = kept.get(source);
    if (statement && !statement.busy) {
      kept.delete(source); // most recently used last
      kept.set(source, statement);
      if (statement.reader) statement.raw(false);
      return statement;
    }
    const fresh = sqlite.prepare(source);
    if (statement) return fresh; // the kept one is being iterated: this use gets its own
    kept.set(source, fresh);
    if (kept.size > size) kept.delete(kept.keys().next().value!);
    return fresh;
  };
  // Drizzle's session asks its client for `prepare` only (the store runs transactions itself).
  return { prepare } as unknown as Database.Database;
}
