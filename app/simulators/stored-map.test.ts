/**
 * StoredMap (issue 28): a simulator's records read through the database store, a record or a page
 * at a time, with only pinned records and a bounded cache in memory.
 */
import { afterAll, describe, expect, it } from "vitest";
import { memorySimulatorStore } from "../../tests/setup/simulator-store";
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
