/**
 * Security (every team member, whatever the role): where this account is signed in (sign out one
 * other session or all others), recent security events, links to change the password and to
 * two-factor sign-in, and the member's e-mail choices (payment settled, daily summary, and the
 * monthly statement for roles that may read statements), and their SMS choices (issue 30, item 9).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  ActiveSessions,
  RecentSecurityEvents,
  SignInSettings,
} from "~/components/accounts/SecurityOverview";
import { SmsNotifications } from "~/components/accounts/SmsNotifications";
import { Container } from "~/components/ui";
import { CheckboxField, fieldMeta, SubmitButton } from "~/components/ui/form";
import type { NotificationChoices as Choices } from "~/core/accounts/notifications.server";
import { can } from "~/core/accounts/permissions";
import { securityPageSchema, sessionIntents } from "~/core/accounts/security-page-schema";
import { SMS_INTENT, smsSettingsSchemaFor } from "~/core/notifications/sms-settings-schema";
import { memberLanguageMessages } from "~/i18n/catalogs/member-language";
import { languageCookie } from "~/i18n/language-cookie.server";
import { HTML_LANG, isLocale, LANGUAGE_NAMES, LOCALES, type Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { requireMerchant } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { endSessionsFromPage, securityOverview } from "~/route-support/security-page.server";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { security } from "~/wiring/security.server";
import { smsSettings } from "~/wiring/sms.server";
import { securityMessages } from "~/i18n/catalogs/security";
import { matchesLocale } from "~/i18n/match-locale";

type ActionData = {
  lastResult?: SubmissionResult<string[]>;
  smsResult?: SubmissionResult<string[]>;
  languageError?: string;
};

export async function loader({ request }: LoaderFunctionArgs) {
  // Every member sees their own security page: no team permission is involved.
  const merchant = await requireMerchant(request);
  const subject = { type: "merchant_user", id: merchant.userId } as const;
  return {
    username: merchant.username,
    twoFactorOn: merchant.totpEnabledAt !== null,
    choices: await security().getNotificationChoices(merchant.userId),
    sms: await smsSettings().getSmsSettings(merchant.userId),
    language: await security().getMemberLanguage(merchant.userId),
    ...(await securityOverview(request, subject)),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requireMerchant(request);
  const subject = { type: "merchant_user", id: merchant.userId } as const;
  const formData = await request.formData();
  if (formData.get("intent") === SMS_INTENT) return saveSms(request, merchant, formData);
  if (formData.get("intent") === LANGUAGE_INTENT) return saveLanguage(request, merchant, formData);
  const submission = parseWithZod(formData, { schema: securityPageSchema });
  if (submission.status !== "success")
    return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  const value = submission.value;
  switch (value.intent) {
    case sessionIntents.endOne:
      return endSessionsFromPage(request, subject, paths.merchantSecurity, { ref: value.ref });
    case sessionIntents.endOthers:
      return endSessionsFromPage(request, subject, paths.merchantSecurity, "all-others");
    case sessionIntents.notifications: {
      const words = inLocale(securityMessages, requestLocale(request));
      await security().setNotificationChoices(merchant.userId, {
        paymentSettled: value.paymentSettled ?? false,
        dailySummary: value.dailySummary ?? false,
        // Only a role that may read statements has this choice; for others it stays as it is.
        monthlyStatement: can(merchant.role, "statements:read")
          ? (value.monthlyStatement ?? false)
          : undefined,
      });
      return redirectWithSuccess(paths.merchantSecurity, {
        message: words.toasts.choicesSaved,
        description: words.toasts.choicesSavedDescription,
      });
    }
  }
}

/** The SMS section's form (issue 30, item 9): the number and the choices the role has. */
async function saveSms(
  request: Request,
  merchant: { userId: string; role: string },
  formData: FormData,
) {
  const m = inLocale(securityMessages, requestLocale(request)).sms;
  const submission = parseWithZod(formData, { schema: smsSettingsSchemaFor(m) });
  if (submission.status !== "success")
    return data<ActionData>({ smsResult: submission.reply() }, { status: 400 });
  await smsSettings().setSmsSettings(merchant, submission.value);
  const on = submission.value.onPayment || submission.value.onPayout;
  return redirectWithSuccess(paths.merchantSecurity, {
    message: m.saved,
    description: on ? m.savedOn : m.savedOff,
  });
}

const LANGUAGE_INTENT = "language";

/** The member's language (issue 33): saved for e-mails and SMS, and this browser follows it. */
async function saveLanguage(request: Request, merchant: { userId: string }, formData: FormData) {
  const chosen = formData.get("lang");
  if (!isLocale(chosen))
    return data<ActionData>(
      { languageError: inLocale(memberLanguageMessages, requestLocale(request)).invalid },
      { status: 400 },
    );
  await security().setMemberLanguage(merchant.userId, chosen);
  const m = inLocale(memberLanguageMessages, chosen);
  return redirectWithSuccess(
    paths.merchantSecurity,
    { message: m.saved, description: m.savedDescription },
    { headers: { "Set-Cookie": languageCookie(request, chosen) } },
  );
}

function LanguageChoice({ language, error }: { language: Locale | null; error?: string }) {
  const m = useMessages(memberLanguageMessages);
  const current = useLocale();
  return (
    <section aria-labelledby="language-heading" className="mt-10">
      <h2 id="language-heading" className="text-xl font-semibold text-ink">
        {m.title}
      </h2>
      <p className="mt-2 text-slate-700">{m.intro}</p>
      {language === null ? <p className="mt-1 text-sm text-slate-600">{m.notChosen}</p> : null}
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value={LANGUAGE_INTENT} />
        <fieldset>
          <legend className="sr-only">{m.title}</legend>
          <div className="flex flex-wrap gap-6">
            {LOCALES.map((option) => (
              <label key={option} className="flex items-center gap-2" lang={HTML_LANG[option]}>
                <input
                  type="radio"
                  name="lang"
                  value={option}
                  defaultChecked={(language ?? current) === option}
                  className="h-5 w-5"
                />
                {LANGUAGE_NAMES[option]}
              </label>
            ))}
          </div>
        </fieldset>
        {error ? (
          <p role="alert" className="font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <SubmitButton variant="secondary" pendingLabel={m.saving}>
          {m.save}
        </SubmitButton>
      </Form>
    </section>
  );
}

function NotificationChoices({
  choices,
  lastResult,
}: {
  choices: Choices;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const m = useMessages(securityMessages);
  const [form, fields] = useForm({
    id: "notification-choices",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: securityPageSchema }),
  });
  return (
    <section aria-labelledby="notifications-heading" className="mt-10">
      <h2 id="notifications-heading" className="text-xl font-semibold text-ink">
        {m.emailsTitle}
      </h2>
      <p className="mt-2 text-slate-700">{m.emailsIntro}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={sessionIntents.notifications} />
        <CheckboxField
          meta={fieldMeta(fields.paymentSettled)}
          label={m.paymentSettled}
          defaultChecked={choices.paymentSettled}
        />
        <CheckboxField
          meta={fieldMeta(fields.dailySummary)}
          label={
            <>
              {m.dailySummary}
              <span className="block text-slate-600">{m.dailySummaryNote}</span>
            </>
          }
          defaultChecked={choices.dailySummary}
        />
        {choices.monthlyStatement === undefined ? null : (
          <CheckboxField
            meta={fieldMeta(fields.monthlyStatement)}
            label={
              <>
                {m.monthlyStatement}
                <span className="block text-slate-600">{m.monthlyStatementNote}</span>
              </>
            }
            defaultChecked={choices.monthlyStatement}
          />
        )}
        <SubmitButton variant="secondary" pendingLabel={m.saving}>
          {m.saveChoices}
        </SubmitButton>
      </Form>
    </section>
  );
}

export default function MerchantSecurity() {
  const { username, twoFactorOn, choices, sms, language, sessions, events } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(securityMessages);
  return (
    <Container className="max-w-3xl py-12">
      <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-3 text-slate-700">{m.intro(username)}</p>
      <SignInSettings
        passwordPath={paths.merchantPassword}
        twoFactorPath={paths.merchantTwoFactor}
        twoFactorOn={twoFactorOn}
      />
      <ActiveSessions sessions={sessions} />
      <NotificationChoices choices={choices} lastResult={actionData?.lastResult} />
      <SmsNotifications sms={sms} lastResult={actionData?.smsResult} />
      <LanguageChoice language={language} error={actionData?.languageError} />
      <RecentSecurityEvents events={events} />
    </Container>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(securityMessages, matchesLocale(matches)).title,
    description: inLocale(securityMessages, matchesLocale(matches)).metaDescription,
    path: paths.merchantSecurity,
    noindex: true,
  });
