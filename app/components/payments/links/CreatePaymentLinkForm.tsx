/**
 * "Create payment link": a title, a description, an optional fixed amount (whole KES) and asset,
 * optional return addresses. Errors come back in the server HTML next to their field, with what
 * was typed, in the page's language.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { fieldMeta, SelectField, SubmitButton, TextField } from "~/components/ui/form";
import type { ApiMode } from "~/core/api/vocabulary";
import { paymentAssets } from "~/core/payments/create-payment-schema";
import {
  amountKesProblem,
  paymentLinkLimits,
  paymentLinkSchema,
  RETURN_URL_MAX_LENGTH,
  returnUrlProblem,
} from "~/core/payments/link-schema";
import { merchantPaymentLinksMessages } from "~/i18n/catalogs/merchant-payment-links";
import { paymentLinkMessages } from "~/i18n/catalogs/payment-link";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatKes } from "~/utils/format";

type Field = "title" | "description" | "amountKes" | "asset" | "successUrl" | "cancelUrl";

/** Blank means not given. */
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/**
 * The form's checks in `locale`, then core's schema (paymentLinkSchema, whose English the API
 * keeps) for the same value: the messages are the page's, the rules and the parsed value core's.
 */
export function paymentLinkFormSchema(mode: ApiMode, locale: Locale) {
  const m = inLocale(merchantPaymentLinksMessages, locale).errors;
  const english = merchantPaymentLinksMessages.en.errors;
  const amountWords = inLocale(paymentLinkMessages, locale);
  // A return address's refusal is core's English sentence (returnUrlProblem): said in `locale`.
  const urlProblems = new Map<string, string>([
    [english.urlTooLong, m.urlTooLong],
    [english.urlNotFull, m.urlNotFull],
    [english.urlLiveHttps, m.urlLiveHttps],
    [english.urlCredentials, m.urlCredentials],
  ]);
  const optionalText = (max: number, message: string) =>
    z.preprocess(blankToUndefined, z.string().trim().max(max, message).optional());
  const returnUrl = optionalText(RETURN_URL_MAX_LENGTH, m.urlTooLong).superRefine(
    (value, context) => {
      if (value === undefined) return;
      const problem = returnUrlProblem(value, mode);
      if (problem)
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: urlProblems.get(problem) ?? problem,
        });
    },
  );
  return z
    .object({
      title: z
        .string({ required_error: m.titleRequired })
        .trim()
        .min(1, m.titleRequired)
        .max(paymentLinkLimits.title, m.titleTooLong),
      description: optionalText(paymentLinkLimits.description, m.descriptionTooLong),
      amountKes: z.preprocess(
        blankToUndefined,
        z
          .string()
          .trim()
          .regex(/^\d{1,7}$/, amountWords.wholeShillings)
          .superRefine((amount, context) => {
            const problem = amountKesProblem(Number(amount), amountWords);
            if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
          })
          .optional(),
      ),
      asset: z.preprocess(
        (value) => (value === "" || value === "any" ? undefined : value),
        z.enum(paymentAssets, { errorMap: () => ({ message: m.chooseAsset }) }).optional(),
      ),
      successUrl: returnUrl,
      cancelUrl: returnUrl,
    })
    .pipe(paymentLinkSchema(mode));
}

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
  const m = useMessages(merchantPaymentLinksMessages).form;
  const schema = paymentLinkFormSchema(mode, useLocale());
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
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="create" />
      <TextField
        meta={fieldMeta(fields.title)}
        label={m.titleLabel}
        maxLength={paymentLinkLimits.title}
        defaultValue={initial("title")}
        placeholder={m.titlePlaceholder}
      />
      <TextField
        meta={fieldMeta(fields.description, false)}
        label={m.descriptionLabel}
        maxLength={paymentLinkLimits.description}
        defaultValue={initial("description")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          meta={fieldMeta(fields.amountKes, false)}
          label={m.amountLabel}
          inputMode="numeric"
          maxLength={7}
          defaultValue={initial("amountKes")}
          hint={m.amountHint(formatKes(minimumKes), formatKes(maximumKes))}
        />
        <SelectField
          meta={fieldMeta(fields.asset, false)}
          label={m.assetLabel}
          placeholder={m.customerChooses}
          options={paymentAssets.map((asset) => ({ value: asset, label: asset }))}
          defaultValue={initial("asset") ?? ""}
        />
      </div>
      <TextField
        meta={fieldMeta(fields.successUrl, false)}
        label={m.successLabel}
        type="url"
        inputMode="url"
        maxLength={paymentLinkLimits.successUrl}
        defaultValue={initial("successUrl")}
        hint={mode === "live" ? m.successHintLive : m.successHintTest}
      />
      <TextField
        meta={fieldMeta(fields.cancelUrl, false)}
        label={m.cancelLabel}
        type="url"
        inputMode="url"
        maxLength={paymentLinkLimits.cancelUrl}
        defaultValue={initial("cancelUrl")}
        hint={m.cancelHint}
      />
      <SubmitButton pendingLabel={m.creating}>{m.submit}</SubmitButton>
    </Form>
  );
}
