/**
 * "Pay with M-Pesa" on the checkout (ADR 0033): the number that gets the PIN prompt, or while a
 * prompt is out "Check your phone", or after one failed the customer's message and the form again.
 * Server HTML (the checkout runs without the React bundle): a plain POST form, validated with the
 * same zod schema on the server (Conform), its errors rendered next to the field.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { fieldMeta, TextField } from "~/components/ui/form";
import { buttonClass } from "~/components/ui";
import { mpesaPaySchemaIn } from "~/core/payments/mpesa-pay-schema";
import { mpesaPayMessages } from "~/i18n/catalogs/mpesa-pay";
import { useLocale, useMessages } from "~/i18n/use-messages";

export interface MpesaPayView {
  /** e.g. "KES 1,000" (whole shillings, rounded up). */
  amount: string;
  /** The prompt out now (masked number), if any. */
  pending: { phone: string } | null;
  /** Why the last prompt did not go through (until a new one is sent). */
  failure: string | null;
  /** Set when no more prompts can be sent for this payment. */
  blocked: string | null;
}

export function MpesaPay({
  view,
  lastResult,
  formError,
}: {
  view: MpesaPayView;
  lastResult: SubmissionResult<string[]> | undefined;
  /** A refusal that is not about the number (rate limit, M-Pesa refused the push). */
  formError: string | undefined;
}) {
  const locale = useLocale();
  const m = useMessages(mpesaPayMessages);
  const [form, fields] = useForm({
    id: "mpesa-pay",
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mpesaPaySchemaIn(locale) }),
  });
  return (
    <section
      aria-labelledby="mpesa-title"
      className="mt-6 rounded-2xl border border-emerald-300 bg-white p-5 shadow-sm sm:p-6"
      data-mpesa-section
    >
      <h2 id="mpesa-title" className="text-lg font-semibold text-ink">
        {m.title}
      </h2>
      {view.pending ? (
        <div role="status" className="mt-3 rounded-xl bg-emerald-50 p-4 text-emerald-950">
          <p className="text-lg font-semibold">{m.checkPhone(view.amount)}</p>
          <p className="mt-1">{m.promptSent(view.pending.phone)}</p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-slate-700">{m.intro(view.amount)}</p>
          {view.failure ? (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-900">
              {view.failure}
            </p>
          ) : null}
          {formError ? (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-900">
              {formError}
            </p>
          ) : null}
          {view.blocked ? (
            <p className="mt-3 font-medium text-slate-800">{view.blocked}</p>
          ) : (
            <form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="mpesa" />
              <TextField
                meta={fieldMeta(fields.phone)}
                label={m.numberLabel}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="0712 345 678"
                defaultValue={
                  typeof fields.phone.initialValue === "string"
                    ? fields.phone.initialValue
                    : undefined
                }
                hint={m.numberHint}
              />
              <button type="submit" className={buttonClass("primary", "w-full")}>
                {m.title}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
