import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/ui";
import { FieldError, fieldMeta, TextAreaField, TextField } from "~/components/ui/form";
import { NOTE_MAX, SETTLE_B2B_INTENT, settleB2bSchema } from "./schema";

const OUTCOMES = [
  {
    value: "paid",
    label: "Paid",
    detail: "the payout is on M-Pesa's statement (enter its receipt)",
  },
  {
    value: "failed",
    label: "Failed",
    detail: "M-Pesa has no such transaction (the money goes back to the merchant's balance)",
  },
] as const;

/**
 * "Settle this M-Pesa B2B payout": for an open finding of a B2B payout that never got its Result,
 * what the operator found on M-Pesa's organisation portal (paid with the receipt, or no such
 * transaction) and a note. A plain POST; the server's errors show at their field.
 */
export function SettleB2bForm({
  findingId,
  title,
  lastResult,
}: {
  findingId: string;
  /** The finding's title, for the submit button's accessible name. */
  title: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `settle-${findingId}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settleB2bSchema }),
  });
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === SETTLE_B2B_INTENT &&
    navigation.formData?.get("findingId") === findingId;
  const formError = form.errors?.[0];
  const outcome = fieldMeta(fields.outcome);
  const chosen = typeof fields.outcome.initialValue === "string" ? fields.outcome.initialValue : "";
  const headingId = `${form.id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h5 id={headingId} className="text-base font-semibold text-ink">
        Settle this M-Pesa B2B payout
      </h5>
      <p className="mt-1 text-sm text-slate-700">
        Look the payout up on M-Pesa&apos;s organisation portal first. Settling it resolves this
        finding and cannot be undone.
      </p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={SETTLE_B2B_INTENT} />
        <input type="hidden" name="findingId" value={findingId} />
        {formError ? (
          <p id={form.errorId} role="alert" className="text-sm font-semibold text-red-800">
            {formError}
          </p>
        ) : null}
        <fieldset aria-describedby={outcome.errors?.length ? outcome.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">
            What M-Pesa&apos;s portal shows
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          </legend>
          <div className="mt-2 space-y-2">
            {OUTCOMES.map((option) => {
              const id = `${form.id}-outcome-${option.value}`;
              return (
                <div key={option.value} className="flex items-start gap-3">
                  <input
                    type="radio"
                    id={id}
                    name={fields.outcome.name}
                    value={option.value}
                    required
                    defaultChecked={chosen === option.value}
                    className="mt-1 h-4 w-4 border-slate-500 text-brand-700 focus:ring-brand-700"
                  />
                  <label htmlFor={id} className="min-w-0 text-sm text-slate-800">
                    <span className="font-medium">{option.label}</span>: {option.detail}
                  </label>
                </div>
              );
            })}
          </div>
          <FieldError meta={outcome} />
        </fieldset>
        <TextField
          meta={fieldMeta(fields.receipt, false)}
          label="M-Pesa receipt (for paid)"
          hint="10 letters and digits, as the portal shows it, e.g. TKQ8AB12CD"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          className="max-w-xs"
          defaultValue={
            typeof fields.receipt.initialValue === "string" ? fields.receipt.initialValue : ""
          }
        />
        <TextAreaField
          meta={fieldMeta(fields.note)}
          label="What you found"
          rows={3}
          maxLength={NOTE_MAX}
          defaultValue={
            typeof fields.note.initialValue === "string" ? fields.note.initialValue : ""
          }
        />
        <button
          type="submit"
          disabled={pending}
          aria-disabled={pending || undefined}
          className={buttonClass("primary")}
        >
          {pending ? "Settling..." : "Settle payout"}
          <span className="sr-only"> {title}</span>
        </button>
      </Form>
    </section>
  );
}
