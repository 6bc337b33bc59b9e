/**
 * The store on SQLite (ADR 0041): async callbacks that take turns, atomic writes sharing one COMMIT
 * per event-loop turn, nested calls that join their caller's transaction, one snapshot per read and
 * a change counter that sees other connections. A second connection to the same file plays
 * "everyone else" (another process, or what a restart would read).
 */
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/db/sqlite-connection.server";
import { sqliteStore } from "./sqlite-store.server";
import type { Handle } from "./store";

const dir = mkdtempSync(path.join(tmpdir(), "store-"));
const file = path.join(dir, "store.sqlite");
const db = openDatabase(file, { migrate: false });
db.$client.exec(`
  create table parents (id text primary key);
  create table notes (
    id integer primary key,
    text text not null,
    parent text references parents(id) deferrable initially deferred
  );
`);
const other = new Database(file);
const seenElsewhere = () =>
  (other.prepare("select text from notes order by id").all() as { text: string }[]).map(
    (row) => row.text,
  );
const store = sqliteStore(db);
const add = (q: Handle, text: string, parent: string | null = null) =>
  q.run(sql`insert into notes (text, parent) values (${text}, ${parent})`);
const texts = async (q: Handle) =>
  (await q.all<{ text: string }>(sql`select text from notes order by id`)).map((row) => row.text);

/** A promise the test settles by hand: a callback waiting on it stays busy until then. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Let every queued callback and event-loop turn run. */
const settle = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

afterAll(async () => {
  other.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

let errors: string[] = [];
beforeEach(async () => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((line: string) => void errors.push(line));
  await store.durable().catch(() => undefined);
  other.exec("delete from notes; delete from parents");
});

afterEach(() => vi.restoreAllMocks());

describe("the SQLite store", () => {
  it("writes waiting together share one COMMIT: all are on disk when the first is answered", async () => {
    const writes = ["a", "b", "c", "d", "e"].map((text) => store.write((q) => add(q, text)));
    await writes[0];
    expect(seenElsewhere()).toEqual(["a", "b", "c", "d", "e"]);
    await Promise.all(writes);
  });

  it("code not on the store never writes inside a store transaction, however its promises interleave", async () => {
    // Code of another request, in promise callbacks queued around the store's write, writing
    // through the connection directly (as the modules not yet on the store do).
    const legacy = (text: string) =>
      db.$client.prepare("insert into notes (text) values (?)").run(text);
    const others: Promise<unknown>[] = [];
    let chain: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < 20; i++) chain = chain.then(() => legacy(`other ${i}`));
    others.push(chain);
    const failing = store.write(async (q) => {
      for (let i = 0; i < 5; i++) await add(q, `store ${i}`);
      throw new Error("the store's write is refused");
    });
    let later: Promise<unknown> = Promise.resolve();
    for (let i = 20; i < 40; i++) later = later.then(() => legacy(`other ${i}`));
    others.push(later);
    await expect(failing).rejects.toThrow("the store's write is refused");
    await Promise.all(others);
    await store.durable();
    const seen = seenElsewhere();
    expect(seen).toHaveLength(40);
    expect(seen.every((text) => text.startsWith("other "))).toBe(true);
  });

  it("a steady stream of writes commits in groups: the first is on disk before the stream ends", async () => {
    const writes = Array.from({ length: 100 }, (_, i) => store.write((q) => add(q, `w${i}`)));
    await writes[0];
    const onDisk = seenElsewhere().length;
    expect(onDisk).toBeGreaterThan(0);
    expect(onDisk).toBeLessThan(100);
    await Promise.all(writes);
    expect(seenElsewhere()).toHaveLength(100);
  });

  it("callbacks waiting together all take their turns in one event-loop iteration", async () => {
    await store.write((q) => add(q, "there"));
    const answered: number[] = [];
    const reads = Array.from({ length: 20 }, (_, i) =>
      store.read(async (q) => {
        await texts(q);
        answered.push(i);
      }),
    );
    // Asked for after the reads: it runs once this iteration's turns are done.
    const nextIteration = new Promise<number>((resolve) =>
      setImmediate(() => setImmediate(() => resolve(answered.length))),
    );
    expect(await nextIteration).toBe(20);
    await Promise.all(reads);
    expect(answered).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("two connections in one process (two stores) write at once, neither locked out", async () => {
    const second = sqliteStore(openDatabase(file, { migrate: false }));
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 10; i++) {
      writes.push(store.write((q) => add(q, `one ${i}`)));
      writes.push(second.write((q) => add(q, `two ${i}`)));
    }
    await Promise.all(writes);
    expect(seenElsewhere()).toHaveLength(20);
    await second.close();
  });

  it("a write waiting for another connection's lock lets the event loop run", async () => {
    const second = sqliteStore(openDatabase(file, { migrate: false }));
    const { open, opened } = gate();
    const holding = store.write(async (q) => {
      await add(q, "holds the lock");
      await opened;
    });
    await settle();
    const waiting = second.write((q) => add(q, "waited for it"));
    // The event loop still turns while the second store waits for the lock.
    let turns = 0;
    for (let i = 0; i < 5; i++)
      await new Promise((resolve) => setImmediate(() => resolve(turns++)));
    expect(turns).toBe(5);
    expect(seenElsewhere()).toEqual([]);
    open();
    await holding;
    await waiting;
    expect(seenElsewhere()).toEqual(["holds the lock", "waited for it"]);
    await second.close();
  });

  it("a callback that waits on something other than the database is reported", async () => {
    await store.write(async (q) => {
      await add(q, "slow");
      await new Promise((resolve) => setImmediate(resolve));
    });
    expect(errors.join("\n")).toContain(
      "store callback waited on something other than the database",
    );
    errors = [];
    await store.write((q) => add(q, "quick"));
    expect(errors).toEqual([]);
  });

  it("writes of one event-loop turn commit together, and are reported done only then", async () => {
    let answered = 0;
    const first = store.write((q) => add(q, "first")).then(() => answered++);
    const second = store.write((q) => add(q, "second")).then(() => answered++);
    await Promise.resolve();
    expect(answered).toBe(0);
    await Promise.all([first, second]);
    expect(answered).toBe(2);
    expect(seenElsewhere()).toEqual(["first", "second"]);
  });

  it("a write that throws loses all of its own work and nothing of the others'", async () => {
    const kept = store.write((q) => add(q, "kept"));
    const failed = store.write(async (q) => {
      await add(q, "half");
      await add(q, "done");
      throw new Error("refused after two statements");
    });
    await expect(failed).rejects.toThrow("refused after two statements");
    await kept;
    expect(seenElsewhere()).toEqual(["kept"]);
  });

  it("a callback that awaits keeps its turn: no other read or write runs inside its transaction", async () => {
    const { open, opened } = gate();
    const order: string[] = [];
    const slow = store.write(async (q) => {
      await add(q, "slow");
      order.push("slow started");
      await opened;
      order.push("slow ends");
      throw new Error("rolled back after waiting");
    });
    const read = store.read(async (q) => {
      order.push("read");
      return texts(q);
    });
    const write = store.write(async (q) => {
      order.push("write");
      await add(q, "after");
    });
    await settle();
    expect(order).toEqual(["slow started"]);
    open();
    await expect(slow).rejects.toThrow("rolled back after waiting");
    // The read came after the rolled-back write: it never saw "slow".
    expect(await read).toEqual([]);
    await write;
    expect(order).toEqual(["slow started", "slow ends", "read", "write"]);
    expect(seenElsewhere()).toEqual(["after"]);
  });

  it("a read or write asked for inside a write joins it; a nested write that throws undoes only itself", async () => {
    await store.write(async (q) => {
      await add(q, "outer");
      // A helper that asks the store again sees the uncommitted row of its caller's transaction.
      expect(await store.read(texts)).toEqual(["outer"]);
      await expect(
        store.write(async (inner) => {
          await add(inner, "inner, undone");
          throw new Error("inner refused");
        }),
      ).rejects.toThrow("inner refused");
      await store.write((inner) => add(inner, "inner, kept"));
      expect(await texts(q)).toEqual(["outer", "inner, kept"]);
    });
    expect(seenElsewhere()).toEqual(["outer", "inner, kept"]);
  });

  it("refuses a write inside a read, and two nested writes at once", async () => {
    await expect(store.read(() => store.write((q) => add(q, "no")))).rejects.toThrow(
      "store.write inside store.read",
    );
    await expect(
      store.write(async () => {
        await Promise.all([store.write((q) => add(q, "one")), store.write((q) => add(q, "two"))]);
      }),
    ).rejects.toThrow("Two nested writes at once");
    expect(seenElsewhere()).toEqual([]);
  });

  it("a read sees one snapshot, even when another process writes between its queries", async () => {
    const { open, opened } = gate();
    const read = store.read(async (q) => {
      const before = await texts(q);
      await opened;
      return { before, after: await texts(q) };
    });
    await settle();
    other.exec("insert into notes (text) values ('from another process')");
    open();
    expect(await read).toEqual({ before: [], after: [] });
    expect(await store.read(texts)).toEqual(["from another process"]);
  });

  it("a failed COMMIT rejects every write of its group, and nothing of the group is kept", async () => {
    const good = store.write((q) => add(q, "good"));
    // The foreign key is checked at COMMIT: the whole group fails there.
    const orphan = store.write((q) => add(q, "orphan", "no such parent"));
    await expect(good).rejects.toThrow(/FOREIGN KEY/);
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    expect(seenElsewhere()).toEqual([]);
    await store.write((q) => add(q, "next group"));
    expect(seenElsewhere()).toEqual(["next group"]);
  });

  it('`wait: "applied"` answers before the COMMIT; durable() answers after it', async () => {
    await store.write((q) => add(q, "applied"), { wait: "applied" });
    expect(seenElsewhere()).toEqual([]);
    expect(await store.read(texts)).toEqual(["applied"]);
    await store.durable();
    expect(seenElsewhere()).toEqual(["applied"]);
  });

  it("work a callback left running after it ended takes its own turn, outside the transaction", async () => {
    let leftover: Promise<unknown> = Promise.resolve();
    const { open, opened } = gate();
    await store.write(async (q) => {
      await add(q, "in the write");
      leftover = opened.then(() => store.write((later) => add(later, "later, on its own")));
    });
    open();
    await leftover;
    expect(seenElsewhere()).toEqual(["in the write", "later, on its own"]);
  });

  it("the change counter moves on our writes and on another process's", async () => {
    const start = await store.changeCounter();
    await store.write((q) => add(q, "ours"));
    const afterOurs = await store.changeCounter();
    expect(afterOurs).not.toBe(start);
    expect(await store.changeCounter()).toBe(afterOurs);
    other.exec("insert into notes (text) values ('theirs')");
    expect(await store.changeCounter()).not.toBe(afterOurs);
  });

  it("forUpdate leaves a query as it is (one writer locks everything it needs)", async () => {
    await store.write((q) => add(q, "locked"));
    const rows = await store.write((q) => store.forUpdate(texts(q)));
    expect(rows).toEqual(["locked"]);
  });
});
