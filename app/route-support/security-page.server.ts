/**
 * What the merchant and operator security pages share on the server: their loader data (sessions,
 * recent events) and the answer to "Sign out" / "Sign out all other sessions".
 */
import type { AccountSubject } from "~/core/accounts/security-events.server";
import { recentSecurityEvents } from "~/core/accounts/security-events.server";
import {
  endAllOtherSessions,
  endOtherSession,
  listActiveSessions,
} from "~/core/accounts/sessions.server";
import { getDb } from "~/utils/db.server";
import { requestOrigin } from "~/utils/request.server";
import { currentSessionIdHash, type SessionKind } from "~/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

const kindOf = (subject: AccountSubject): SessionKind =>
  subject.type === "operator" ? "operator" : "merchant";

export async function securityOverview(request: Request, subject: AccountSubject) {
  const db = getDb();
  const current = await currentSessionIdHash(kindOf(subject), request);
  return {
    sessions: listActiveSessions(db, subject, current),
    events: recentSecurityEvents(db, subject, 20),
  };
}

/** End one other session (`ref`) or all others; back to `page` with a toast. */
export async function endSessionsFromPage(
  request: Request,
  subject: AccountSubject,
  page: string,
  which: { ref: string } | "all-others",
): Promise<Response> {
  const db = getDb();
  const currentIdHash = await currentSessionIdHash(kindOf(subject), request);
  const origin = requestOrigin(request);
  if (which === "all-others") {
    const ended = endAllOtherSessions(db, { subject, currentIdHash, origin });
    return redirectWithSuccess(page, {
      message: "Other sessions signed out",
      description:
        ended === 1
          ? "1 other session was signed out. You stay signed in here."
          : `${ended} other sessions were signed out. You stay signed in here.`,
    });
  }
  const ended = endOtherSession(db, { subject, ref: which.ref, currentIdHash, origin });
  return ended
    ? redirectWithSuccess(page, {
        message: "Session signed out",
        description: "That device must sign in again to use your account.",
      })
    : redirectWithError(page, {
        message: "Session not found",
        description: "It has already ended. The list shows the sessions still signed in.",
      });
}
