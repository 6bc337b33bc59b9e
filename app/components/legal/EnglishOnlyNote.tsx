/**
 * On a page whose text is in English only (the legal documents, the blog's articles), a Kiswahili
 * visitor is told so at the top, in Kiswahili (issue 33). Nothing in English: the page is already.
 */
import { cx } from "~/components/ui";
import { legalMessages } from "~/i18n/catalogs/legal";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { useLocale } from "~/i18n/use-messages";

/** The note in the page's language (none in English). */
export function EnglishOnlyNote({ className }: { className?: string }) {
  return <EnglishOnlyNoteIn locale={useLocale()} className={className} />;
}

/** The note for a given language, without hooks (for components rendered outside a router). */
export function EnglishOnlyNoteIn({ locale, className }: { locale: Locale; className?: string }) {
  if (locale === "en") return null;
  const m = inLocale(legalMessages, locale);
  return (
    <p
      role="note"
      className={cx(
        "rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900",
        className,
      )}
    >
      {m.englishOnly}
    </p>
  );
}

/** The `lang` of text kept in English on a page in another language (undefined in English). */
export function useEnglishText(): "en" | undefined {
  return useLocale() === "en" ? undefined : "en";
}
