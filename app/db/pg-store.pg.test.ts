/**
 * The PostgreSQL store's round trips (ADR 0048): pipelined statements run in the order they were
 * started, a failure among them fails the whole write, `readOne` is one statement outside a
 * transaction and refuses a second; nothing may follow a write's last statements (ADR 0049).
 * PostgreSQL runs only (`npm run test:pg`).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { jobLeases } from "../../drizzle/schema";
import { createTestDb, testStore } from "../../tests/setup/db";
import { lastInWrite } from "./store";

const test = createTestDb();
const store = testStore(test.db);
afterAll(() => test.close());

const isolation = sql<string>`current_setting('transaction_isolation')`;

describe("the PostgreSQL store", () => {
  it("statements started together in a write run in the order started and all commit", async () => {
    const seen = await store.write(async (q) => {
      const [, , rows] = await Promise.all([
        q
          .insert(jobLeases)
          .values({ job: "a", holder: "h", leasedUntil: 1, updatedAt: 1 })
          .execute(),
        q.update(jobLeases).set({ holder: "h2" }).where(eq(jobLeases.job, "a")).execute(),
        q.select().from(jobLeases).where(eq(jobLeases.job, "a")).execute(),
      ]);
      return rows;
    });
    expect(seen.map((row) => row.holder)).toEqual(["h2"]);
    const kept = await store.read((q) => q.select().from(jobLeases).where(eq(jobLeases.job, "a")));
    expect(kept.map((row) => row.holder)).toEqual(["h2"]);
  });

  it("a failing statement among them fails the write and keeps nothing of it", async () => {
    const write = store.write(async (q) => {
      await Promise.all([
        q
          .insert(jobLeases)
          .values({ job: "b", holder: "h", leasedUntil: 1, updatedAt: 1 })
          .execute(),
        q.run(sql`select 1 / 0`),
        q
          .insert(jobLeases)
          .values({ job: "c", holder: "h", leasedUntil: 1, updatedAt: 1 })
          .execute(),
      ]);
    });
    await expect(write).rejects.toThrow(/division by zero/);
    const rows = await store.read((q) => q.select().from(jobLeases));
    expect(rows.map((row) => row.job)).not.toContain("b");
    expect(rows.map((row) => row.job)).not.toContain("c");
  });

  it("readOne runs its statement outside a transaction; read runs in a repeatable-read one", async () => {
    const one = await store.readOne((q) =>
      q.get<{ level: string }>(sql`select ${isolation} as level`),
    );
    const read = await store.read((q) =>
      q.get<{ level: string }>(sql`select ${isolation} as level`),
    );
    expect(one.level).toBe("read committed");
    expect(read.level).toBe("repeatable read");
  });

  it("readOne refuses a second query, and the connection serves the next read", async () => {
    await expect(
      store.readOne(async (q) => {
        await q.select().from(jobLeases);
        return q.select().from(jobLeases);
      }),
    ).rejects.toThrow("store.readOne ran a second query: use store.read");
    const after = await store.readOne((q) => q.get<{ n: number }>(sql`select 1 as n`));
    expect(after.n).toBe(1);
  });

  it("a query after lastInWrite in the same write throws, and nothing of the write is kept", async () => {
    await expect(
      store.write(async (q) => {
        await lastInWrite(q, () =>
          q
            .insert(jobLeases)
            .values({ job: "given-last", holder: "h", leasedUntil: 1, updatedAt: 1 })
            .execute(),
        );
        await q.select().from(jobLeases);
      }),
    ).rejects.toThrow("A query after lastInWrite: the write's last statements are its last");
    const rows = await store.read((q) => q.select().from(jobLeases));
    expect(rows.map((row) => row.job)).not.toContain("given-last");
  });
});
