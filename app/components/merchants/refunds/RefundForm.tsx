/**
 * The refund form (issue 15, item 5): the amount in KES (crypto: cents allowed; M-Pesa: whole
 * shillings), for crypto the rate (locked at payment or today's, each with what the customer would
 * get) and the customer's address; an optional reason. With `held` it refunds what is held for the
 * customer (an overpayment's excess): the address and the reason only. Everything works without
 * JavaScript: the review below the form comes from the server, which checks the refund again.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { fieldMeta, FieldError, SubmitButton, TextField } from "~/components/ui/form";
import { REFUND_REASON_MAX, refundRates, type RefundRate } from "~/core/refunds/vocabulary";
import { formatKesCents } from "~/utils/format";
import * as paths from "~/utils/paths";
import { requestKeyField } from "~/utils/request-key";
import { refundsMessages, type RefundsMessages } from "~/i18n/catalogs/refunds";
import { useMessages } from "~/i18n/use-messages";
import {
  BENEFICIARY_FIELDS,
  BeneficiaryFields,
  beneficiaryFieldLimits,
  beneficiaryFormFieldsFor,
  checkBeneficiaryFields,
  type TravelRuleFormContext,
} from "./BeneficiaryFields";

/** Longest an address can be on any network we take payments on (and what the planner accepts). */
export const REFUND_ADDRESS_MAX = 128;
const AMOUNT_MAX = 32;

/**
 * A KES amount as people write it ("1500", "1,500", "1 500", "1500.50", "KES 1,500.50") in cents,
 * or null when it is not one. Never a float.
 */
export function parseKesAmount(text: string): bigint | null {
  const value = text
    .trim()
    .replace(/^(?:kes|ksh|kshs)\.?\s*/i, "")
    .trim();
  if (!/^(?:\d{1,3}(?:[, ]\d{3})+|\d+)(?:\.\d{1,2})?$/.test(value)) return null;
  const [whole = "0", fraction = ""] = value.replace(/[, ]/g, "").split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
}

/** Cents as the amount field shows them: "1500" or "1500.50" (no grouping: easy to edit). */
export function amountFieldValue(cents: bigint | string): string {
  const value = BigInt(cents);
  const whole = (value / 100n).toString();
  const fraction = value % 100n;
  return fraction === 0n ? whole : `${whole}.${fraction.toString().padStart(2, "0")}`;
}

/** Where the form posts: the refund page, with `held=1` for held money (never the old query). */
export const refundFormAction = (paymentId: string, held: boolean) =>
  paths.merchantPaymentRefund(paymentId, held ? { held: "1" } : {});

/** The form's schema with its messages in the page's language (the API has its own schema). */
export function refundFormSchemaFor(m: RefundsMessages["schema"]) {
  return z
    .object({
      intent: z.enum(["review", "send"]).default("review"),
      held: z.literal("1").optional(),
      amount: z.string().trim().max(AMOUNT_MAX, m.amountTooLong).optional(),
      rate: z.enum(refundRates, { message: m.chooseRate }).optional(),
      address: z.string().trim().max(REFUND_ADDRESS_MAX, m.addressTooLong).optional(),
      reason: z
        .string()
        .trim()
        .max(REFUND_REASON_MAX, m.reasonTooLong(REFUND_REASON_MAX))
        .optional(),
      requestKey: requestKeyField,
      ...beneficiaryFormFieldsFor(m),
    })
    .superRefine((value, ctx) => {
      checkBeneficiaryFields(value, ctx, m);
      if (value.held === "1") return;
      if (!value.amount)
        ctx.addIssue({ code: "custom", path: ["amount"], message: m.amountMissing });
      else if (parseKesAmount(value.amount) === null)
        ctx.addIssue({ code: "custom", path: ["amount"], message: m.amountInvalid });
    });
}

/** The form's schema in English. */
export const refundFormSchema = refundFormSchemaFor(refundsMessages.en.schema);

export type RefundFormValues = z.infer<typeof refundFormSchema>;

const QUERY_FIELDS = [
  "held",
  "amount",
  "rate",
  "address",
  "reason",
  ...BENEFICIARY_FIELDS,
] as const;
type QueryField = (typeof QUERY_FIELDS)[number];
export type RefundFormDefaults = Partial<Record<QueryField, string>>;

/** The form's values as an address query (to come back to the form after confirming). */
export function refundFormQuery(value: RefundFormValues): string {
  const params = new URLSearchParams();
  for (const key of QUERY_FIELDS) {
    const item = value[key];
    if (item) params.set(key, item);
  }
  return params.toString();
}

/** The form's starting values from an address query (refundFormQuery), each cut to its field. */
export function refundFormDefaults(params: URLSearchParams): RefundFormDefaults {
  const limits: Record<QueryField, number> = {
    held: 1,
    amount: AMOUNT_MAX,
    rate: 8,
    address: REFUND_ADDRESS_MAX,
    reason: REFUND_REASON_MAX,
    ...beneficiaryFieldLimits,
  };
  const defaults: RefundFormDefaults = {};
  for (const key of QUERY_FIELDS) {
    const item = params.get(key);
    if (item) defaults[key] = item.slice(0, limits[key]);
  }
  return defaults;
}

/** One rate the member can choose: KES per coin and what the customer gets for the amount. */
export interface RateChoice {
  choice: RefundRate;
  /** "KES 129.45" (per coin of the form's asset; its label comes from the page's catalog). */
  rate: string;
  /** "11.61 USDT", for `forKesCents`. */
  customerGets: string;
}

export interface RefundFormContext {
  paymentId: string;
  method: "crypto" | "mpesa";
  held: boolean;
  asset: string;
  /** "Tron (TRC-20)". */
  networkName: string;
  remainingKesCents: string;
  /** Crypto held for the customer, "2.5 USDT" (held refunds). */
  heldText: string | null;
  /** The rates offered (crypto from the balance), priced for `ratesForKesCents`. */
  rates: RateChoice[];
  ratesForKesCents: string;
  /** Today's rate is not offered (not available now). */
  currentRateMissing: boolean;
  /** Where the payment came from (a hint, never prefilled). */
  payerAddress: string | null;
  /** "+254 712 345 678" (M-Pesa). */
  payerPhone: string | null;
  /** Crypto: the travel rule's threshold, and whether the server found this refund needs it. */
  travelRule: TravelRuleFormContext | null;
}

export function RefundForm({
  context,
  lastResult,
  defaults,
  reviewed,
}: {
  context: RefundFormContext;
  lastResult: SubmissionResult<string[]> | undefined;
  defaults: RefundFormDefaults;
  reviewed: boolean;
}) {
  const m = useMessages(refundsMessages);
  const f = m.form;
  const schema = refundFormSchemaFor(m.schema);
  const [form, fields] = useForm<RefundFormValues>({
    id: "refund",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const initial = (value: unknown) => (typeof value === "string" ? value : undefined);
  const crypto = context.method === "crypto";
  const chosenRate = initial(fields.rate.initialValue) ?? "locked";
  const rateMeta = fieldMeta(fields.rate);
  return (
    <Form
      method="post"
      action={refundFormAction(context.paymentId, context.held)}
      {...getFormProps(form)}
      className="mt-8 space-y-6"
    >
      {form.errors?.length ? (
        <p
          id={form.errorId}
          role="alert"
          className="rounded-lg bg-red-50 p-3 font-medium text-red-900"
        >
          {form.errors[0]}
        </p>
      ) : null}
      {context.held ? (
        <>
          <input type="hidden" name="held" value="1" />
          <p className="text-slate-700">{f.heldIntro(context.heldText ?? "")}</p>
        </>
      ) : (
        <TextField
          meta={fieldMeta(fields.amount)}
          label={f.amountLabel}
          hint={
            crypto
              ? f.amountHintCrypto(formatKesCents(context.remainingKesCents))
              : f.amountHintMpesa(formatKesCents(context.remainingKesCents))
          }
          inputMode="decimal"
          autoComplete="off"
          maxLength={AMOUNT_MAX}
          defaultValue={initial(fields.amount.initialValue)}
        />
      )}
      {crypto && !context.held ? (
        <fieldset aria-describedby={rateMeta.errors?.length ? rateMeta.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">{f.rateLegend}</legend>
          <p className="mt-1 text-sm text-slate-600">
            {f.rateIntro(formatKesCents(context.ratesForKesCents))}
          </p>
          <div className="mt-2 space-y-2">
            {context.rates.map((rate) => {
              const id = `${form.id}-rate-${rate.choice}`;
              return (
                <div key={rate.choice} className="flex items-start gap-3">
                  <input
                    type="radio"
                    id={id}
                    name={fields.rate.name}
                    value={rate.choice}
                    defaultChecked={chosenRate === rate.choice}
                    className="mt-1 h-4 w-4 border-slate-500 text-brand-700 focus:ring-brand-700"
                  />
                  <label htmlFor={id} className="min-w-0 text-sm text-slate-800">
                    <span className="font-medium">{m.rateLabels[rate.choice]}</span>:{" "}
                    {m.perAsset(rate.rate, context.asset)}; {f.customerGets(rate.customerGets)}
                  </label>
                </div>
              );
            })}
          </div>
          {context.currentRateMissing ? (
            <p className="mt-2 text-sm text-slate-600">{m.page.currentRateMissing}</p>
          ) : null}
          <FieldError meta={rateMeta} />
        </fieldset>
      ) : null}
      {crypto ? (
        <TextField
          meta={fieldMeta(fields.address)}
          label={f.addressLabel(context.asset)}
          hint={
            <>
              {f.addressHint(context.networkName)}
              {context.payerAddress ? (
                <>
                  {" "}
                  {f.payerAddressBefore}{" "}
                  <span className="break-all font-mono">{context.payerAddress}</span>
                  {f.payerAddressAfter}
                </>
              ) : null}
            </>
          }
          autoComplete="off"
          spellCheck={false}
          maxLength={REFUND_ADDRESS_MAX}
          defaultValue={initial(fields.address.initialValue)}
        />
      ) : (
        <p className="text-slate-700">
          {context.payerPhone ? f.mpesaToPhone(context.payerPhone) : f.mpesaTo}
        </p>
      )}
      {crypto && context.travelRule ? (
        <BeneficiaryFields fields={fields} context={context.travelRule} />
      ) : null}
      <TextField
        meta={fieldMeta(fields.reason, false)}
        label={f.reasonLabel}
        hint={f.reasonHint(REFUND_REASON_MAX)}
        maxLength={REFUND_REASON_MAX}
        defaultValue={initial(fields.reason.initialValue)}
      />
      <SubmitButton
        name="intent"
        value="review"
        pendingLabel={f.checking}
        variant={reviewed ? "secondary" : "primary"}
      >
        {reviewed ? f.reviewAgain : f.review}
      </SubmitButton>
    </Form>
  );
}
