/**
 * Housekeeping: sign-in sessions that expired more than a week ago are deleted every hour, under a
 * lease (one process does it). A session is refused once it expires whatever its row says, but
 * every sign-in and every abandoned two-factor step adds a row, so without this the sessions table
 * grows for ever. An expired row is kept for a week so that someone coming back to an expired
 * session is told it expired rather than simply asked to sign in.
 */
import type { Store } from "~/db/store";
import { runLeased, schedule, type JobOutcome } from "~/utils/jobs.server";
import { deleteExpiredSessions } from "~/utils/session.server";
import type { BootContext } from "./context";
import { store } from "./store.server";

export const EXPIRED_SESSIONS_JOB = "sessions.delete-expired";

/** How long an expired session's row stays (its holder is told "expired" until then). */
export const EXPIRED_SESSION_KEPT_MS = 7 * 86_400_000;

/** One pass: deletes the sessions that expired more than EXPIRED_SESSION_KEPT_MS ago. */
export async function deleteExpiredSessionsPass(on: Store, now = Date.now()): Promise<JobOutcome> {
  const removed = await deleteExpiredSessions(on, now - EXPIRED_SESSION_KEPT_MS);
  return removed > 0
    ? { outcome: "succeeded", detail: { removed } }
    : { outcome: "skipped", detail: { removed } };
}

export function startHousekeeping(_context: BootContext): void {
  schedule({
    name: EXPIRED_SESSIONS_JOB,
    pattern: { everySeconds: 3600 },
    run: () =>
      runLeased(store(), EXPIRED_SESSIONS_JOB, { ttlMs: 10 * 60_000, recordSkipped: false }, () =>
        deleteExpiredSessionsPass(store()),
      ),
  });
}
