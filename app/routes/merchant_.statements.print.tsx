/**
 * The printable statement (issue 15, item 6; ADR 0034): /merchant/statements/print?from=&to=. A
 * document of its own, without the app's shell or scripts: our company and licence, the business's
 * details, the summary and every line, laid out for paper with Tailwind's `print:` variants (the
 * browser's Print command prints it or saves it as PDF). Finance, Admin and Owner only.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatementLines } from "~/components/merchants/statements/StatementLines";
import {
  statementHref,
  useStatementPeriod,
} from "~/components/merchants/statements/StatementRangeForm";
import { StatementSummary } from "~/components/merchants/statements/StatementSummary";
import { company } from "~/content/company";
import {
  parseStatementRange,
  type StatementRange,
  type StatementRangeErrors,
} from "~/core/statements/range";
import { addressLine } from "~/core/statements/address";
import type { StatementHolder } from "~/core/statements/statement.server";
import { type StatementView, statementView } from "~/core/statements/view";
import { requirePermission } from "~/utils/auth.server";
import { rangeErrorIn, statementMessages } from "~/i18n/catalogs/statements";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatEatDateTime } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import type { RouteHandle } from "~/utils/route-handle";
import { seo } from "~/utils/seo";
import { statements } from "~/wiring/statements.server";

export const handle: RouteHandle = { chrome: "bare", scripts: false };

/**
 * The most lines on paper (about 200 pages); a longer period's printout says the CSV has them all.
 */
const PRINT_LINES = 10_000;

interface LoaderData {
  values: StatementRange;
  errors: StatementRangeErrors;
  generatedAt: number;
  holder: StatementHolder | null;
  statement: StatementView | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "statements:read");
  const now = Date.now();
  const parsed = parseStatementRange(new URL(request.url).searchParams, now);
  if (!parsed.ok) {
    return data<LoaderData>(
      {
        values: parsed.values,
        errors: parsed.errors,
        generatedAt: now,
        holder: null,
        statement: null,
      },
      { status: 400 },
    );
  }
  const { statement, holder } = await statements().printable(merchant.merchantId, parsed.range, {
    keepLines: PRINT_LINES,
  });
  return data<LoaderData>({
    values: parsed.range,
    errors: {},
    generatedAt: now,
    holder,
    statement: statementView(statement, PRINT_LINES),
  });
}

function Holder({ holder }: { holder: StatementHolder }) {
  const place = addressLine([holder.address, holder.city, holder.country]);
  const m = useMessages(statementMessages).print;
  return (
    <section aria-labelledby="statement-holder">
      <h2 id="statement-holder" className="text-xs font-semibold uppercase text-slate-600">
        {m.holderTitle}
      </h2>
      <p className="mt-1 text-lg font-semibold text-ink">{holder.businessName}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-800">
        <dt className="text-slate-600">{m.merchantId}</dt>
        <dd className="font-mono">{holder.merchantId}</dd>
        {holder.kraPin ? (
          <>
            <dt className="text-slate-600">KRA PIN</dt>
            <dd className="font-mono">{holder.kraPin}</dd>
          </>
        ) : null}
        {holder.registrationNumber ? (
          <>
            <dt className="text-slate-600">{m.registrationNumber}</dt>
            <dd>{holder.registrationNumber}</dd>
          </>
        ) : null}
        {place ? (
          <>
            <dt className="text-slate-600">{m.address}</dt>
            <dd>{place}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">{m.email}</dt>
        <dd>{holder.contactEmail}</dd>
      </dl>
    </section>
  );
}

function Issuer() {
  return (
    <section aria-labelledby="statement-issuer" className="text-sm sm:text-right">
      <h2 id="statement-issuer" className="text-lg font-bold text-brand-800 print:text-ink">
        {company.legalName}
      </h2>
      <address className="not-italic text-slate-800">
        {company.officeAddress.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        <span className="block">
          {company.phone} · {company.supportEmail}
        </span>
      </address>
      <p className="mt-1 text-slate-800">
        {company.licenceName} {company.licenceNumber}
      </p>
    </section>
  );
}

export default function PrintableStatement() {
  const { values, errors, generatedAt, holder, statement } = useLoaderData<typeof loader>();
  const back = statementHref(paths.merchantStatements, values);
  const all = useMessages(statementMessages);
  const m = all.print;
  const locale = useLocale();
  const period = useStatementPeriod();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto w-full max-w-5xl flex-1 bg-white p-8 text-ink focus:outline-none print:max-w-none print:p-0"
    >
      <nav aria-label={m.nav} className="mb-6 flex flex-wrap gap-4 text-sm print:hidden">
        <a href={back} className="font-semibold text-brand-800 underline">
          {m.back}
        </a>
        <span className="text-slate-700">{m.howToPrint}</span>
      </nav>
      {statement && holder ? (
        <article aria-labelledby="statement-title">
          <header className="flex flex-col justify-between gap-6 border-b border-slate-300 pb-6 sm:flex-row print:flex-row">
            <Holder holder={holder} />
            <Issuer />
          </header>
          <h1 id="statement-title" className="mt-6 text-2xl font-bold">
            {m.heading(period(statement.range))}
          </h1>
          <p className="mt-1 text-sm text-slate-700">
            {m.generated(formatEatDateTime(generatedAt, locale))}
          </p>
          <div className="mt-6">
            <StatementSummary statement={statement} />
          </div>
          <h2 className="mt-8 text-xl font-semibold">{all.lines}</h2>
          <div className="mt-3">
            <StatementLines
              statement={statement}
              csvHref={statementHref(paths.merchantStatementsCsv, statement.range)}
            />
          </div>
          <footer className="mt-8 border-t border-slate-300 pt-4 text-xs text-slate-700">
            {company.legalName}, {company.licenceName} {company.licenceNumber}.{" "}
            {m.questions(company.supportEmail)}
          </footer>
        </article>
      ) : (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          <h1 className="text-xl font-bold">{m.invalid}</h1>
          <ul className="mt-2 list-disc pl-5">
            {[errors.from, errors.to]
              .filter((message): message is string => Boolean(message))
              .map((message) => rangeErrorIn(all.range.errors, message))
              .map((message) => (
                <li key={message}>{message}</li>
              ))}
          </ul>
          <p className="mt-2">
            <a href={back} className="font-semibold underline">
              {m.another}
            </a>
          </p>
        </div>
      )}
    </main>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(statementMessages, matchesLocale(matches)).print.title,
    description: inLocale(statementMessages, matchesLocale(matches)).print.metaDescription,
    path: paths.merchantStatementsPrint,
    noindex: true,
  });
