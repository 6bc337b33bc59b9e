/**
 * `npm run backup` (issue 28; docs/decisions/0042-backups.md): a consistent copy of the database
 * named by DATABASE_URL, taken while the server runs (SQLite's online backup), into BACKUP_DIR
 * (default DATA_DIR/backups) as `onehop-<UTC time>.sqlite` with its `.sha256` beside it, then the
 * retention of BACKUP_KEEP_HOURLY / BACKUP_KEEP_DAILY. It takes the same lease as the server's
 * scheduled backups, so two never run at once.
 *
 * Prints one line: the copy, its size and checksum. Exit codes: 0 done, 1 failed or another
 * backup is running (or DATABASE_URL is PostgreSQL's, which this does not back up), 2 bad usage.
 */
import { parseArgs } from "node:util";
import { backupDir, backupUnderLease, retentionPolicy } from "../app/wiring/backups.server";
import { isPostgresUrl } from "../app/db/pg-connection.server";
import { DatabaseStartError, databasePath, openDatabase } from "../app/db/sqlite-connection.server";
import { env } from "../app/utils/env.server";

const USAGE = "usage: npm run backup [-- --dir FOLDER]";

let dir: string;
try {
  const { values } = parseArgs({ options: { dir: { type: "string" } }, allowPositionals: false });
  dir = values.dir ?? backupDir();
} catch {
  console.error(`backup: bad arguments. ${USAGE}`);
  process.exit(2);
}

if (isPostgresUrl(env.DATABASE_URL)) {
  console.error(
    "backup: PostgreSQL databases are backed up with pg_dump or base backups (see README, Growing beyond one machine)",
  );
  process.exit(1);
}

try {
  // The live database: never migrated from here (the server does that).
  const db = openDatabase(env.DATABASE_URL, { migrate: false });
  const done = await backupUnderLease(db, {
    dir,
    retention: retentionPolicy(),
    allAtOnce: true,
    holder: `backup-script:${process.pid}`,
  });
  db.$client.close();
  if (!done) {
    console.error("backup: refused: another backup is running (the backups lease is held)");
    process.exit(1);
  }
  const { backup, retention } = done;
  console.log(
    `backup: ${backup.file} (${backup.bytes} bytes, sha256 ${backup.sha256}) of ${databasePath(env.DATABASE_URL)}; retention deleted ${retention.deleted.length}`,
  );
} catch (error) {
  const message =
    error instanceof DatabaseStartError || error instanceof Error ? error.message : String(error);
  console.error(`backup: failed: ${message.split("\n")[0]}`);
  process.exit(1);
}
