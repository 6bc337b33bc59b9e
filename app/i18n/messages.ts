/**
 * Typed messages (docs/decisions/0064-kiswahili.md). A catalog is written once in English, the
 * source of truth for its shape, and once in Kiswahili typed from it: a key missing from either
 * fails `tsc`, and so does a message with other parameters. A message with values is a function,
 * so its parameters are typed too: `payTitle: (amount: string) => \`Pay ${amount}\``.
 *
 * Catalogs live in `app/i18n/catalogs/` (the completeness test reads every one) and are small
 * enough to travel in the JavaScript of the pages that use them: both languages, a few hundred
 * bytes gzipped per page, instead of a library and a fetch. Copy that travels as loader data
 * (`app/content/**.server.ts`) is picked on the server with `inLocale` and never reaches a bundle.
 */
import type { Locale } from "./locales";

/** A message tree in another language: the same keys, strings for strings, the same functions. */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof T]: Translation<T[K]> };

export interface Catalog<T> {
  readonly en: Translation<T>;
  readonly sw: Translation<T>;
}

/** One catalog: the English messages and their Kiswahili, checked against each other by `tsc`. */
export function defineMessages<const T>(en: T, sw: Translation<T>): Catalog<T> {
  return { en: en as Translation<T>, sw };
}

/** A catalog's messages in one language. */
export function inLocale<T>(catalog: Catalog<T>, locale: Locale): Translation<T> {
  return catalog[locale];
}
