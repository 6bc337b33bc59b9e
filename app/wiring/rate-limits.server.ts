/**
 * Rate limits for route actions (app/core/rate-limit.server), on the process's store: each hit is
 * one store write.
 */
import { hitLimit, type Limit, type LimitState } from "~/core/rate-limit.server";
import { store } from "./store.server";

export function rateLimits() {
  const on = store();
  return {
    /** Count one event against `key` and say whether it is still within `rule`. */
    hit: (key: string, rule: Limit, now = Date.now()): Promise<LimitState> =>
      on.write((q) => hitLimit(q, key, rule, now)),
  };
}
