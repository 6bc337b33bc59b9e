/**
 * "Create payment link": a title, a description, an optional fixed amount (whole KES) and asset,
 * optional return addresses. Errors come back in the server HTML next to their field, with what
 * was typed.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { fieldMeta, SelectField, SubmitButton, TextField } from "~/components/ui/form";
import type { ApiMode } from "~/core/api/vocabulary";
import { paymentAssets } from "~/core/payments/create-payment-schema";
import { paymentLinkLimits, paymentLinkSchema } from "~/core/payments/link-schema";
import { formatKes } from "~/utils/format";

type Field = "title" | "description" | "amountKes" | "asset" | "successUrl" | "cancelUrl";

export function CreatePaymentLinkForm({
  action,
  mode,
  minimumKes,
  maximumKes,
  lastResult,
}: {
  action: string;
  mode: ApiMode;
  minimumKes: number;
  maximumKes: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const schema = paymentLinkSchema(mode);
  const [form, fields] = useForm({
    id: "create-payment-link",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const initial = (name: Field) => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : undefined;
  };
  const https = mode === "live" ? "https://" : "https:// (or http:// in test mode)";
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="create" />
      <TextField
        meta={fieldMeta(fields.title)}
        label="Title (what the customer pays for)"
        maxLength={paymentLinkLimits.title}
        defaultValue={initial("title")}
        placeholder="e.g. 1 kg house blend"
      />
      <TextField
        meta={fieldMeta(fields.description, false)}
        label="Description (shown to the customer)"
        maxLength={paymentLinkLimits.description}
        defaultValue={initial("description")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          meta={fieldMeta(fields.amountKes, false)}
          label="Fixed amount (KES)"
          inputMode="numeric"
          maxLength={7}
          defaultValue={initial("amountKes")}
          hint={`Whole shillings from ${formatKes(minimumKes)} to ${formatKes(maximumKes)}. Leave it empty to let the customer enter the amount.`}
        />
        <SelectField
          meta={fieldMeta(fields.asset, false)}
          label="Customer pays with"
          placeholder="Customer chooses"
          options={paymentAssets.map((asset) => ({ value: asset, label: asset }))}
          defaultValue={initial("asset") ?? ""}
        />
      </div>
      <TextField
        meta={fieldMeta(fields.successUrl, false)}
        label="Return address after payment"
        type="url"
        inputMode="url"
        maxLength={paymentLinkLimits.successUrl}
        defaultValue={initial("successUrl")}
        hint={`Optional. A full address starting with ${https}, shown to the customer once paid.`}
      />
      <TextField
        meta={fieldMeta(fields.cancelUrl, false)}
        label="Return address if the customer cancels"
        type="url"
        inputMode="url"
        maxLength={paymentLinkLimits.cancelUrl}
        defaultValue={initial("cancelUrl")}
        hint="Optional. Shown on the checkout while the payment waits."
      />
      <SubmitButton pendingLabel="Creating...">Create payment link</SubmitButton>
    </Form>
  );
}
