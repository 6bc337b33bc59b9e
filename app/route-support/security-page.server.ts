/**
 * What the merchant and operator security pages share on the server: their loader data (sessions,
 * recent events) and the answer to "Sign out" / "Sign out all other sessions".
 */
import type { AccountSubject } from "~/core/accounts/security-events.server";
import { security } from "~/wiring/security.server";
import { requestOrigin } from "~/utils/request.server";
import { currentSessionIdHash, type SessionKind } from "~/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

const kindOf = (subject: AccountSubject): SessionKind =>
  subject.type === "operator" ? "operator" : "merchant";

export async function securityOverview(request: Request, subject: AccountSubject) {
  const accounts = security();
  const current = await currentSessionIdHash(kindOf(subject), request);
  return {
    sessions: await accounts.listActiveSessions(subject, current),
    events: await accounts.recentSecurityEvents(subject, 20),
  };
}

/** End one other session (`ref`) or all others; back to `page` with a toast. */
export async function endSessionsFromPage(
  request: Request,
  subject: AccountSubject,
  page: string,
  which: { ref: string } | "all-others",
): Promise<Response> {
  const accounts = security();
  const currentIdHash = await currentSessionIdHash(kindOf(subject), request);
  const origin = requestOrigin(request);
  if (which === "all-others") {
    const ended = await accounts.endAllOtherSessions({ subject, currentIdHash, origin });
    return redirectWithSuccess(page, {
      message: "Other sessions signed out",
      description:
        ended === 1
          ? "1 other session was signed out. You stay signed in here."
          : `${ended} other sessions were signed out. You stay signed in here.`,
    });
  }
  const ended = await accounts.endOtherSession({ subject, ref: which.ref, currentIdHash, origin });
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
