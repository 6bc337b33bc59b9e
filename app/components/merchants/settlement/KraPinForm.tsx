/**
 * The merchant's KRA PIN, printed on its statements (issue 30, item 8). A plain form: works without
 * JavaScript; the server checks the PIN (kraPinSchema).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { kraPinSchema } from "~/core/merchants/kra-pin";

/** The settings action this form posts to (`?intent=`). */
export const KRA_PIN_INTENT = "kra-pin";

export function KraPinForm({
  action,
  current,
  lastResult,
}: {
  action: string;
  current: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "kra-pin",
    lastResult,
    defaultValue: { kraPin: current ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: kraPinSchema }),
  });
  const initial = fields.kraPin.initialValue;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-5">
      <TextField
        meta={fieldMeta(fields.kraPin, false)}
        label="KRA PIN"
        hint="As on your KRA PIN certificate, such as P051234567X. Printed on your statements. Leave it blank to remove it."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        placeholder="e.g. P051234567X"
        defaultValue={typeof initial === "string" ? initial : ""}
      />
      <SubmitButton pendingLabel="Saving...">Save KRA PIN</SubmitButton>
    </Form>
  );
}
