/**
 * The merchant's statement for any period (issue 15, item 6; ADR 0034): opening balance, every
 * collection, payout, refund and adjustment, closing balance, reconciled with the ledger. Finance,
 * Admin and Owner only ("statements:read"). The period is a GET form, so the page works without
 * JavaScript and every statement has an address; the CSV and the printable page take the same one.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatementLines } from "~/components/merchants/statements/StatementLines";
import {
  statementHref,
  StatementRangeForm,
  useStatementPeriod,
} from "~/components/merchants/statements/StatementRangeForm";
import { StatementSummary } from "~/components/merchants/statements/StatementSummary";
import { buttonClass, Container } from "~/components/ui";
import {
  eatToday,
  monthShortcuts,
  parseStatementRange,
  type StatementRange,
  type StatementRangeErrors,
} from "~/core/statements/range";
import { STATEMENT_SCREEN_LINES, type StatementView, statementView } from "~/core/statements/view";
import { statementMessages } from "~/i18n/catalogs/statements";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-messages";
import { requirePermission } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { statements } from "~/wiring/statements.server";

interface LoaderData {
  today: string;
  values: StatementRange;
  errors: StatementRangeErrors;
  shortcuts: ReturnType<typeof monthShortcuts>;
  statement: StatementView | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "statements:read");
  const now = Date.now();
  const parsed = parseStatementRange(new URL(request.url).searchParams, now);
  const page = { today: eatToday(now), shortcuts: monthShortcuts(now) };
  if (!parsed.ok) {
    return data<LoaderData>(
      { ...page, values: parsed.values, errors: parsed.errors, statement: null },
      { status: 400 },
    );
  }
  // The page shows the first lines (the CSV has them all): only those are kept (issue 28).
  const statement = await statements().read(merchant.merchantId, parsed.range, {
    keepLines: STATEMENT_SCREEN_LINES,
  });
  return data<LoaderData>({
    ...page,
    values: parsed.range,
    errors: {},
    statement: statementView(statement),
  });
}

export default function MerchantStatements() {
  const { today, values, errors, shortcuts, statement } = useLoaderData<typeof loader>();
  const m = useMessages(statementMessages);
  const period = useStatementPeriod();
  return (
    <Container className="py-12">
      <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        {m.intro}{" "}
        <a href={paths.merchantFeeInvoices} className="font-semibold text-brand-800 underline">
          {m.feeInvoicesLink}
        </a>
        .
      </p>
      <StatementRangeForm values={values} errors={errors} today={today} shortcuts={shortcuts} />
      {statement ? (
        <section aria-labelledby="statement-title" className="mt-10">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 id="statement-title" className="text-2xl font-semibold text-ink">
              {m.statementFor(period(statement.range))}
            </h2>
            <div className="flex flex-wrap gap-2">
              <a
                href={statementHref(paths.merchantStatementsCsv, statement.range)}
                className={buttonClass("secondary")}
                download
              >
                {m.downloadCsv}
              </a>
              <a
                href={statementHref(paths.merchantStatementsPrint, statement.range)}
                className={buttonClass("ghost")}
              >
                {m.printVersion}
              </a>
            </div>
          </div>
          <div className="mt-6">
            <StatementSummary statement={statement} />
          </div>
          <h2 className="mt-10 text-xl font-semibold text-ink">{m.lines}</h2>
          <div className="mt-3">
            <StatementLines
              statement={statement}
              csvHref={statementHref(paths.merchantStatementsCsv, statement.range)}
            />
          </div>
        </section>
      ) : null}
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(statementMessages, matchesLocale(matches)).title,
    description: inLocale(statementMessages, matchesLocale(matches)).metaDescription,
    path: paths.merchantStatements,
    noindex: true,
  });
