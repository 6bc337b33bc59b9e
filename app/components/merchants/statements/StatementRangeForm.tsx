/**
 * The statement period: a GET form (From, To) and a list of month links, so every period is a
 * shareable address and the page works without JavaScript. Errors come from the loader (the
 * period's zod schema, core/statements/range.ts) and sit under their field; the values stay.
 */
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui";
import { TextField } from "~/components/ui/form";
import type { MonthShortcut, StatementRange, StatementRangeErrors } from "~/core/statements/range";
import { paths } from "~/utils/paths";

const field = (name: keyof StatementRange, errors: StatementRangeErrors) => ({
  id: `statement-${name}`,
  name,
  errorId: `statement-${name}-error`,
  errors: errors[name] ? [errors[name]] : undefined,
  required: true,
});

/** `/merchant/statements?from=…&to=…` and the same for the CSV and the print page. */
export const statementHref = (path: string, range: StatementRange) =>
  `${path}?${new URLSearchParams({ from: range.from, to: range.to })}`;

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
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
      <Form
        method="get"
        action={paths.merchantStatements}
        aria-label="Statement period"
        className="self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        {hasErrors ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            Please correct the period below.
          </p>
        ) : null}
        <div className="flex flex-wrap items-start gap-4">
          <TextField
            meta={field("from", errors)}
            label="From"
            type="date"
            defaultValue={values.from}
            max={today}
            className="w-44"
          />
          <TextField
            meta={field("to", errors)}
            label="To"
            type="date"
            defaultValue={values.to}
            max={today}
            className="w-44"
          />
          <button type="submit" className={buttonClass("primary", "mt-6")}>
            Show statement
          </button>
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Nairobi dates, both days included; at most 366 days.
        </p>
      </Form>
      <nav aria-labelledby="statement-months" className="text-sm">
        <h2 id="statement-months" className="font-semibold text-ink">
          Monthly statements
        </h2>
        <ul className="mt-2 space-y-1">
          {shortcuts.map((month) => {
            const current = month.from === values.from && month.to === values.to;
            return (
              <li key={month.from}>
                <Link
                  to={statementHref(paths.merchantStatements, month)}
                  aria-current={current ? "page" : undefined}
                  className="text-brand-800 underline aria-[current=page]:font-semibold aria-[current=page]:no-underline"
                >
                  {month.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
