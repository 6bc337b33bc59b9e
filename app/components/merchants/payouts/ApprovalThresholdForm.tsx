import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { formatKes } from "~/utils/format";

/** The highest approval limit (whole KES); the core refuses more (settings.server.ts). */
export const APPROVAL_LIMIT_MAX_KES = 10_000_000;

/** The settings action this form posts to (`?intent=`), apart from the owner-only forms. */
export const PAYOUT_APPROVAL_INTENT = "payout-approval";

const WHOLE_SHILLINGS = /^\d{1,3}(?:[, ]\d{3})+$|^\d+$/;

/** The limit as typed ("50,000", "50000", blank for never) as whole KES or null. */
export const payoutApprovalSchema = z.object({
  approvalAboveKes: z
    .string()
    .trim()
    .max(20, "Enter whole shillings, such as 50000, or leave it blank")
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return null;
      const text = value.replace(/^(?:kes|ksh)\s*/i, "");
      if (!WHOLE_SHILLINGS.test(text)) {
        ctx.addIssue({
          code: "custom",
          message: "Enter whole shillings, such as 50000, or leave it blank for never",
        });
        return z.NEVER;
      }
      const kes = Number(text.replace(/[, ]/g, ""));
      if (kes > APPROVAL_LIMIT_MAX_KES) {
        ctx.addIssue({
          code: "custom",
          message: `The highest limit is ${formatKes(APPROVAL_LIMIT_MAX_KES)}: enter less, or leave it blank for never`,
        });
        return z.NEVER;
      }
      return kes;
    }),
});

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
  const [form, fields] = useForm({
    id: "payout-approval",
    lastResult,
    defaultValue: { approvalAboveKes: current === null ? "" : String(current) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: payoutApprovalSchema }),
  });
  const initial = fields.approvalAboveKes.initialValue;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-5">
      <TextField
        meta={fieldMeta(fields.approvalAboveKes, false)}
        label="Single payouts above this amount need a second approval"
        hint={`Whole shillings (KES), up to ${formatKes(APPROVAL_LIMIT_MAX_KES)}. Leave it blank and single payouts never need one; 0 means every one does. A payout file always needs approval.`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        placeholder="e.g. 50000"
        defaultValue={typeof initial === "string" ? initial : ""}
      />
      <SubmitButton pendingLabel="Saving...">Save approval limit</SubmitButton>
    </Form>
  );
}
