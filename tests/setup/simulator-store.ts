/**
 * A simulator store in memory, for tests of a simulator's restart: start it with the store, close
 * it, start another with the same store.
 */
import { toJson, type SimulatorRecord, type SimulatorStore } from "~/simulators/store.server";

export function memorySimulatorStore(): SimulatorStore {
  const records = new Map<string, SimulatorRecord>();
  return {
    load: () => [...records.values()],
    save: (kind, id, value) => void records.set(`${kind}:${id}`, { kind, id, body: toJson(value) }),
    remove: (kind, id) => void records.delete(`${kind}:${id}`),
  };
}
