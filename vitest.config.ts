import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:pg` sets ONEHOP_TEST_PG_URL: the same suite on PostgreSQL (ADR 0046), without the
 * tests of what only SQLite has (its store's turns and group commit, its files: backups, restore,
 * start-up errors about the file), and with the tests that compare the engines (`*.pg.test.ts`).
 */
const postgres = Boolean(process.env.ONEHOP_TEST_PG_URL);
const SQLITE_ONLY = [
  "app/db/sqlite-*.test.ts",
  "app/utils/backups.test.ts",
  "app/wiring/backups.test.ts",
  "app/wiring/boot.test.ts",
  "app/simulators/state.test.ts",
  // Tests of SQLite migrations (their SQL, on a database at an older version).
  "app/core/payments/payment-network-migration.test.ts",
  "scripts/backup-scripts.test.ts",
];

/**
 * Test files that run in one shared module registry per worker (`isolate: false`): core, the
 * simulators, utilities, content and the packages, whose tests reach the database only through
 * the store they are handed. Importing the app's modules once per worker instead of once per file
 * halves the suite's time (ADR 0065). Every other file (routes, the API, the wiring, app/db, the
 * scripts, and any new folder) keeps a fresh registry per file: they go through the process-wide
 * runtime (its store, caches and environment), as do the few tests that mock a module.
 */
const SHARED_REGISTRY = [
  "app/core/**/*.test.{ts,tsx}",
  "app/components/**/*.test.{ts,tsx}",
  "app/content/**/*.test.{ts,tsx}",
  "app/i18n/**/*.test.{ts,tsx}",
  "app/simulators/**/*.test.{ts,tsx}",
  "app/utils/**/*.test.{ts,tsx}",
  "packages/*/test/**/*.test.ts",
  "tests/**/*.test.ts",
  "scripts/bench/**/*.test.ts",
];
/** Files under those folders that still need a fresh registry (they mock a module). */
const NEEDS_FRESH_REGISTRY = ["app/core/payments/mpesa-callback-guard.test.ts"];
const ALL_TESTS = [
  "app/**/*.test.{ts,tsx}",
  "tests/**/*.test.ts",
  "scripts/**/*.test.ts",
  "packages/*/test/**/*.test.ts",
];
const EXCLUDE = ["**/node_modules/**", ...(postgres ? SQLITE_ONLY : ["**/*.pg.test.ts"])];

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  test: {
    environment: "node",
    // Every test file is in exactly one project; anything not listed as shared gets a fresh
    // registry by default.
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: SHARED_REGISTRY,
          exclude: [...EXCLUDE, ...NEEDS_FRESH_REGISTRY],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "fresh", include: ALL_TESTS, exclude: [...EXCLUDE, ...SHARED_REGISTRY] },
      },
      {
        extends: true,
        test: { name: "fresh-core", include: NEEDS_FRESH_REGISTRY, exclude: EXCLUDE },
      },
    ],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/env.ts"],
    pool: "forks",
    testTimeout: 20_000,
    env: {
      NODE_ENV: "test",
      DATA_DIR: "tests/.tmp",
      DATABASE_URL: "tests/.tmp/vitest-default.sqlite",
      SESSION_SECRET: "test-secret-test-secret-test-secret-0123456789",
      PUBLIC_SITE_URL: "http://localhost:3000",
      PROVIDER_MODE: "simulator",
    },
  },
});
