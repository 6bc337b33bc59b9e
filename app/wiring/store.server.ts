/**
 * The process's store (ADR 0041) and the services built on it. Routes reach the database only
 * through services: `bindStore(store(), { … })` turns core functions that take the store first into
 * a service whose methods do not.
 */
import { processStore } from "~/db/process.server";
import type { Store } from "~/db/store";

/** The store on this process's database (opened and migrated on first use). */
export const store: () => Store = processStore;

/** `fns` with the store given: each `(store, ...args) => R` becomes `(...args) => R`. */
export type BoundToStore<F> = {
  [K in keyof F]: F[K] extends (store: Store, ...args: infer A) => infer R
    ? (...args: A) => R
    : never;
};

/** A service: the core functions `fns`, each called with `store` first. */
export function bindStore<F extends Record<string, (store: Store, ...args: never[]) => unknown>>(
  on: Store,
  fns: F,
): BoundToStore<F> {
  const bound: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(fns)) bound[name] = (...args: never[]) => fn(on, ...args);
  return bound as BoundToStore<F>;
}
