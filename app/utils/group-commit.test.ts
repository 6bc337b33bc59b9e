/**
 * Group commit (ADR 0027): concurrent writes share one COMMIT and are reported done only once it is
 * on disk; a failing member loses only its own work; any other transaction first commits the group.
 * A second connection to the same file plays "everyone else" (what a restart would read).
 */
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db.server";
import { groupCommit } from "./group-commit.server";

const dir = mkdtempSync(path.join(tmpdir(), "group-commit-"));
const file = path.join(dir, "group.sqlite");
const db = openDatabase(file, { migrate: false });
db.$client.exec(`
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
  db.run(sql`insert into notes (text, parent) values (${text}, ${parent})`);
const group = groupCommit(db);

afterAll(() => {
  other.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  db.$client.exec("delete from notes");
});

describe("group commit", () => {
  it("writes of the same event-loop turn commit together, and only then are reported done", async () => {
    const first = group.commit(() => write("first"));
    const second = group.commit(() => write("second"));
    // Not yet on disk: another connection sees nothing, and neither caller has been answered.
    expect(seenElsewhere()).toEqual([]);
    let answered = 0;
    void first.then(() => answered++);
    void second.then(() => answered++);
    await Promise.resolve();
    expect(answered).toBe(0);
    await Promise.all([first, second]);
    expect(seenElsewhere()).toEqual(["first", "second"]);
  });

  it("a member that throws loses only its own work; its caller gets the error at once", async () => {
    const kept = group.commit(() => write("kept"));
    const failed = group.commit(() => {
      write("lost");
      throw new Error("refused");
    });
    await expect(failed).rejects.toThrow("refused");
    await kept;
    expect(seenElsewhere()).toEqual(["kept"]);
  });

  it("a failed COMMIT rejects every member and stores none of them", async () => {
    const good = group.commit(() => write("good"));
    // A deferred foreign key is only checked at COMMIT: it fails the whole group.
    const bad = group.commit(() => write("orphan", "no-such-parent"));
    await expect(good).rejects.toThrow(/FOREIGN KEY/);
    await expect(bad).rejects.toThrow(/FOREIGN KEY/);
    expect(seenElsewhere()).toEqual([]);
    // The connection is usable again.
    await group.commit(() => write("after"));
    expect(seenElsewhere()).toEqual(["after"]);
  });

  it("any other transaction first commits the open group, then runs on its own", async () => {
    const grouped = group.commit(() => write("grouped"));
    db.transaction(() => write("plain"));
    // The plain transaction returned: it is durable, and so is the group it came after.
    expect(seenElsewhere()).toEqual(["grouped", "plain"]);
    await grouped;
  });

  it("joining inside another transaction nests there and commits with it", async () => {
    db.transaction(() => {
      group.join(() => write("nested"));
      expect(seenElsewhere()).toEqual([]);
    });
    expect(seenElsewhere()).toEqual(["nested"]);
    await group.durable();
  });

  it("a transaction inside a member joins the group instead of committing it early", async () => {
    const outer = group.commit(() => {
      write("outer");
      db.transaction(() => write("inner"));
      expect(seenElsewhere()).toEqual([]);
    });
    await outer;
    expect(seenElsewhere()).toEqual(["outer", "inner"]);
  });
});
