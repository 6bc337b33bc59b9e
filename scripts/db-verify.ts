/**
 * `npm run db:verify` (issue 28): the books check (app/core/books/check.server.ts) on the database
 * named by DATABASE_URL, safe while the server runs (it only reads). Prints one line per problem,
 * or one line saying the books are sound. Exit codes: 0 sound, 1 problems found (or the database
 * cannot be read), 2 bad usage.
 */
import { parseArgs } from "node:util";
import { checkBooks, describeProblems } from "../app/core/books/check.server";
import { databasePath, openDatabase } from "../app/db/sqlite-connection.server";
import { sqliteStore } from "../app/db/sqlite-store.server";
import { env } from "../app/utils/env.server";

try {
  parseArgs({ options: {}, allowPositionals: false });
} catch {
  console.error("db:verify: bad arguments. usage: npm run db:verify");
  process.exit(2);
}

try {
  const db = openDatabase(env.DATABASE_URL, { migrate: false });
  const problems = await checkBooks(sqliteStore(db));
  db.$client.close();
  const where = databasePath(env.DATABASE_URL);
  if (problems.length === 0) {
    console.log(`db:verify: the books of ${where} are sound`);
  } else {
    for (const line of describeProblems(problems)) console.log(`db:verify: ${line}`);
    console.error(`db:verify: ${problems.length} problem(s) in the books of ${where}`);
    process.exit(1);
  }
} catch (error) {
  console.error(
    `db:verify: cannot check: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`,
  );
  process.exit(1);
}
