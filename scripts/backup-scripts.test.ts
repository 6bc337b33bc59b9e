/**
 * The backup scripts as an operator runs them (issue 28): `npm run backup`, `npm run db:verify` and
 * `npm run restore` on real files, each a tsx process with its own environment: one line each,
 * exit codes 0 (done), 1 (problems found or refused) and 2 (bad usage). Backup and restore are
 * SQLite's (on PostgreSQL they refuse); db:verify runs on either engine (ADR 0046).
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerAccounts, merchants } from "../drizzle/schema";
import { ledgerBook, postTransaction } from "../app/core/ledger/ledger.server";
import { listBackups } from "../app/utils/backups.server";
import type { Db } from "../app/db/sqlite-connection.server";
import { createTestDb, TEST_ENGINE, testStore } from "../tests/setup/db";

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

  it("backup and restore (SQLite): one line each, exit 0 / 1 / 2", async () => {
    await addMerchants(2);
    const backup = run("backup.ts", [], { DATABASE_URL: source.file });
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(
      /^backup: .*backups\/onehop-\d{8}T\d{9}Z\.sqlite \(\d+ bytes, sha256 [0-9a-f]{64}\) of .*; retention deleted 0\n$/,
    );
    const [copy] = await listBackups(path.join(folder, "backups"));

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

  it("db:verify on either engine: the books sound (exit 0), then a problem (exit 1)", async () => {
    await postTransaction(testStore(db), {
      idempotencyKey: "scripts-test:credit",
      kind: "operator.adjustment",
      entries: [
        { account: ledgerBook("live").capital("KES"), amount: 100n },
        { account: ledgerBook("live").feeRevenue(), amount: -100n },
      ],
    });
    // How the line names the database: a SQLite file by its path, PostgreSQL by
    // host:port/database.
    const where =
      TEST_ENGINE === "postgres"
        ? `the PostgreSQL database ${new URL(source.file).host}${new URL(source.file).pathname}`
        : source.file;

    const sound = run("db-verify.ts", [], { DATABASE_URL: source.file });
    expect([sound.status, sound.stdout, sound.stderr]).toEqual([
      0,
      `db:verify: the books of ${where} are sound\n`,
      "",
    ]);
    const [account] = db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).limit(1).all();
    await db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + 1` })
      .where(eq(ledgerAccounts.id, account!.id));
    const broken = run("db-verify.ts", [], { DATABASE_URL: source.file });
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/^db:verify: cached_balance: account .* caches a balance of/);
    expect(broken.stderr).toBe(`db:verify: 1 problem(s) in the books of ${where}\n`);
  }, 120_000);

  it("backup and restore refuse a PostgreSQL database in one line, exit 1 (ADR 0046)", () => {
    const url = "postgres://onehop:hunter2-secret@127.0.0.1:1/onehop";
    const backup = run("backup.ts", [], { DATABASE_URL: url });
    expect([backup.status, backup.stdout, backup.stderr]).toEqual([
      1,
      "",
      "backup: PostgreSQL databases are backed up with pg_dump or base backups (see README, Growing beyond one machine)\n",
    ]);
    const restore = run("restore.ts", [path.join(folder, "any.sqlite")], { DATABASE_URL: url });
    expect([restore.status, restore.stdout, restore.stderr]).toEqual([
      1,
      "",
      "restore: PostgreSQL databases are restored with pg_restore or from base backups (see README, Growing beyond one machine)\n",
    ]);
  }, 60_000);

  const target = () => path.join(folder, "restored", "onehop.sqlite");
});
