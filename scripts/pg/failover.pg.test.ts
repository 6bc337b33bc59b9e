/**
 * The PostgreSQL store waits out a lost database (ADR 0046), on clusters of its own: a server
 * restarted under a write, and the failover drill (a synchronous standby promoted after a kill -9
 * of the primary while money moves): nothing acknowledged is lost, nothing is written twice, the
 * books are sound. PostgreSQL runs only (`npm run test:pg`).
 */
import { afterAll, describe, expect, it } from "vitest";
import { auditLog } from "../../drizzle/schema";
import { openPgStore, pgStoreOf } from "../../app/db/pg-connection.server";
import { createCluster, type Cluster } from "./cluster";
import { runFailoverDrill } from "./failover-drill";

const clusters: Cluster[] = [];
afterAll(() => {
  for (const cluster of clusters) cluster.remove();
});

describe("a lost database", () => {
  it("a write made while the server restarts waits for it and is done once", async () => {
    const cluster = await createCluster();
    clusters.push(cluster);
    const store = openPgStore(cluster.url(), { max: 2 });
    try {
      await store.read(async () => undefined);
      cluster.stop("fast");
      const writing = store.write((q) =>
        q.insert(auditLog).values({ actorType: "system", action: "restart.check", createdAt: 1 }),
      );
      await expect.poll(() => pgStoreOf(store)!.reconnecting).toBe(true);
      cluster.start();
      await writing;
      const rows = await store.read((q) => q.select().from(auditLog));
      expect(rows.map((row) => row.action)).toEqual(["restart.check"]);
    } finally {
      await store.close();
    }
  });

  it("fails over to a promoted synchronous standby: nothing acknowledged lost, nothing twice", async () => {
    const report = await runFailoverDrill({ seconds: 3, writers: 4 });
    expect(report.acknowledged).toBeGreaterThan(0);
    expect({ lost: report.lost, twice: report.twice, problems: report.problems }).toEqual({
      lost: 0,
      twice: 0,
      problems: [],
    });
    expect(Number.isFinite(report.outageMs)).toBe(true);
  }, 60_000);
});
