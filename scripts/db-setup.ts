/**
 * Migrate and seed the database named by DATABASE_URL (idempotent). Run by `npm start` before the
 * server listens, and by the e2e server with its own fresh file.
 */
import { env } from "../app/utils/env.server";
import { DatabaseStartError, openDatabase, type Db } from "../app/db/sqlite-connection.server";
import { seed } from "./seed";

let db: Db;
try {
  db = openDatabase(env.DATABASE_URL);
} catch (error) {
  // What and where in one line (path, what to check), no stack trace; exit code 1.
  if (!(error instanceof DatabaseStartError)) throw error;
  console.error(`[db] ${error.message}`);
  process.exit(1);
}
const report = await seed(db);
db.$client.close();
console.log(`[db] ${env.DATABASE_URL}: migrated`);
for (const line of report) console.log(`[db] ${line}`);
