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
import { SMS_INTENT, smsSettingsSchemaFor } from "~/core/notifications/sms-settings-schema";
import type { OutboundMessageStatus } from "~/core/notifications/sms-vocabulary";
import { formatEatDateTime, formatEatIso, formatPhone } from "~/utils/format";
import { securityMessages } from "~/i18n/catalogs/security";
import { smsStatusMessages } from "~/i18n/catalogs/sms";
import { useLocale, useMessages } from "~/i18n/use-messages";

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
  const m = useMessages(securityMessages).sms;
  const statuses = useMessages(smsStatusMessages);
  const locale = useLocale();
  if (recent.length === 0) return <p className="mt-2 text-slate-700">{m.none}</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {recent.map((message) => (
        <li key={message.id} className="p-3">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <time dateTime={formatEatIso(message.createdAt)}>
              {formatEatDateTime(message.createdAt, locale)}
            </time>
            <Badge tone={tones[message.status]}>{statuses[message.status]}</Badge>
          </div>
          <p className="mt-1 break-words text-slate-900">{message.body}</p>
          {message.status === "failed" && message.failureReason ? (
            <p className="mt-1 text-sm text-slate-700">{m.reason(message.failureReason)}</p>
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
  const words = useMessages(securityMessages);
  const m = words.sms;
  const [form, fields] = useForm({
    id: "sms-notifications",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: smsSettingsSchemaFor(m) }),
  });
  return (
    <section aria-labelledby="sms-heading" className="mt-10">
      <h2 id="sms-heading" className="text-xl font-semibold text-ink">
        {m.title}
      </h2>
      <p className="mt-2 text-slate-700">{m.intro(sms.cap, sms.todayCount)}</p>
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
          label={m.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          defaultValue={sms.phone ? formatPhone(sms.phone) : ""}
          hint={m.phoneHint}
        />
        {sms.onPayment === undefined ? null : (
          <CheckboxField
            meta={fieldMeta(fields.onPayment, false)}
            label={m.onPayment}
            defaultChecked={sms.onPayment}
          />
        )}
        {sms.onPayout === undefined ? null : (
          <CheckboxField
            meta={fieldMeta(fields.onPayout, false)}
            label={
              <>
                {m.onPayout}
                <span className="block text-slate-600">{m.onPayoutNote}</span>
              </>
            }
            defaultChecked={sms.onPayout}
          />
        )}
        <SubmitButton variant="secondary" pendingLabel={words.saving}>
          {m.save}
        </SubmitButton>
      </Form>
      <h3 className="mt-6 text-lg font-semibold text-ink">{m.last}</h3>
      <RecentMessages recent={sms.recent} />
    </section>
  );
}
