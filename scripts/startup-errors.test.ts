/**
 * What an operator sees when OneHop cannot start (issue 10, items 10 and 11): a real process
 * (`scripts/db-setup.ts`, the first thing `npm start` and the e2e server run), its exit code and
 * its stderr. One line that says what and where, no stack trace, exit code 1: for a SQLite file,
 * and for a PostgreSQL server or database (ADR 0046), named host:port/database without its
 * password.
 *
 * File permissions do not stop root, so when the tests run as root the child runs as `nobody`.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = process.cwd();
const dir = path.resolve("tests/.tmp", `startup-errors-${process.pid}`);
const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
const NOBODY = 65534;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A clean environment as a deployment would have it (no Vitest variables). */
function deploymentEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: dir,
    NODE_ENV: "production",
    DATA_DIR: dir,
    SESSION_SECRET: "startup-test-secret-startup-test-secret-0123",
    PUBLIC_SITE_URL: "http://localhost:3000",
    ...extra,
  };
}

function run(script: string, env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env,
    encoding: "utf8",
    timeout: 60_000,
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  const lines = result.stderr.split("\n").filter((line) => line.trim() !== "");
  return { status: result.status, stderr: result.stderr, lines };
}

function expectOneLineNoStack(stderr: string, lines: string[]) {
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toContain("SqliteError");
}

describe("start-up errors", () => {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);

  it("a read-only database file: one line with the path and what to check, exit 1", () => {
    const folder = path.join(dir, "readonly");
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o777);
    const file = path.join(folder, "onehop.sqlite");
    copyFileSync(
      process.env.ONEHOP_TEST_TEMPLATE_DB ?? path.resolve("tests/.tmp/template.sqlite"),
      file,
    );
    chmodSync(file, 0o444);
    const { status, stderr, lines } = run(
      "scripts/db-setup.ts",
      deploymentEnv({ DATABASE_URL: file }),
    );
    expect(status).toBe(1);
    expectOneLineNoStack(stderr, lines);
    expect(lines[0]).toContain(`[db] The database file ${file} is read-only`);
    expect(lines[0]).toContain("Check that the user running OneHop");
  });

  it("a folder it may not write: the path instead of a bare 'unable to open database file', exit 1", () => {
    const folder = path.join(dir, "locked");
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o555);
    const file = path.join(folder, "onehop.sqlite");
    const { status, stderr, lines } = run(
      "scripts/db-setup.ts",
      deploymentEnv({ DATABASE_URL: file }),
    );
    expect(status).toBe(1);
    expectOneLineNoStack(stderr, lines);
    expect(lines[0]).toContain(
      `[db] Cannot open the database file ${file} (unable to open database file)`,
    );
    expect(lines[0]).toContain(`Check that the folder ${folder} exists`);
  });

  it("a PostgreSQL server that does not answer: one line with host:port/database, no password, exit 1", () => {
    // Port 1: nothing listens there, so the connection is refused at once.
    const { status, stderr, lines } = run(
      "scripts/db-setup.ts",
      deploymentEnv({ DATABASE_URL: "postgres://onehop:hunter2-secret@127.0.0.1:1/onehop" }),
    );
    expect(status).toBe(1);
    expectOneLineNoStack(stderr, lines);
    expect(lines[0]).toContain("[db] Cannot connect to PostgreSQL at 127.0.0.1:1/onehop");
    expect(lines[0]).toContain("ECONNREFUSED");
    expect(stderr).not.toContain("hunter2-secret");
  });

  it("a public site without PROVIDER_MODE or SESSION_SECRET stops before anything starts, naming both", () => {
    const { status, stderr } = run(
      "scripts/db-setup.ts",
      deploymentEnv({
        PUBLIC_SITE_URL: "https://pay.example.co.ke",
        SESSION_SECRET: "",
        DATABASE_URL: path.join(dir, "never.sqlite"),
      }),
    );
    expect(status).toBe(1);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).toContain(
      "PROVIDER_MODE: must be set for PUBLIC_SITE_URL=https://pay.example.co.ke",
    );
    expect(stderr).toContain("SESSION_SECRET: must be set in production");
  });
});
