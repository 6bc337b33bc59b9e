/**
 * A production server of a spec's own (server.mjs on a private copy of the build, its own data
 * folder, database and port), for the specs that kill it with SIGKILL and start it again
 * (payment-restart, webhook-restart). Waits are polls with a deadline, never fixed sleeps.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const root = process.cwd();

export interface OwnServer {
  child: ChildProcess;
  /** Everything it printed (stdout and stderr), for diagnostics and boot lines. */
  log: string[];
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

/** Poll `check` until it returns a value (bounded): no fixed sleeps. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A fresh folder `tests/.tmp/<name>` with a copy of the build (a rebuild during the run cannot
 * change what the server serves).
 */
export function prepareOwnServerDir(name: string): { dataDir: string; appDir: string } {
  const dataDir = path.resolve("tests/.tmp", name);
  rmSync(dataDir, { recursive: true, force: true });
  const appDir = path.join(dataDir, "app");
  mkdirSync(appDir, { recursive: true });
  for (const item of ["build", "public", "drizzle"])
    cpSync(path.join(root, item), path.join(appDir, item), { recursive: true });
  return { dataDir, appDir };
}

/** Start the server as production does and wait until /healthz answers. */
export async function startOwnServer(
  appDir: string,
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<OwnServer> {
  const log: string[] = [];
  const child = spawn(process.execPath, [path.join(root, "server.mjs"), "build/index.js"], {
    cwd: appDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => log.push(chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => log.push(chunk));
  await waitFor(
    "the server to answer /healthz",
    async () => {
      if (child.exitCode !== null)
        throw new Error(`the server exited (${child.exitCode}): ${log.join("").slice(-2000)}`);
      return fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    60_000,
  );
  return { child, log };
}

/** SIGKILL: no shutdown, no draining, like a crash. Resolves once the process is gone. */
export async function killOwnServer(server: OwnServer): Promise<void> {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGKILL");
  await exited;
}

/**
 * The environment of an own server: production, simulators, the demo merchant seeded, on `port`
 * with its database file in `dataDir`; `extra` adds or overrides variables.
 */
export function ownServerEnv(
  at: { port: number; dataDir: string; databaseFile: string; secretLabel: string },
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PORT: String(at.port),
    HOST: "127.0.0.1",
    DATA_DIR: at.dataDir,
    DATABASE_URL: at.databaseFile,
    SESSION_SECRET: `${at.secretLabel}-secret-0123456789-0123456789-0123456789`,
    PUBLIC_SITE_URL: `http://localhost:${at.port}`,
    PROVIDER_MODE: "simulator",
    DEMO_SEED: "true",
    ...extra,
  };
}

/**
 * An own server's database: a fresh PostgreSQL database `name` on E2E_PG_URL's server under
 * `npm run test:e2e:pg`, else a SQLite file in `dataDir`.
 */
export async function ownDatabase(name: string, dataDir: string): Promise<string> {
  const server = process.env.E2E_PG_URL;
  if (!server) return path.join(dataDir, `${name}.sqlite`);
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: new URL("/postgres", server).toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return new URL(`/${name}`, server).toString();
}

/** A tsx script of ours (db-setup, apikey-create, db-verify…) with `env`: exit code, output. */
export function runOwnScript(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const run = spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}
