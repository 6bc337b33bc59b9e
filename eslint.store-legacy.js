/**
 * Modules not yet moved onto the store (docs/decisions/0041-store.md): each still calls the driver
 * synchronously, opens its own transactions or takes getDb(). Remove a file from this list when it
 * is moved; tests/lint-store.test.ts fails on a listed file that no longer needs its place.
 */
export const storeLegacyFiles = [
  "app/core/accounts/notifications.server.ts",
  "app/core/api/idempotency.server.ts",
  "app/core/api/outbox.server.ts",
  "app/core/audit.server.ts",
  "app/core/destinations/destinations.server.ts",
  "app/core/disbursements/events.server.ts",
  "app/core/ledger/post.server.ts",
  "app/core/ledger/read.server.ts",
  "app/core/ledger/statements.server.ts",
  "app/core/payments/payments.server.ts",
  "app/core/payments/reads.server.ts",
  "app/wiring/boot.server.ts",
];
