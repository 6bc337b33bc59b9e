/**
 * Fixing one row of a draft batch: its cells as the file had them, each with its error, checked
 * again on the server when saved (the same check as the upload). A plain form: it works without
 * JavaScript (the row's "Fix" link opens it as `?edit=<row id>`).
 */
import { Form, Link } from "@remix-run/react";
import { Card } from "~/components/ui";
import { SubmitButton, TextField } from "~/components/ui/form";
import type { RawPayoutRow } from "~/core/disbursements/row-check";
import { payoutBatchMessages } from "~/i18n/catalogs/payout-batches";
import type { Translation } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-messages";
import type { BatchEditView } from "./BatchView";

type EditMessages = Translation<(typeof payoutBatchMessages)["en"]>["edit"];

/** The row's cells, labelled in the page's language. */
const fieldsOf = (
  m: EditMessages,
): {
  name: Exclude<keyof RawPayoutRow, "account"> | "account";
  label: string;
  hint: string;
  maxLength: number;
}[] => [
  { name: "recipient", label: m.recipient, hint: m.recipientHint, maxLength: 64 },
  { name: "rail", label: m.rail, hint: m.railHint, maxLength: 32 },
  { name: "amount", label: m.amount, hint: m.amountHint, maxLength: 32 },
  { name: "reference", label: m.reference, hint: m.referenceHint, maxLength: 100 },
  { name: "name", label: m.name, hint: m.nameHint, maxLength: 200 },
  { name: "bankCode", label: m.bankCode, hint: m.bankCodeHint, maxLength: 8 },
  { name: "account", label: m.account, hint: m.accountHint, maxLength: 64 },
];

export function BatchRowEditForm({ row, cancelHref }: { row: BatchEditView; cancelHref: string }) {
  const m = useMessages(payoutBatchMessages).edit;
  const fields = fieldsOf(m);
  const errorOf = (field: keyof RawPayoutRow) =>
    row.errors.filter((error) => error.field === field).map((error) => error.message);
  return (
    <section id="edit-row" aria-labelledby="edit-row-title" className="mt-8">
      <Card>
        <h2 id="edit-row-title" className="text-xl font-semibold text-ink">
          {m.title(row.line)}
        </h2>
        {row.errors.length > 0 ? (
          <p className="mt-2 text-slate-700">
            {m.cellsNeedChange(row.errors.length)} {m.savingChecks}
          </p>
        ) : (
          <p className="mt-2 text-slate-700">{m.ready}</p>
        )}
        <Form method="post" className="mt-6 grid gap-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value="edit-row" />
          <input type="hidden" name="rowId" value={row.id} />
          {fields.map((field) => {
            const errors = errorOf(field.name);
            return (
              <TextField
                key={`${row.id}-${field.name}`}
                meta={{
                  id: `edit-${field.name}`,
                  name: field.name,
                  errorId: `edit-${field.name}-error`,
                  errors: errors.length ? errors : undefined,
                  required: false,
                }}
                label={field.label}
                hint={field.hint}
                defaultValue={row.raw[field.name] ?? ""}
                maxLength={field.maxLength}
                autoComplete="off"
              />
            );
          })}
          <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
            <SubmitButton pendingLabel={m.saving}>{m.save}</SubmitButton>
            <Link to={cancelHref} className="font-semibold text-brand-800 underline">
              {m.cancel}
            </Link>
          </div>
        </Form>
      </Card>
    </section>
  );
}
