/**
 * Operator payments overview (/admin/payments): counts per status, the exceptions queue (underpaid,
 * overpaid, paid after expiry), the manual-review queue and the held-money queue (payments with
 * money held in suspense that arrived after they were paid or closed) as views, search by
 * reference or payment id, and pagination. Filters, search and pages are GET params, so every view
 * is a shareable URL.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConsolePage } from "~/components/app/ConsolePage";
import { paymentsHref } from "~/components/admin/payments/links";
import { Pagination } from "~/components/admin/payments/Pagination";
import {
  PaymentFilters,
  QueueSummary,
  viewLabel,
  type ViewCount,
} from "~/components/admin/payments/PaymentFilters";
import { PaymentsTable } from "~/components/admin/payments/PaymentsTable";
import type { PaymentRow, PaymentView } from "~/components/admin/payments/types";
import { EXCEPTION_STATUSES } from "~/core/payments/exceptions.server";
import { isPaymentStatus } from "~/core/payments/reads.server";
import { paymentStatuses, type PaymentStatus } from "~/core/payments/statuses";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { paymentPages } from "~/wiring/payment-pages.server";

export const PAGE_SIZE = 25;
const MAX_PAGE = 10_000;

/** The views an operator can pick, and the statuses each one lists. */
const VIEW_STATUSES: Record<"exceptions" | "review", readonly PaymentStatus[]> = {
  exceptions: EXCEPTION_STATUSES,
  review: ["in_review"],
};

function parseView(value: string | null): PaymentView {
  if (value === "exceptions" || value === "review" || value === "held") return value;
  if (value === "in_review") return "review";
  return isPaymentStatus(value) ? value : "all";
}

function parsePage(value: string | null): number {
  const page = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, ["reviewer"]);
  const url = new URL(request.url);
  const view = parseView(url.searchParams.get("status"));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = parsePage(url.searchParams.get("page"));
  const statuses =
    view === "all" || view === "held"
      ? undefined
      : view === "exceptions" || view === "review"
        ? VIEW_STATUSES[view]
        : [view];
  // Live: a payout whose answer was lost shows here at once (issue 27, item 13).
  const { counts, held, rows, payoutsInDoubt } = await paymentPages().operatorList(
    {
      statuses,
      search: q || undefined,
      held: view === "held",
      limit: PAGE_SIZE + 1,
      offset: (page - 1) * PAGE_SIZE,
    },
    Date.now(),
  );
  const sum = (statuses: readonly PaymentStatus[]) =>
    statuses.reduce((total, status) => total + counts[status], 0);

  const views: ViewCount[] = [
    { view: "all", count: sum(paymentStatuses) },
    { view: "exceptions", count: sum(VIEW_STATUSES.exceptions) },
    { view: "review", count: sum(VIEW_STATUSES.review) },
    { view: "held", count: held },
    ...paymentStatuses
      .filter((status) => status !== "in_review")
      .map((status) => ({ view: status, count: counts[status] })),
  ];
  const list: PaymentRow[] = rows.slice(0, PAGE_SIZE).map((p) => ({
    id: p.id,
    reference: p.reference,
    merchantId: p.merchantId,
    asset: p.asset,
    amountKesCents: p.amountKesCents.toString(),
    cryptoAmountUnits: p.cryptoAmountUnits.toString(),
    receivedUnits: p.receivedUnits.toString(),
    status: p.status,
    createdAt: p.createdAt,
    test: p.mode === "test",
  }));
  return {
    view,
    q,
    page,
    hasNext: rows.length > PAGE_SIZE,
    views,
    queues: {
      exceptions: sum(VIEW_STATUSES.exceptions),
      review: sum(VIEW_STATUSES.review),
      held,
      payoutsInDoubt,
    },
    payments: list,
  };
}

export default function AdminPayments() {
  const { view, q, page, hasNext, views, queues, payments: rows } = useLoaderData<typeof loader>();
  const caption = `Payments: ${viewLabel(view)}${q ? `, matching "${q}"` : ""}, newest first, page ${page}`;
  return (
    <ConsolePage title="Payments">
      <QueueSummary
        exceptions={queues.exceptions}
        review={queues.review}
        held={queues.held}
        payoutsInDoubt={queues.payoutsInDoubt}
      />
      <div className="mt-8">
        <PaymentFilters view={view} views={views} q={q} />
      </div>
      <div className="mt-6">
        {rows.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-6 text-slate-700">
            {page > 1 ? (
              <>
                No payments on this page.{" "}
                <Link
                  to={paymentsHref({ view, q })}
                  className="font-semibold text-brand-800 underline"
                >
                  Back to the first page
                </Link>
              </>
            ) : q ? (
              `No payments match "${q}".`
            ) : (
              "No payments here."
            )}
          </p>
        ) : (
          <PaymentsTable payments={rows} caption={caption} />
        )}
        <Pagination view={view} q={q} page={page} hasNext={hasNext} />
      </div>
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Payments",
    description: "Operator payments overview and queues.",
    path: paths.adminPayments,
    noindex: true,
  });
