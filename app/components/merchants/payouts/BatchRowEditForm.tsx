/**
 * Fixing one row of a draft batch: its cells as the file had them, each with its error, checked
 * again on the server when saved (the same check as the upload). A plain form: it works without
 * JavaScript (the row's "Fix" link opens it as `?edit=<row id>`).
 */
import { Form, Link } from "@remix-run/react";
import { Card } from "~/components/ui";
import { SubmitButton, TextField } from "~/components/ui/form";
import type { RawPayoutRow } from "~/core/disbursements/row-check";
import type { BatchEditView } from "./BatchView";

const fields: {
  name: Exclude<keyof RawPayoutRow, "account"> | "account";
  label: string;
  hint: string;
  maxLength: number;
}[] = [
  {
    name: "recipient",
    label: "Recipient",
    hint: "A Kenyan mobile number such as 0712 345 678, a bank account number, or a Paybill or Till number.",
    maxLength: 64,
  },
  {
    name: "rail",
    label: "Rail",
    hint: "mpesa, airtel-money, t-kash, bank, paybill or till; blank for a mobile number.",
    maxLength: 32,
  },
  {
    name: "amount",
    label: "Amount (KES)",
    hint: "Whole shillings, such as 1500.",
    maxLength: 32,
  },
  {
    name: "reference",
    label: "Reference",
    hint: "Optional: what the recipient sees, up to 40 characters.",
    maxLength: 100,
  },
  {
    name: "name",
    label: "Name",
    hint: "The recipient's name; a bank payout needs the account name.",
    maxLength: 200,
  },
  {
    name: "bankCode",
    label: "Bank code",
    hint: "Bank payouts only: the bank's 2-digit code, such as 68 for Equity Bank Kenya.",
    maxLength: 8,
  },
  {
    name: "account",
    label: "Account",
    hint: "Paybill payouts only: the account number at the Paybill, at most 13 characters.",
    maxLength: 64,
  },
];

export function BatchRowEditForm({ row, cancelHref }: { row: BatchEditView; cancelHref: string }) {
  const errorOf = (field: keyof RawPayoutRow) =>
    row.errors.filter((error) => error.field === field).map((error) => error.message);
  return (
    <section id="edit-row" aria-labelledby="edit-row-title" className="mt-8">
      <Card>
        <h2 id="edit-row-title" className="text-xl font-semibold text-ink">
          Fix line {row.line}
        </h2>
        {row.errors.length > 0 ? (
          <p className="mt-2 text-slate-700">
            {row.errors.length === 1
              ? "One cell needs a change."
              : `${row.errors.length} cells need a change.`}{" "}
            Saving checks the row again.
          </p>
        ) : (
          <p className="mt-2 text-slate-700">This row is ready. Saving checks it again.</p>
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
            <SubmitButton pendingLabel="Saving...">Save Row</SubmitButton>
            <Link to={cancelHref} className="font-semibold text-brand-800 underline">
              Cancel
            </Link>
          </div>
        </Form>
      </Card>
    </section>
  );
}
