/**
 * Share links for Twitter/X and Facebook: plain links to their share pages, no third-party script.
 */
import { ExternalLink } from "~/components/ui";
import { blogMessages } from "~/i18n/catalogs/blog";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";

export function shareUrls(pageUrl: string, title: string) {
  return {
    twitter: `https://twitter.com/intent/tweet?${new URLSearchParams({ text: title, url: pageUrl }).toString()}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: pageUrl }).toString()}`,
  };
}

const linkClass =
  "inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold ring-1 ring-inset ring-slate-300 text-slate-800 hover:bg-slate-100";

/** Hook-free: the article passes its page's language (English when it is not given). */
export function ShareLinks({
  pageUrl,
  title,
  locale = "en",
}: {
  pageUrl: string;
  title: string;
  locale?: Locale;
}) {
  const m = inLocale(blogMessages, locale);
  const urls = shareUrls(pageUrl, title);
  return (
    <section aria-labelledby="share-heading" className="flex flex-wrap items-center gap-3">
      <h2 id="share-heading" className="text-sm font-semibold text-slate-700">
        {m.share.title}
      </h2>
      <ExternalLink href={urls.twitter} className={linkClass}>
        {m.share.twitter}
      </ExternalLink>
      <ExternalLink href={urls.facebook} className={linkClass}>
        {m.share.facebook}
      </ExternalLink>
    </section>
  );
}
