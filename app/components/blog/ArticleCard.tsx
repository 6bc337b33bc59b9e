/** A published article in the blog list. */
import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui";
import { HEADLINE_TAGS } from "~/core/news/blog";
import type { ArticleCard as ArticleCardData } from "~/core/news/types";
import { formatDate } from "~/utils/format";
import * as paths from "~/utils/paths";
import { TagList } from "./TagList";
import { blogMessages } from "~/i18n/catalogs/blog";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { categoryLabel, english } from "./blog-words";

export type CardData = Pick<
  ArticleCardData,
  | "id"
  | "slug"
  | "title"
  | "tldr"
  | "tags"
  | "category"
  | "publishedAt"
  | "sourceName"
  | "readingTime"
  | "status"
>;

export function ArticleCard({ article }: { article: CardData }) {
  const locale = useLocale();
  const m = useMessages(blogMessages);
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Badge tone="info">{categoryLabel(m, article.category)}</Badge>
        <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, locale)}</time>
      </p>
      <h3 lang={english(locale)} className="mt-3 text-lg font-semibold text-ink">
        <Link to={paths.blogArticle(article.slug)} className="hover:text-brand-800 hover:underline">
          {article.title}
        </Link>
      </h3>
      <p lang={english(locale)} className="mt-2 flex-1 text-slate-700">
        {article.tldr}
      </p>
      <TagList tags={article.tags} limit={HEADLINE_TAGS} label={m.tags} className="mt-4" />
      <p className="mt-4 text-sm text-slate-600">
        {article.sourceName} · {m.minRead(article.readingTime)}
      </p>
    </article>
  );
}
