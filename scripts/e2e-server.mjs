// Starts the production build for Playwright with a fresh database: wipe, migrate and seed, serve.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.startsWith("tests/.tmp/")) throw new Error("e2e-server: DATA_DIR must be under tests/.tmp/");
rmSync(dataDir, { recursive: true, force: true });

const setup = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-setup.ts"], { stdio: "inherit" });
if (setup.status !== 0) process.exit(setup.status ?? 1);

const server = spawn(
  process.execPath,
  ["--max-old-space-size=192", "node_modules/@remix-run/serve/dist/cli.js", "build/index.js"],
  { stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
