/**
 * The page's language in React: the root loader's `locale` (from the switch's cookie or the
 * browser's Accept-Language), the same on the server and in the browser.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";
import { inLocale, type Catalog, type Translation } from "./messages";

export function useLocale(): Locale {
  const data = useRouteLoaderData("root") as { locale?: unknown } | undefined;
  return isLocale(data?.locale) ? data.locale : DEFAULT_LOCALE;
}

/** A catalog's messages in the page's language. */
export function useMessages<T>(catalog: Catalog<T>): Translation<T> {
  return inLocale(catalog, useLocale());
}
