/**
 * The page's language in a route's `meta` (which cannot call hooks): the root loader's `locale`
 * among the matches, else English.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

export function matchesLocale(
  matches: readonly ({ id: string; data: unknown } | undefined)[],
): Locale {
  const root = matches.find((match) => match?.id === "root")?.data as
    { locale?: unknown } | undefined;
  return isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
}
