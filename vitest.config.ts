import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.ts", "scripts/**/*.test.ts"],
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
