/**
 * The body of GET /functions/v1/news-curated (spec section 7): read-only, never starts a run. The
 * endpoint is public and CDN-cacheable, and the blog is what it feeds (articles merged with the
 * built-in ones), so it lists published articles only: a draft's title never leaves the operator
 * page (issue 11 item 15). `status` stays in each entry for the spec's shape.
 */
import type { Store } from "~/db/store";
import { listCuratedArticles } from "./articles.server";
import { getLatestRun } from "./ingest.server";

export interface NewsCuratedResponse {
  success: boolean;
  stats: {
    total_fetched: number;
    total_curated: number;
    total_excluded: number;
    time_window: string;
  } | null;
  articles: {
    id: string;
    slug: string;
    title: string;
    source_name: string;
    published_at: string;
    tags: string[];
    status: "published" | "draft";
  }[];
  error: string | null;
}

export const NEWS_CURATED_LIMIT = 50;

export async function newsCuratedResponse(store: Store): Promise<NewsCuratedResponse> {
  const run = await getLatestRun(store);
  const articles = await listCuratedArticles(store, NEWS_CURATED_LIMIT, { publishedOnly: true });
  return {
    success: true,
    stats: run
      ? {
          total_fetched: run.totalFetched,
          total_curated: run.totalCurated,
          total_excluded: run.totalExcluded,
          time_window: run.timeWindow,
        }
      : null,
    articles: articles.map((article) => ({
      id: article.id,
      slug: article.slug,
      title: article.title,
      source_name: article.sourceName,
      published_at: article.publishedAt,
      tags: article.tags,
      status: article.status,
    })),
    error: null,
  };
}
