import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatKesCents, PaymentStatusBadge, eatDateTime } from "~/components/payments/PaymentBits";
import { paymentStatusLabelsIn } from "~/components/payments/labels";
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
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { paymentPages } from "~/wiring/payment-pages.server";
import { paymentsListMessages } from "~/i18n/catalogs/payments";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { useLocale, useMessages } from "~/i18n/use-messages";

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
  const m = useMessages(paymentsListMessages);
  return (
    <section aria-labelledby="totals-title" className="mt-6 rounded-2xl bg-slate-50 p-5">
      <h2 id="totals-title" className="text-base font-semibold text-ink">
        {filtered ? m.totalsFiltered : m.totals}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-5">
        {(
          [
            [m.payments, m.paymentsCount(totals.count, totals.paidCount)],
            [m.grossPaid, formatKesCents(totals.grossKesCents)],
            [m.collectionFees, formatKesCents(totals.feeKesCents)],
            [m.exciseDuty, formatKesCents(totals.exciseKesCents)],
            [m.net, formatKesCents(totals.netKesCents)],
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
  const m = useMessages(paymentsListMessages);
  return (
    <section aria-labelledby="balances-title" className="mt-8">
      <h2 id="balances-title" className="sr-only">
        {m.balances}
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
  const m = useMessages(paymentsListMessages);
  const locale = useLocale();
  const statusLabels = paymentStatusLabelsIn(locale);
  // The filters' refusals are core's English (list-query.ts): shown in the page's language.
  const filterError = (error: string | undefined) => {
    const keys = Object.keys(m.filterErrors) as (keyof typeof m.filterErrors)[];
    const key = keys.find((k) => paymentsListMessages.en.filterErrors[k] === error);
    return key ? m.filterErrors[key] : error;
  };
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
        <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
        <div className="flex gap-2">
          {can("payments:create") ? (
            <Link to={paths.newMerchantPayment} className={buttonClass("primary")}>
              {m.createPayment}
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
        aria-label={m.filterPayments}
      >
        <div>
          <label htmlFor="status" className="block text-sm font-medium text-slate-800">
            {m.status}
          </label>
          <select
            id="status"
            name="status"
            defaultValue={filters.status}
            className="mt-1 rounded-lg border border-slate-400 px-3 py-2"
          >
            <option value="">{m.allStatuses}</option>
            {(Object.keys(statusLabels) as (keyof typeof statusLabels)[]).map((s) => (
              <option key={s} value={s}>
                {statusLabels[s].label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="q" className="block text-sm font-medium text-slate-800">
            {m.reference}
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder={m.referencePlaceholder}
            className="mt-1 rounded-lg border border-slate-400 px-3 py-2"
          />
        </div>
        <DayField
          name="from"
          label={m.createdFrom}
          value={filters.from}
          error={filterError(errors.from)}
        />
        <DayField name="to" label={m.createdTo} value={filters.to} error={filterError(errors.to)} />
        {mode === "test" ? <input type="hidden" name={DATA_MODE_PARAM} value="test" /> : null}
        <button type="submit" className={buttonClass("secondary")}>
          {m.filter}
        </button>
        {can("payments:export") ? (
          <a
            href={`${paths.merchantPaymentsExport}${query({})}`}
            className={buttonClass("ghost")}
            download
          >
            {m.exportCsv}
          </a>
        ) : null}
      </Form>

      {totals ? <PaymentTotals totals={totals} filtered={filtered} /> : null}

      {payments.length === 0 ? (
        <p className="mt-8 rounded-xl bg-slate-50 p-6 text-slate-700">
          {filtered ? m.noMatches : mode === "test" ? m.noTestPayments : m.noPayments}
        </p>
      ) : (
        <ResponsiveTable
          caption={m.caption}
          className="mt-6"
          rows={payments}
          rowKey={(p) => p.id}
          title={{
            heading: m.reference,
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
            { heading: m.amount, cell: (p) => formatKesCents(p.amountKesCents) },
            { heading: m.method, cell: (p) => p.method },
            { heading: m.status, cell: (p) => <PaymentStatusBadge status={p.status} /> },
            { heading: m.created, cell: (p) => eatDateTime(p.createdAt, locale) },
          ]}
        />
      )}
      <nav aria-label={m.pages} className="mt-6 flex gap-3">
        {page > 1 ? (
          <Link to={query({ page: page - 1 })} className={buttonClass("secondary")}>
            {m.previousPage}
          </Link>
        ) : null}
        {hasNext ? (
          <Link to={query({ page: page + 1 })} className={buttonClass("secondary")}>
            {m.nextPage}
          </Link>
        ) : null}
      </nav>
    </Container>
  );
}

export const headers = privateCachedPageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(paymentsListMessages, matchesLocale(matches)).title,
    description: inLocale(paymentsListMessages, matchesLocale(matches)).metaDescription,
    path: paths.merchantPayments,
    noindex: true,
  });
