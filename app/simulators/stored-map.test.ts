/**
 * StoredMap (issue 28): a simulator's records read through the database store, a record or a page
 * at a time, with only pinned records and a bounded cache in memory.
 */
import { afterAll, describe, expect, it } from "vitest";
import { memorySimulatorStore, probeSimulatorStore } from "../../tests/setup/simulator-store";
import { createDbSimulatorStore, openSimulatorDatabase } from "./store.server";
import { StoredMap } from "./stored-map.server";

const sims = openSimulatorDatabase(":memory:");
const close = () => sims.close();
afterAll(close);

interface Item {
  id: string;
  status: string;
  n: number;
}

describe("StoredMap over the database store", () => {
  const store = createDbSimulatorStore(sims, "custody", () => 1);
  const save = (map: StoredMap<Item>, item: Item) => {
    map.set(item.id, item);
    store.save("tx", item.id, item);
  };

  it("walks every record in the order written, newest first when asked, past a page", () => {
    const map = new StoredMap<Item>(store, "tx", { cacheSize: 10 });
    expect(map.paged).toBe(true);
    for (let n = 0; n < 600; n++) save(map, { id: `t${600 - n}`, status: "COMPLETED", n });
    // Written again: keeps its place.
    save(map, { id: "t600", status: "COMPLETED", n: -1 });
    const ascending = [...map.values()].map((item) => item.n);
    expect(ascending).toHaveLength(600);
    expect(ascending.slice(0, 3)).toEqual([-1, 1, 2]);
    expect(ascending.at(-1)).toBe(599);
    expect([...map.values({ descending: true })].map((item) => item.n).slice(0, 2)).toEqual([
      599, 598,
    ]);
  });

  it("reads a record it no longer holds from the store, and holds pinned ones", () => {
    const map = new StoredMap<Item>(store, "tx", {
      cacheSize: 2,
      pin: (item) => item.status !== "COMPLETED",
    });
    const moving = { id: "live-1", status: "CONFIRMING", n: 7 };
    save(map, moving);
    for (let n = 0; n < 5; n++) save(map, { id: `done-${n}`, status: "COMPLETED", n });
    expect(map.get("live-1")).toBe(moving);
    expect(map.pinnedValues()).toEqual([moving]);
    // done-0 left the cache: read again, equal but not the same object.
    expect(map.get("done-0")).toEqual({ id: "done-0", status: "COMPLETED", n: 0 });
    expect(map.get("missing")).toBeUndefined();
    moving.status = "COMPLETED";
    save(map, moving);
    expect(map.pinnedValues()).toEqual([]);
  });

  it("finds records by an indexed JSON field and deletes old ones", () => {
    const paged = store.paged!;
    store.save("idempotency", "old", { at: 10 });
    store.save("idempotency", "new", { at: 1_000 });
    paged.removeBelow("idempotency", "$.at", 500);
    expect(paged.get("idempotency", "old")).toBeUndefined();
    expect(paged.get("idempotency", "new")).toBe(JSON.stringify({ at: 1_000 }));
    const found = paged.matching("tx", [{ path: "$.status", notIn: ["COMPLETED"] }]);
    expect(found).toEqual([]);
    store.save("tx", "live-2", { id: "live-2", status: "BROADCASTING", n: 1 });
    expect(
      paged.matching("tx", [{ path: "$.status", notIn: ["COMPLETED"] }]).map((row) => row.id),
    ).toEqual(["live-2"]);
    expect(() => paged.matching("tx", [{ path: "$.other", in: ["x"] }])).toThrow(/No index/);
  });
});

describe("StoredMap in the order of a field (custody's transaction list)", () => {
  interface Tx {
    id: string;
    createdAt: number;
    vaultAccountId: string;
  }
  // Written out of createdAt order, two at createdAt 500, more than a page (500) in all, in three
  // vaults.
  const items: Tx[] = Array.from({ length: 1_200 }, (_, n) => ({
    id: `tx-${n}`,
    createdAt: n === 7 ? 500 : n,
    vaultAccountId: String(n % 3),
  }));
  const expected = (after?: number, before?: number, descending = false, vault?: string) => {
    const order = items
      .map((item, written) => ({ item, written }))
      .filter(
        ({ item }) =>
          (vault === undefined || item.vaultAccountId === vault) &&
          (after === undefined || item.createdAt > after) &&
          (before === undefined || item.createdAt < before),
      )
      .sort((a, b) => a.item.createdAt - b.item.createdAt || a.written - b.written)
      .map(({ item }) => item.id);
    return descending ? order.reverse() : order;
  };
  const windows: [number | undefined, number | undefined][] = [
    [undefined, undefined],
    [499, undefined],
    [undefined, 501],
    [400, 1_000],
    [1_199, undefined],
  ];

  it("gives the same values in the same order from the database store and from memory", () => {
    const sims = openSimulatorDatabase(":memory:");
    const store = createDbSimulatorStore(sims, "custody");
    const paged = new StoredMap<Tx>(store, "sorted", { cacheSize: 10 });
    const memory = new StoredMap<Tx>(memorySimulatorStore(), "sorted");
    for (const item of items) {
      paged.set(item.id, item);
      store.save("sorted", item.id, item);
      memory.set(item.id, item);
    }
    for (const [after, before] of windows)
      for (const descending of [false, true])
        for (const vault of [undefined, "1"]) {
          const want = expected(after, before, descending, vault);
          const where =
            vault === undefined ? undefined : { path: "$.vaultAccountId", value: vault };
          const ids = (map: StoredMap<Tx>) =>
            [...map.sortedBy("$.createdAt", { after, before, descending, where })].map(
              (item) => item.id,
            );
          expect(ids(paged)).toEqual(want);
          expect(ids(memory)).toEqual(want);
        }
    expect(expected(400, 1_000, false, "1")).toHaveLength(200);
    expect(() => [...paged.sortedBy("createdAt")]).toThrow(/not a top-level JSON field/);
    sims.close();
  });

  it("reads only the records in the window from the database store", () => {
    const sims = openSimulatorDatabase(":memory:");
    const store = createDbSimulatorStore(sims, "custody");
    for (const item of items) store.save("sorted", item.id, item);
    const { probed, calls } = probeSimulatorStore(store);
    const map = new StoredMap<Tx>(probed, "sorted", { cacheSize: 10 });
    // The newest ten: one read of ten rows, not 1,200. The ten before createdAt 300: one read.
    expect([...map.sortedBy("$.createdAt", { after: 1_189 })]).toHaveLength(10);
    expect(calls.sortedRows).toBe(10);
    const first = map.sortedBy("$.createdAt", { before: 300, descending: true });
    const taken = Array.from({ length: 10 }, () => first.next().value as Tx);
    expect(taken.map((item) => item.createdAt)).toEqual([
      299, 298, 297, 296, 295, 294, 293, 292, 291, 290,
    ]);
    expect(calls.sorted).toBe(2);
    // One vault's since createdAt 1,100: its 33 rows, not the 99 of every vault.
    const before = calls.sortedRows!;
    const vault = { path: "$.vaultAccountId", value: "2" };
    expect([...map.sortedBy("$.createdAt", { after: 1_100, where: vault })]).toHaveLength(33);
    expect(calls.sortedRows! - before).toBe(33);
    sims.close();
  });
});

describe("StoredMap without a database store", () => {
  it("is a plain map in insertion order", () => {
    const map = new StoredMap<Item>(memorySimulatorStore(), "tx");
    expect(map.paged).toBe(false);
    map.set("b", { id: "b", status: "x", n: 1 });
    map.set("a", { id: "a", status: "x", n: 2 });
    expect([...map.values()].map((item) => item.id)).toEqual(["b", "a"]);
    expect([...map.values({ descending: true })].map((item) => item.id)).toEqual(["a", "b"]);
    expect(map.delete("b")).toBe(true);
    expect(map.has("b")).toBe(false);
  });
});
