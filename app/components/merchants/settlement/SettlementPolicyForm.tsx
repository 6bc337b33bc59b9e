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
import { DAILY_TIMES, KEEP_FLOAT_MAX_KES, settlementPolicySchemaFor } from "~/core/funding/policy";
import {
  type BalanceKeep,
  balanceKeeps,
  type SettlementSchedule,
  settlementSchedules,
} from "~/core/funding/vocabulary";
import { settingsMessages } from "~/i18n/catalogs/settings";
import { useMessages } from "~/i18n/use-messages";
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

export function SettlementPolicyForm({
  action,
  current,
  lastResult,
}: {
  action: string;
  current: PolicyValues;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const m = useMessages(settingsMessages).policy;
  const [form, fields] = useForm({
    id: "settlement-policy",
    lastResult,
    defaultValue: current,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: settlementPolicySchemaFor(m.errors) }),
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-6">
      <RadioGroup
        field={fields.schedule}
        legend={m.whenLegend}
        values={settlementSchedules}
        labels={m.scheduleLabels}
        hints={m.scheduleHints}
        checked={current.schedule}
      />
      <SelectField
        meta={fieldMeta(fields.dailyTime, false)}
        label={m.dailyTime}
        placeholder={m.chooseTime}
        options={DAILY_TIMES.map((time) => ({ value: time, label: time }))}
        defaultValue={current.dailyTime}
      />
      <RadioGroup
        field={fields.keep}
        legend={m.keepLegend}
        values={balanceKeeps}
        labels={m.keepLabels}
        hints={m.keepHints}
        checked={current.keep}
      />
      <TextField
        meta={fieldMeta(fields.keepPercent, false)}
        label={m.keepPercent}
        hint={m.keepPercentHint}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        placeholder={m.example("20")}
        defaultValue={current.keepPercent}
      />
      <TextField
        meta={fieldMeta(fields.keepFloatKes, false)}
        label={m.keepFloat}
        hint={m.keepFloatHint(formatKes(KEEP_FLOAT_MAX_KES))}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        placeholder={m.example("20000")}
        defaultValue={current.keepFloatKes}
      />
      <SubmitButton pendingLabel={m.saving}>{m.save}</SubmitButton>
    </Form>
  );
}
