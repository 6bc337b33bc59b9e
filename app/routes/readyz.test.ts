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
import type { Db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { schedule, unschedule } from "~/utils/jobs.server";
import { createTestDb, installTestDatabase } from "../../tests/setup/db";
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
    await runBoot({ values: env, starters: [], openDb: () => db, ...quiet });
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
    await runBoot({ values: env, starters: [], openDb: () => db, ...quiet });
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
      openDb: () => db,
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
    await runBoot({ values: env, starters: [], openDb: () => db, ...quiet });
    const copy = createTestDb();
    const readOnly = drizzle(new Database(copy.file, { readonly: true }), { schema }) as Db;
    const globals = globalThis as { __onehopDb?: Db };
    globals.__onehopDb = readOnly;
    try {
      const { response, body } = await ready();
      expect(response.status).toBe(503);
      expect(body.reasons).toEqual([
        "database: not writable (attempt to write a readonly database)",
      ]);
    } finally {
      globals.__onehopDb = db;
      readOnly.$client.close();
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
    await runBoot({ values: env, starters: [], openDb: () => db, ...quiet });
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
