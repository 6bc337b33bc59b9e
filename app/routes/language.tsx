/**
 * The language switch's target (issue 33): remembers the choice in a cookie and goes back to the
 * page it came from (a plain POST and a 303, so it works without JavaScript). A GET lands home.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { languageCookie } from "~/i18n/language-cookie.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/locales";
import { paths } from "~/utils/paths";
import { assertSameOrigin, safeRedirectPath } from "~/utils/request.server";

export const loader = () => redirect(paths.home);

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const chosen = form.get("lang");
  const locale = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  const back = safeRedirectPath(form.get("returnTo"), paths.home);
  return redirect(back === paths.language ? paths.home : back, {
    status: 303,
    headers: { "Set-Cookie": languageCookie(request, locale), "Cache-Control": "no-store" },
  });
}
