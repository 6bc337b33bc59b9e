/** Hot queries built once per handle (ADR 0041): fresh values each run, in the caller's write. */
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ledgerAccounts } from "../../drizzle/schema";
import { createTestDb, testStore } from "../../tests/setup/db";
import { prepared } from "./prepared";
import type { Handle, Store } from "./store";

const opened: ReturnType<typeof createTestDb>[] = [];
afterEach(() => {
  for (const each of opened.splice(0)) each.close();
});
const newStore = (): Store => {
  const each = createTestDb();
  opened.push(each);
  return testStore(each.db);
};

let builds = 0;
const insertAccount = prepared("test.insertAccount", (q) => {
  builds++;
  return q.insert(ledgerAccounts).values({
    code: sql.placeholder("code"),
    currency: "KES",
    kind: "asset",
    createdAt: sql.placeholder("now"),
    updatedAt: sql.placeholder("now"),
  });
});
const codesIn = prepared("test.codesIn", (q, count: number) => {
  builds++;
  return q
    .select({ code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.code,
        Array.from({ length: count }, (_, i) => sql.placeholder(`c${i}`)),
      ),
    )
    .orderBy(ledgerAccounts.code);
});
const byCode = prepared("test.byCode", (q) =>
  q
    .select({ code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, sql.placeholder("code"))),
);

const codes = (store: Store, ...wanted: string[]) =>
  store.read((q: Handle) =>
    codesIn(q, wanted.length).all(Object.fromEntries(wanted.map((code, i) => [`c${i}`, code]))),
  );

describe("prepared queries", () => {
  it("are built once per handle and variant, and run with the values of each call", async () => {
    const store = newStore();
    builds = 0;
    for (const code of ["test:a", "test:b", "test:c"])
      await store.write((q) => insertAccount(q).run({ code, now: 1 }));
    expect(builds).toBe(1);
    expect(await codes(store, "test:a", "test:c")).toEqual([
      { code: "test:a" },
      { code: "test:c" },
    ]);
    expect(await codes(store, "test:b", "test:c")).toEqual([
      { code: "test:b" },
      { code: "test:c" },
    ]);
    expect(await codes(store, "test:b")).toEqual([{ code: "test:b" }]);
    expect(builds).toBe(3); // the insert, then the select for two codes and for one
  });

  it("a locked variant is a query of its own, read through the store's forUpdate", async () => {
    const store = newStore();
    let locked = 0;
    const lock = {
      forUpdate<Q>(query: Q): Q {
        locked++;
        return store.forUpdate(query);
      },
    };
    await store.write((q) => insertAccount(q).run({ code: "test:l", now: 1 }));
    const read = (withLock: boolean) =>
      store.write((q) => codesIn(q, 1, withLock ? lock : undefined).all({ c0: "test:l" }));
    expect(await read(true)).toEqual([{ code: "test:l" }]);
    expect(await read(true)).toEqual([{ code: "test:l" }]);
    expect(await read(false)).toEqual([{ code: "test:l" }]);
    expect(locked).toBe(1);
  });

  it("each store gets its own: rows come from the database the handle is on", async () => {
    const one = newStore();
    const two = newStore();
    await one.write((q) => insertAccount(q).run({ code: "test:one", now: 1 }));
    await two.write((q) => insertAccount(q).run({ code: "test:two", now: 1 }));
    expect(await one.read((q) => byCode(q).all({ code: "test:two" }))).toEqual([]);
    expect(await two.read((q) => byCode(q).all({ code: "test:two" }))).toEqual([
      { code: "test:two" },
    ]);
  });

  it("run in the caller's write: a write that throws leaves nothing behind", async () => {
    const store = newStore();
    await expect(
      store.write(async (q) => {
        await insertAccount(q).run({ code: "test:gone", now: 1 });
        expect(await byCode(q).all({ code: "test:gone" })).toHaveLength(1);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await store.read((q) => byCode(q).all({ code: "test:gone" }))).toEqual([]);
  });
});
