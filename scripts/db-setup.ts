/**
 * Migrate and seed the database named by DATABASE_URL (idempotent): a SQLite file, or a PostgreSQL
 * database for a `postgres://` URL (ADR 0046). Run by `npm start` before the server listens, and by
 * the e2e server with its own fresh file.
 */
import { env } from "../app/utils/env.server";
import { isPostgresUrl } from "../app/db/pg-connection.server";
import { databaseLabel, describeStartError } from "../app/db/pg-errors.server";
import { openStoreAt } from "../app/db/process.server";
import { seed } from "./seed";

let report: string[];
try {
  const store = openStoreAt(env.DATABASE_URL);
  // PostgreSQL connects and migrates at the first transaction: a failure to do so is reported
  // here, as a SQLite file's is by openStoreAt.
  if (isPostgresUrl(env.DATABASE_URL)) await store.read(async () => undefined);
  report = await seed(store);
  await store.close();
} catch (error) {
  // What and where in one line (path or host:port/database, what to check), no stack trace; exit
  // code 1.
  const line = describeStartError(error, env.DATABASE_URL);
  if (line === null) throw error;
  console.error(`[db] ${line}`);
  process.exit(1);
}
console.log(`[db] ${databaseLabel(env.DATABASE_URL)}: migrated`);
for (const line of report) console.log(`[db] ${line}`);
