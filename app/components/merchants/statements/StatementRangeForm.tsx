/**
 * The statement period: a GET form (From, To) and a list of month links, so every period is a
 * shareable address and the page works without JavaScript. Errors come from the loader (the
 * period's zod schema, core/statements/range.ts) and sit under their field; the values stay.
 */
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui";
import { TextField } from "~/components/ui/form";
import type { MonthShortcut, StatementRange, StatementRangeErrors } from "~/core/statements/range";
import { rangeErrorIn, statementMessages } from "~/i18n/catalogs/statements";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatDate, formatMonthYear } from "~/utils/format";
import * as paths from "~/utils/paths";

const field = (
  name: keyof StatementRange,
  errors: StatementRangeErrors,
  inPage: (message: string) => string,
) => {
  const error = errors[name];
  return {
    id: `statement-${name}`,
    name,
    errorId: `statement-${name}-error`,
    errors: error ? [inPage(error)] : undefined,
    required: true,
  };
};

/** `/merchant/statements?from=…&to=…` and the same for the CSV and the print page. */
export const statementHref = (path: string, range: StatementRange) =>
  `${path}?${new URLSearchParams({ from: range.from, to: range.to })}`;

/** "1 Nov 2026 to 30 Nov 2026" (one day: "24 Nov 2026") in the page's language. */
export function useStatementPeriod(): (range: StatementRange) => string {
  const m = useMessages(statementMessages);
  const locale = useLocale();
  return (range) =>
    range.from === range.to
      ? formatDate(range.from, locale)
      : m.periodRange(formatDate(range.from, locale), formatDate(range.to, locale));
}

export function StatementRangeForm({
  values,
  errors,
  today,
  shortcuts,
}: {
  values: StatementRange;
  errors: StatementRangeErrors;
  /** YYYY-MM-DD in Nairobi: the latest day a period may end. */
  today: string;
  shortcuts: readonly MonthShortcut[];
}) {
  const hasErrors = Boolean(errors.from || errors.to);
  const m = useMessages(statementMessages).range;
  const locale = useLocale();
  const inPage = (message: string) => rangeErrorIn(m.errors, message);
  /** A month's name in the page's language ("Novemba 2026"); this month's: "... to date". */
  const monthLabel = (month: MonthShortcut, index: number) => {
    const name = formatMonthYear(
      Number(month.from.slice(0, 4)),
      Number(month.from.slice(5, 7)),
      locale,
    );
    return index === 0 ? m.toDate(name) : name;
  };
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
      <Form
        method="get"
        action={paths.merchantStatements}
        aria-label={m.label}
        className="self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        {hasErrors ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {m.correct}
          </p>
        ) : null}
        <div className="flex flex-wrap items-start gap-4">
          <TextField
            meta={field("from", errors, inPage)}
            label={m.from}
            type="date"
            defaultValue={values.from}
            max={today}
            className="w-44"
          />
          <TextField
            meta={field("to", errors, inPage)}
            label={m.to}
            type="date"
            defaultValue={values.to}
            max={today}
            className="w-44"
          />
          <button type="submit" className={buttonClass("primary", "mt-6")}>
            {m.show}
          </button>
        </div>
        <p className="mt-2 text-sm text-slate-600">{m.note}</p>
      </Form>
      <nav aria-labelledby="statement-months" className="text-sm">
        <h2 id="statement-months" className="font-semibold text-ink">
          {m.monthly}
        </h2>
        <ul className="mt-2 space-y-1">
          {shortcuts.map((month, index) => {
            const current = month.from === values.from && month.to === values.to;
            return (
              <li key={month.from}>
                <Link
                  to={statementHref(paths.merchantStatements, month)}
                  aria-current={current ? "page" : undefined}
                  className="text-brand-800 underline aria-[current=page]:font-semibold aria-[current=page]:no-underline"
                >
                  {monthLabel(month, index)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
