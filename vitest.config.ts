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

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  test: {
    environment: "node",
    include: [
      "app/**/*.test.{ts,tsx}",
      "tests/**/*.test.ts",
      "scripts/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", ...(postgres ? SQLITE_ONLY : ["**/*.pg.test.ts"])],
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
