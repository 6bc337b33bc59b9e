/**
 * The database schema (SQLite). Times are UTC epoch milliseconds; money is integer minor units.
 * Change it here, run `npm run db:generate`, review the SQL, commit both.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row per background job: whoever holds an unexpired lease runs it (see utils/jobs.server.ts). */
export const jobLeases = sqliteTable("job_leases", {
  job: text("job").primaryKey(),
  holder: text("holder").notNull(),
  leasedUntil: integer("leased_until").notNull(),
  updatedAt: integer("updated_at").notNull(),
});
