/** Recently curated articles, each with Publish or Unpublish. */
import { Form, Link } from "@remix-run/react";
import { Badge, buttonClass } from "~/components/ui";
import type { CuratedArticleSummary } from "~/core/news/types";
import { formatDate } from "~/utils/format";
import * as paths from "~/utils/paths";

export function CuratedArticles({ articles }: { articles: readonly CuratedArticleSummary[] }) {
  return (
    <section
      aria-labelledby="curated-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="curated-heading" className="text-xl font-bold text-ink">
        Recently curated articles
      </h2>
      {articles.length === 0 ? (
        <p className="mt-3 text-slate-700">No curated articles yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {articles.map((article) => {
            const published = article.status === "published";
            return (
              <li
                key={article.id}
                className="flex flex-wrap items-start justify-between gap-4 py-4"
                data-testid="curated-article"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-ink">
                    {published ? (
                      <Link
                        to={paths.blogArticle(article.slug)}
                        className="underline-offset-2 hover:underline"
                      >
                        {article.title}
                      </Link>
                    ) : (
                      article.title
                    )}
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <Badge tone={published ? "success" : "warning"}>
                      {published ? "Published" : "Draft"}
                    </Badge>
                    <span>{article.sourceName}</span>
                    <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
                    <span>{article.tags.map((tag) => `#${tag}`).join(" ")}</span>
                  </p>
                </div>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="articleId" value={article.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={published ? "unpublish" : "publish"}
                    className={buttonClass(published ? "secondary" : "primary", "px-4 py-2")}
                  >
                    {published ? "Unpublish" : "Publish"}
                    <span className="sr-only"> {article.title}</span>
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
