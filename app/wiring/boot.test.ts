/**
 * Boot records every step for /readyz, and in production a failed step stops the process with one
 * line naming the cause (issue 10, item 9). `runBoot` takes the environment, the database opener
 * and the exit function, so the rule is tested without ending the test process.
 */
import path from "node:path";
import { sqliteStore } from "~/db/sqlite-store.server";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../tests/setup/db";
import { bootReport, runBoot, starters, type Starter } from "./boot.server";
import { openDatabase } from "~/db/sqlite-connection.server";
import { parseEnv } from "~/utils/env.server";
import { stopAllJobs } from "~/utils/jobs.server";

const { db, close } = createTestDb();
afterAll(() => {
  stopAllJobs();
  close();
});

const SECRET = "boot-test-secret-boot-test-secret-0123456789";
const DARAJA = {
  DARAJA_BASE_URL: "https://sandbox.safaricom.co.ke",
  DARAJA_CONSUMER_KEY: "key",
  DARAJA_CONSUMER_SECRET: "secret",
  DARAJA_INITIATOR_NAME: "onehop",
  DARAJA_SECURITY_CREDENTIAL: "Y3JlZA==",
  DARAJA_SHORTCODE: "600000",
};

function liveWithoutCustody(nodeEnv: "production" | "development") {
  return parseEnv({
    NODE_ENV: nodeEnv,
    SESSION_SECRET: SECRET,
    PUBLIC_SITE_URL: "https://pay.example.co.ke",
    PROVIDER_MODE: "live",
    ...DARAJA,
  });
}

function harness() {
  const exits: number[] = [];
  const lines: string[] = [];
  return {
    exits,
    lines,
    exit: (code: number) => void exits.push(code),
    fatal: (line: string) => void lines.push(line),
  };
}

describe("boot", () => {
  it("in production, PROVIDER_MODE=live without custody settings stops the process (exit 1) with one line naming CUSTODY_BASE_URL", async () => {
    const out = harness();
    const report = await runBoot({
      values: liveWithoutCustody("production"),
      starters,
      openStore: () => sqliteStore(db),
      exit: out.exit,
      fatal: out.fatal,
    });
    expect(out.exits).toEqual([1]);
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toContain("CUSTODY_BASE_URL");
    expect(out.lines[0]).toMatch(
      /^\[onehop\] start-up failed at step "config": PROVIDER_MODE=live needs CUSTODY_BASE_URL, CUSTODY_API_KEY, CUSTODY_API_SECRET_PEM, CUSTODY_WEBHOOK_PUBLIC_KEY_PEM \(custody\)/,
    );
    expect(out.lines[0]).not.toContain("\n");
    // Nothing after the failed step ran; the outcome is recorded for /readyz.
    expect(report.steps.map((step) => [step.step, step.ok])).toEqual([["config", false]]);
    expect(bootReport()).toBe(report);
  });

  it("outside production a failed step is recorded and the other steps still run (readyz says why)", async () => {
    const out = harness();
    const ran: string[] = [];
    const fake: Starter[] = [
      { name: "rates", start: () => void ran.push("rates") },
      {
        name: "payments",
        start: () => {
          throw new Error("CUSTODY_BASE_URL is required when PROVIDER_MODE=live");
        },
      },
    ];
    const report = await runBoot({
      values: liveWithoutCustody("development"),
      starters: fake,
      openStore: () => sqliteStore(db),
      exit: out.exit,
      fatal: out.fatal,
    });
    expect(out.exits).toEqual([]);
    expect(ran).toEqual(["rates"]);
    expect(report.finishedAt).not.toBeNull();
    expect(report.steps.map((step) => [step.step, step.ok])).toEqual([
      ["config", false],
      ["database", true],
      ["rates", true],
      ["payments", false],
    ]);
    expect(report.steps[3]?.error).toContain("CUSTODY_BASE_URL");
  });

  it("a database that cannot be opened stops production with its path; elsewhere the steps that need it are skipped", async () => {
    // A directory where the database file should be: SQLite cannot open it (even as root).
    const folder = path.resolve("tests/.tmp");
    const values = parseEnv({
      NODE_ENV: "production",
      SESSION_SECRET: SECRET,
      PUBLIC_SITE_URL: "http://localhost:3000",
    });
    const out = harness();
    await runBoot({
      values,
      starters: [],
      openStore: () => sqliteStore(openDatabase(folder)),
      exit: out.exit,
      fatal: out.fatal,
    });
    expect(out.exits).toEqual([1]);
    expect(out.lines[0]).toContain(
      `step "database": The database path ${folder} is a folder, not a file (unable to open database file)`,
    );

    // A file where a folder should be.
    const blocked = harness();
    const file = path.resolve("package.json");
    await runBoot({
      values,
      starters: [],
      openStore: () => sqliteStore(openDatabase(path.join(file, "onehop.sqlite"))),
      exit: blocked.exit,
      fatal: blocked.fatal,
    });
    expect(blocked.exits).toEqual([1]);
    expect(blocked.lines[0]).toMatch(
      new RegExp(
        `step "database": Cannot create the database folder ${file.replaceAll(".", "\\.")}: a file is in the way \\((EEXIST|ENOTDIR)\\)`,
      ),
    );

    const dev = harness();
    const report = await runBoot({
      values: { ...values, NODE_ENV: "development", isProduction: false },
      starters: [{ name: "rates", start: () => undefined }],
      openStore: () => sqliteStore(openDatabase(folder)),
      exit: dev.exit,
      fatal: dev.fatal,
    });
    expect(dev.exits).toEqual([]);
    expect(report.steps.find((step) => step.step === "rates")).toMatchObject({
      ok: false,
      skipped: true,
    });
  });

  it("a clean boot records every step as done and the jobs it scheduled", async () => {
    const { schedule } = await import("~/utils/jobs.server");
    const out = harness();
    const values = parseEnv({
      NODE_ENV: "production",
      SESSION_SECRET: SECRET,
      PUBLIC_SITE_URL: "http://localhost:3000",
    });
    const report = await runBoot({
      values,
      starters: [
        {
          name: "tick",
          start: () =>
            void schedule({
              name: "boot-test.tick",
              pattern: { everySeconds: 3600 },
              run: async () => undefined,
            }),
        },
      ],
      openStore: () => sqliteStore(db),
      exit: out.exit,
      fatal: out.fatal,
    });
    expect(out.exits).toEqual([]);
    expect(report.steps.every((step) => step.ok)).toBe(true);
    expect(report.steps.map((step) => step.step)).toEqual(["config", "database", "tick"]);
    expect(report.jobs).toContain("boot-test.tick");
  });
});
