import { isHttps } from "~/utils/security-headers.server";
import { LANGUAGE_COOKIE } from "./negotiate";
import type { Locale } from "./locales";

/** A year: the choice outlives sessions (it is a preference, not personal data). */
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The Set-Cookie value that remembers a language choice in this browser. */
export function languageCookie(request: Request, locale: Locale): string {
  const secure = isHttps(request) ? "; Secure" : "";
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}
