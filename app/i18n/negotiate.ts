/**
 * Which language a request is answered in: the visitor's own choice (the `onehop_lang` cookie the
 * language switch sets), else the browser's `Accept-Language`, else English. Cheap and free of
 * server imports: the page caches key on it before Remix runs.
 */
import { rawCookieValue } from "~/utils/cookie-names";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

export const LANGUAGE_COOKIE = "onehop_lang";

/** Longer headers are not read past this (a browser sends a few dozen characters). */
const MAX_ACCEPT_LANGUAGE = 512;
const MAX_RANGES = 16;

/**
 * The best of our languages in an `Accept-Language` header ("sw-KE,sw;q=0.9,en;q=0.8" is "sw"),
 * honouring q-values (q=0 refuses); undefined when it names neither.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  let best: { locale: Locale; q: number } | undefined;
  const ranges = header.slice(0, MAX_ACCEPT_LANGUAGE).split(",", MAX_RANGES);
  for (const range of ranges) {
    const [tag = "", ...params] = range.trim().toLowerCase().split(";");
    const primary = tag.split("-", 1)[0] ?? "";
    if (!isLocale(primary)) continue;
    const qParam = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]);
    const q = qParam.find((value) => value !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (quality > 0 && (!best || quality > best.q)) best = { locale: primary, q: quality };
  }
  return best?.locale;
}

/** The language chosen with the switch, if the cookie holds one of ours. */
export function chosenLocale(cookieHeader: string | null | undefined): Locale | undefined {
  const value = rawCookieValue(cookieHeader, LANGUAGE_COOKIE);
  return isLocale(value) ? value : undefined;
}

/** The language to answer in, from a request's Cookie and Accept-Language headers. */
export function negotiateLocale(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  return chosenLocale(cookieHeader) ?? localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The language a request is answered in. */
export function requestLocale(request: Request): Locale {
  return negotiateLocale(request.headers.get("Cookie"), request.headers.get("Accept-Language"));
}

/** Sections that stay in English (ADR 0064): the operator console and the provider simulators. */
const ENGLISH_ONLY = /^\/(admin|simulator)(\/|$)/;

/** The language a page is drawn in: the request's, except in the sections kept in English. */
export function pageLocale(request: Request): Locale {
  return ENGLISH_ONLY.test(new URL(request.url).pathname) ? DEFAULT_LOCALE : requestLocale(request);
}

/**
 * Every page's answer depends on these request headers besides its encoding (a shared cache must
 * key on the language cookie, or on the whole Cookie header).
 */
export const DOCUMENT_VARY = "Accept-Encoding, Accept-Language, Cookie";
