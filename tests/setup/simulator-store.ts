/**
 * A simulator store in memory, for tests of a simulator's restart: start it with the store, close
 * it, start another with the same store.
 */
import {
  toJson,
  type PagedSimulatorStore,
  type SimulatorRecord,
  type SimulatorStore,
} from "~/simulators/store.server";

export function memorySimulatorStore(): SimulatorStore {
  const records = new Map<string, SimulatorRecord>();
  return {
    load: () => [...records.values()],
    save: (kind, id, value) => void records.set(`${kind}:${id}`, { kind, id, body: toJson(value) }),
    remove: (kind, id) => void records.delete(`${kind}:${id}`),
  };
}

/**
 * How often a probed store was read: by key, by page, by condition (and rows matched); in a field's
 * order (`sorted`, and the rows those reads gave).
 */
export interface StoreReads {
  get: number;
  page: number;
  matching: number;
  matched?: number;
  sorted?: number;
  sortedRows?: number;
}

/**
 * `store` (a database store) as a simulator would see it, counting its paged reads; `load()` (read
 * everything) throws. With `countMatched`, `reads.matched` adds up the rows the conditions found.
 */
export function probeSimulatorStore(
  store: SimulatorStore,
  { countMatched = false }: { countMatched?: boolean } = {},
): { probed: SimulatorStore; calls: StoreReads } {
  const paged = store.paged!;
  const calls: StoreReads = countMatched
    ? { get: 0, page: 0, matching: 0, matched: 0 }
    : { get: 0, page: 0, matching: 0 };
  const probe: PagedSimulatorStore = {
    ...paged,
    get: (kind, id) => (calls.get++, paged.get(kind, id)),
    page: (kind, options) => (calls.page++, paged.page(kind, options)),
    sorted(kind, path, options) {
      const rows = paged.sorted(kind, path, options);
      calls.sorted = (calls.sorted ?? 0) + 1;
      calls.sortedRows = (calls.sortedRows ?? 0) + rows.length;
      return rows;
    },
    matching(kind, conditions) {
      calls.matching++;
      const rows = paged.matching(kind, conditions);
      if (calls.matched !== undefined) calls.matched += rows.length;
      return rows;
    },
  };
  const probed: SimulatorStore = {
    ...store,
    load: () => {
      throw new Error("load() reads every record");
    },
    paged: probe,
  };
  return { probed, calls };
}
