/**
 * Migrate and seed the database named by DATABASE_URL (idempotent): a SQLite file, or a PostgreSQL
 * database for a `postgres://` URL (ADR 0046). Run by `npm start` before the server listens, and by
 * the e2e server with its own fresh file.
 */
import { env } from "../app/utils/env.server";
import { databaseLabel } from "../app/db/pg-errors.server";
import { onDatabase } from "./on-database";
import { seed } from "./seed";

// Opening migrates a SQLite file; PostgreSQL migrates at the seed's first transaction. Either
// failure is one line (scripts/on-database.ts).
const report = await onDatabase(seed);
console.log(`[db] ${databaseLabel(env.DATABASE_URL)}: migrated`);
for (const line of report) console.log(`[db] ${line}`);
