/**
 * TRANSITIONAL (ADR 0041, "Moving a module"): a store callback handing its transaction to a module
 * not yet on the store, whose functions still take a synchronous `Tx`. On SQLite the handle is that
 * same connection, so the module's statements run inside the callback's transaction. Every call
 * goes when the module it feeds moves; none may remain before PostgreSQL (issue 29).
 */
import type { Tx } from "~/utils/db.server";
import type { Handle } from "./store";

export function unmovedTx(q: Handle): Tx {
  return q as unknown as Tx;
}
