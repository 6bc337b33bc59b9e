import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticleCard } from "~/components/blog/ArticleCard";
import { BlogFilters } from "~/components/blog/BlogFilters";
import { blogHref } from "~/components/blog/blog-url";
import { EnglishOnlyNote } from "~/components/legal/EnglishOnlyNote";
import { LatestHeadlines } from "~/components/blog/LatestHeadlines";
import { LatestNews } from "~/components/blog/LatestNews";
import { Container, PageHero } from "~/components/ui";
import { BLOG_CATEGORIES, type BlogCategory } from "~/core/news/blog";
import type { ArticleCard as Card } from "~/core/news/types";
import { HEADLINE_TOPICS, parseHeadlineTopic } from "~/core/news/topics";
import { blogMessages } from "~/i18n/catalogs/blog";
import { inLocale } from "~/i18n/messages";
import { matchesLocale } from "~/i18n/match-locale";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { publicPageHeaders } from "~/utils/http";
import { logger } from "~/utils/logger.server";
import * as paths from "~/utils/paths";
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
  seo(matches, { ...inLocale(blogMessages, matchesLocale(matches)).meta, path: paths.blog });

export default function BlogIndex() {
  const { query, headlines, articles, total, pageCount, sidebar, tags } =
    useLoaderData<typeof loader>();
  const locale = useLocale();
  const m = useMessages(blogMessages);
  const filtered = query.category !== "all" || query.tag !== null;
  return (
    <>
      <PageHero eyebrow={m.hero.eyebrow} title={m.hero.title} lead={m.hero.lead} />
      {locale === "en" ? null : (
        <Container>
          <EnglishOnlyNote className="mt-6" />
        </Container>
      )}

      <LatestHeadlines headlines={headlines} topics={HEADLINE_TOPICS} query={query} />

      <section id="articles" aria-labelledby="articles-heading" className="py-12">
        <Container className="grid gap-10 lg:grid-cols-[1fr_18rem]">
          <div>
            <h2 id="articles-heading" className="text-2xl font-bold tracking-tight text-ink">
              {m.articles}
            </h2>
            <div className="mt-4">
              <BlogFilters categories={BLOG_CATEGORIES} tags={tags} query={query} />
            </div>
            <p className="mt-6 text-sm text-slate-700" aria-live="polite">
              {m.count(total)}
              {filtered ? m.matchFilters(total) : ""}
              {pageCount > 1 ? m.pageOf(query.page, pageCount) : ""}.
            </p>
            {articles.length === 0 ? (
              <p className="mt-4 rounded-xl bg-slate-50 p-6 text-slate-700">
                {m.noMatch}{" "}
                <Link
                  to={`${paths.blog}#articles`}
                  className="font-semibold text-brand-800 underline"
                >
                  {m.showAll}
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
              <nav aria-label={m.pages} className="mt-8 flex items-center justify-between gap-4">
                {query.page > 1 ? (
                  <Link
                    to={blogHref({ ...query, page: query.page - 1 }, "articles")}
                    className="font-semibold text-brand-800 underline"
                  >
                    {m.newer}
                  </Link>
                ) : (
                  <span />
                )}
                {query.page < pageCount ? (
                  <Link
                    to={blogHref({ ...query, page: query.page + 1 }, "articles")}
                    className="font-semibold text-brand-800 underline"
                  >
                    {m.older}
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
