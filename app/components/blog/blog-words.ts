/** Small helpers for the blog's words in the page's language (issue 33). */
import type { blogMessages } from "~/i18n/catalogs/blog";
import type { Locale } from "~/i18n/locales";
import type { Translation } from "~/i18n/messages";

type BlogWords = Translation<(typeof blogMessages)["en"]>;

/** A category's name in the page's language; a category we do not know stays as written. */
export function categoryLabel(m: BlogWords, category: string): string {
  return Object.hasOwn(m.categories, category)
    ? m.categories[category as keyof BlogWords["categories"]]
    : category;
}

/** `lang` for an article's own text, which stays in English (undefined on an English page). */
export const english = (locale: Locale): "en" | undefined => (locale === "en" ? undefined : "en");
