import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { payoutBatchMessages } from "~/i18n/catalogs/payout-batches";
import { inLocale, type Translation } from "~/i18n/messages";
import type { Locale } from "~/i18n/locales";
import { useMessages } from "~/i18n/use-messages";
import { formatKes } from "~/utils/format";

type LimitMessages = Translation<(typeof payoutBatchMessages)["en"]>["approvalLimit"];

/** The highest approval limit (whole KES); the core refuses more (settings.server.ts). */
export const APPROVAL_LIMIT_MAX_KES = 10_000_000;

/** The settings action this form posts to (`?intent=`), apart from the owner-only forms. */
export const PAYOUT_APPROVAL_INTENT = "payout-approval";

const WHOLE_SHILLINGS = /^\d{1,3}(?:[, ]\d{3})+$|^\d+$/;

/** The limit as typed ("50,000", "50000", blank for never) as whole KES or null, in a language. */
export const payoutApprovalSchemaFor = (m: LimitMessages) =>
  z.object({
    approvalAboveKes: z
      .string()
      .trim()
      .max(20, m.tooLong)
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === "") return null;
        const text = value.replace(/^(?:kes|ksh)\s*/i, "");
        if (!WHOLE_SHILLINGS.test(text)) {
          ctx.addIssue({
            code: "custom",
            message: m.notWhole,
          });
          return z.NEVER;
        }
        const kes = Number(text.replace(/[, ]/g, ""));
        if (kes > APPROVAL_LIMIT_MAX_KES) {
          ctx.addIssue({
            code: "custom",
            message: m.tooHigh(formatKes(APPROVAL_LIMIT_MAX_KES)),
          });
          return z.NEVER;
        }
        return kes;
      }),
  });

/** The limit's schema in `locale` (the Settings action's). */
export const payoutApprovalSchemaIn = (locale: Locale) =>
  payoutApprovalSchemaFor(inLocale(payoutBatchMessages, locale).approvalLimit);

/**
 * The payout approval limit (owners and admins): single payouts above it wait for a second member's
 * approval; blank means never. Bulk files always do.
 */
export function ApprovalThresholdForm({
  action,
  current,
  lastResult,
}: {
  action: string;
  current: number | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const m = useMessages(payoutBatchMessages).approvalLimit;
  const [form, fields] = useForm({
    id: "payout-approval",
    lastResult,
    defaultValue: { approvalAboveKes: current === null ? "" : String(current) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: payoutApprovalSchemaFor(m) }),
  });
  const initial = fields.approvalAboveKes.initialValue;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-5">
      <TextField
        meta={fieldMeta(fields.approvalAboveKes, false)}
        label={m.label}
        hint={m.hint(formatKes(APPROVAL_LIMIT_MAX_KES))}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        placeholder={m.placeholder}
        defaultValue={typeof initial === "string" ? initial : ""}
      />
      <SubmitButton pendingLabel={m.saving}>{m.save}</SubmitButton>
    </Form>
  );
}
