/**
 * Migrate and seed the database named by DATABASE_URL (idempotent). Run by `npm start` before the
 * server listens, and by the e2e server with its own fresh file.
 */
import { env } from "../app/utils/env.server";
import { openDatabase } from "../app/utils/db.server";
import { seed } from "./seed";

const db = openDatabase(env.DATABASE_URL);
const report = await seed(db);
db.$client.close();
console.log(`[db] ${env.DATABASE_URL}: migrated`);
for (const line of report) console.log(`[db] ${line}`);
