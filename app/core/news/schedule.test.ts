import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newsIngestRuns } from "../../../drizzle/schema";
import { createTestDb, testStore } from "../../../tests/setup/db";
import type { Db } from "~/db/sqlite-connection.server";
import { acquireLease, stopAllJobs } from "~/utils/jobs.server";
import { addFeed } from "./feeds.server";
import { NEWS_INGEST_JOB } from "./ingest.server";
import {
  applyAutoIngest,
  isAutoIngestScheduled,
  nextIngestRun,
  scheduledIngest,
} from "./schedule.server";
import { getNewsSettings, updateNewsSettings } from "./settings.server";
import { startFeedSimulator, type FeedSimulator } from "../../../tests/support/simulators";

const NOW = Date.UTC(2025, 11, 13, 12, 0, 0);
let simulator: FeedSimulator;
let testDb: ReturnType<typeof createTestDb>;
let db: Db;

beforeAll(async () => {
  simulator = await startFeedSimulator({
    dir: path.resolve("tests/fixtures/feeds"),
    routes: { "outlet-a.example/rss": "crafted-outlet-a-rss.xml" },
  });
});
afterAll(() => simulator.close());
beforeEach(async () => {
  testDb = createTestDb();
  db = testDb.db;
  await testStore(db).write((q) =>
    addFeed(q, { name: "Outlet A", url: "https://outlet-a.example/rss" }, NOW),
  );
});
afterEach(() => {
  stopAllJobs();
  testDb.close();
});

const options = () => ({ now: () => NOW, fetch: { baseUrl: simulator.baseUrl } });

describe("the schedule: 07:00 EAT, Monday to Friday", () => {
  it.each([
    [
      "Wednesday before 07:00 EAT: the same morning",
      "2026-11-18T03:59:00Z",
      "2026-11-18T04:00:00.000Z",
    ],
    ["Wednesday after 07:00 EAT: Thursday", "2026-11-18T04:00:00Z", "2026-11-19T04:00:00.000Z"],
    ["Friday after the run: Monday", "2026-11-20T05:00:00Z", "2026-11-23T04:00:00.000Z"],
    ["Saturday: Monday", "2026-11-21T10:00:00Z", "2026-11-23T04:00:00.000Z"],
    ["Sunday 23:30 EAT: Monday", "2026-11-22T20:30:00Z", "2026-11-23T04:00:00.000Z"],
  ])("%s", (_label, from, next) => {
    expect(nextIngestRun(new Date(from))?.toISOString()).toBe(next);
  });
});

describe("the auto-ingest switch", () => {
  it("is off by default and really starts and stops the job", async () => {
    expect((await getNewsSettings(testStore(db))).autoIngest).toBe(false);
    expect(isAutoIngestScheduled()).toBe(false);
    const job = applyAutoIngest(testStore(db), true, options);
    expect(isAutoIngestScheduled()).toBe(true);
    expect(job?.getPattern()).toBe("0 7 * * 1-5");
    expect(job?.nextRun(new Date("2026-11-21T10:00:00Z"))?.toISOString()).toBe(
      "2026-11-23T04:00:00.000Z",
    );
    expect(applyAutoIngest(testStore(db), false, options)).toBeNull();
    expect(isAutoIngestScheduled()).toBe(false);
  });

  it("runs an ingest when the job fires while the setting is on", async () => {
    await testStore(db).write((q) => updateNewsSettings(q, { autoIngest: true }, "op_1", NOW));
    const job = applyAutoIngest(testStore(db), true, options);
    await job?.trigger();
    const runs = db.select().from(newsIngestRuns).all();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: "schedule", status: "succeeded", totalCurated: 1 });
  });

  it("does nothing when the setting was turned off (say, in another process)", async () => {
    expect(await scheduledIngest(testStore(db), options())).toBe("disabled");
    expect(db.select().from(newsIngestRuns).all()).toHaveLength(0);
  });

  it("does not run twice when another process holds the lease", async () => {
    await testStore(db).write((q) => updateNewsSettings(q, { autoIngest: true }, "op_1", NOW));
    await acquireLease(testStore(db), NEWS_INGEST_JOB, "other-process", 60_000, NOW);
    expect(await scheduledIngest(testStore(db), options())).toBe("busy");
    expect(db.select().from(newsIngestRuns).all()).toHaveLength(0);
  });
});
