/**
 * Issue 28, "Backups and the books check", end to end: a production server of its own (server.mjs
 * on the build, simulators on, its own DATA_DIR, database and port) takes test-mode payments
 * through the API while they are paid at custody, confirmed and settled to M-Pesa. During that
 * load `npm run backup` copies the database. The copy is restored with `npm run restore` into a
 * fresh folder, a second server starts on it, and:
 * - the restored books pass the books check (`npm run db:verify`, exit 0);
 * - every payment the API acknowledged (201) before the backup began is there, with its status
 *   as the restored server reports it, and at least one of them settled (money moved in the
 *   copy);
 * - a restore into that folder is refused while the second server uses it.
 * Waits are polls with a deadline (own-server.ts), never fixed sleeps.
 */
import { spawn } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { DEMO_MERCHANT } from "./auth";
import {
  freePort,
  killOwnServer,
  ownServerEnv,
  prepareOwnServerDir,
  runOwnScript,
  startOwnServer,
  waitFor,
  type OwnServer,
} from "./own-server";

test.describe.configure({ mode: "serial", timeout: 240_000 });

const root = process.cwd();
/** Payments acknowledged before the backup starts. */
const BEFORE_BACKUP = 12;
const WORKERS = 4;

let dataDir = "";
let appDir = "";
const servers: OwnServer[] = [];

function envFor(port: number, folder: string, databaseFile: string): NodeJS.ProcessEnv {
  return ownServerEnv(
    { port, dataDir: folder, databaseFile, secretLabel: "backup-restore" },
    {
      // Custody confirms on its own quickly, M-Pesa answers fast, the tick reconciles often.
      SIMULATOR_AUTO_CONFIRM_MS: "200",
      CONFIRMATIONS_USDT: "2",
      DARAJA_SIM_CALLBACK_DELAY_MS: "100",
      PAYMENTS_RECONCILE_SECONDS: "2",
      DEPOSIT_ADDRESS_POOL: "0,test:USDT=200",
      API_RATE_LIMIT_PER_SECOND: "100000",
    },
  );
}

const runScript = runOwnScript;

/** The same, without blocking: the load goes on while it runs. */
function runScriptAsync(script: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("exit", (status) =>
      resolve({ status, stdout: stdout.trim(), stderr: stderr.trim() }),
    );
  });
}

function custodySimulatorUrl(server: OwnServer): string {
  const line = server.log
    .join("")
    .split("\n")
    .find((l) => l.includes("payment simulators started"));
  const url = line
    ? (JSON.parse(line.slice(line.indexOf("{"))) as { custody?: string }).custody
    : undefined;
  if (!url)
    throw new Error(`no custody simulator URL in the log: ${server.log.join("").slice(-1000)}`);
  return url;
}

test.beforeAll(async () => {
  const port = await freePort();
  ({ dataDir, appDir } = prepareOwnServerDir(`backup-restore-${port}`));
});

test.afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) await killOwnServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test("a backup taken while payments are created and settled restores into a fresh folder with balanced books and every acknowledged payment", async () => {
  const port = await freePort();
  const databaseFile = path.join(dataDir, "onehop.sqlite");
  const env = envFor(port, dataDir, databaseFile);
  expect(runScript("scripts/db-setup.ts", [], env).status).toBe(0);
  const first = await startOwnServer(appDir, env, port);
  servers.push(first);
  const api = (pathname: string) => `http://127.0.0.1:${port}/api/v1${pathname}`;

  const created = runScript(
    "scripts/apikey-create.ts",
    [
      "--merchant",
      DEMO_MERCHANT.merchantId,
      "--mode",
      "test",
      "--scopes",
      "payments:read,payments:write",
    ],
    env,
  );
  expect(created.status, created.stderr).toBe(0);
  const key = created.stdout;
  const auth = { Authorization: `Bearer ${key}` };
  await waitFor(
    "a live USDT rate",
    async () => {
      const response = await fetch(api("/rates"), { headers: auth });
      if (response.status !== 200) return false;
      const body = (await response.json()) as { data: { asset: string; kind: string }[] };
      return body.data.some((rate) => rate.asset === "USDT" && rate.kind === "live");
    },
    60_000,
  );
  const custody = custodySimulatorUrl(first);

  // The load: workers create a payment, note it once the API acknowledged it (201: committed),
  // and pay it at custody (it then confirms and settles on its own), until told to stop.
  const acknowledged: string[] = [];
  let stop = false;
  let made = 0;
  const worker = async () => {
    while (!stop) {
      const n = made++;
      const response = await fetch(api("/payments"), {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json", "Idempotency-Key": `bk-${n}` },
        body: JSON.stringify({
          amount: 50_000,
          currency: "KES",
          asset: "USDT",
          reference: `BK-${n}`,
        }),
      });
      const body = (await response.json()) as {
        id: string;
        deposit_address: string;
        crypto_amount: number;
      };
      expect(response.status, JSON.stringify(body)).toBe(201);
      acknowledged.push(body.id);
      const units = BigInt(body.crypto_amount);
      const amount = `${units / 1_000_000n}.${(units % 1_000_000n).toString().padStart(6, "0")}`;
      const paid = await fetch(`${custody}/__sim/payments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ address: body.deposit_address, amount }),
      });
      expect(paid.status).toBe(200);
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);
  const statusOf = async (id: string) => {
    const response = await fetch(api(`/payments/${id}`), { headers: auth });
    return ((await response.json()) as { status: string }).status;
  };
  // Load under way, and money already moving: a payment settled.
  await waitFor("payments to be acknowledged", () => acknowledged.length >= BEFORE_BACKUP, 60_000);
  await waitFor(
    "a payment to settle",
    async () => (await Promise.all(acknowledged.slice(0, 4).map(statusOf))).includes("settled"),
    60_000,
  );

  const beforeBackup = [...acknowledged];
  const backup = await runScriptAsync("scripts/backup.ts", [], env);
  const duringBackup = acknowledged.length - beforeBackup.length;
  stop = true;
  await Promise.all(workers);
  expect(backup.status, backup.stderr).toBe(0);
  expect(backup.stdout).toMatch(
    /^backup: .*\/backups\/onehop-\d{8}T\d{9}Z\.sqlite \(\d+ bytes, sha256 [0-9a-f]{64}\)/,
  );
  // The load really ran beside the backup (payments acknowledged while it copied).
  expect(duringBackup).toBeGreaterThan(0);
  const copy = path.join(
    dataDir,
    "backups",
    readdirSync(path.join(dataDir, "backups")).find((n) => n.endsWith(".sqlite"))!,
  );

  // Restore into a fresh folder and start a server on it.
  const fresh = path.join(dataDir, "restored");
  const restoredFile = path.join(fresh, "onehop.sqlite");
  const port2 = await freePort();
  const env2 = envFor(port2, fresh, restoredFile);
  const restored = runScript("scripts/restore.ts", [copy], env2);
  expect(restored.status, restored.stderr).toBe(0);
  // The copy's deposit addresses made ahead are dropped (some were handed out after the copy).
  expect(restored.stdout).toMatch(
    new RegExp(
      `^restore: restored ${copy} into ${restoredFile} \\(\\d+ deposit addresses made ahead dropped \\(the pool refills\\)\\)$`,
    ),
  );
  const second = await startOwnServer(appDir, env2, port2);
  servers.push(second);

  // The books of the copy, as the restored server runs on them.
  const verify = runScript("scripts/db-verify.ts", [], env2);
  expect([verify.status, verify.stdout]).toEqual([
    0,
    `db:verify: the books of ${restoredFile} are sound`,
  ]);
  const restoredApi = (pathname: string) => `http://127.0.0.1:${port2}/api/v1${pathname}`;
  const statuses: string[] = [];
  for (const id of beforeBackup) {
    const response = await fetch(restoredApi(`/payments/${id}`), { headers: auth });
    expect(response.status, `${id} is in the restored database`).toBe(200);
    statuses.push(((await response.json()) as { status: string }).status);
  }
  expect(statuses).toContain("settled");
  // The copy holds only payments the first server made (a subset of its database).
  const idsIn = (file: string) => {
    const sqlite = new Database(file, { readonly: true });
    try {
      return sqlite.prepare("select id from payments").pluck().all() as string[];
    } finally {
      sqlite.close();
    }
  };
  const original = new Set(idsIn(databaseFile));
  const inCopy = idsIn(restoredFile);
  expect(inCopy.filter((id) => !original.has(id))).toEqual([]);
  expect(inCopy.length).toBeGreaterThanOrEqual(beforeBackup.length);

  // While the second server uses it, a restore there is refused and changes nothing.
  const refused = runScript("scripts/restore.ts", [copy], env2);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toMatch(
    new RegExp(
      `^restore: refused: a server \\(pid ${second.child.pid}, since .*\\) is using ${restoredFile}; stop it first$`,
    ),
  );
});
