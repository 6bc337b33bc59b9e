/** Back to the blog, and Previous (next-older) / Next (next-newer) among published articles. */
import { Link } from "@remix-run/react";
import * as paths from "~/utils/paths";
import { blogMessages } from "~/i18n/catalogs/blog";
import { useMessages } from "~/i18n/use-messages";

type Neighbour = { slug: string; title: string } | null;

export function BackToBlog() {
  const m = useMessages(blogMessages);
  return (
    <Link
      to={paths.blog}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline underline-offset-2"
    >
      <span aria-hidden="true">←</span> {m.back}
    </Link>
  );
}

export function ArticleNav({ previous, next }: { previous: Neighbour; next: Neighbour }) {
  const m = useMessages(blogMessages);
  if (!previous && !next) return null;
  return (
    <nav aria-label={m.more} className="mx-auto mt-12 grid max-w-3xl gap-4 sm:grid-cols-2">
      {previous ? (
        <Link
          to={paths.blogArticle(previous.slug)}
          rel="prev"
          className="rounded-xl border border-slate-200 p-4 hover:bg-slate-50"
        >
          <span className="block text-sm font-semibold text-slate-700">{m.previous}</span>
          <span className="mt-1 block font-semibold text-ink">{previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link
          to={paths.blogArticle(next.slug)}
          rel="next"
          className="rounded-xl border border-slate-200 p-4 text-right hover:bg-slate-50"
        >
          <span className="block text-sm font-semibold text-slate-700">{m.next}</span>
          <span className="mt-1 block font-semibold text-ink">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}
