/**
 * Rate limits for route actions (app/core/rate-limit.server), on the process's store.
 *
 * TRANSITIONAL (ADR 0041): the counters are a shared leaf not yet on the store; each call runs them
 * inside one store write with `unmovedTx`, until they move.
 */
import { hitLimit, type Limit, type LimitState } from "~/core/rate-limit.server";
import { unmovedTx } from "~/db/unmoved";
import { store } from "./store.server";

export function rateLimits() {
  const on = store();
  return {
    /** Count one event against `key` and say whether it is still within `rule`. */
    hit: (key: string, rule: Limit, now = Date.now()): Promise<LimitState> =>
      on.write(async (q) => hitLimit(unmovedTx(q), key, rule, now)),
  };
}
