/** The sidebar: the 5 newest published News articles. */
import { Link } from "@remix-run/react";
import { formatDate } from "~/utils/format";
import { paths } from "~/utils/paths";
import type { CardData } from "./ArticleCard";

export function LatestNews({
  articles,
}: {
  articles: readonly Pick<CardData, "id" | "slug" | "title" | "publishedAt">[];
}) {
  return (
    <aside
      aria-labelledby="latest-news-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="latest-news-heading" className="text-lg font-bold text-ink">
        Latest News
      </h2>
      <ol className="mt-4 space-y-4">
        {articles.map((article) => (
          <li key={article.id}>
            <Link
              to={paths.blogArticle(article.slug)}
              className="font-semibold text-ink hover:text-brand-800 hover:underline"
            >
              {article.title}
            </Link>
            <p className="text-sm text-slate-600">
              <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
            </p>
          </li>
        ))}
      </ol>
    </aside>
  );
}
