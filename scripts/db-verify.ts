/**
 * `npm run db:verify` (issue 28): the books check (app/core/books/check.server.ts) on the database
 * named by DATABASE_URL, safe while the server runs (it only reads). Prints one line per problem,
 * or one line saying the books are sound. Exit codes: 0 sound, 1 problems found (or the database
 * cannot be read), 2 bad usage.
 *
 * The same check on either engine (ADR 0046), which the line names: a SQLite file by its path, a
 * PostgreSQL database by host:port/database (never the password). The file checks of a SQLite copy
 * (integrity_check, the migrations it knows) are restore's, not this script's.
 */
import { parseArgs } from "node:util";
import { checkBooks, describeProblems } from "../app/core/books/check.server";
import { isPostgresUrl } from "../app/db/pg-connection.server";
import { describeStartError, pgWhere } from "../app/db/pg-errors.server";
import { openStoreAt } from "../app/db/process.server";
import { databasePath } from "../app/db/sqlite-connection.server";
import { env } from "../app/utils/env.server";

try {
  parseArgs({ options: {}, allowPositionals: false });
} catch {
  console.error("db:verify: bad arguments. usage: npm run db:verify");
  process.exit(2);
}

const where = isPostgresUrl(env.DATABASE_URL)
  ? `the PostgreSQL database ${pgWhere(env.DATABASE_URL)}`
  : databasePath(env.DATABASE_URL);

try {
  // The live database: never migrated from here (the server does that).
  const store = openStoreAt(env.DATABASE_URL, { migrate: false });
  const problems = await checkBooks(store);
  await store.close();
  if (problems.length === 0) {
    console.log(`db:verify: the books of ${where} are sound`);
  } else {
    for (const line of describeProblems(problems)) console.log(`db:verify: ${line}`);
    console.error(`db:verify: ${problems.length} problem(s) in the books of ${where}`);
    process.exit(1);
  }
} catch (error) {
  const message =
    describeStartError(error, env.DATABASE_URL) ??
    (error instanceof Error ? error.message : String(error)).split("\n")[0];
  console.error(`db:verify: cannot check: ${message}`);
  process.exit(1);
}
