import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import {
  CheckboxField,
  fieldMeta,
  SelectField,
  SubmitButton,
  TextField,
} from "~/components/ui/form";
import {
  checkPayoutRow,
  PAYBILL_ACCOUNT_MAX,
  PAYOUT_NAME_MAX,
  PAYOUT_REFERENCE_MAX,
  type RawPayoutRow,
} from "~/core/disbursements/row-check";
import { payoutsMessages } from "~/i18n/catalogs/payouts";
import { inLocale, type Translation } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-messages";
import { requestKeyField } from "~/utils/request-key";

/** The single payout form's messages in one language. */
export type SinglePayoutMessages = Translation<(typeof payoutsMessages)["en"]>["single"];

/** The rails the form offers (blank: the number's prefix decides), in the page's language. */
export const payoutRailOptionsFor = (m: SinglePayoutMessages) =>
  [
    { value: "mpesa", label: "M-Pesa" },
    { value: "airtel-money", label: "Airtel Money" },
    { value: "t-kash", label: "T-Kash" },
    { value: "pesalink", label: m.railBank },
    { value: "paybill", label: "M-Pesa Paybill" },
    { value: "till", label: "M-Pesa Till" },
  ] as const;

/** The rails the form offers, in English. */
export const payoutRailOptions = payoutRailOptionsFor(inLocale(payoutsMessages, "en").single);

const railValues = ["mpesa", "airtel-money", "t-kash", "pesalink", "paybill", "till"] as const;

/** Cut a posted value short: the row check says what is wrong with anything longer than fits. */
const text = (max: number) => z.string().max(max).optional();

const payoutFieldsFor = (m: SinglePayoutMessages) =>
  z.object({
    intent: z.enum(["review", "send"]).default("review"),
    recipient: text(64),
    rail: z.enum(railValues, { message: m.railInvalid }).optional(),
    bankCode: text(4),
    account: text(64),
    amount: text(32),
    reference: text(200),
    name: text(200),
    smsReceipts: z.boolean().optional(),
    /** Made with the review; Send payout carries it (one payout per review). */
    requestKey: requestKeyField,
  });

export type SinglePayoutValues = z.infer<ReturnType<typeof payoutFieldsFor>>;

const englishRowErrors = inLocale(payoutsMessages, "en").single.rowErrors;
const rowErrorKeys = Object.keys(englishRowErrors) as (keyof typeof englishRowErrors)[];

/**
 * A row check's message in the page's language: core's English (shared with the API and payout
 * files) mapped by its exact text; a message with values stays in English.
 */
export function rowErrorIn(m: SinglePayoutMessages, message: string): string {
  const key = rowErrorKeys.find((name) => englishRowErrors[name] === message);
  return key ? m.rowErrors[key] : message;
}

/**
 * The cells the row check reads. The bank is for bank payouts and the account for Paybill ones:
 * with another rail chosen, a bank left selected or an account left typed (every field shows
 * without JavaScript) is ignored.
 */
export function rawPayoutOf(value: SinglePayoutValues): RawPayoutRow {
  const mobile = value.rail !== undefined && value.rail !== "pesalink";
  return {
    recipient: value.recipient ?? "",
    rail: value.rail ?? "",
    amount: value.amount ?? "",
    reference: value.reference ?? "",
    name: value.name ?? "",
    bankCode: mobile ? "" : (value.bankCode ?? ""),
    account: value.rail === "paybill" ? (value.account ?? "") : "",
  };
}

/**
 * One payout's form, checked field by field with the same rules as a line of a payout file
 * (`checkPayoutRow`), in the browser and on the server.
 */
export const singlePayoutSchemaFor = (m: SinglePayoutMessages) =>
  payoutFieldsFor(m).superRefine((value, ctx) => {
    const check = checkPayoutRow(rawPayoutOf(value));
    if (check.ok) return;
    for (const error of check.errors)
      ctx.addIssue({ code: "custom", path: [error.field], message: rowErrorIn(m, error.message) });
  });

/** The form's schema in English. */
export const singlePayoutSchema = singlePayoutSchemaFor(inLocale(payoutsMessages, "en").single);

/** The form's values as an address query (to come back to the form after confirming). */
export function payoutFormQuery(value: SinglePayoutValues): string {
  const params = new URLSearchParams();
  for (const key of [
    "recipient",
    "rail",
    "bankCode",
    "account",
    "amount",
    "reference",
    "name",
  ] as const) {
    const item = value[key];
    if (item) params.set(key, item);
  }
  if (value.smsReceipts) params.set("smsReceipts", "on");
  return params.toString();
}

/** The form's fields as typed (before they are checked). */
export type SinglePayoutDefaults = Partial<
  Record<
    "recipient" | "rail" | "bankCode" | "account" | "amount" | "reference" | "name" | "smsReceipts",
    string
  >
>;

/** The form's starting values from an address query (payoutFormQuery), each cut to its field. */
export function payoutFormDefaults(params: URLSearchParams): SinglePayoutDefaults {
  const limits = {
    recipient: 64,
    rail: 16,
    bankCode: 4,
    account: 64,
    amount: 32,
    reference: PAYOUT_REFERENCE_MAX,
    name: PAYOUT_NAME_MAX,
    smsReceipts: 2,
  } as const;
  const defaults: SinglePayoutDefaults = {};
  for (const [key, max] of Object.entries(limits) as [keyof typeof limits, number][]) {
    const item = params.get(key);
    if (item) defaults[key] = item.slice(0, max);
  }
  return defaults;
}

/**
 * The payout's details and the Review button. Without JavaScript every field shows (the bank for
 * bank payouts only, the account for Paybill ones); with it, the account shows for a Paybill only.
 * The review below the form comes from the server.
 */
export function SinglePayoutForm({
  lastResult,
  defaults,
  banks,
  reviewed,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaults: SinglePayoutDefaults;
  banks: readonly { value: string; label: string }[];
  reviewed: boolean;
}) {
  const m = useMessages(payoutsMessages).single;
  const [form, fields] = useForm<SinglePayoutValues>({
    id: "single-payout",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: singlePayoutSchemaFor(m) }),
  });
  const initial = (value: unknown) => (typeof value === "string" ? value : undefined);
  // Until the page runs JavaScript every field shows; then the account shows for a Paybill only.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const showAccount = !hydrated || fields.rail.value === "paybill";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-6">
      <TextField
        meta={fieldMeta(fields.recipient)}
        label={m.recipient}
        hint={m.recipientHint}
        autoComplete="off"
        maxLength={64}
        defaultValue={initial(fields.recipient.initialValue)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          meta={fieldMeta(fields.rail, false)}
          label={m.rail}
          placeholder={m.railPlaceholder}
          options={payoutRailOptionsFor(m)}
          defaultValue={initial(fields.rail.initialValue) ?? ""}
        />
        <SelectField
          meta={fieldMeta(fields.bankCode, false)}
          label={m.bank}
          placeholder={m.bankPlaceholder}
          options={banks}
          defaultValue={initial(fields.bankCode.initialValue) ?? ""}
        />
      </div>
      {showAccount ? (
        <TextField
          meta={fieldMeta(fields.account, false)}
          label={m.account}
          hint={m.accountHint(PAYBILL_ACCOUNT_MAX)}
          autoComplete="off"
          maxLength={64}
          defaultValue={initial(fields.account.initialValue)}
        />
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          meta={fieldMeta(fields.amount)}
          label={m.amount}
          hint={m.amountHint}
          inputMode="numeric"
          autoComplete="off"
          maxLength={32}
          placeholder={m.amountPlaceholder}
          defaultValue={initial(fields.amount.initialValue)}
        />
        <TextField
          meta={fieldMeta(fields.reference, false)}
          label={m.reference}
          hint={m.referenceHint}
          maxLength={PAYOUT_REFERENCE_MAX}
          defaultValue={initial(fields.reference.initialValue)}
        />
      </div>
      <TextField
        meta={fieldMeta(fields.name, false)}
        label={m.name}
        hint={m.nameHint}
        autoComplete="off"
        maxLength={PAYOUT_NAME_MAX}
        defaultValue={initial(fields.name.initialValue)}
      />
      <CheckboxField
        meta={fieldMeta(fields.smsReceipts, false)}
        label={m.smsReceipt}
        defaultChecked={fields.smsReceipts.initialValue === "on"}
      />
      <SubmitButton
        name="intent"
        value="review"
        pendingLabel={m.checking}
        variant={reviewed ? "secondary" : "primary"}
      >
        {reviewed ? m.reviewAgain : m.review}
      </SubmitButton>
    </Form>
  );
}
