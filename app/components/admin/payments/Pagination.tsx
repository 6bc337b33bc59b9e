import { Link } from "@remix-run/react";
import { paymentsHref } from "./links";
import type { PaymentView } from "./types";

/**
 * Previous / next page links (GET ?page=), so every page is a shareable URL and works without JS.
 */
export function Pagination({
  view,
  q,
  page,
  hasNext,
}: {
  view: PaymentView;
  q: string;
  page: number;
  hasNext: boolean;
}) {
  if (page <= 1 && !hasNext) return null;
  const linkClass =
    "rounded-md px-3 py-2 text-sm font-semibold text-brand-800 underline hover:bg-slate-100";
  return (
    <nav aria-label="Pages of payments" className="mt-6 flex items-center gap-4">
      {page > 1 ? (
        <Link to={paymentsHref({ view, q, page: page - 1 })} rel="prev" className={linkClass}>
          Previous page
        </Link>
      ) : null}
      <span className="text-sm text-slate-700" aria-current="page">
        Page {page}
      </span>
      {hasNext ? (
        <Link to={paymentsHref({ view, q, page: page + 1 })} rel="next" className={linkClass}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
