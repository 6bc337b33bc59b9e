import { Form, Link } from "@remix-run/react";
import type { PaymentStatus } from "~/core/payments/statuses";
import { buttonClass, cx } from "~/components/ui";
import * as paths from "~/utils/paths";
import { paymentStatusLabel } from "./format";
import { paymentsHref } from "./links";
import type { PaymentView } from "./types";

export interface ViewCount {
  view: PaymentView;
  count: number;
}

export const viewLabel = (view: PaymentView) =>
  view === "all"
    ? "All"
    : view === "exceptions"
      ? "Exceptions"
      : view === "review"
        ? "Manual review"
        : view === "held"
          ? "Held money"
          : paymentStatusLabel[view as PaymentStatus];

/** The operator queues, with how many payments wait in each. */
export function QueueSummary({
  exceptions,
  review,
  held,
  payoutsInDoubt,
}: {
  exceptions: number;
  review: number;
  held: number;
  /** M-Pesa B2B payouts with no answer (issue 27, item 13): settled on the reconciliation page. */
  payoutsInDoubt: number;
}) {
  const queues = [
    {
      view: "exceptions" as const,
      title: "Exceptions queue",
      count: exceptions,
      hint: "Underpaid, overpaid and late payments held in suspense.",
      unit: ["payment", "payments"],
      href: paymentsHref({ view: "exceptions" }),
    },
    {
      view: "review" as const,
      title: "Manual review",
      count: review,
      hint: "Payments above the automatic limit, held in the merchant's pending balance.",
      unit: ["payment", "payments"],
      href: paymentsHref({ view: "review" }),
    },
    {
      view: "held" as const,
      title: "Held money",
      count: held,
      hint: "Money that arrived for a payment already paid or closed, held in suspense.",
      unit: ["payment", "payments"],
      href: paymentsHref({ view: "held" }),
    },
    {
      view: "payouts-in-doubt" as const,
      title: "Payouts in doubt",
      count: payoutsInDoubt,
      hint: "M-Pesa Paybill and Till payouts whose answer was lost or is overdue: check M-Pesa's statement and settle them.",
      unit: ["payout", "payouts"],
      href: paths.adminReconciliation,
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {queues.map((queue) => (
        <li
          key={queue.view}
          className={cx(
            "rounded-xl border p-5",
            queue.count > 0 ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white",
          )}
        >
          <h2 className="text-lg font-semibold text-ink">
            <Link
              to={queue.href}
              className="underline decoration-slate-400 underline-offset-4 hover:decoration-brand-700"
            >
              {queue.title}
            </Link>
          </h2>
          <p className="mt-1 text-3xl font-bold text-ink">
            {queue.count}
            <span className="sr-only">
              {" "}
              {queue.count === 1 ? queue.unit[0] : queue.unit[1]} waiting
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-700">{queue.hint}</p>
        </li>
      ))}
    </ul>
  );
}

/** Views as links (GET params), with their counts, and a GET search form: all shareable URLs. */
export function PaymentFilters({
  view,
  views,
  q,
}: {
  view: PaymentView;
  views: ViewCount[];
  q: string;
}) {
  return (
    <div className="space-y-4">
      <nav aria-label="Filter payments by status">
        <ul className="flex flex-wrap gap-2">
          {views.map((item) => {
            const current = item.view === view;
            return (
              <li key={item.view}>
                <Link
                  to={paymentsHref({ view: item.view, q })}
                  aria-current={current ? "page" : undefined}
                  className={cx(
                    "inline-block rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-inset",
                    current
                      ? "bg-brand-700 text-white ring-brand-700"
                      : "text-slate-800 ring-slate-300 hover:bg-slate-100",
                  )}
                >
                  {viewLabel(item.view)} ({item.count})
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form
        method="get"
        action={paths.adminPayments}
        role="search"
        className="flex flex-wrap items-end gap-3"
      >
        {view !== "all" ? <input type="hidden" name="status" value={view} /> : null}
        <div className="min-w-64 flex-1">
          <label htmlFor="payment-search" className="block text-sm font-medium text-slate-800">
            Search by reference or payment ID
          </label>
          <input
            id="payment-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            className="mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700"
          />
        </div>
        <button type="submit" className={buttonClass("primary")}>
          Search
        </button>
        {q ? (
          <Link
            to={paymentsHref({ view })}
            className="py-2 text-sm font-semibold text-brand-800 underline"
          >
            Clear search
          </Link>
        ) : null}
      </Form>
    </div>
  );
}
