/**
 * The merchant's KRA PIN, printed on its statements (issue 30, item 8). A plain form: works without
 * JavaScript; the server checks the PIN (kraPinSchema).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { normalizeKraPin } from "~/core/merchants/kra-pin";
import { settingsMessages } from "~/i18n/catalogs/settings";
import { useMessages } from "~/i18n/use-messages";

/** The settings action this form posts to (`?intent=`). */
export const KRA_PIN_INTENT = "kra-pin";

const KRA_PIN = /^[AP]\d{9}[A-Z]$/;

/**
 * The page's KRA PIN schema, saying `invalid` in the page's language: core's kraPinSchema
 * (core/merchants/kra-pin.ts) with the same rule.
 */
export const kraPinSchemaFor = (invalid: string) =>
  z.object({
    kraPin: z
      .string()
      .max(20, invalid)
      .optional()
      .transform((value, ctx) => {
        const pin = normalizeKraPin(value ?? "");
        if (pin === "") return null;
        if (!KRA_PIN.test(pin)) {
          ctx.addIssue({ code: "custom", message: invalid });
          return z.NEVER;
        }
        return pin;
      }),
  });

export function KraPinForm({
  action,
  current,
  lastResult,
}: {
  action: string;
  current: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const m = useMessages(settingsMessages).kraPin;
  const [form, fields] = useForm({
    id: "kra-pin",
    lastResult,
    defaultValue: { kraPin: current ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: kraPinSchemaFor(m.invalid) }),
  });
  const initial = fields.kraPin.initialValue;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-5">
      <TextField
        meta={fieldMeta(fields.kraPin, false)}
        label={m.label}
        hint={m.hint}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        placeholder={m.placeholder}
        defaultValue={typeof initial === "string" ? initial : ""}
      />
      <SubmitButton pendingLabel={m.saving}>{m.save}</SubmitButton>
    </Form>
  );
}
