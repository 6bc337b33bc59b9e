/**
 * The languages OneHop speaks (issue 33, docs/decisions/0064-kiswahili.md): English and Kiswahili,
 * both as written in Kenya. Isomorphic: the browser and the server read the same list.
 */
export const LOCALES = ["en", "sw"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** `<html lang>` and `Content-Language`: the language as written in Kenya. */
export const HTML_LANG: Record<Locale, string> = { en: "en-KE", sw: "sw-KE" };

/** Each language in its own words (the switch shows both, each in its own language). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", sw: "Kiswahili" };

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "sw";
}
