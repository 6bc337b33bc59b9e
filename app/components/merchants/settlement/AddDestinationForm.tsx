import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { fieldMeta, SelectField, SubmitButton, TextField } from "~/components/ui/form";
import { addDestinationSchema } from "~/core/destinations/schema";

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
  const [form, fields] = useForm({
    id: "add-destination",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addDestinationSchema }),
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
        label="Pay me to"
        placeholder="Choose where to be paid"
        options={rails}
        defaultValue={initialRail}
        onChange={(event) => setRail(event.currentTarget.value)}
      />
      {showPhone ? (
        <TextField
          meta={fieldMeta(fields.phone)}
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          defaultValue={text(fields.phone.initialValue)}
          hint="For M-Pesa, Airtel Money and T-Kash: the number the wallet is registered to."
        />
      ) : null}
      {showBank ? (
        <fieldset className="space-y-5">
          <legend className="text-sm font-semibold text-ink">For a bank account (PesaLink)</legend>
          <SelectField
            meta={fieldMeta(fields.bankCode)}
            label="Bank"
            placeholder="Choose your bank"
            options={banks}
            defaultValue={text(fields.bankCode.initialValue)}
          />
          <TextField
            meta={fieldMeta(fields.accountNumber)}
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={text(fields.accountNumber.initialValue)}
          />
          <TextField
            meta={fieldMeta(fields.accountName)}
            label="Account name"
            autoComplete="organization"
            defaultValue={text(fields.accountName.initialValue)}
            hint="As the bank holds it: we check it with the bank."
          />
        </fieldset>
      ) : null}
      <TextField
        meta={fieldMeta(fields.password)}
        label="Your password"
        type="password"
        autoComplete="current-password"
        hint={hint}
      />
      <SubmitButton name="intent" value="add" pendingLabel="Adding...">
        Add destination
      </SubmitButton>
    </Form>
  );
}
