/**
 * A script's work on the database named by DATABASE_URL (either engine): the store opened, `work`
 * run, the store closed. A database that cannot be opened, reached or migrated is one line on
 * stderr, `[db] …` with what and where (a path, or host:port/database, never a password), exit
 * code 1, no stack trace; any other error is thrown as it is.
 */
import { describeStartError } from "../app/db/pg-errors.server";
import { openStoreAt } from "../app/db/process.server";
import type { Store } from "../app/db/store";
import { env } from "../app/utils/env.server";

export async function onDatabase<T>(work: (store: Store) => Promise<T>): Promise<T> {
  try {
    const store = openStoreAt(env.DATABASE_URL);
    const value = await work(store);
    await store.close();
    return value;
  } catch (error) {
    const line = describeStartError(error, env.DATABASE_URL);
    if (line === null) throw error;
    console.error(`[db] ${line}`);
    process.exit(1);
  }
}
