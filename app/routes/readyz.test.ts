/**
 * /readyz (issue 10, item 9): 200 only when the process can take payments; 503 with reasons in JSON
 * otherwise: a provider not configured, a failed boot step, a database that takes no write, a job
 * that stopped running. /healthz stays 200 (liveness).
 */
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../drizzle/schema";
import { runBoot } from "~/wiring/boot.server";
import type { Db } from "~/db/sqlite-connection.server";
import { env } from "~/utils/env.server";
import { schedule, unschedule } from "~/utils/jobs.server";
import { resetBackupState, setBackupStateForTest } from "~/wiring/backups.server";
import { openPgStore } from "~/db/pg-connection.server";
import type { Store } from "~/db/store";
import { createTestDb, installTestDatabase, TEST_ENGINE, testStore } from "../../tests/setup/db";
import { pgQuerySync } from "../../tests/setup/pg-sync";
import { setUpPaymentsHarness } from "../../tests/setup/payments";
import { loader as healthz } from "./healthz";
import { loader as readyz } from "./readyz";

const { db, close } = installTestDatabase();
// The payments runtime and the rates service running, as after boot in simulator mode.
setUpPaymentsHarness({ db, close }, { install: true, rates: true });

afterEach(() => {
  env.PROVIDER_MODE = "simulator";
  vi.useRealTimers();
});

const quiet = { exit: () => undefined, fatal: () => undefined };

async function ready() {
  const response = await readyz({ request: new Request("http://localhost:3000/readyz") });
  return {
    response,
    body: (await response.json()) as {
      status: string;
      reasons: string[];
      checks: { providers: { name: string; ok: boolean; missing: string[] }[] };
    },
  };
}

describe("/readyz", () => {
  it("is 200 when the database takes a write, every boot step ran, every provider and job is up", async () => {
    await runBoot({ values: env, starters: [], openStore: () => testStore(db), ...quiet });
    const { response, body } = await ready();
    expect(body.reasons).toEqual([]);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body.status).toBe("ready");
    expect(body.checks.providers.map((provider) => [provider.name, provider.ok])).toEqual([
      ["custody", true],
      ["mpesa", true],
      ["marketData", true],
    ]);
  });

  it("is 503 naming the missing settings when PROVIDER_MODE=live has no custody settings (and /healthz stays 200)", async () => {
    env.PROVIDER_MODE = "live";
    await runBoot({ values: env, starters: [], openStore: () => testStore(db), ...quiet });
    const { response, body } = await ready();
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body.status).toBe("not ready");
    expect(body.reasons).toContain(
      "provider custody: not configured: CUSTODY_BASE_URL, CUSTODY_API_KEY, CUSTODY_API_SECRET_PEM, CUSTODY_WEBHOOK_PUBLIC_KEY_PEM missing",
    );
    expect(
      body.reasons.some((reason) =>
        reason.startsWith("boot step config: failed (PROVIDER_MODE=live needs CUSTODY_BASE_URL"),
      ),
    ).toBe(true);
    expect(
      body.checks.providers.find((provider) => provider.name === "custody")?.missing,
    ).toContain("CUSTODY_BASE_URL");
    const live = await healthz({ request: new Request("http://localhost:3000/healthz") });
    expect(live.status).toBe(200);
  });

  it("is 503 when a boot step failed", async () => {
    await runBoot({
      values: env,
      starters: [
        {
          name: "payments",
          start: () => {
            throw new Error("custody simulator did not start");
          },
        },
      ],
      openStore: () => testStore(db),
      ...quiet,
    });
    const { response, body } = await ready();
    expect(response.status).toBe(503);
    expect(body.reasons).toEqual(["boot step payments: failed (custody simulator did not start)"]);

    // A caller from the internet learns what is wrong, not the error text or the raw checks.
    const fromOutside = await readyz({
      request: new Request("http://localhost:3000/readyz", {
        headers: { "x-onehop-remote-address": "41.90.64.7" },
      }),
    });
    expect(fromOutside.status).toBe(503);
    expect(await fromOutside.json()).toEqual({
      status: "not ready",
      reasons: ["boot step payments: failed"],
    });
    // On this machine (or a private network) the detail is there.
    const fromInside = await readyz({
      request: new Request("http://localhost:3000/readyz", {
        headers: { "x-onehop-remote-address": "10.1.2.3" },
      }),
    });
    expect(((await fromInside.json()) as { reasons: string[] }).reasons).toEqual([
      "boot step payments: failed (custody simulator did not start)",
    ]);
  });

  it("is 503 when the database takes no write", async () => {
    await runBoot({ values: env, starters: [], openStore: () => testStore(db), ...quiet });
    const copy = createTestDb();
    const globals = globalThis as { __onehopDb?: Db; __onehopStore?: Store };
    const before = { db: globals.__onehopDb, store: globals.__onehopStore };
    let readOnly: { close: () => Promise<void> | void };
    if (TEST_ENGINE === "sqlite") {
      const file = drizzle(new Database(copy.file, { readonly: true }), { schema }) as Db;
      globals.__onehopDb = file;
      readOnly = { close: () => void file.$client.close() };
    } else {
      // A database whose transactions are read-only, as a standby's are.
      const name = new URL(copy.file).pathname.slice(1);
      pgQuerySync(copy.file, `alter database ${name} set default_transaction_read_only = on`);
      const store = openPgStore(copy.file, { migrate: false, max: 1 });
      globals.__onehopStore = store;
      readOnly = { close: () => store.close() };
    }
    try {
      const { response, body } = await ready();
      expect(response.status).toBe(503);
      expect(body.reasons).toEqual([
        TEST_ENGINE === "sqlite"
          ? "database: not writable (attempt to write a readonly database)"
          : "database: not writable (cannot execute INSERT in a read-only transaction)",
      ]);
    } finally {
      globals.__onehopDb = before.db;
      globals.__onehopStore = before.store;
      await readOnly.close();
      copy.close();
    }
  });

  it("is 503 when a job boot started stops running or is stuck", async () => {
    let release = () => undefined as void;
    const cron = schedule({
      name: "readyz-test.stuck",
      pattern: { everySeconds: 30 },
      run: () => new Promise<void>((resolve) => (release = resolve)),
    });
    await runBoot({ values: env, starters: [], openStore: () => testStore(db), ...quiet });
    expect((await ready()).response.status).toBe(200);
    // Its run never ends: three intervals later, no new run has started.
    void cron.trigger();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5 * 60_000);
    const stuck = await ready();
    expect(stuck.response.status).toBe(503);
    expect(stuck.body.reasons).toContainEqual(
      expect.stringMatching(
        /^job readyz-test\.stuck: one run has been going for 30\d s \(runs every 30 s\)$/,
      ),
    );
    vi.useRealTimers();
    release();
    // Stopped altogether.
    unschedule("readyz-test.stuck");
    const gone = await ready();
    expect(gone.response.status).toBe(503);
    expect(gone.body.reasons).toEqual(["job readyz-test.stuck: no longer scheduled"]);
  });
});

describe("/readyz and scheduled backups (issue 28)", () => {
  afterEach(() => resetBackupState());

  async function backupsCheck() {
    const response = await readyz({ request: new Request("http://localhost:3000/readyz") });
    const body = (await response.json()) as {
      reasons: string[];
      checks: { backups: Record<string, unknown> };
    };
    return { status: response.status, reasons: body.reasons, backups: body.checks.backups };
  }

  it("without BACKUP_SCHEDULE says backups are not scheduled, and stays ready", async () => {
    await runBoot({ values: env, starters: [], openStore: () => testStore(db), ...quiet });
    const { status, reasons, backups } = await backupsCheck();
    expect(status).toBe(200);
    expect(reasons).toEqual([]);
    expect(backups).toMatchObject({
      ok: true,
      scheduled: false,
      note: "backups are not scheduled (BACKUP_SCHEDULE is not set)",
    });
  });

  it("shows the last good backup's age, and is 503 once it is older than twice the schedule", async () => {
    await runBoot({ values: env, starters: [], openStore: () => testStore(db), ...quiet });
    const now = Date.now();
    setBackupStateForTest({
      schedule: "hourly",
      everyMs: 3_600_000,
      dir: "/var/backups/onehop",
      since: now - 10 * 3_600_000,
      lastGood: { name: "onehop-x.sqlite", takenAt: now - 119 * 60_000 },
      lastError: null,
    });
    const fresh = await backupsCheck();
    expect(fresh.status).toBe(200);
    expect(fresh.backups).toMatchObject({
      ok: true,
      scheduled: true,
      schedule: "hourly",
      lastGood: { name: "onehop-x.sqlite", ageSeconds: expect.closeTo(119 * 60, -1) as number },
    });

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + 2 * 60_000);
    const stale = await backupsCheck();
    expect(stale.status).toBe(503);
    expect(stale.reasons).toEqual(["backups: the last good backup is 2 h old (schedule hourly)"]);
    expect(stale.backups).toMatchObject({ ok: false });
    // From the internet: what is wrong, without the detail.
    const outside = await readyz({
      request: new Request("http://localhost:3000/readyz", {
        headers: { "x-onehop-remote-address": "41.90.64.7" },
      }),
    });
    expect(await outside.json()).toEqual({
      status: "not ready",
      reasons: ["backups: the last good backup is 2 h old"],
    });
  });

  it("with a schedule but no good backup yet, is ready until twice the schedule has passed", async () => {
    await runBoot({ values: env, starters: [], openStore: () => testStore(db), ...quiet });
    const now = Date.now();
    const state = {
      schedule: "30m",
      everyMs: 30 * 60_000,
      dir: "/var/backups/onehop",
      since: now - 59 * 60_000,
      lastGood: null,
      lastError: null,
    };
    setBackupStateForTest(state);
    expect((await backupsCheck()).status).toBe(200);
    setBackupStateForTest({ ...state, since: now - 61 * 60_000, lastError: "disk full" });
    const failing = await backupsCheck();
    expect(failing.status).toBe(503);
    expect(failing.reasons).toEqual([
      "backups: no good backup in 61 min (schedule 30m) (disk full)",
    ]);
  });
});
