import { sql, type Placeholder } from "drizzle-orm";

/**
 * Queries prepared once per database handle. Building a drizzle query costs more than running it
 * on SQLite for the small reads behind every signed-in request (the session, the account, the
 * dashboard's figures): prepare those once, with `sql.placeholder("name")` for the values, and run
 * the prepared statement (drizzle builds the SQL once, SQLite compiles it once).
 *
 * The cache is keyed by the handle (a WeakMap: a closed test database is collected with its
 * statements). A transaction handle gets its own statements, which run on the same connection.
 */
export function preparedPerDb<D extends object, T>(prepare: (db: D) => T): (db: D) => T {
  const cache = new WeakMap<D, T>();
  return (db) => {
    let statement = cache.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      cache.set(db, statement);
    }
    return statement;
  };
}

/** `{ name: sql.placeholder("name") }` for each name: the values of a prepared insert. */
export function placeholders<K extends string>(...names: K[]): Record<K, Placeholder<K>> {
  return Object.fromEntries(
    names.map((name) => [name, sql.placeholder(name)]),
  ) as unknown as Record<K, Placeholder<K>>;
}
