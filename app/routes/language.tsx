/**
 * The language switch's target (issue 33): remembers the choice in a cookie and goes back to the
 * page it came from (a plain POST and a 303, so it works without JavaScript). A GET lands home.
 * A signed-in member's choice is also saved as theirs (their e-mails and SMS follow it).
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { languageCookie } from "~/i18n/language-cookie.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/locales";
import * as paths from "~/utils/paths";
import { assertSameOrigin, safeRedirectPath } from "~/utils/request.server";
import { security } from "~/wiring/security.server";
import { sessions } from "~/wiring/sessions.server";

export const loader = () => redirect(paths.home);

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const chosen = form.get("lang");
  const locale = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  const back = safeRedirectPath(form.get("returnTo"), paths.home);
  // A signed-in member's choice is theirs: their e-mails and SMS follow it too.
  const session = await sessions().read("merchant", request);
  if (
    isLocale(chosen) &&
    session.status === "active" &&
    session.session.merchantUserId &&
    !session.session.pendingSecondFactor
  )
    await security().setMemberLanguage(session.session.merchantUserId, chosen);
  return redirect(back === paths.language ? paths.home : back, {
    status: 303,
    headers: { "Set-Cookie": languageCookie(request, locale), "Cache-Control": "no-store" },
  });
}
