/**
 * The visitor's form on a payment link's page: the amount (fixed, or a KES field), the asset
 * (fixed, or radio buttons) and "Continue to payment". A plain POST form: errors come back in the
 * server HTML next to their field with what was typed; with JavaScript the button says it is
 * working.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { fieldMeta, Honeypot, SubmitButton, TextField } from "~/components/ui/form";
import { paymentAssets } from "~/core/payments/create-payment-schema";
import { openPaymentLinkSchema } from "~/core/payments/link-schema";
import { formatKes, formatKesCents } from "~/utils/format";
import { paymentLinkMessages } from "~/i18n/catalogs/payment-link";
import { useMessages } from "~/i18n/use-messages";

export function OpenLinkForm({
  action,
  amountKesCents,
  asset,
  minimumKes,
  maximumKes,
  lastResult,
}: {
  action: string;
  /** The link's fixed amount (cents), or null: the visitor enters it. */
  amountKesCents: string | null;
  /** The link's fixed asset, or null: the visitor chooses. */
  asset: string | null;
  minimumKes: number;
  maximumKes: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const m = useMessages(paymentLinkMessages);
  const schema = openPaymentLinkSchema(
    { fixedAmount: amountKesCents !== null, fixedAsset: asset !== null },
    m,
  );
  const [form, fields] = useForm({
    id: "open-payment-link",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const initialAmount = fields.amountKes.initialValue;
  const initialAsset = fields.asset.initialValue;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="relative space-y-6">
      <Honeypot />
      {form.errors?.length ? (
        <p
          id={form.errorId}
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
        >
          {form.errors[0]}
        </p>
      ) : null}
      {amountKesCents !== null ? (
        <div>
          <p className="text-sm font-medium text-slate-600">{m.amount}</p>
          <p className="text-3xl font-bold text-ink">{formatKesCents(amountKesCents)}</p>
        </div>
      ) : (
        <TextField
          meta={fieldMeta(fields.amountKes)}
          label={m.amountLabel}
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          defaultValue={typeof initialAmount === "string" ? initialAmount : undefined}
          hint={m.amountHint(formatKes(minimumKes), formatKes(maximumKes))}
        />
      )}
      {asset !== null ? (
        <div>
          <p className="text-sm font-medium text-slate-600">{m.payWith}</p>
          <p className="text-lg font-semibold text-ink">{asset}</p>
        </div>
      ) : (
        <fieldset aria-describedby={fields.asset.errors?.length ? fields.asset.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">
            {m.payWith}{" "}
            <span className="text-red-700" aria-hidden="true">
              *
            </span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {paymentAssets.map((choice) => (
              <label
                key={choice}
                className="flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2"
              >
                <input
                  type="radio"
                  name={fields.asset.name}
                  value={choice}
                  defaultChecked={
                    (typeof initialAsset === "string" ? initialAsset : "USDT") === choice
                  }
                />
                {choice}
              </label>
            ))}
          </div>
          <p id={fields.asset.errorId} className="mt-1 text-sm text-red-800" aria-live="polite">
            {fields.asset.errors?.[0]}
          </p>
        </fieldset>
      )}
      <SubmitButton pendingLabel={m.opening} className="w-full">
        {m.continue}
      </SubmitButton>
    </Form>
  );
}
