import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatKesCents, PaymentStatusBadge, eatDateTime } from "~/components/payments/PaymentBits";
import { paymentStatusLabels } from "~/components/payments/labels";
import { buttonClass, Container } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { BalanceList } from "~/components/merchants/BalanceList";
import { DataModeSwitch } from "~/components/developers/DataModeSwitch";
import { dataModeOf, DATA_MODE_PARAM } from "~/core/api/mode";
import { paymentListParams, parsePaymentListQuery } from "~/core/payments/list-query";
import { paymentMethodText } from "~/core/payments/views.server";
import { can as roleMay } from "~/core/accounts/permissions";
import { requirePermission } from "~/utils/auth.server";
import { useMemberCan } from "~/components/app/TeamAccess";
import { privateCachedPageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { seo } from "~/utils/seo";
import { paymentPages } from "~/wiring/payment-pages.server";

const PAGE_SIZE = 25;

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "payments:read");
  const url = new URL(request.url);
  const { query, errors, filter } = parsePaymentListQuery(url.searchParams);
  const page = Math.max(1, Math.min(1000, Number(url.searchParams.get("page")) || 1));
  // Live payments unless the address asks for test data (?mode=test, core/api/mode.ts).
  const mode = dataModeOf(url.searchParams);
  // Totals and balances only for roles that may see money: a Cashier's page is never sent them.
  const money = roleMay(merchant.role, "balances:read");
  const { rows, totals, balances } = await paymentPages().merchantList({
    merchantId: merchant.merchantId,
    mode,
    money,
    ...filter,
    limit: PAGE_SIZE + 1,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    query,
    errors,
    totals: totals
      ? {
          count: totals.count,
          paidCount: totals.paidCount,
          grossKesCents: totals.grossKesCents.toString(),
          feeKesCents: totals.feeKesCents.toString(),
          exciseKesCents: totals.exciseKesCents.toString(),
          netKesCents: totals.netKesCents.toString(),
        }
      : null,
    mode,
    page,
    hasNext: rows.length > PAGE_SIZE,
    balances: balances
      ? {
          available: balances.available.toString(),
          pending: balances.pending.toString(),
          inFlight: balances.inFlight.toString(),
        }
      : null,
    payments: rows.slice(0, PAGE_SIZE).map((p) => ({
      id: p.id,
      reference: p.reference,
      status: p.status,
      amountKesCents: p.amountKesCents.toString(),
      method: paymentMethodText(p),
      createdAt: p.createdAt,
    })),
  };
}

/** A day of the period (a date picker where the browser has one; YYYY-MM-DD typed otherwise). */
function DayField(props: { name: string; label: string; value: string; error?: string }) {
  const errorId = `${props.name}-error`;
  return (
    <div>
      <label htmlFor={props.name} className="block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <input
        id={props.name}
        name={props.name}
        type="date"
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className="mt-1 rounded-lg border border-slate-400 px-3 py-2"
      />
      {props.error ? (
        <p id={errorId} role="alert" className="mt-1 max-w-xs text-sm font-medium text-red-800">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** What the filtered list adds up to: every payment in it, and the money of the paid ones. */
function PaymentTotals({
  totals,
  filtered,
}: {
  totals: {
    count: number;
    paidCount: number;
    grossKesCents: string;
    feeKesCents: string;
    exciseKesCents: string;
    netKesCents: string;
  };
  filtered: boolean;
}) {
  return (
    <section aria-labelledby="totals-title" className="mt-6 rounded-2xl bg-slate-50 p-5">
      <h2 id="totals-title" className="text-base font-semibold text-ink">
        {filtered ? "Totals for these filters" : "Totals"}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-5">
        {(
          [
            ["Payments", `${totals.count} (${totals.paidCount} paid)`],
            ["Gross paid", formatKesCents(totals.grossKesCents)],
            ["Collection fees", formatKesCents(totals.feeKesCents)],
            ["Excise duty", formatKesCents(totals.exciseKesCents)],
            ["Net", formatKesCents(totals.netKesCents)],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="whitespace-nowrap font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The balances of the mode listed (roles with balances:read only). */
function BalanceCards({
  balances,
}: {
  balances: { available: string; pending: string; inFlight: string };
}) {
  return (
    <section aria-labelledby="balances-title" className="mt-8">
      <h2 id="balances-title" className="sr-only">
        Balances
      </h2>
      <BalanceList
        balances={balances}
        className="grid gap-4 sm:grid-cols-3"
        cardClassName="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      />
    </section>
  );
}

export default function MerchantPayments() {
  const {
    query: filters,
    errors,
    totals,
    mode,
    page,
    hasNext,
    balances,
    payments,
  } = useLoaderData<typeof loader>();
  const can = useMemberCan();
  const filtered = Object.keys(paymentListParams(filters)).length > 0;
  const query = (next: Record<string, string | number>) => {
    const params = new URLSearchParams({
      ...paymentListParams(filters),
      ...(mode === "test" ? { [DATA_MODE_PARAM]: mode } : {}),
    });
    for (const [key, value] of Object.entries(next)) params.set(key, String(value));
    return `?${params}`;
  };
  return (
    <Container className="py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-ink">Payments</h1>
        <div className="flex gap-2">
          {can("payments:create") ? (
            <Link to={paths.newMerchantPayment} className={buttonClass("primary")}>
              Create Payment
            </Link>
          ) : null}
        </div>
      </div>
      <DataModeSwitch mode={mode} path={paths.merchantPayments} className="mt-4" />

      {balances ? <BalanceCards balances={balances} /> : null}

      <Form
        method="get"
        className="mt-8 flex flex-wrap items-end gap-3"
        role="search"
        aria-label="Filter payments"
      >
        <div>
          <label htmlFor="status" className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id="status"
            name="status"
            defaultValue={filters.status}
            className="mt-1 rounded-lg border border-slate-400 px-3 py-2"
          >
            <option value="">All statuses</option>
            {(Object.keys(paymentStatusLabels) as (keyof typeof paymentStatusLabels)[]).map((s) => (
              <option key={s} value={s}>
                {paymentStatusLabels[s].label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="q" className="block text-sm font-medium text-slate-800">
            Reference
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="Order number or payment id"
            className="mt-1 rounded-lg border border-slate-400 px-3 py-2"
          />
        </div>
        <DayField name="from" label="Created from" value={filters.from} error={errors.from} />
        <DayField name="to" label="Created to" value={filters.to} error={errors.to} />
        {mode === "test" ? <input type="hidden" name={DATA_MODE_PARAM} value="test" /> : null}
        <button type="submit" className={buttonClass("secondary")}>
          Filter
        </button>
        {can("payments:export") ? (
          <a
            href={`${paths.merchantPaymentsExport}${query({})}`}
            className={buttonClass("ghost")}
            download
          >
            Export CSV
          </a>
        ) : null}
      </Form>

      {totals ? <PaymentTotals totals={totals} filtered={filtered} /> : null}

      {payments.length === 0 ? (
        <p className="mt-8 rounded-xl bg-slate-50 p-6 text-slate-700">
          {filtered
            ? "No payments match these filters."
            : mode === "test"
              ? "No test payments yet. Create one with a test API key."
              : "No payments yet. Create one and share its checkout link with your customer."}
        </p>
      ) : (
        <ResponsiveTable
          caption="Your payments, newest first"
          className="mt-6"
          rows={payments}
          rowKey={(p) => p.id}
          title={{
            heading: "Reference",
            cell: (p) => (
              <Link
                to={paths.merchantPayment(p.id)}
                className="font-semibold text-brand-800 underline"
              >
                {p.reference}
              </Link>
            ),
            detail: (p) => p.id,
          }}
          columns={[
            { heading: "Amount", cell: (p) => formatKesCents(p.amountKesCents) },
            { heading: "Method", cell: (p) => p.method },
            { heading: "Status", cell: (p) => <PaymentStatusBadge status={p.status} /> },
            { heading: "Created", cell: (p) => eatDateTime(p.createdAt) },
          ]}
        />
      )}
      <nav aria-label="Pages" className="mt-6 flex gap-3">
        {page > 1 ? (
          <Link to={query({ page: page - 1 })} className={buttonClass("secondary")}>
            Previous page
          </Link>
        ) : null}
        {hasNext ? (
          <Link to={query({ page: page + 1 })} className={buttonClass("secondary")}>
            Next page
          </Link>
        ) : null}
      </nav>
    </Container>
  );
}

export const headers = privateCachedPageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Payments",
    description: "Your OneHop payments.",
    path: paths.merchantPayments,
    noindex: true,
  });
