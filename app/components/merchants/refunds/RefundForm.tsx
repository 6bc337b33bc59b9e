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
import { paths } from "~/utils/paths";
import { requestKeyField } from "~/utils/request-key";
import {
  BENEFICIARY_FIELDS,
  BeneficiaryFields,
  beneficiaryFieldLimits,
  beneficiaryFormFields,
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

export const refundFormSchema = z
  .object({
    intent: z.enum(["review", "send"]).default("review"),
    held: z.literal("1").optional(),
    amount: z.string().trim().max(AMOUNT_MAX, "Enter the amount in shillings").optional(),
    rate: z.enum(refundRates, { message: "Choose the rate to refund at" }).optional(),
    address: z
      .string()
      .trim()
      .max(REFUND_ADDRESS_MAX, "That is too long for an address: check it with your customer")
      .optional(),
    reason: z
      .string()
      .trim()
      .max(REFUND_REASON_MAX, `Keep the reason to ${REFUND_REASON_MAX} characters`)
      .optional(),
    requestKey: requestKeyField,
    ...beneficiaryFormFields,
  })
  .superRefine((value, ctx) => {
    checkBeneficiaryFields(value, ctx);
    if (value.held === "1") return;
    if (!value.amount)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: "Enter the amount to refund in shillings, such as 1500",
      });
    else if (parseKesAmount(value.amount) === null)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: "Enter the amount in shillings, such as 1500 or 1,500.50",
      });
  });

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
  label: string;
  /** "KES 129.45 per USDT". */
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
  /** Why today's rate is not offered, when it is not. */
  currentRateMissing: string | null;
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
  const [form, fields] = useForm<RefundFormValues>({
    id: "refund",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: refundFormSchema }),
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
          <p className="text-slate-700">
            The customer gets back the {context.heldText} held for them (what they paid over the
            amount asked). Nothing leaves your balance.
          </p>
        </>
      ) : (
        <TextField
          meta={fieldMeta(fields.amount)}
          label="Amount to refund (KES)"
          hint={
            crypto
              ? `At most ${formatKesCents(context.remainingKesCents)}. Cents are allowed, such as 1500.50.`
              : `At most ${formatKesCents(context.remainingKesCents)}, in whole shillings: M-Pesa's charge is added.`
          }
          inputMode="decimal"
          autoComplete="off"
          maxLength={AMOUNT_MAX}
          defaultValue={initial(fields.amount.initialValue)}
        />
      )}
      {crypto && !context.held ? (
        <fieldset aria-describedby={rateMeta.errors?.length ? rateMeta.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">Rate</legend>
          <p className="mt-1 text-sm text-slate-600">
            What the customer gets for {formatKesCents(context.ratesForKesCents)} at each rate.
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
                    <span className="font-medium">{rate.label}</span>: {rate.rate}; the customer
                    gets {rate.customerGets}
                  </label>
                </div>
              );
            })}
          </div>
          {context.currentRateMissing ? (
            <p className="mt-2 text-sm text-slate-600">{context.currentRateMissing}</p>
          ) : null}
          <FieldError meta={rateMeta} />
        </fieldset>
      ) : null}
      {crypto ? (
        <TextField
          meta={fieldMeta(fields.address)}
          label={`Customer's ${context.asset} address`}
          hint={
            <>
              The refund goes on {context.networkName} only: ask your customer for an address on
              that network. Coins sent to an address on another network may be lost.
              {context.payerAddress ? (
                <>
                  {" "}
                  The payment came from{" "}
                  <span className="break-all font-mono">{context.payerAddress}</span>: use it only
                  if the customer confirms it is theirs (an exchange's address may not be).
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
          The refund goes to the phone the customer paid from
          {context.payerPhone ? `, ${context.payerPhone}` : ""}, by M-Pesa.
        </p>
      )}
      {crypto && context.travelRule ? (
        <BeneficiaryFields fields={fields} context={context.travelRule} />
      ) : null}
      <TextField
        meta={fieldMeta(fields.reason, false)}
        label="Reason (optional)"
        hint={`For your records, up to ${REFUND_REASON_MAX} characters.`}
        maxLength={REFUND_REASON_MAX}
        defaultValue={initial(fields.reason.initialValue)}
      />
      <SubmitButton
        name="intent"
        value="review"
        pendingLabel="Checking..."
        variant={reviewed ? "secondary" : "primary"}
      >
        {reviewed ? "Review again" : "Review refund"}
      </SubmitButton>
    </Form>
  );
}
