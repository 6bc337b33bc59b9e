import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row per background job: whoever holds an unexpired lease runs it (see
 * app/utils/jobs.server.ts).
 */
export const jobLeases = sqliteTable("job_leases", {
  job: text("job").primaryKey(),
  holder: text("holder").notNull(),
  leasedUntil: integer("leased_until").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** Every run of a background job: when, outcome and what it did. */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    job: text("job").notNull(),
    holder: text("holder").notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    outcome: text("outcome", { enum: ["running", "succeeded", "failed", "skipped"] }).notNull(),
    detail: text("detail"),
  },
  (table) => [index("job_runs_job_started_idx").on(table.job, table.startedAt)],
);
