/**
 * `npm run db:copy -- --from data/onehop.sqlite --to postgres://user@host/onehop` (issue 29, ADR
 * 0046): copy every table of one OneHop database into a new, empty one (either engine, either
 * way), then verify the row counts and the books. The target is migrated first; a target with rows
 * is refused. Stop the server on the source first (writes made during the copy would be missed).
 * Prints progress per table and the rate; exit 0 done, 1 refused or failed, 2 bad usage.
 */
import { parseArgs } from "node:util";
import { CopyError, copyDatabase } from "../app/db/copy.server";
import { describeStartError, databaseLabel } from "../app/db/pg-errors.server";
import { openStoreAt } from "../app/db/process.server";

let from: string;
let to: string;
try {
  const { values } = parseArgs({
    options: { from: { type: "string" }, to: { type: "string" } },
    allowPositionals: false,
  });
  if (!values.from || !values.to || values.from === values.to) throw new Error("usage");
  from = values.from;
  to = values.to;
} catch {
  console.error(
    "db:copy: usage: npm run db:copy -- --from SOURCE --to TARGET (a file or postgres://…)",
  );
  process.exit(2);
}

const source = openStoreAt(from, { migrate: false });
const target = openStoreAt(to);
let last = "";
try {
  const report = await copyDatabase(source, target, {
    onProgress: ({ table, rows }) => {
      if (table !== last && last) process.stdout.write("\n");
      last = table;
      process.stdout.write(`\rdb:copy: ${table}: ${rows} rows`);
    },
  });
  if (last) process.stdout.write("\n");
  const seconds = report.ms / 1000;
  console.log(
    `db:copy: ${report.rows} rows in ${report.tables.length} tables from ${databaseLabel(from)} to ${databaseLabel(to)} in ${seconds.toFixed(1)} s (${Math.round(report.rows / Math.max(seconds, 0.001))} rows/s); counts equal, books sound`,
  );
} catch (error) {
  if (last) process.stdout.write("\n");
  const message =
    error instanceof CopyError
      ? error.message
      : (describeStartError(error, to) ??
        describeStartError(error, from) ??
        (error instanceof Error ? error.message : String(error)).split("\n")[0]);
  console.error(`db:copy: ${message}`);
  process.exitCode = 1;
} finally {
  await Promise.allSettled([source.close(), target.close()]);
}
