/**
 * Group commit (ADR 0027), the SQLite adapter's: writes of one group share one COMMIT and their
 * members hear of it only once it is on disk; a failed COMMIT rejects every member and keeps none
 * of the group; the driver is not patched. A second connection to the same file plays "everyone
 * else" (what a restart would read). The store's own tests (sqlite-store.test.ts) show the same
 * through `store.write`.
 */
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { sqliteGroupCommit } from "./sqlite-group-commit.server";

const dir = mkdtempSync(path.join(tmpdir(), "group-commit-"));
const file = path.join(dir, "group.sqlite");
const sqlite = new Database(file);
sqlite.pragma("journal_mode = WAL");
sqlite.pragma("foreign_keys = ON");
sqlite.pragma("synchronous = FULL");
sqlite.exec(`
  create table parents (id text primary key);
  create table notes (
    id integer primary key,
    text text not null,
    parent text references parents(id) deferrable initially deferred
  );
`);
const other = new Database(file, { readonly: true });
const seenElsewhere = () =>
  (other.prepare("select text from notes order by id").all() as { text: string }[]).map(
    (row) => row.text,
  );
const write = (text: string, parent: string | null = null) =>
  sqlite.prepare("insert into notes (text, parent) values (?, ?)").run(text, parent);
const group = sqliteGroupCommit(sqlite);

/** One member of the group, as the adapter runs it: in the open group (opening it if needed). */
function member(fn: () => void): { opened: boolean; committed: Promise<void> } {
  const joined = group.openGroup();
  fn();
  return joined;
}

afterAll(() => {
  other.close();
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  sqlite.exec("delete from notes");
});

describe("group commit", () => {
  it("the members of a group share one COMMIT, and hear of it only once it is on disk", async () => {
    const first = member(() => write("first"));
    const second = member(() => write("second"));
    expect([first.opened, second.opened]).toEqual([true, false]);
    // Not yet on disk: another connection sees nothing, and no member has been answered.
    let answered = 0;
    void first.committed.then(() => answered++);
    void second.committed.then(() => answered++);
    void group.durable().then(() => answered++);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seenElsewhere()).toEqual([]);
    expect(answered).toBe(0);
    group.flush();
    await Promise.all([first.committed, second.committed]);
    expect(answered).toBe(3);
    expect(seenElsewhere()).toEqual(["first", "second"]);
    // Nothing open: durable() has nothing to wait for, and flush() is a no-op.
    expect(sqlite.inTransaction).toBe(false);
    group.flush();
    await group.durable();
  });

  it("a failed COMMIT rejects every member and stores none of them; the connection is usable again", async () => {
    const good = member(() => write("good"));
    // A deferred foreign key is only checked at COMMIT: it fails the whole group.
    const bad = member(() => write("orphan", "no-such-parent"));
    const waiting = group.durable();
    group.flush();
    await expect(good.committed).rejects.toThrow(/FOREIGN KEY/);
    await expect(bad.committed).rejects.toThrow(/FOREIGN KEY/);
    await expect(waiting).rejects.toThrow(/FOREIGN KEY/);
    expect(sqlite.inTransaction).toBe(false);
    expect(seenElsewhere()).toEqual([]);
    const after = member(() => write("after"));
    expect(after.opened).toBe(true);
    group.flush();
    await after.committed;
    expect(seenElsewhere()).toEqual(["after"]);
  });

  it("does not open a group inside a transaction that is not its own, and leaves the driver alone", () => {
    const transaction = sqlite.transaction;
    sqliteGroupCommit(sqlite);
    expect(sqlite.transaction).toBe(transaction);
    sqlite.exec("BEGIN");
    try {
      expect(() => group.openGroup()).toThrow(/already open/);
    } finally {
      sqlite.exec("ROLLBACK");
    }
  });
});
