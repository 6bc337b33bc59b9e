/**
 * The article itself: title (the page's h1), byline, tl;dr, tags, body, the Kenya Impact and
 * Merchant Takeaways boxes when the article has them, its source, share links and the author.
 * Everything from a feed is rendered as text; the only links are http(s) ones checked by
 * `safeExternalUrl`.
 */
import { Badge, ExternalLink } from "~/components/ui";
import type { Article } from "~/content/articles/types";
import { safeExternalUrl, withoutRepeatedTldr } from "~/core/news/body";
import { formatDate } from "~/utils/format";
import { ArticleBody } from "./ArticleBody";
import { ShareLinks } from "./ShareLinks";
import { TagList } from "./TagList";
import { blogMessages } from "~/i18n/catalogs/blog";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { EnglishOnlyNoteIn } from "~/components/legal/EnglishOnlyNote";
import { categoryLabel, english } from "./blog-words";

/**
 * Hook-free (it is rendered outside a router in tests): the route passes the page's language,
 * English when it is not given. The article's own text is marked `lang="en"` on a Kiswahili page.
 */
export function ArticleContent({
  article,
  siteUrl,
  locale = "en",
}: {
  article: Article;
  siteUrl: string;
  locale?: Locale;
}) {
  const source = safeExternalUrl(article.sourceUrl);
  const pageUrl = `${siteUrl.replace(/\/$/, "")}/blog/${article.slug}`;
  // Rows curated before the body was composed without it may still repeat the tl;dr.
  const body = withoutRepeatedTldr(article.body, article.tldr);
  const m = inLocale(blogMessages, locale);
  const lang = english(locale);
  return (
    <article className="mx-auto max-w-3xl">
      <EnglishOnlyNoteIn locale={locale} className="mb-6" />
      <header>
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <Badge tone="info">{categoryLabel(m, article.category)}</Badge>
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, locale)}</time>
          <span aria-hidden="true">·</span>
          <span>{m.minRead(article.readingTime)}</span>
        </p>
        <h1 lang={lang} className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {article.title}
        </h1>
        <p className="mt-4 flex items-center gap-3 text-slate-700">
          <img
            src={article.author.avatar}
            alt=""
            width={40}
            height={40}
            className="h-10 w-10 rounded-full"
          />
          <span>
            {m.by} <span className="font-semibold text-ink">{article.author.name}</span>
          </span>
        </p>
      </header>

      <aside
        aria-labelledby="tldr-heading"
        className="mt-8 rounded-2xl border border-brand-200 bg-brand-50 p-6"
      >
        <h2 id="tldr-heading" className="text-sm font-bold uppercase tracking-wide text-brand-800">
          {m.tldr}
        </h2>
        <p lang={lang} className="mt-2 text-lg text-ink">
          {article.tldr}
        </p>
      </aside>

      <TagList tags={article.tags} linked label={m.tags} className="mt-6" />

      {body ? (
        <div lang={lang} className="mt-8">
          <ArticleBody body={body} />
        </div>
      ) : null}

      {article.kenyaImpact ? (
        <section
          aria-labelledby="kenya-impact-heading"
          className="mt-10 rounded-2xl border border-emerald-300 bg-emerald-50 p-6"
        >
          <h2 id="kenya-impact-heading" className="text-xl font-bold text-emerald-900">
            {m.kenyaImpact}
          </h2>
          <p lang={lang} className="mt-2 text-slate-800">
            {article.kenyaImpact}
          </p>
        </section>
      ) : null}

      {article.merchantTakeaways && article.merchantTakeaways.length > 0 ? (
        <section
          aria-labelledby="merchant-takeaways-heading"
          className="mt-6 rounded-2xl border border-blue-300 bg-blue-50 p-6"
        >
          <h2 id="merchant-takeaways-heading" className="text-xl font-bold text-blue-900">
            {m.takeaways}
          </h2>
          <ul lang={lang} className="mt-3 list-disc space-y-2 pl-6 text-slate-800">
            {article.merchantTakeaways.map((takeaway) => (
              <li key={takeaway}>{takeaway}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className="mt-10 text-sm text-slate-700">
        {m.source}{" "}
        {source ? (
          <ExternalLink
            href={source}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            {article.sourceName}
          </ExternalLink>
        ) : (
          <span className="font-semibold">{article.sourceName}</span>
        )}
      </p>

      <div className="mt-6 border-t border-slate-200 pt-6">
        <ShareLinks pageUrl={pageUrl} title={article.title} locale={locale} />
      </div>

      <section
        aria-labelledby="author-heading"
        className="mt-8 flex gap-4 rounded-2xl bg-slate-50 p-6"
      >
        <img
          src={article.author.avatar}
          alt=""
          width={56}
          height={56}
          className="h-14 w-14 shrink-0 rounded-full"
        />
        <div>
          <h2 id="author-heading" className="font-semibold text-ink">
            {m.about(article.author.name)}
          </h2>
          <p lang={lang} className="mt-1 text-sm text-slate-700">
            {article.author.bio}
          </p>
        </div>
      </section>
    </article>
  );
}
