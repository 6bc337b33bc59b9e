/**
 * The page's language in a Remix `meta` function, which cannot call hooks: the root loader's
 * `locale` among the matches (English when it is missing).
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

export function metaLocale(
  matches: readonly ({ id: string; data: unknown } | undefined)[],
): Locale {
  const root = matches.find((match) => match?.id === "root")?.data as
    { locale?: unknown } | undefined;
  return isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
}
