/**
 * A blog article, built-in (app/content/articles/*.ts) or curated from news feeds (stored in
 * SQLite).
 */

/**
 * The blog vocabulary; the schema (drizzle/schema/news.ts) builds its enum columns from these
 * lists.
 */
export const articleCategories = ["News", "Explainers", "Product Updates"] as const;
export type ArticleCategory = (typeof articleCategories)[number];
export const articleStatuses = ["published", "draft"] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

export interface ArticleAuthor {
  name: string;
  bio: string;
  /** Path of an image under /public, or a data: URI of our own drawing. */
  avatar: string;
}

export interface Article {
  id: string;
  slug: string;
  title: string;
  tldr: string;
  /**
   * Our small text format: paragraphs separated by blank lines; lines starting "## " and "### " are
   * headings; lines starting "- " are bullets; lines starting "1. " (any number) are numbered
   * items. Plain text only: never HTML.
   */
  body: string;
  tags: readonly string[];
  category: ArticleCategory;
  /** ISO 8601 date-time. */
  publishedAt: string;
  sourceName: string;
  sourceUrl: string;
  author: ArticleAuthor;
  status: ArticleStatus;
  /** Minutes. */
  readingTime: number;
  /** Optional boxes for curated articles. */
  kenyaImpact?: string;
  merchantTakeaways?: readonly string[];
}
