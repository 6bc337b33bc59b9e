import { useLocation } from "@remix-run/react";
import { languageMessages } from "~/i18n/catalogs/language";
import { HTML_LANG, LANGUAGE_NAMES, LOCALES } from "~/i18n/locales";
import { useLocale, useMessages } from "~/i18n/use-messages";
import * as paths from "~/utils/paths";

/**
 * "English | Kiswahili" on every page: a plain form (it works without JavaScript) that sets the
 * language cookie and comes back to this same page. Each name is written in its own language.
 */
export function LanguageSwitch({ tone = "light" }: { tone?: "light" | "dark" }) {
  const locale = useLocale();
  const m = useMessages(languageMessages);
  const { pathname, search } = useLocation();
  const base =
    tone === "dark" ? "text-slate-200 hover:text-white" : "text-slate-700 hover:text-ink";
  const current = tone === "dark" ? "text-white" : "text-ink";
  return (
    <form
      method="post"
      action={paths.language}
      aria-label={m.label}
      className="flex items-center gap-1 text-sm"
    >
      <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
      {LOCALES.map((option, index) => (
        <span key={option} className="flex items-center gap-1">
          {index > 0 ? (
            <span aria-hidden="true" className={base}>
              |
            </span>
          ) : null}
          <button
            type="submit"
            name="lang"
            value={option}
            lang={HTML_LANG[option]}
            aria-current={option === locale ? "true" : undefined}
            className={`min-h-11 rounded px-2 font-semibold underline-offset-4 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 ${
              option === locale ? `${current} underline` : base
            }`}
          >
            {LANGUAGE_NAMES[option]}
            {option === locale ? <span className="sr-only"> {m.current}</span> : null}
          </button>
        </span>
      ))}
    </form>
  );
}
