/**
 * Account notices (issue 12, item 6): links in notices point at PUBLIC_SITE_URL, and the daily
 * summary e-mail is queued every morning at 07:00 Nairobi time under a lease (one process sends it;
 * a re-run sends nothing twice: core/accounts/notifications.server.ts). The monthly statement
 * e-mail (issue 15, item 6) the same way, on the 1st of each month at 06:00 Nairobi time.
 */
import {
  sendDailySummaries,
  sendMonthlyStatements,
  setNoticeSiteUrl,
} from "~/core/accounts/notifications.server";
import { env } from "~/utils/env.server";
import { runLeased, schedule } from "~/utils/jobs.server";
import type { BootContext } from "./context";
import { store } from "./store.server";

export const DAILY_SUMMARY_JOB = "notifications.daily-summary";
export const MONTHLY_STATEMENT_JOB = "notifications.monthly-statement";

export function startNotifications(_context: BootContext): void {
  setNoticeSiteUrl(env.PUBLIC_SITE_URL);
  schedule({
    name: DAILY_SUMMARY_JOB,
    pattern: "0 0 7 * * *",
    timezone: "Africa/Nairobi",
    run: () =>
      runLeased(store(), DAILY_SUMMARY_JOB, { ttlMs: 10 * 60_000 }, async () => {
        const { queued } = await sendDailySummaries(store());
        return queued > 0
          ? { outcome: "succeeded" as const, detail: { queued } }
          : { outcome: "skipped" as const };
      }),
  });
  schedule({
    name: MONTHLY_STATEMENT_JOB,
    // Every morning: on the 1st it sends last month's statements; if the server was down then, the
    // next morning of the month's first week does (each member's is sent once).
    pattern: "0 0 6 * * *",
    timezone: "Africa/Nairobi",
    run: () =>
      runLeased(store(), MONTHLY_STATEMENT_JOB, { ttlMs: 30 * 60_000 }, async () => {
        const { queued, failedMerchants } = await sendMonthlyStatements(store());
        return queued > 0 || failedMerchants.length > 0
          ? { outcome: "succeeded" as const, detail: { queued, failedMerchants } }
          : { outcome: "skipped" as const };
      }),
  });
}
