/**
 * The store on this process's database (ADR 0041), opened and migrated on first use. The wiring
 * builds services on it (app/wiring/store.server.ts); infrastructure such as the private page cache
 * asks it for its change counter.
 */
import { getDb } from "~/utils/db.server";
import { sqliteStore } from "./sqlite-store.server";
import type { Store } from "./store";

export function processStore(): Store {
  return sqliteStore(getDb());
}
