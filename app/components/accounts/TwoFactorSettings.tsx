/**
 * The two-factor set-up page, for merchant members and operators alike: scan the QR code (drawn on
 * the server) or type the key, confirm with a first code, then the recovery codes, shown once.
 * When it is on: new recovery codes (with a code) and turning it off (a code or the password).
 * Every form posts without JavaScript. In the page's language (issue 33): the console's is English.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { QrSvg, type QrSvgData } from "~/components/payments/QrSvg";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { accountPagesMessages } from "~/i18n/catalogs/account-pages";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { useLocale } from "~/i18n/use-messages";
import { formatEatDateTime } from "~/utils/format";
import { SecondFactorFields } from "./SecondFactorFields";

/**
 * The set-up page's three forms in `locale`, told apart by `intent`: the same rules as core's
 * `twoFactorSettingsSchema`, saying the page's messages.
 */
export function twoFactorSettingsSchemaIn(locale: Locale) {
  const m = inLocale(accountPagesMessages, locale).twoFactor;
  const step = inLocale(signInMessages, locale).secondStep;
  const code = z.string({ required_error: step.codeRequired }).trim().max(200, step.codeTooLong);
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("enable"),
      code: z
        .string({ required_error: m.enableRequired })
        .trim()
        .regex(/^[0-9 ]{6,7}$/, m.enableFormat),
    }),
    z.object({ intent: z.literal("regenerate"), code }),
    // Turning off needs a current second factor, never the password alone (issue 27, item 4).
    z.object({ intent: z.literal("disable"), code }),
  ]);
}

export interface TwoFactorSettingsData {
  enabledAt: number | null;
  recoveryCodesLeft: number;
  setup: { secretGroups: string[]; qr: QrSvgData } | null;
}

type Intent = "enable" | "regenerate" | "disable";

function useIntentForm(
  intent: Intent,
  lastResult: SubmissionResult<string[]> | undefined,
  locale: Locale,
) {
  const mine = lastResult?.initialValue?.intent === intent ? lastResult : undefined;
  return useForm({
    id: `two-factor-${intent}`,
    lastResult: mine,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: twoFactorSettingsSchemaIn(locale) }),
  });
}

export function TwoFactorSettings({
  data,
  lastResult,
  recoveryCodes,
  notice,
  page,
}: {
  data: TwoFactorSettingsData;
  lastResult?: SubmissionResult<string[]>;
  recoveryCodes?: string[];
  /** Why the page must be completed first (the business or the console asks for it). */
  notice?: string;
  /** This page's own address (the "Done" link after the recovery codes). */
  page: string;
}) {
  const locale = useLocale();
  const m = inLocale(accountPagesMessages, locale).twoFactor;
  const step = inLocale(signInMessages, locale).secondStep;
  const [enableForm, enableFields] = useIntentForm("enable", lastResult, locale);
  const [regenerateForm, regenerateFields] = useIntentForm("regenerate", lastResult, locale);
  const [disableForm, disableFields] = useIntentForm("disable", lastResult, locale);

  return (
    <div className="max-w-2xl space-y-8">
      <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
      {notice && data.enabledAt === null ? (
        <p role="status" className="rounded-lg bg-amber-50 p-4 text-amber-950">
          {notice}
        </p>
      ) : null}

      {recoveryCodes ? (
        <section
          aria-labelledby="recovery-codes"
          className="rounded-2xl border border-slate-300 p-6"
        >
          <h2 id="recovery-codes" className="text-xl font-semibold text-ink">
            {m.codesTitle}
          </h2>
          <p className="mt-2 text-slate-700">{m.codesIntro}</p>
          <ul
            aria-label={m.codesLabel}
            className="mt-4 grid select-all grid-cols-2 gap-2 font-mono text-lg"
          >
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <p className="mt-4 flex flex-wrap gap-4">
            <a
              className="font-semibold text-brand-800 underline"
              download="onehop-recovery-codes.txt"
              href={`data:text/plain;charset=utf-8,${encodeURIComponent(
                `${m.codesFileTitle}\n\n${recoveryCodes.join("\n")}\n`,
              )}`}
            >
              {m.download}
            </a>
            <a className="font-semibold text-brand-800 underline" href={page}>
              {m.saved}
            </a>
          </p>
        </section>
      ) : null}

      {data.enabledAt === null && data.setup ? (
        <section aria-labelledby="set-up" className="space-y-4">
          <h2 id="set-up" className="text-xl font-semibold text-ink">
            {m.setUpTitle}
          </h2>
          <p className="text-slate-700">{m.setUpIntro}</p>
          <ol className="list-decimal space-y-4 pl-6 text-slate-800">
            <li>
              {m.scan}
              <div className="mt-3">
                <QrSvg qr={data.setup.qr} label={m.qrLabel} className="h-48 w-48" />
              </div>
            </li>
            <li>
              {m.typeKey}{" "}
              <code
                data-testid="totp-secret"
                className="select-all rounded bg-slate-100 px-2 py-1 font-mono text-base"
              >
                {data.setup.secretGroups.join(" ")}
              </code>
            </li>
            <li>
              {m.enterCode}
              <Form method="post" {...getFormProps(enableForm)} className="mt-3 max-w-xs space-y-4">
                <input type="hidden" name="intent" value="enable" />
                <TextField
                  meta={fieldMeta(enableFields.code)}
                  label={m.codeLabel}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                />
                <SubmitButton pendingLabel={m.checking}>{m.turnOn}</SubmitButton>
              </Form>
            </li>
          </ol>
        </section>
      ) : null}

      {data.enabledAt !== null ? (
        <>
          <section aria-labelledby="status">
            <h2 id="status" className="text-xl font-semibold text-ink">
              {m.onTitle}
            </h2>
            <p className="mt-2 text-slate-700">
              {m.onSince(formatEatDateTime(data.enabledAt, locale))}
              <strong>{data.recoveryCodesLeft}</strong>
              {m.ofTotal(10)}
            </p>
          </section>
          <section aria-labelledby="regenerate">
            <h2 id="regenerate" className="text-xl font-semibold text-ink">
              {m.newCodesTitle}
            </h2>
            <p className="mt-2 text-slate-700">{m.newCodesIntro}</p>
            <Form
              method="post"
              {...getFormProps(regenerateForm)}
              className="mt-3 max-w-xs space-y-4"
            >
              <input type="hidden" name="intent" value="regenerate" />
              <SecondFactorFields
                field={regenerateFields.code}
                label={step.codeLabel}
                hint={m.newCodesHint}
              />
              <SubmitButton pendingLabel={m.making} variant="secondary">
                {m.makeNew}
              </SubmitButton>
            </Form>
          </section>
          <section aria-labelledby="turn-off">
            <h2 id="turn-off" className="text-xl font-semibold text-ink">
              {m.offTitle}
            </h2>
            <p className="mt-2 text-slate-700">{m.offIntro}</p>
            <Form method="post" {...getFormProps(disableForm)} className="mt-3 max-w-xs space-y-4">
              <input type="hidden" name="intent" value="disable" />
              <SecondFactorFields field={disableFields.code} label={m.offLabel} hint={m.offHint} />
              <SubmitButton pendingLabel={m.turningOff} variant="secondary">
                {m.turnOff}
              </SubmitButton>
            </Form>
          </section>
        </>
      ) : null}
    </div>
  );
}
