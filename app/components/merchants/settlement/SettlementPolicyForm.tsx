/**
 * "When you are paid" (issue 30, item 1; ADR 0050): settle every payment at once or once a day at
 * a chosen time, and what stays in the OneHop balance for payouts. Plain radios, a select and text
 * fields: every choice posts without JavaScript; the server checks it (settlementPolicySchema).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { fieldMeta, SelectField, SubmitButton, TextField } from "~/components/ui/form";
import { RadioGroup } from "~/components/ui/RadioGroup";
import {
  DAILY_TIMES,
  KEEP_FLOAT_MAX_KES,
  keepLabels,
  scheduleLabels,
  settlementPolicySchema,
} from "~/core/funding/policy";
import {
  type BalanceKeep,
  balanceKeeps,
  type SettlementSchedule,
  settlementSchedules,
} from "~/core/funding/vocabulary";
import { formatKes } from "~/utils/format";

/** The settings action this form posts to (`?intent=`). */
export const SETTLEMENT_POLICY_INTENT = "settlement-policy";

export interface PolicyValues {
  schedule: SettlementSchedule;
  dailyTime: string;
  keep: BalanceKeep;
  keepPercent: string;
  keepFloatKes: string;
}

const scheduleHints: Record<SettlementSchedule, string> = {
  instant: "Each confirmed payment goes to your destination straight away, with its own charge.",
  daily:
    "Payments collect in your OneHop balance and go in one transfer a day: one charge instead of many.",
};

const keepHints: Record<BalanceKeep, string> = {
  none: "Your balance only holds money you top up.",
  percent: "A share of every payment stays, ready for bulk and single payouts.",
  float: "Payments fill your balance up to this amount first; only what is above it is paid out.",
};

export function SettlementPolicyForm({
  action,
  current,
  lastResult,
}: {
  action: string;
  current: PolicyValues;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "settlement-policy",
    lastResult,
    defaultValue: current,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settlementPolicySchema }),
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-6">
      <RadioGroup
        field={fields.schedule}
        legend="When we pay you"
        values={settlementSchedules}
        labels={scheduleLabels}
        hints={scheduleHints}
        checked={current.schedule}
      />
      <SelectField
        meta={fieldMeta(fields.dailyTime, false)}
        label="Time of the daily payout (Nairobi time)"
        placeholder="Choose a time"
        options={DAILY_TIMES.map((time) => ({ value: time, label: time }))}
        defaultValue={current.dailyTime}
      />
      <RadioGroup
        field={fields.keep}
        legend="What stays in your OneHop balance for payouts"
        values={balanceKeeps}
        labels={keepLabels}
        hints={keepHints}
        checked={current.keep}
      />
      <TextField
        meta={fieldMeta(fields.keepPercent, false)}
        label="Percentage of each payment to keep"
        hint="A whole number from 1 to 100. Used when you keep a percentage."
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        placeholder="e.g. 20"
        defaultValue={current.keepPercent}
      />
      <TextField
        meta={fieldMeta(fields.keepFloatKes, false)}
        label="Float to keep (KES)"
        hint={`Whole shillings, up to ${formatKes(KEEP_FLOAT_MAX_KES)}. Used when you keep a float.`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        placeholder="e.g. 20000"
        defaultValue={current.keepFloatKes}
      />
      <SubmitButton pendingLabel="Saving...">Save payout schedule</SubmitButton>
    </Form>
  );
}
