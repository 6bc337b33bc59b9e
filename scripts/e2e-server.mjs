// Starts the production build for Playwright with a fresh database: wipe, migrate and seed, serve.
// It serves a private copy of the build, so a rebuild while the tests run cannot change what they
// see.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.startsWith("tests/.tmp/"))
  throw new Error("e2e-server: DATA_DIR must be under tests/.tmp/");
rmSync(dataDir, { recursive: true, force: true });
const appDir = path.resolve(dataDir, "app");
mkdirSync(appDir, { recursive: true });
for (const item of ["build", "public", "drizzle"])
  cpSync(path.join(root, item), path.join(appDir, item), { recursive: true });

const given = process.env.DATABASE_URL ?? path.join(dataDir, "e2e.sqlite");
const postgres = /^postgres(ql)?:\/\//.test(given);
const env = {
  ...process.env,
  DATA_DIR: path.resolve(dataDir),
  DATABASE_URL: postgres ? given : path.resolve(given),
};

// PostgreSQL (npm run test:e2e:pg): a fresh database of that name on the server.
if (postgres) {
  const { default: pg } = await import("pg");
  const url = new URL(given);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

const setup = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-setup.ts"], {
  stdio: "inherit",
  env,
});
if (setup.status !== 0) process.exit(setup.status ?? 1);

const server = spawn(process.execPath, [path.join(root, "server.mjs"), "build/index.js"], {
  stdio: "inherit",
  env,
  cwd: appDir,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
