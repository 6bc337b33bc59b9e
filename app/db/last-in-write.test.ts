/**
 * A write's last statements (`lastInWrite`, ADR 0049) and refusals raised by a statement
 * (`onehop_refuse`, refusal.ts), on both engines: they commit with the write; a refusal among them
 * rolls back all of it and is what the write throws; in a nested write they run at once.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { jobLeases } from "../../drizzle/schema";
import { createTestDb, testStore } from "../../tests/setup/db";
import { refusalOf } from "./refusal";
import { lastInWrite, type Handle } from "./store";

const test = createTestDb();
const store = testStore(test.db);
afterAll(() => test.close());

const lease = (q: Handle, job: string) =>
  q.insert(jobLeases).values({ job, holder: "h", leasedUntil: 1, updatedAt: 1 }).execute();
const jobs = async () =>
  (await store.read((q) => q.select({ job: jobLeases.job }).from(jobLeases))).map((r) => r.job);
const refuseIf = (q: Handle, over: boolean) =>
  q.run(sql`select case when ${over ? 1 : 0} = 1 then onehop_refuse('too_much') else 0 end`);

describe("a write's last statements", () => {
  it("commit with the write, in the order started, after what the write did before", async () => {
    const value = await store.write(async (q) => {
      await lease(q, "first");
      await lastInWrite(q, () =>
        Promise.all([
          lease(q, "last"),
          q.update(jobLeases).set({ holder: "moved" }).where(eq(jobLeases.job, "last")).execute(),
          refuseIf(q, false),
        ]),
      );
      return "done";
    });
    expect(value).toBe("done");
    const rows = await store.read((q) => q.select().from(jobLeases));
    expect(rows.find((row) => row.job === "first")?.holder).toBe("h");
    expect(rows.find((row) => row.job === "last")?.holder).toBe("moved");
  });

  it("a refusal among them rolls the whole write back and is what the write throws", async () => {
    const write = store.write(async (q) => {
      await lease(q, "before-refusal");
      await lastInWrite(q, () => Promise.all([lease(q, "with-refusal"), refuseIf(q, true)]));
    });
    const error = await write.then(
      () => null,
      (e: unknown) => e,
    );
    expect(refusalOf(error)).toBe("too_much");
    expect(await jobs()).not.toContain("before-refusal");
    expect(await jobs()).not.toContain("with-refusal");
    // The store goes on serving writes.
    await store.write((q) => lease(q, "after-refusal"));
    expect(await jobs()).toContain("after-refusal");
  });

  it("in a nested write they run at once, and the outer write goes on after them", async () => {
    await store.write(async (q) => {
      await store.write((inner) => lastInWrite(inner, () => lease(inner, "nested-last")));
      const seen = await q.select().from(jobLeases).where(eq(jobLeases.job, "nested-last"));
      expect(seen).toHaveLength(1);
      await lease(q, "outer-after");
    });
    expect(await jobs()).toEqual(expect.arrayContaining(["nested-last", "outer-after"]));
  });

  it("a refusal in a nested write undoes only the nested write", async () => {
    await store.write(async (q) => {
      await lease(q, "outer-kept");
      const nested = store.write((inner) =>
        lastInWrite(inner, () =>
          Promise.all([lease(inner, "nested-undone"), refuseIf(inner, true)]),
        ),
      );
      expect(refusalOf(await nested.catch((e: unknown) => e))).toBe("too_much");
    });
    expect(await jobs()).toContain("outer-kept");
    expect(await jobs()).not.toContain("nested-undone");
  });

  it("a write that throws after giving them keeps nothing", async () => {
    await expect(
      store.write(async (q) => {
        await lastInWrite(q, () => lease(q, "then-thrown"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await jobs()).not.toContain("then-thrown");
  });
});
