/**
 * The backup scripts as an operator runs them (issue 28): `npm run backup`, `npm run db:verify` and
 * `npm run restore` on real files, each a tsx process with its own environment: one line each,
 * exit codes 0 (done), 1 (problems found or refused) and 2 (bad usage).
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerAccounts, merchants } from "../drizzle/schema";
import { ledgerBook, postTransaction } from "../app/core/ledger/ledger.server";
import { sqliteStore } from "../app/db/sqlite-store.server";
import { listBackups } from "../app/utils/backups.server";
import type { Db } from "../app/db/sqlite-connection.server";
import { createTestDb } from "../tests/setup/db";

let folder: string;
let source: ReturnType<typeof createTestDb>;
let db: Db;

beforeEach(() => {
  folder = path.resolve("tests/.tmp", `backup-scripts-${randomUUID()}`);
  mkdirSync(folder, { recursive: true });
  source = createTestDb();
  db = source.db;
});
afterEach(() => {
  source.close();
  rmSync(folder, { recursive: true, force: true });
});

async function addMerchants(n: number) {
  for (let i = 1; i <= n; i++)
    await db.insert(merchants).values({
      id: `MRC-S${String(i).padStart(5, "0")}`,
      businessName: `Shop ${i}`,
      contactEmail: `shop${i}@example.com`,
      createdAt: 0,
    });
}

describe("the scripts", () => {
  const run = (script: string, args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}`, ...args], {
      encoding: "utf8",
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SESSION_SECRET: "backups-test-secret-0123456789-0123456789",
        DATA_DIR: folder,
        ...env,
      },
    });

  it("backup, db:verify and restore: one line each, exit 0 / 1 / 2", async () => {
    await addMerchants(2);
    const backup = run("backup.ts", [], { DATABASE_URL: source.file });
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(
      /^backup: .*backups\/onehop-\d{8}T\d{9}Z\.sqlite \(\d+ bytes, sha256 [0-9a-f]{64}\) of .*; retention deleted 0\n$/,
    );
    const [copy] = await listBackups(path.join(folder, "backups"));
    await postTransaction(sqliteStore(db), {
      idempotencyKey: "scripts-test:credit",
      kind: "operator.adjustment",
      entries: [
        { account: ledgerBook("live").capital("KES"), amount: 100n },
        { account: ledgerBook("live").feeRevenue(), amount: -100n },
      ],
    });

    const sound = run("db-verify.ts", [], { DATABASE_URL: source.file });
    expect([sound.status, sound.stdout]).toEqual([
      0,
      `db:verify: the books of ${source.file} are sound\n`,
    ]);
    await db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + 1` })
      .where(eq(ledgerAccounts.id, 1));
    const broken = run("db-verify.ts", [], { DATABASE_URL: source.file });
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/^db:verify: cached_balance: account .* caches a balance of/);
    expect(broken.stderr).toContain("db:verify: 1 problem(s) in the books of");

    const usage = run("restore.ts", [], { DATABASE_URL: target() });
    expect([usage.status, usage.stderr]).toEqual([
      2,
      "restore: bad arguments. usage: npm run restore -- FILE [--no-checksum]\n",
    ]);
    const restored = run("restore.ts", [copy!.file], { DATABASE_URL: target() });
    expect(restored.status).toBe(0);
    expect(restored.stdout).toBe(`restore: restored ${copy!.file} into ${target()}\n`);
    const refused = run("restore.ts", [path.join(folder, "nope.sqlite")], {
      DATABASE_URL: target(),
    });
    expect([refused.status, refused.stderr]).toEqual([
      1,
      `restore: refused: ${path.join(folder, "nope.sqlite")} does not exist\n`,
    ]);
  }, 120_000);

  const target = () => path.join(folder, "restored", "onehop.sqlite");
});
