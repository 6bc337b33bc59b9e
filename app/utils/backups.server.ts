/**
 * Backups and restores of the SQLite database (issue 28; docs/decisions/0042-backups.md).
 *
 * A backup is `<dir>/onehop-<UTC time>.sqlite` (the online backup of app/db/sqlite-backup.server,
 * sealed to one self-contained file) and beside it `<name>.sha256` in `sha256sum` format, written
 * last: a copy without its checksum file, or whose bytes no longer match it, is not a good backup.
 * Copies are made as `<name>.partial` and renamed when complete. Retention keeps the newest good
 * copy of each of the newest N hours and M days (UTC), and never deletes the newest good copy.
 *
 * A restore refuses while a server uses the target database (db-lock.server.ts), checks the copy's
 * checksum, copies it next to the database, verifies that copy (integrity_check, migrations known
 * to this code, migrated, the books check) before anything is replaced, folds the old database's
 * WAL into it and keeps it as `<database>.replaced-<time>`, drops the copy's deposit addresses
 * made ahead (some may have been handed out after the copy), then renames the verified copy into
 * place.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import {
  copyFile,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { depositAddressPool } from "../../drizzle/schema";
import { checkBooks, describeProblems } from "~/core/books/check.server";
import { sqliteStore } from "~/db/sqlite-store.server";
import {
  checkpointAndDetach,
  closeCopy,
  integrityProblems,
  onlineBackup,
  openCopy,
  sealCopy,
  unknownMigrations,
} from "~/db/sqlite-backup.server";
import { databaseHolders, describeHolder, holdDatabase } from "./db-lock.server";
import type { Db } from "~/db/sqlite-connection.server";

export const BACKUP_PREFIX = "onehop-";
const NAME = /^onehop-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.sqlite$/;

export interface RetentionPolicy {
  /** Keep the newest good copy of each of the newest `hourly` hours... */
  hourly: number;
  /** ...and of each of the newest `daily` days (UTC). */
  daily: number;
}
export const DEFAULT_RETENTION: RetentionPolicy = { hourly: 48, daily: 30 };

/** `onehop-20261129T042543123Z.sqlite` for a time. */
export function backupName(at: number): string {
  return `${BACKUP_PREFIX}${new Date(at).toISOString().replace(/[-:.]/g, "")}.sqlite`;
}

export function timeOfBackupName(name: string): number | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms] = m;
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
}

export interface BackupCopy {
  file: string;
  name: string;
  takenAt: number;
  /** Its `.sha256` file exists (its bytes are checked by `isGoodBackup`). */
  hasChecksum: boolean;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }))
    hash.update(chunk as Buffer);
  return hash.digest("hex");
}

const checksumFileOf = (file: string) => `${file}.sha256`;

/** The hash recorded beside `file` (sha256sum format), or null when there is none. */
export async function recordedChecksum(file: string): Promise<string | null> {
  try {
    const text = await readFile(checksumFileOf(file), "utf8");
    return /^([0-9a-f]{64})\s/.exec(text)?.[1] ?? null;
  } catch {
    return null;
  }
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, "w");
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot sync a folder; the rename is still atomic.
  } finally {
    await handle.close();
  }
}

/** The copies in `dir`, newest first (other files are ignored). */
export async function listBackups(dir: string): Promise<BackupCopy[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const present = new Set(names);
  return names
    .map((name) => ({ name, takenAt: timeOfBackupName(name) }))
    .filter((each): each is { name: string; takenAt: number } => each.takenAt !== null)
    .map(({ name, takenAt }) => ({
      file: path.join(dir, name),
      name,
      takenAt,
      hasChecksum: present.has(`${name}.sha256`),
    }))
    .sort((a, b) => b.takenAt - a.takenAt);
}

/** Verified checksums by file, size and modification time: each copy is read once per process. */
const verified = new Map<string, boolean>();

/** A good backup: its checksum file exists and its bytes match it. */
export async function isGoodBackup(file: string): Promise<boolean> {
  const recorded = await recordedChecksum(file);
  if (!recorded) return false;
  let key: string;
  try {
    const info = await stat(file);
    key = `${file}:${info.size}:${info.mtimeMs}:${recorded}`;
  } catch {
    return false;
  }
  const known = verified.get(key);
  if (known !== undefined) return known;
  const good = (await sha256Of(file)) === recorded;
  verified.set(key, good);
  return good;
}

/** The newest good copy in `dir`, or null. */
export async function newestGoodBackup(dir: string): Promise<BackupCopy | null> {
  for (const copy of await listBackups(dir)) {
    if (copy.hasChecksum && (await isGoodBackup(copy.file))) return copy;
  }
  return null;
}

export interface RetentionResult {
  kept: string[];
  deleted: string[];
}

/**
 * Delete the copies the policy does not keep: of the copies with a checksum, the newest of each of
 * the newest `hourly` hours and `daily` days are kept; the newest good copy is always kept, and
 * nothing is deleted while no copy is good. Copies without a checksum older than the newest good
 * one (a crash mid-backup) and leftover `.partial` files go too. Run under the backup lease.
 */
export async function applyRetention(
  dir: string,
  policy: RetentionPolicy = DEFAULT_RETENTION,
): Promise<RetentionResult> {
  const copies = await listBackups(dir);
  const newestGood = await newestGoodBackup(dir);
  if (!newestGood) return { kept: copies.map((c) => c.name), deleted: [] };
  const keep = new Set<string>([newestGood.name]);
  const bucket = (copy: BackupCopy, length: number) =>
    new Date(copy.takenAt).toISOString().slice(0, length);
  for (const [length, count] of [
    [13, policy.hourly],
    [10, policy.daily],
  ] as const) {
    const seen = new Set<string>();
    for (const copy of copies) {
      if (!copy.hasChecksum) continue;
      const key = bucket(copy, length);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      keep.add(copy.name);
    }
  }
  const deleted: string[] = [];
  for (const copy of copies) {
    if (keep.has(copy.name)) continue;
    if (!copy.hasChecksum && copy.takenAt > newestGood.takenAt) continue;
    await rm(checksumFileOf(copy.file), { force: true });
    await rm(copy.file, { force: true });
    deleted.push(copy.name);
  }
  for (const name of await readdir(dir)) {
    if (name.startsWith(BACKUP_PREFIX) && /\.(partial|tmp)$/.test(name)) {
      await rm(path.join(dir, name), { force: true });
      deleted.push(name);
    }
  }
  return { kept: copies.filter((c) => keep.has(c.name)).map((c) => c.name), deleted };
}

export interface BackupResult {
  file: string;
  name: string;
  takenAt: number;
  sha256: string;
  bytes: number;
  totalPages: number;
  restarts: number;
}

/**
 * Take one backup of `db` into `dir` (created if needed). `allAtOnce`: copy in one step (a
 * separate process); otherwise a few pages per event-loop turn (the server). Run under the lease.
 */
export async function takeBackup(
  db: Db,
  dir: string,
  options: { now?: () => number; allAtOnce?: boolean; pagesPerStep?: number } = {},
): Promise<BackupResult> {
  const now = options.now ?? Date.now;
  await mkdir(dir, { recursive: true });
  const takenAt = now();
  const name = backupName(takenAt);
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  try {
    const { totalPages, restarts } = await onlineBackup(db, partial, options);
    sealCopy(partial);
    const sha256 = await sha256Of(partial);
    const handle = await open(partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    await writeAtomically(checksumFileOf(file), `${sha256}  ${name}\n`);
    await syncFolder(dir);
    const { size } = await stat(file);
    return { file, name, takenAt, sha256, bytes: size, totalPages, restarts };
  } catch (error) {
    await rm(partial, { force: true });
    for (const suffix of ["-wal", "-shm", "-journal"])
      await rm(`${partial}${suffix}`, { force: true });
    throw error;
  }
}

/**
 * Deposit addresses made ahead (ADR 0027) in a copy about to be restored are dropped: some may have
 * been handed to payments after the copy was taken, and a customer's deposit to one must never be
 * matched to a new payment. The pool refills from custody after start. Returns how many.
 */
async function dropPooledAddresses(file: string): Promise<number> {
  const copy = openCopy(file);
  try {
    const dropped = await copy.delete(depositAddressPool).returning({ id: depositAddressPool.id });
    return dropped.length;
  } finally {
    closeCopy(copy);
  }
}

/** What is wrong with a copy (empty: it may be restored). The copy is migrated in place. */
export async function verifyCopy(file: string, migrationsFolder: string): Promise<string[]> {
  const integrity = integrityProblems(file);
  if (integrity.length > 0)
    return integrity.map((line) => `integrity_check: ${line}`.split("\n")[0]!);
  const unknown = unknownMigrations(file, migrationsFolder);
  if (unknown.length > 0)
    return [
      `migrations: the copy has ${unknown.length} migration(s) this code does not know (made by a newer version; created_at ${unknown.join(", ")})`,
    ];
  let copy: Db;
  try {
    copy = openCopy(file, { migrationsFolder });
  } catch (error) {
    return [`migrations: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`];
  }
  try {
    return describeProblems(await checkBooks(sqliteStore(copy)));
  } finally {
    closeCopy(copy);
  }
}

export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

export interface RestoreResult {
  database: string;
  /** Where the replaced database was kept (null: there was none). */
  keptAs: string | null;
  staleHolders: number;
  /** Deposit addresses made ahead that the copy held, dropped (see dropPooledAddresses). */
  droppedPoolAddresses: number;
}

/**
 * Restore `backupFile` over `databaseFile`. Throws RestoreRefused (one line) when a server uses the
 * database, the copy's checksum is missing or wrong (unless `requireChecksum` is false), or it
 * fails verification; nothing is replaced then.
 */
export async function restoreBackup(options: {
  backupFile: string;
  databaseFile: string;
  migrationsFolder: string;
  requireChecksum?: boolean;
  now?: () => number;
}): Promise<RestoreResult> {
  const now = options.now ?? Date.now;
  const database = path.resolve(options.databaseFile);
  const source = path.resolve(options.backupFile);
  const holders = () => {
    const found = databaseHolders(database);
    if (found.live.length > 0)
      throw new RestoreRefused(
        `refused: ${describeHolder(found.live[0]!)} is using ${database}; stop it first`,
      );
    return found.stale.length;
  };
  const staleHolders = holders();
  try {
    await stat(source);
  } catch {
    throw new RestoreRefused(`refused: ${source} does not exist`);
  }
  const recorded = await recordedChecksum(source);
  if (recorded === null && options.requireChecksum !== false)
    throw new RestoreRefused(
      `refused: ${source} has no checksum file (${path.basename(source)}.sha256); pass --no-checksum to restore it anyway`,
    );
  if (recorded !== null && (await sha256Of(source)) !== recorded)
    throw new RestoreRefused(
      `refused: ${source} does not match its checksum (the copy is damaged or was changed)`,
    );

  await mkdir(path.dirname(database), { recursive: true });
  const release = holdDatabase(database, "restore");
  const stamp = new Date(now()).toISOString().replace(/[-:.]/g, "");
  const candidate = `${database}.restoring-${stamp}`;
  try {
    await copyFile(source, candidate);
    const problems = await verifyCopy(candidate, options.migrationsFolder);
    const droppedPoolAddresses = problems.length > 0 ? 0 : await dropPooledAddresses(candidate);
    for (const suffix of ["-wal", "-shm", "-journal"])
      await rm(`${candidate}${suffix}`, { force: true });
    if (problems.length > 0)
      throw new RestoreRefused(
        `refused: ${source} failed verification (${problems.length} problem(s)): ${problems.slice(0, 5).join("; ")}`,
      );
    const handle = await open(candidate, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    holders(); // A server started meanwhile (before our own entry was written): stop here.
    let keptAs: string | null = null;
    const exists = await stat(database).then(
      () => true,
      () => false,
    );
    if (exists) {
      keptAs = `${database}.replaced-${stamp}`;
      try {
        checkpointAndDetach(database);
      } catch {
        // Not a usable database: keep it and its sidecars as they are.
      }
      await rename(database, keptAs);
    }
    for (const suffix of ["-wal", "-shm", "-journal"]) {
      const sidecar = `${database}${suffix}`;
      const present = await stat(sidecar).then(
        () => true,
        () => false,
      );
      if (present) await rename(sidecar, `${keptAs ?? `${database}.replaced-${stamp}`}${suffix}`);
    }
    await rename(candidate, database);
    await syncFolder(path.dirname(database));
    return { database, keptAs, staleHolders, droppedPoolAddresses };
  } catch (error) {
    await rm(candidate, { force: true });
    throw error;
  } finally {
    release();
  }
}

/** For scripts: the recorded checksum line of a copy, written beside it. */
export async function writeChecksum(file: string): Promise<string> {
  const sha256 = await sha256Of(file);
  await writeFile(checksumFileOf(file), `${sha256}  ${path.basename(file)}\n`);
  return sha256;
}
