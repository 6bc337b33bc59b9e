/**
 * `npm run restore -- FILE` (issue 28; docs/decisions/0042-backups.md): put a backup in place of
 * the database named by DATABASE_URL. Refuses while a server uses that database; checks the copy's
 * checksum (`FILE.sha256`; `--no-checksum` for a copy without one); verifies a copy of it
 * (integrity_check, migrations known to this code, the books check) before anything is replaced;
 * keeps the replaced database as `<database>.replaced-<time>` (its WAL folded in).
 *
 * One line on stdout or stderr. Exit codes: 0 restored, 1 refused (nothing changed; also for a
 * PostgreSQL DATABASE_URL, which is restored with PostgreSQL's own tools), 2 bad usage.
 */
import { parseArgs } from "node:util";
import { isPostgresUrl } from "../app/db/pg-connection.server";
import { MIGRATIONS_FOLDER, databasePath } from "../app/db/sqlite-connection.server";
import { RestoreRefused, restoreBackup } from "../app/utils/backups.server";
import { env } from "../app/utils/env.server";

const USAGE = "usage: npm run restore -- FILE [--no-checksum]";

let file: string;
let requireChecksum = true;
try {
  const { values, positionals } = parseArgs({
    options: { "no-checksum": { type: "boolean" } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new Error("one FILE");
  file = positionals[0]!;
  requireChecksum = !values["no-checksum"];
} catch {
  console.error(`restore: bad arguments. ${USAGE}`);
  process.exit(2);
}

if (isPostgresUrl(env.DATABASE_URL)) {
  console.error(
    "restore: PostgreSQL databases are restored with pg_restore or from base backups (see README, Growing beyond one machine)",
  );
  process.exit(1);
}

const target = databasePath(env.DATABASE_URL);
if (target === ":memory:") {
  console.error("restore: DATABASE_URL names an in-memory database; nothing to restore into");
  process.exit(2);
}

try {
  const result = await restoreBackup({
    backupFile: file,
    databaseFile: target,
    migrationsFolder: MIGRATIONS_FOLDER,
    requireChecksum,
  });
  const notes = [
    result.droppedPoolAddresses > 0
      ? `${result.droppedPoolAddresses} deposit addresses made ahead dropped (the pool refills)`
      : "",
    result.staleHolders > 0 ? `${result.staleHolders} stale server entry removed` : "",
  ].filter(Boolean);
  const stale = notes.length > 0 ? ` (${notes.join("; ")})` : "";
  console.log(
    `restore: restored ${file} into ${result.database}${result.keptAs ? `; the replaced database is kept as ${result.keptAs}` : ""}${stale}`,
  );
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    `restore: ${error instanceof RestoreRefused ? message : `failed, nothing replaced: ${message.split("\n")[0]}`}`,
  );
  process.exit(1);
}
