/**
 * Who is using a database file (issue 28): each server (and a restore while it runs) leaves a small
 * file in `<database>.pids/` naming its process, made at boot and removed when the process exits.
 * `npm run restore` refuses while a live holder is there, and a server refuses to start while a
 * restore holds it.
 *
 * A `kill -9` (or a power cut) leaves its file behind: an entry counts only while its process is
 * alive on this machine *and* is the same process (on Linux its start time in /proc must match, so
 * a recycled pid does not count). A stale entry is removed by the next reader; it never blocks.
 * An entry written on another machine (a shared disk) cannot be checked from here and counts as
 * live: remove it by hand once that machine has stopped.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export type LockRole = "server" | "restore";

export interface LockHolder {
  pid: number;
  host: string;
  role: LockRole;
  startedAt: number;
  /** The process's start time in clock ticks since boot (Linux /proc/<pid>/stat), or null. */
  procStart: string | null;
}

export const lockFolderOf = (databaseFile: string) => `${path.resolve(databaseFile)}.pids`;

/** Field 22 of /proc/<pid>/stat: when the process started; null where there is no /proc. */
export function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count after its end.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isLive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (!alive(holder.pid)) return false;
  const now = processStartOf(holder.pid);
  return holder.procStart === null || now === null || now === holder.procStart;
}

/**
 * The live holders of `databaseFile`; stale entries (their process is gone) are removed and
 * returned as `stale`.
 */
export function databaseHolders(databaseFile: string): { live: LockHolder[]; stale: LockHolder[] } {
  const folder = lockFolderOf(databaseFile);
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith(".json"));
  } catch {
    return { live: [], stale: [] };
  }
  const live: LockHolder[] = [];
  const stale: LockHolder[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    let holder: LockHolder;
    try {
      holder = JSON.parse(readFileSync(file, "utf8")) as LockHolder;
    } catch {
      continue; // Being written or removed right now.
    }
    if (holder.pid === process.pid && holder.host === hostname()) continue;
    if (isLive(holder)) live.push(holder);
    else {
      stale.push(holder);
      rmSync(file, { force: true });
    }
  }
  return { live, stale };
}

export function describeHolder(holder: LockHolder): string {
  const where = holder.host === hostname() ? "" : ` on ${holder.host}`;
  return `${holder.role === "restore" ? "a restore" : "a server"} (pid ${holder.pid}${where}, since ${new Date(holder.startedAt).toISOString()})`;
}

/**
 * Record this process as a holder of `databaseFile` until it exits (or `release()` is called).
 * Returns the release function.
 */
export function holdDatabase(databaseFile: string, role: LockRole): () => void {
  const folder = lockFolderOf(databaseFile);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${hostname()}-${process.pid}.json`);
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    role,
    startedAt: Date.now(),
    procStart: processStartOf(process.pid),
  };
  writeFileSync(file, `${JSON.stringify(holder)}\n`);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    rmSync(file, { force: true });
    process.off("exit", release);
  };
  process.on("exit", release);
  return release;
}

/**
 * At server start: refuse while a restore is replacing the database, then hold it. Throws one line
 * naming the restore.
 */
export function holdDatabaseForServer(databaseFile: string): () => void {
  const restoring = databaseHolders(databaseFile).live.filter((h) => h.role === "restore");
  if (restoring.length > 0)
    throw new Error(
      `${describeHolder(restoring[0]!)} is replacing the database ${path.resolve(databaseFile)}: start the server when it has finished`,
    );
  return holdDatabase(databaseFile, "server");
}
