/**
 * Backups and restores (issue 28) on real SQLite files in temporary folders: the online backup
 * while the same connection and another one write, the checksum, retention, and a restore that
 * refuses while a server's entry is live (but not after a kill -9), refuses a damaged copy, a
 * wrong checksum, a copy from newer code and unbalanced books, and keeps the replaced database.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
  closeSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { depositAddressPool, ledgerAccounts, merchants } from "../../drizzle/schema";
import { ledgerBook, postTransaction } from "~/core/ledger/ledger.server";
import {
  applyRetention,
  backupName,
  isGoodBackup,
  listBackups,
  newestGoodBackup,
  restoreBackup,
  sha256Of,
  takeBackup,
} from "./backups.server";
import { MIGRATIONS_FOLDER, openDatabase, type Db } from "~/db/sqlite-connection.server";
import {
  databaseHolders,
  holdDatabaseForServer,
  lockFolderOf,
  processStartOf,
} from "./db-lock.server";
import { onlineBackup } from "~/db/sqlite-backup.server";
import { sqliteStore } from "~/db/sqlite-store.server";
import { createTestDb } from "../../tests/setup/db";

let folder: string;
let source: ReturnType<typeof createTestDb>;
let db: Db;

beforeEach(() => {
  folder = path.resolve("tests/.tmp", `backups-${randomUUID()}`);
  mkdirSync(folder, { recursive: true });
  source = createTestDb();
  db = source.db;
});
afterEach(() => {
  source.close();
  rmSync(folder, { recursive: true, force: true });
});

let merchantCount = 0;
async function addMerchants(n: number, connection: Db = db) {
  for (let i = 0; i < n; i++) {
    merchantCount++;
    await connection.insert(merchants).values({
      id: `MRC-T${String(merchantCount).padStart(5, "0")}`,
      businessName: `Shop ${merchantCount} ${"x".repeat(400)}`,
      contactEmail: `shop${merchantCount}@example.com`,
      createdAt: 0,
    });
  }
}

const countIn = (file: string, table = "merchants") => {
  const sqlite = new Database(file, { readonly: true });
  try {
    return (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
};

describe("backups", () => {
  it("writes a sealed copy and its sha256 (sha256sum format); a changed byte makes it not good", async () => {
    await addMerchants(5);
    const backup = await takeBackup(db, folder, { now: () => Date.UTC(2026, 10, 29, 4, 5, 6, 7) });
    expect(backup.name).toBe("onehop-20261129T040506007Z.sqlite");
    expect(readdirSync(folder).sort()).toEqual([backup.name, `${backup.name}.sha256`]);
    expect(readFileSync(`${backup.file}.sha256`, "utf8")).toBe(
      `${await sha256Of(backup.file)}  ${backup.name}\n`,
    );
    expect(countIn(backup.file)).toBe(countIn(source.file));
    // Self-contained: rollback journal, so reading it leaves nothing beside it.
    const sqlite = new Database(backup.file, { readonly: true });
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("delete");
    sqlite.close();
    expect(readdirSync(folder)).toHaveLength(2);
    expect(await isGoodBackup(backup.file)).toBe(true);

    const fd = openSync(backup.file, "r+");
    writeSync(fd, Buffer.from([0x42]), 0, 1, 20_000);
    closeSync(fd);
    expect(await isGoodBackup(backup.file)).toBe(false);
    expect(await newestGoodBackup(folder)).toBeNull();
  });

  it("copies a few pages per turn while the same connection writes: every write before the end is in the copy", async () => {
    await addMerchants(300);
    let done = false;
    let written = 0;
    const writing = (async () => {
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve));
        if (done) break;
        await addMerchants(1);
        written++;
      }
    })();
    const copy = path.join(folder, "copy.sqlite");
    const result = await onlineBackup(db, copy, { pagesPerStep: 2 });
    done = true;
    const atTheEnd = countIn(source.file);
    await writing;
    expect(written).toBeGreaterThan(10); // it really ran beside the writes
    expect(countIn(copy)).toBe(atTheEnd);
    expect(result.restarts).toBe(0);
  });

  it("finishes while another connection writes (each restart copies more at once)", async () => {
    await addMerchants(300);
    const other = openDatabase(source.file, { migrate: false });
    let done = false;
    const writing = (async () => {
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve));
        if (!done) await addMerchants(1, other);
      }
    })();
    const copy = path.join(folder, "copy.sqlite");
    const result = await onlineBackup(db, copy, { pagesPerStep: 2 });
    done = true;
    const atTheEnd = countIn(source.file);
    await writing;
    other.$client.close();
    expect(result.restarts).toBeGreaterThan(0);
    expect(countIn(copy)).toBe(atTheEnd);
  });

  it("keeps the newest copy of each of the last N hours and M days, and never the only good one", async () => {
    const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour, minute);
    const make = async (time: number, options: { checksum?: "good" | "bad" | "none" } = {}) => {
      const file = path.join(folder, backupName(time));
      writeFileSync(file, `copy ${time}`);
      if (options.checksum !== "none")
        writeFileSync(
          `${file}.sha256`,
          `${options.checksum === "bad" ? "0".repeat(64) : await sha256Of(file)}  ${path.basename(file)}\n`,
        );
      return path.basename(file);
    };
    const names = {
      d29h10b: await make(at(29, 10, 30)),
      d29h10a: await make(at(29, 10, 5)),
      d29h09: await make(at(29, 9)),
      d29h08: await make(at(29, 8)),
      d28h23: await make(at(28, 23)),
      d28h22: await make(at(28, 22)),
      d27h12: await make(at(27, 12)),
      d26h12: await make(at(26, 12)),
      unfinished: await make(at(25, 1), { checksum: "none" }),
    };
    writeFileSync(path.join(folder, `${backupName(at(29, 11))}.partial`), "half");
    const result = await applyRetention(folder, { hourly: 3, daily: 3 });
    // Hours: 29 10:30, 29 09, 29 08. Days: 29 (10:30), 28 (23:00), 27.
    expect(result.kept.sort()).toEqual(
      [names.d29h10b, names.d29h09, names.d29h08, names.d28h23, names.d27h12].sort(),
    );
    expect(result.deleted.sort()).toEqual(
      [
        names.d29h10a,
        names.d28h22,
        names.d26h12,
        names.unfinished,
        `${backupName(at(29, 11))}.partial`,
      ].sort(),
    );
    expect((await listBackups(folder)).map((c) => c.name).sort()).toEqual(result.kept.sort());
    expect(readdirSync(folder)).toHaveLength(10);

    // The newest copies turn out damaged: the newest good one stays whatever the policy says.
    rmSync(folder, { recursive: true });
    mkdirSync(folder);
    const good = await make(at(20, 1));
    const bad1 = await make(at(29, 1), { checksum: "bad" });
    const bad2 = await make(at(29, 2), { checksum: "bad" });
    const kept = await applyRetention(folder, { hourly: 1, daily: 0 });
    expect(kept.kept.sort()).toEqual([bad2, good].sort());
    expect(kept.deleted).toEqual([bad1]);
    expect((await newestGoodBackup(folder))?.name).toBe(good);

    // Nothing good at all: nothing is deleted.
    rmSync(path.join(folder, good));
    expect((await applyRetention(folder, { hourly: 1, daily: 0 })).deleted).toEqual([]);
  });
});

describe("restore", () => {
  let target: string;
  beforeEach(() => {
    target = path.join(folder, "live", "onehop.sqlite");
    mkdirSync(path.dirname(target));
  });

  /** The "live" database at `target`: a copy of the source as it is now. */
  async function liveDatabase() {
    const backup = await takeBackup(db, path.join(folder, "seed"), { now: () => 1 });
    writeFileSync(target, readFileSync(backup.file));
    return target;
  }

  const restore = (backupFile: string, extra: { requireChecksum?: boolean } = {}) =>
    restoreBackup({
      backupFile,
      databaseFile: target,
      migrationsFolder: MIGRATIONS_FOLDER,
      ...extra,
    });

  it("replaces the database with a verified copy and keeps the replaced file", async () => {
    await liveDatabase();
    await addMerchants(3);
    await db.insert(depositAddressPool).values({
      id: "slot_1",
      mode: "test",
      asset: "USDT",
      address: "0x00000000000000000000000000000000000000aa",
      custodyAssetId: "USDT_ERC20",
      createdAt: 0,
    });
    const backup = await takeBackup(db, path.join(folder, "backups"));
    expect(countIn(backup.file, "deposit_address_pool")).toBe(1);
    const before = countIn(target);
    const result = await restore(backup.file);
    expect(countIn(target)).toBe(before + 3);
    // Addresses made ahead may have gone to payments after the copy: none is kept.
    expect(result.droppedPoolAddresses).toBe(1);
    expect(countIn(target, "deposit_address_pool")).toBe(0);
    expect(result.keptAs).toMatch(/onehop\.sqlite\.replaced-\d{8}T\d{9}Z$/);
    expect(countIn(result.keptAs!)).toBe(before);
    expect(readdirSync(path.dirname(target)).filter((n) => n.includes("restoring"))).toEqual([]);
    expect(databaseHolders(target).live).toEqual([]);
  });

  it("refuses while a server's entry is live, and goes ahead once that server was killed (-9)", async () => {
    await liveDatabase();
    const backup = await takeBackup(db, path.join(folder, "backups"));
    const server = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    await new Promise((resolve) => server.once("spawn", resolve));
    const entry = {
      pid: server.pid!,
      host: hostname(),
      role: "server",
      startedAt: Date.now(),
      procStart: processStartOf(server.pid!),
    };
    mkdirSync(lockFolderOf(target), { recursive: true });
    writeFileSync(
      path.join(lockFolderOf(target), `${hostname()}-${server.pid}.json`),
      JSON.stringify(entry),
    );
    const before = readFileSync(target);
    await expect(restore(backup.file)).rejects.toThrow(
      new RegExp(
        `^refused: a server \\(pid ${server.pid}, since .*\\) is using ${target}; stop it first$`,
      ),
    );
    expect(readFileSync(target).equals(before)).toBe(true);

    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGKILL");
    await exited;
    const result = await restore(backup.file);
    expect(result.staleHolders).toBe(1);
    expect(readdirSync(lockFolderOf(target))).toEqual([]);
  });

  it("does not count an entry whose pid now belongs to another process (recycled pid)", async () => {
    await liveDatabase();
    const backup = await takeBackup(db, path.join(folder, "backups"));
    mkdirSync(lockFolderOf(target), { recursive: true });
    const parent = process.ppid;
    writeFileSync(
      path.join(lockFolderOf(target), "old.json"),
      JSON.stringify({
        pid: parent,
        host: hostname(),
        role: "server",
        startedAt: 0,
        procStart: "1",
      }),
    );
    expect((await restore(backup.file)).staleHolders).toBe(processStartOf(parent) ? 1 : 0);
  });

  it("a server does not start while a restore holds the database", () => {
    mkdirSync(lockFolderOf(target), { recursive: true });
    writeFileSync(
      path.join(lockFolderOf(target), "restore.json"),
      JSON.stringify({
        pid: process.ppid,
        host: hostname(),
        role: "restore",
        startedAt: 0,
        procStart: processStartOf(process.ppid),
      }),
    );
    expect(() => holdDatabaseForServer(target)).toThrow(
      /^a restore \(pid \d+, since .*\) is replacing the database/,
    );
  });

  it("refuses a copy that does not match its checksum, or has none", async () => {
    await liveDatabase();
    const backup = await takeBackup(db, path.join(folder, "backups"));
    const before = readFileSync(target);
    writeFileSync(`${backup.file}.sha256`, `${"a".repeat(64)}  ${backup.name}\n`);
    await expect(restore(backup.file)).rejects.toThrow(/does not match its checksum/);
    rmSync(`${backup.file}.sha256`);
    await expect(restore(backup.file)).rejects.toThrow(/has no checksum file/);
    expect(readFileSync(target).equals(before)).toBe(true);
    // Without a checksum, on request: verified and restored.
    await restore(backup.file, { requireChecksum: false });
  });

  it("refuses a damaged copy even with a matching checksum (integrity_check)", async () => {
    await liveDatabase();
    await addMerchants(200);
    const backup = await takeBackup(db, path.join(folder, "backups"));
    const fd = openSync(backup.file, "r+");
    // Garbage over the middle of the file: b-tree pages that no longer make sense.
    writeSync(fd, Buffer.alloc(4096 * 20, 0x5a), 0, 4096 * 20, 4096 * 10);
    closeSync(fd);
    writeFileSync(`${backup.file}.sha256`, `${await sha256Of(backup.file)}  ${backup.name}\n`);
    const before = readFileSync(target);
    await expect(restore(backup.file)).rejects.toThrow(/failed verification .*integrity_check/);
    expect(readFileSync(target).equals(before)).toBe(true);
    expect(existsSync(`${target}.replaced`)).toBe(false);
  });

  it("refuses a copy made by newer code (a migration this code does not know)", async () => {
    await liveDatabase();
    db.run(
      sql`insert into __drizzle_migrations (hash, created_at) values ('future', 99999999999999)`,
    );
    const backup = await takeBackup(db, path.join(folder, "backups"));
    await expect(restore(backup.file)).rejects.toThrow(
      /failed verification .*migrations: the copy has 1 migration\(s\) this code does not know/,
    );
  });

  it("refuses a copy whose books do not balance, naming the problem", async () => {
    await liveDatabase();
    await postTransaction(sqliteStore(db), {
      idempotencyKey: "restore-test:credit",
      kind: "operator.adjustment",
      entries: [
        { account: ledgerBook("live").capital("KES"), amount: 100n },
        { account: ledgerBook("live").feeRevenue(), amount: -100n },
      ],
    });
    await db
      .update(ledgerAccounts)
      .set({ balance: 5n })
      .where(eq(ledgerAccounts.code, ledgerBook("live").feeRevenue().code));
    const backup = await takeBackup(db, path.join(folder, "backups"));
    const before = readFileSync(target);
    await expect(restore(backup.file)).rejects.toThrow(
      "failed verification (1 problem(s)): cached_balance: account platform:fee-revenue:KES caches a balance of 5 but its entries sum to -100",
    );
    expect(readFileSync(target).equals(before)).toBe(true);
  });
});
