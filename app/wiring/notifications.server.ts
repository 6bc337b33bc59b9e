/**
 * Account notices (issue 12, item 6): links in notices point at PUBLIC_SITE_URL, and the daily
 * summary e-mail is queued every morning at 07:00 Nairobi time under a lease (one process sends it;
 * a re-run sends nothing twice: core/accounts/notifications.server.ts).
 */
import { sendDailySummaries, setNoticeSiteUrl } from "~/core/accounts/notifications.server";
import { env } from "~/utils/env.server";
import { runLeased, schedule } from "~/utils/jobs.server";
import type { BootContext } from "./context";

export const DAILY_SUMMARY_JOB = "notifications.daily-summary";

export function startNotifications({ db }: BootContext): void {
  setNoticeSiteUrl(env.PUBLIC_SITE_URL);
  schedule({
    name: DAILY_SUMMARY_JOB,
    pattern: "0 0 7 * * *",
    timezone: "Africa/Nairobi",
    run: () =>
      runLeased(db, DAILY_SUMMARY_JOB, { ttlMs: 10 * 60_000 }, async () => {
        const { queued } = sendDailySummaries(db);
        return queued > 0
          ? { outcome: "succeeded" as const, detail: { queued } }
          : { outcome: "skipped" as const };
      }),
  });
}
