/**
 * Database probes for /healthz and /readyz, engine-neutral (ADR 0041): each goes through the store,
 * so it measures what a request would wait for (its turn on the connection included).
 */
import { sql } from "drizzle-orm";
import { jobLeases } from "../../drizzle/schema";
import type { Store } from "./store";

export type DatabaseProbe = { ok: true; latencyMs: number } | { ok: false; error: string };

const since = (started: number) => Math.round((performance.now() - started) * 100) / 100;
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Liveness: a round trip through the database (`select 1`). */
export async function checkDatabase(store: Store): Promise<DatabaseProbe> {
  const started = performance.now();
  try {
    const row = await store.read((q) => q.get<{ ok: number }>(sql`select 1 as ok`));
    if (Number(row?.ok) !== 1) return { ok: false, error: "unexpected answer" };
    return { ok: true, latencyMs: since(started) };
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
}

/** Thrown to undo the readiness probe's write. */
class ProbeRollback extends Error {}

/**
 * Readiness: a real write (a row in job_leases), rolled back. Opening a write transaction alone
 * succeeds on a read-only database; the write does not.
 */
export async function checkDatabaseWritable(store: Store): Promise<DatabaseProbe> {
  const started = performance.now();
  try {
    await store.write(async (q) => {
      await q
        .insert(jobLeases)
        .values({ job: "readyz.write-probe", holder: "readyz", leasedUntil: 0, updatedAt: 0 })
        .onConflictDoUpdate({ target: jobLeases.job, set: { updatedAt: 0 } });
      throw new ProbeRollback("the write probe did not roll back");
    });
    return { ok: false, error: "the write probe did not roll back" };
  } catch (error) {
    if (error instanceof ProbeRollback) return { ok: true, latencyMs: since(started) };
    return { ok: false, error: describe(error) };
  }
}
