import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { jobRuns } from "../../drizzle/schema";
import { createTestDb, testStore } from "../../tests/setup/db";
import { acquireLease, runLeased } from "./jobs.server";

const { db, close } = createTestDb();
afterAll(close);

describe("job leases", () => {
  it("one holder at a time until the lease runs out", async () => {
    expect(await acquireLease(testStore(db), "job.a", "p1", 1_000, 0)).toBe(true);
    expect(await acquireLease(testStore(db), "job.a", "p2", 1_000, 500)).toBe(false);
    expect(await acquireLease(testStore(db), "job.a", "p1", 1_000, 600)).toBe(true);
    expect(await acquireLease(testStore(db), "job.a", "p2", 1_000, 1_601)).toBe(true);
  });

  it("a lease held by a process that has died is taken over at once; a live one's is not", async () => {
    // A process that ran and ended: its pid is free now.
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
    const store = testStore(db);
    expect(await acquireLease(store, "job.killed", `onehop ${gone}@${hostname()}`, 60_000, 0)).toBe(
      true,
    );
    expect(await acquireLease(store, "job.killed", "me", 60_000, 1_000)).toBe(true);
    // The parent of this test process runs: its lease holds until it lapses.
    expect(
      await acquireLease(store, "job.alive", `onehop ${process.ppid}@${hostname()}`, 60_000, 0),
    ).toBe(true);
    expect(await acquireLease(store, "job.alive", "me", 60_000, 1_000)).toBe(false);
    expect(await acquireLease(store, "job.alive", "me", 60_000, 60_001)).toBe(true);
  });

  it("records each run, and runs nothing while another holder has the lease", async () => {
    await acquireLease(testStore(db), "job.b", "other-process", 60_000);
    let ran = false;
    const skipped = await runLeased(
      testStore(db),
      "job.b",
      { ttlMs: 1_000, holder: "me" },
      async () => {
        ran = true;
        return { outcome: "succeeded" as const };
      },
    );
    expect(skipped).toBeNull();
    expect(ran).toBe(false);

    const done = await runLeased(
      testStore(db),
      "job.c",
      { ttlMs: 1_000, holder: "me" },
      async () => ({
        outcome: "succeeded" as const,
        detail: { n: 3 },
      }),
    );
    expect(done?.detail).toEqual({ n: 3 });
    await expect(
      runLeased(testStore(db), "job.c", { ttlMs: 1_000, holder: "me" }, async () =>
        Promise.reject(new Error("boom")),
      ),
    ).rejects.toThrow("boom");
    const runs = db
      .select()
      .from(jobRuns)
      .all()
      .filter((r) => r.job === "job.c");
    expect(runs.map((r) => r.outcome)).toEqual(["succeeded", "failed"]);
    expect(runs[1]?.detail).toContain("boom");
    // The lease is released after each run.
    expect(await acquireLease(testStore(db), "job.c", "someone-else", 1_000)).toBe(true);
  });
});
