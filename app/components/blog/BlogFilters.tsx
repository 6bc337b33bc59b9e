/**
 * Category and tag filters: links with search params, so each view is a shareable URL without JS.
 */
import { Link } from "@remix-run/react";
import { cx } from "~/components/ui";
import { blogHref, type BlogQuery } from "./blog-url";
import { blogMessages } from "~/i18n/catalogs/blog";
import { useMessages } from "~/i18n/use-messages";
import { categoryLabel } from "./blog-words";

function Pill({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={current ? "true" : undefined}
      className={cx(
        "inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset",
        current
          ? "bg-brand-700 text-white ring-brand-700"
          : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100",
      )}
    >
      {children}
    </Link>
  );
}

export function BlogFilters({
  categories,
  tags,
  query,
}: {
  categories: readonly string[];
  tags: readonly string[];
  query: BlogQuery & { category: string };
}) {
  const m = useMessages(blogMessages);
  return (
    <div className="space-y-4">
      <nav aria-label={m.filters.byCategory}>
        <p className="mb-2 text-sm font-semibold text-slate-700">{m.filters.category}</p>
        <ul className="flex flex-wrap gap-2">
          {categories.map((category) => (
            <li key={category}>
              <Pill
                to={blogHref({ ...query, category, page: 1 }, "articles")}
                current={query.category === category}
              >
                {category === "all" ? m.filters.all : categoryLabel(m, category)}
              </Pill>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={m.filters.byTag}>
        <p className="mb-2 text-sm font-semibold text-slate-700">{m.filters.tag}</p>
        <ul className="flex flex-wrap gap-2">
          <li>
            <Pill to={blogHref({ ...query, tag: null, page: 1 }, "articles")} current={!query.tag}>
              {m.filters.allTags}
            </Pill>
          </li>
          {tags.map((tag) => (
            <li key={tag}>
              <Pill
                to={blogHref({ ...query, tag, page: 1 }, "articles")}
                current={query.tag === tag}
              >
                {`#${tag}`}
              </Pill>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
