/**
 * What the merchant and operator security pages share on the server: their loader data (sessions,
 * recent events) and the answer to "Sign out" / "Sign out all other sessions".
 */
import type { AccountSubject } from "~/core/accounts/security-events.server";
import { security } from "~/wiring/security.server";
import { requestOrigin } from "~/utils/request.server";
import { currentSessionIdHash, type SessionKind } from "~/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { securityMessages } from "~/i18n/catalogs/security";
import { inLocale } from "~/i18n/messages";
import { pageLocale } from "~/i18n/negotiate";

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
  const m = inLocale(securityMessages, pageLocale(request)).toasts;
  if (which === "all-others") {
    const ended = await accounts.endAllOtherSessions({ subject, currentIdHash, origin });
    return redirectWithSuccess(page, {
      message: m.othersSignedOut,
      description: m.othersSignedOutDescription(ended),
    });
  }
  const ended = await accounts.endOtherSession({ subject, ref: which.ref, currentIdHash, origin });
  return ended
    ? redirectWithSuccess(page, {
        message: m.sessionSignedOut,
        description: m.sessionSignedOutDescription,
      })
    : redirectWithError(page, {
        message: m.sessionNotFound,
        description: m.sessionNotFoundDescription,
      });
}
