/**
 * One process of the sanctions import bench (sanctions-lists.ts): a fresh migrated SQLite database
 * (DATABASE_URL), then each file given imported in turn as `source`'s list, the way the daily job
 * does (read from disk, then importSanctionsList). Prints one JSON line: per import its outcome,
 * wall time, entries, the diff's counts and this process's peak resident memory so far (VmHWM).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

function peakMb(): number {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb ? Math.round(kb / 1024) : Math.round(process.resourceUsage().maxRSS / 1024);
}

async function main() {
  const [source, ...files] = process.argv.slice(2) as ["un" | "ofac", ...string[]];
  const { openDatabase } = await import("../../app/db/sqlite-connection.server");
  const { sqliteStore } = await import("../../app/db/sqlite-store.server");
  const { importSanctionsList } = await import("../../app/core/compliance/sanctions/import.server");
  const db = openDatabase(process.env.DATABASE_URL!);
  const store = sqliteStore(db);
  const results = [];
  const baseMb = peakMb(); // Node, tsx, the app's modules and the open database, before any list
  for (const file of files) {
    const started = performance.now();
    const bytes = readFileSync(file); // a Buffer is a Uint8Array: no copy
    const result = await importSanctionsList(store, {
      source,
      files: [{ name: path.basename(file), bytes }],
      trigger: "scheduled",
      origin: file,
    });
    const ms = Math.round(performance.now() - started);
    const diff =
      result.outcome === "imported" && result.diff.previousId
        ? `diff +${result.diff.counts.added} -${result.diff.counts.removed} ~${result.diff.counts.changed}`
        : result.outcome === "rejected"
          ? result.reason
          : "";
    results.push({
      outcome: result.outcome,
      ms,
      peakMb: peakMb(),
      baseMb,
      entries: result.snapshot.entryCount,
      detail: diff,
    });
  }
  await store.close();
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
