/**
 * Choose a month (`?month=2026-11`): a GET form, so it works without JavaScript; the server says
 * when the month given was not one.
 */
import { Form } from "@remix-run/react";
import { feeInvoiceMessages, monthErrorIn } from "~/i18n/catalogs/fee-invoices";
import { useMessages } from "~/i18n/use-messages";

export function MonthForm({
  action,
  month,
  error,
  label,
}: {
  action: string;
  month: string;
  error: string | null;
  label?: string;
}) {
  const m = useMessages(feeInvoiceMessages);
  return (
    <Form method="get" action={action} className="flex flex-wrap items-end gap-3 print:hidden">
      <div>
        <label htmlFor="month" className="block text-sm font-semibold text-ink">
          {label ?? m.month}
        </label>
        <input
          id="month"
          name="month"
          type="month"
          defaultValue={month}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "month-error" : undefined}
          className="mt-1 rounded-lg border border-slate-400 px-3 py-2 text-ink"
        />
      </div>
      <button
        type="submit"
        className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-offset-2"
      >
        {m.show}
      </button>
      {error ? (
        <p id="month-error" role="alert" className="w-full text-sm font-medium text-red-800">
          {monthErrorIn(m.monthError, error)}
        </p>
      ) : null}
    </Form>
  );
}
