/**
 * Modules not yet moved onto the store (docs/decisions/0041-store.md): each still calls the driver
 * synchronously, opens its own transactions or takes getDb(). Remove a file from this list when it
 * is moved; tests/lint-store.test.ts fails on a listed file that no longer needs its place.
 */
export const storeLegacyFiles = [];
