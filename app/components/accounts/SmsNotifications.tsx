/**
 * The security page's SMS section (issue 30, item 9): the member's number for SMS, the choices
 * their role has ("each payment received", "each payout"), today's count against the cap, and their
 * last messages with what became of each. A plain form posting to the page: works without
 * JavaScript; with it, Conform checks the number before posting.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui";
import { CheckboxField, fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import {
  SMS_INTENT,
  smsChoiceLabels,
  smsSettingsSchema,
} from "~/core/notifications/sms-settings-schema";
import {
  outboundMessageStatusLabels,
  type OutboundMessageStatus,
} from "~/core/notifications/sms-vocabulary";
import { formatEatDateTime, formatEatIso, formatPhone } from "~/utils/format";

export interface SmsSectionData {
  phone: string | null;
  onPayment?: boolean;
  onPayout?: boolean;
  todayCount: number;
  cap: number;
  recent: {
    id: number;
    body: string;
    status: OutboundMessageStatus;
    createdAt: number;
    failureReason: string | null;
  }[];
}

const tones = {
  queued: "neutral",
  sent: "info",
  delivered: "success",
  failed: "danger",
  capped: "warning",
} as const;

function RecentMessages({ recent }: { recent: SmsSectionData["recent"] }) {
  if (recent.length === 0) return <p className="mt-2 text-slate-700">No SMS yet.</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {recent.map((message) => (
        <li key={message.id} className="p-3">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <time dateTime={formatEatIso(message.createdAt)}>
              {formatEatDateTime(message.createdAt)}
            </time>
            <Badge tone={tones[message.status]}>
              {outboundMessageStatusLabels[message.status]}
            </Badge>
          </div>
          <p className="mt-1 break-words text-slate-900">{message.body}</p>
          {message.status === "failed" && message.failureReason ? (
            <p className="mt-1 text-sm text-slate-700">Reason: {message.failureReason}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function SmsNotifications({
  sms,
  lastResult,
}: {
  sms: SmsSectionData;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "sms-notifications",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: smsSettingsSchema }),
  });
  return (
    <section aria-labelledby="sms-heading" className="mt-10">
      <h2 id="sms-heading" className="text-xl font-semibold text-ink">
        SMS notifications
      </h2>
      <p className="mt-2 text-slate-700">
        A text to your phone as money moves. At most {sms.cap} a day; you have had {sms.todayCount}{" "}
        today.
      </p>
      {/* Keyed on what is saved: after a save the fields show the stored values (the number as
          formatted), not what was typed. */}
      <Form
        key={`${sms.phone}:${sms.onPayment}:${sms.onPayout}`}
        method="post"
        {...getFormProps(form)}
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value={SMS_INTENT} />
        <TextField
          meta={fieldMeta(fields.phone, false)}
          label={smsChoiceLabels.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          defaultValue={sms.phone ? formatPhone(sms.phone) : ""}
          hint="A Kenyan mobile number. Leave it empty to stop all SMS."
        />
        {sms.onPayment === undefined ? null : (
          <CheckboxField
            meta={fieldMeta(fields.onPayment, false)}
            label={smsChoiceLabels.onPayment}
            defaultChecked={sms.onPayment}
          />
        )}
        {sms.onPayout === undefined ? null : (
          <CheckboxField
            meta={fieldMeta(fields.onPayout, false)}
            label={
              <>
                {smsChoiceLabels.onPayout}
                <span className="block text-slate-600">
                  A settlement paid to you, or one of your payout batches done.
                </span>
              </>
            }
            defaultChecked={sms.onPayout}
          />
        )}
        <SubmitButton variant="secondary" pendingLabel="Saving...">
          Save SMS Choices
        </SubmitButton>
      </Form>
      <h3 className="mt-6 text-lg font-semibold text-ink">Your last SMS</h3>
      <RecentMessages recent={sms.recent} />
    </section>
  );
}
