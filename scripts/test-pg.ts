/**
 * `npm run test:pg`: the Vitest suite on PostgreSQL (ADR 0046). Starts a throwaway cluster of
 * Debian's PostgreSQL (scripts/pg/cluster.ts: as the `postgres` user when run as root, on a free
 * port, in a temporary folder, fsync off), runs Vitest with ONEHOP_TEST_PG_URL pointing at it, and
 * removes the cluster. Arguments go to Vitest (`npm run test:pg -- app/core/ledger`). Given
 * ONEHOP_TEST_PG_URL, it uses that server instead of starting one.
 *
 * `--e2e` (`npm run test:e2e:pg`): the Playwright specs of money moving through the app (payments,
 * payouts, refunds, the API) against a server on PostgreSQL, on the build `npm run test:e2e` made.
 * `--if-installed` (what `npm test` passes): a machine without PostgreSQL says in one line how to
 * run it, and passes.
 */
import { spawnSync } from "node:child_process";
import { createCluster, INSTALL_HINT, postgresBin } from "./pg/cluster";

/**
 * The e2e specs run on PostgreSQL too (issue 29: payments, payouts, refunds and the API; issue 31:
 * excise in the books, monitoring rules over the money tables).
 */
export const PG_E2E_SPECS = [
  "tests/e2e/payments.spec.ts",
  "tests/e2e/payouts-new.spec.ts",
  "tests/e2e/payouts-batch.spec.ts",
  "tests/e2e/merchant-refunds.spec.ts",
  "tests/e2e/developers-keys.spec.ts",
  "tests/e2e/api-create-restart.http.spec.ts",
  "tests/e2e/two-processes.http.spec.ts",
  "tests/e2e/excise.spec.ts",
  "tests/e2e/compliance-monitoring.spec.ts",
  // Issue 32: the API's test helpers on their own server, and the cashiers' till.
  "tests/e2e/api-test-helpers.http.spec.ts",
  "tests/e2e/till.spec.ts",
];

const flags = new Set(
  process.argv.slice(2).filter((arg) => arg.startsWith("--") && !arg.includes("=")),
);
const e2e = flags.has("--e2e");
const ifInstalled = flags.has("--if-installed");
const args = process.argv.slice(2).filter((arg) => arg !== "--e2e" && arg !== "--if-installed");
const script = e2e ? "test:e2e:pg" : "test:pg";
const given = process.env.ONEHOP_TEST_PG_URL;

if (!given && !postgresBin()) {
  if (ifInstalled) {
    console.log(
      `[${script}] PostgreSQL is not installed, so only SQLite was tested: \`sudo apt-get install postgresql\`, then \`npm run ${script}\``,
    );
    process.exit(0);
  }
  console.error(`[${script}] ${INSTALL_HINT}`);
  process.exit(1);
}
const cluster = given
  ? null
  : await createCluster({
      settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
    });
const url = given ?? cluster!.url("postgres");
console.log(`[${script}] PostgreSQL at ${url}`);
let status = 1;
try {
  const run = e2e
    ? spawnSync("npx", ["playwright", "test", ...(args.length > 0 ? args : PG_E2E_SPECS)], {
        stdio: "inherit",
        env: { ...process.env, E2E_PG_URL: url },
      })
    : spawnSync("npx", ["vitest", "run", ...args], {
        stdio: "inherit",
        env: { ...process.env, ONEHOP_TEST_PG_URL: url },
      });
  status = run.status ?? 1;
} finally {
  cluster?.remove();
}
process.exit(status);
