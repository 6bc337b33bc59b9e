/** The sidebar: the 5 newest published News articles. */
import { Link } from "@remix-run/react";
import { formatDate } from "~/utils/format";
import * as paths from "~/utils/paths";
import type { CardData } from "./ArticleCard";
import { blogMessages } from "~/i18n/catalogs/blog";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { english } from "./blog-words";

export function LatestNews({
  articles,
}: {
  articles: readonly Pick<CardData, "id" | "slug" | "title" | "publishedAt">[];
}) {
  const locale = useLocale();
  const m = useMessages(blogMessages);
  return (
    <aside
      aria-labelledby="latest-news-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="latest-news-heading" className="text-lg font-bold text-ink">
        {m.latestNews}
      </h2>
      <ol className="mt-4 space-y-4">
        {articles.map((article) => (
          <li key={article.id}>
            <Link
              lang={english(locale)}
              to={paths.blogArticle(article.slug)}
              className="font-semibold text-ink hover:text-brand-800 hover:underline"
            >
              {article.title}
            </Link>
            <p className="text-sm text-slate-600">
              <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, locale)}</time>
            </p>
          </li>
        ))}
      </ol>
    </aside>
  );
}
