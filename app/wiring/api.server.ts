/**
 * The merchant API in the running app: its dependencies from this process (the database, the
 * payments service, the rates, the site, the per-key limit) and the Node entry server.mjs calls.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { serveApi as serveApiWith } from "~/api/node.server";
import type { ApiDeps } from "~/api/types.server";
import { pruneIdempotencyKeys, releaseClaimsOfDeadRequests } from "~/core/api/idempotency.server";
import { schedule } from "~/utils/jobs.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { disbursements } from "./disbursements.server";
import { payments, runningTestPayments } from "./payments.server";
import { ratesService } from "./rates.server";
import { store } from "./store.server";
import { refunds } from "./refunds.server";
import { webhookUrlPolicy } from "./webhooks.server";
import { runningTestSimulation } from "./test-simulation.server";

function apiDeps(): ApiDeps {
  return {
    store: store(),
    payments,
    disbursements,
    refunds,
    rates: () => ratesService().read(),
    siteUrl: env.PUBLIC_SITE_URL.replace(/\/$/, ""),
    // The simulators, or the providers' sandboxes on a live deployment (ADR 0028).
    testModeAvailable: () => runningTestPayments() !== null,
    // The test helpers (issue 32): only where test mode runs on the simulators in this process.
    testSimulation: runningTestSimulation,
    rateLimitPerSecond: env.API_RATE_LIMIT_PER_SECOND,
    webhookUrlPolicy: webhookUrlPolicy(),
  };
}

export const serveApi = (req: IncomingMessage, res: ServerResponse) =>
  serveApiWith(req, res, apiDeps);

/**
 * The API's housekeeping. At start, claims left running by requests that died with their process
 * are freed (their retries would otherwise be refused as in use for minutes; those of a process
 * that still runs are left alone, ADR 0047); idempotency records past their 24 hours are dropped
 * every hour.
 */
export async function startApi(): Promise<void> {
  const released = await releaseClaimsOfDeadRequests(store());
  if (released > 0) logger.info("idempotency claims of dead requests released", { released });
  schedule({
    name: "api.prune-idempotency-keys",
    pattern: { everySeconds: 3600 },
    run: async () => ({ pruned: await pruneIdempotencyKeys(store(), Date.now()) }),
  });
}
