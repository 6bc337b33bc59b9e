/**
 * The Latest Headlines block: up to 12 of the newest published articles under a topic, 3 tags
 * each (drafts are for operators only). The server render has the headlines; the topic filter is a
 * set of links (?topic=), and while a new topic loads on the client the block says so.
 */
import { Link, useNavigation } from "@remix-run/react";
import { cx } from "~/components/ui";
import { HEADLINE_TAGS } from "~/core/news/blog";
import type { HeadlineTopic } from "~/core/news/topics";
import { formatDate } from "~/utils/format";
import * as paths from "~/utils/paths";
import { blogHref, type BlogQuery } from "./blog-url";
import type { CardData } from "./ArticleCard";
import { TagList } from "./TagList";
import { blogMessages } from "~/i18n/catalogs/blog";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { english } from "./blog-words";

export const LOADING_HEADLINES = "Loading latest headlines...";

export function LatestHeadlines({
  headlines,
  topics,
  query,
}: {
  headlines: readonly CardData[];
  topics: readonly HeadlineTopic[];
  query: BlogQuery & { topic: HeadlineTopic };
}) {
  const locale = useLocale();
  const m = useMessages(blogMessages);
  const navigation = useNavigation();
  const pendingTopic =
    navigation.state === "loading" && navigation.location.pathname === paths.blog
      ? (new URLSearchParams(navigation.location.search).get("topic") ?? "all")
      : null;
  const loading = pendingTopic !== null && pendingTopic.toLowerCase() !== query.topic.toLowerCase();
  return (
    <section id="headlines" aria-labelledby="headlines-heading" className="bg-slate-50 py-12">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="headlines-heading" className="text-2xl font-bold tracking-tight text-ink">
          {m.headlines.title}
        </h2>
        <nav aria-label={m.headlines.topics} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {topics.map((topic) => {
              const current = topic === query.topic;
              return (
                <li key={topic}>
                  <Link
                    to={blogHref({ ...query, topic, page: 1 }, "headlines")}
                    preventScrollReset
                    aria-current={current ? "true" : undefined}
                    className={cx(
                      "inline-flex rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-inset",
                      current
                        ? "bg-brand-700 text-white ring-brand-700"
                        : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100",
                    )}
                  >
                    {topic === "all" ? m.filters.all : m.topics[topic]}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {loading ? (
          <p role="status" className="mt-6 text-slate-700">
            {m.headlines.loading}
          </p>
        ) : headlines.length === 0 ? (
          <p className="mt-6 text-slate-700">{m.headlines.none}</p>
        ) : (
          <ol
            className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={m.headlines.list}
          >
            {headlines.map((headline) => (
              <li
                key={headline.id}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-4"
              >
                <p className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
                  <span className="font-semibold">{headline.sourceName}</span>
                  <time dateTime={headline.publishedAt}>
                    {formatDate(headline.publishedAt, locale)}
                  </time>
                </p>
                <h3 lang={english(locale)} className="mt-2 font-semibold text-ink">
                  <Link
                    to={paths.blogArticle(headline.slug)}
                    className="hover:text-brand-800 hover:underline"
                  >
                    {headline.title}
                  </Link>
                </h3>
                <TagList
                  tags={headline.tags}
                  limit={HEADLINE_TAGS}
                  label={m.tags}
                  className="mt-3"
                />
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
