import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticleCard } from "~/components/blog/ArticleCard";
import { BlogFilters } from "~/components/blog/BlogFilters";
import { blogHref } from "~/components/blog/blog-url";
import { LatestHeadlines } from "~/components/blog/LatestHeadlines";
import { LatestNews } from "~/components/blog/LatestNews";
import { Container, PageHero } from "~/components/ui";
import { BLOG_CATEGORIES, type BlogCategory } from "~/core/news/blog";
import type { ArticleCard as Card } from "~/core/news/types";
import { HEADLINE_TOPICS, parseHeadlineTopic } from "~/core/news/topics";
import { publicPageHeaders } from "~/utils/http";
import { logger } from "~/utils/logger.server";
import { paths } from "~/utils/paths";
import { seo } from "~/utils/seo";
import { blog, builtInBlog, type Blog } from "~/wiring/news.server";

const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} .&+_-]{0,59}$/u;

/** The filters from the URL; anything unknown falls back to its default. */
function parseQuery(url: URL) {
  const params = url.searchParams;
  const categoryParam = params.get("category")?.trim().toLowerCase();
  const category: BlogCategory =
    BLOG_CATEGORIES.find((value) => value.toLowerCase() === categoryParam) ?? "all";
  const tagParam = params.get("tag")?.trim().toLowerCase() ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    topic: parseHeadlineTopic(params.get("topic")),
    category,
    tag: TAG_PATTERN.test(tagParam) ? tagParam : null,
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
  };
}

const card = (article: Card) => ({
  id: article.id,
  slug: article.slug,
  title: article.title,
  tldr: article.tldr,
  tags: [...article.tags],
  category: article.category,
  publishedAt: article.publishedAt,
  sourceName: article.sourceName,
  readingTime: article.readingTime,
  status: article.status,
});

async function blogData(reads: Blog, query: ReturnType<typeof parseQuery>) {
  const list = await reads.listPublishedArticles({
    category: query.category,
    tag: query.tag,
    page: query.page,
  });
  return {
    query: { ...query, page: list.page },
    headlines: (await reads.latestHeadlines(query.topic)).map(card),
    articles: list.articles.map(card),
    total: list.total,
    pageCount: list.pageCount,
    sidebar: (await reads.latestNews()).map((article) => ({
      id: article.id,
      slug: article.slug,
      title: article.title,
      publishedAt: article.publishedAt,
    })),
    tags: await reads.publishedTags(),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseQuery(new URL(request.url));
  try {
    return await blogData(blog(), query);
  } catch (error) {
    // Spec section 7: a failure to read curated news is only logged; the built-in articles remain.
    logger.error("blog: curated articles unavailable", {
      error: error instanceof Error ? error.message : String(error),
    });
    return await blogData(builtInBlog(), query);
  }
}

export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Blog",
    description:
      "News, explainers and product updates on stablecoins, Kenyan regulation, M-Pesa settlement and cross-border payments for merchants who accept crypto.",
    path: paths.blog,
  });

export default function BlogIndex() {
  const { query, headlines, articles, total, pageCount, sidebar, tags } =
    useLoaderData<typeof loader>();
  const filtered = query.category !== "all" || query.tag !== null;
  return (
    <>
      <PageHero
        eyebrow="OneHop Blog"
        title="News and insights on crypto payments in Kenya"
        lead="Stablecoins, Kenyan regulation, M-Pesa settlement and cross-border payments: what merchants need to know, and what is new at OneHop."
      />

      <LatestHeadlines headlines={headlines} topics={HEADLINE_TOPICS} query={query} />

      <section id="articles" aria-labelledby="articles-heading" className="py-12">
        <Container className="grid gap-10 lg:grid-cols-[1fr_18rem]">
          <div>
            <h2 id="articles-heading" className="text-2xl font-bold tracking-tight text-ink">
              Articles
            </h2>
            <div className="mt-4">
              <BlogFilters categories={BLOG_CATEGORIES} tags={tags} query={query} />
            </div>
            <p className="mt-6 text-sm text-slate-700" aria-live="polite">
              {total === 1 ? "1 article" : `${total} articles`}
              {filtered ? (total === 1 ? " matches these filters" : " match these filters") : ""}
              {pageCount > 1 ? `, page ${query.page} of ${pageCount}` : ""}.
            </p>
            {articles.length === 0 ? (
              <p className="mt-4 rounded-xl bg-slate-50 p-6 text-slate-700">
                No articles match these filters.{" "}
                <Link
                  to={`${paths.blog}#articles`}
                  className="font-semibold text-brand-800 underline"
                >
                  Show all articles
                </Link>
              </p>
            ) : (
              <ul className="mt-4 grid gap-6 md:grid-cols-2">
                {articles.map((article) => (
                  <li key={article.id}>
                    <ArticleCard article={article} />
                  </li>
                ))}
              </ul>
            )}
            {pageCount > 1 ? (
              <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
                {query.page > 1 ? (
                  <Link
                    to={blogHref({ ...query, page: query.page - 1 }, "articles")}
                    className="font-semibold text-brand-800 underline"
                  >
                    ← Newer articles
                  </Link>
                ) : (
                  <span />
                )}
                {query.page < pageCount ? (
                  <Link
                    to={blogHref({ ...query, page: query.page + 1 }, "articles")}
                    className="font-semibold text-brand-800 underline"
                  >
                    Older articles →
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>
          <div>
            <LatestNews articles={sidebar} />
          </div>
        </Container>
      </section>
    </>
  );
}
