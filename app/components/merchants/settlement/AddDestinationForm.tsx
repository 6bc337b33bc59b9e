import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { fieldMeta, SelectField, SubmitButton, TextField } from "~/components/ui/form";
import { addDestinationSchemaFor } from "~/core/destinations/schema";
import { settingsMessages } from "~/i18n/catalogs/settings";
import { useMessages } from "~/i18n/use-messages";

/**
 * Adding a destination: the rail, then its number (mobile money) or the bank, account number and
 * the name it is held in (PesaLink), and the password again. Without JavaScript every field shows,
 * each saying which rail it is for; with it, only the chosen rail's fields.
 */
export function AddDestinationForm({
  lastResult,
  rails,
  banks,
  hint,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  rails: readonly { value: string; label: string }[];
  banks: readonly { value: string; label: string }[];
  hint: string;
}) {
  const { add: m, rails: railNames } = useMessages(settingsMessages);
  const [form, fields] = useForm({
    id: "add-destination",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: addDestinationSchemaFor(m.errors, railNames) }),
  });
  const initialRail = typeof fields.rail.initialValue === "string" ? fields.rail.initialValue : "";
  const [rail, setRail] = useState(initialRail);
  // After hydration only: the server's HTML keeps every field (JavaScript may never run).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const showPhone = !hydrated || rail !== "pesalink";
  const showBank = !hydrated || rail === "pesalink";
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-5">
      <SelectField
        meta={fieldMeta(fields.rail)}
        label={m.payTo}
        placeholder={m.chooseWhere}
        options={rails}
        defaultValue={initialRail}
        onChange={(event) => setRail(event.currentTarget.value)}
      />
      {showPhone ? (
        <TextField
          meta={fieldMeta(fields.phone)}
          label={m.mobile}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          defaultValue={text(fields.phone.initialValue)}
          hint={m.mobileHint}
        />
      ) : null}
      {showBank ? (
        <fieldset className="space-y-5">
          <legend className="text-sm font-semibold text-ink">{m.bankLegend}</legend>
          <SelectField
            meta={fieldMeta(fields.bankCode)}
            label={m.bank}
            placeholder={m.chooseBank}
            options={banks}
            defaultValue={text(fields.bankCode.initialValue)}
          />
          <TextField
            meta={fieldMeta(fields.accountNumber)}
            label={m.accountNumber}
            inputMode="numeric"
            autoComplete="off"
            defaultValue={text(fields.accountNumber.initialValue)}
          />
          <TextField
            meta={fieldMeta(fields.accountName)}
            label={m.accountName}
            autoComplete="organization"
            defaultValue={text(fields.accountName.initialValue)}
            hint={m.accountNameHint}
          />
        </fieldset>
      ) : null}
      <TextField
        meta={fieldMeta(fields.password)}
        label={m.password}
        type="password"
        autoComplete="current-password"
        hint={hint}
      />
      <SubmitButton name="intent" value="add" pendingLabel={m.adding}>
        {m.submit}
      </SubmitButton>
    </Form>
  );
}
