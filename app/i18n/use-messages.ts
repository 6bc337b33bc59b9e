/**
 * The page's language in React. The root's Layout provides it (from its loader's `locale`: the
 * switch's cookie or the browser's Accept-Language), the same on the server and in the browser; a
 * component rendered outside a page (a test, an e-mail) is in English.
 */
import { createContext, useContext } from "react";
import { DEFAULT_LOCALE, type Locale } from "./locales";
import { inLocale, type Catalog, type Translation } from "./messages";

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);
export const LocaleProvider = LocaleContext.Provider;

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** A catalog's messages in the page's language. */
export function useMessages<T>(catalog: Catalog<T>): Translation<T> {
  return inLocale(catalog, useLocale());
}
