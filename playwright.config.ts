/**
 * E2E against the production build (`remix build` runs first, see package.json) on a free port with
 * its own fresh database. Every spec runs twice: JavaScript enabled ("js") and disabled ("no-js").
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * A port free on every address: the server listens on all of them (`::`), so a port probed on
 * 127.0.0.1 alone could still be taken on another and the server would fail to start.
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer();s.listen(0,()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

// Chosen once in the main process; workers inherit it through the environment.
process.env.E2E_PORT ??= freePort();
const port = process.env.E2E_PORT;
const baseURL = `http://localhost:${port}`;
const dataDir = `tests/.tmp/e2e-${port}`;
// Specs that need to age a session open the server's database directly (tests/e2e/db.ts). With
// E2E_PG_URL (`npm run test:e2e:pg`) the server runs on a PostgreSQL database of its own there.
process.env.E2E_DATABASE ??= process.env.E2E_PG_URL
  ? new URL(`/e2e_${port}`, process.env.E2E_PG_URL).toString()
  : path.resolve(`${dataDir}/e2e.sqlite`);
// The e2e helpers seal the e2e admin's two-factor secret with the key derived from it (issue 12).
process.env.E2E_SESSION_SECRET ??= "e2e-secret-e2e-secret-e2e-secret-0123456789";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      // One renderer process serves every page: a test's new page then starts in about half the
      // time on a 2-core machine (each context still keeps its own cookies and storage).
      "--renderer-process-limit=1",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  outputDir: `tests/.tmp/playwright-${port}`,
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, testIgnore: /\.http\.spec\.ts$/ },
    // axe runs its script inside the page, and *.js.spec.ts test what only JavaScript does: "js"
    // project only.
    {
      name: "no-js",
      use: { ...chromium, javaScriptEnabled: false },
      testIgnore: [/\.http\.spec\.ts$/, /a11y\.spec\.ts$/, /\.js\.spec\.ts$/],
    },
    // Header and API checks need no browser page: they run once.
    { name: "http", testMatch: /\.http\.spec\.ts$/ },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: port,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.E2E_DATABASE,
      SESSION_SECRET: process.env.E2E_SESSION_SECRET,
      PUBLIC_SITE_URL: baseURL,
      PROVIDER_MODE: "simulator",
      OPERATOR_BOOTSTRAP_EMAIL: "e2e-admin@onehop.test",
      OPERATOR_BOOTSTRAP_PASSWORD: "e2e-admin-password-2024",
      OPERATOR_BOOTSTRAP_NAME: "E2E Admin",
      // Deposits confirm when a test says so; M-Pesa answers quickly.
      SIMULATOR_AUTO_CONFIRM_MS: "0",
      DARAJA_SIM_CALLBACK_DELAY_MS: "300",
    },
  },
});
