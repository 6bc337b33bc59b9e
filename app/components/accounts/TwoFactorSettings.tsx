/**
 * The two-factor set-up page, for merchant members and operators alike: scan the QR code (drawn on
 * the server) or type the key, confirm with a first code, then the recovery codes, shown once.
 * When it is on: new recovery codes (with a code) and turning it off (a code or the password).
 * Every form posts without JavaScript.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { QrSvg, type QrSvgData } from "~/components/payments/QrSvg";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { twoFactorSettingsSchema } from "~/core/accounts/two-factor-schema";
import { formatEatDateTime } from "~/utils/format";
import { SecondFactorFields } from "./SecondFactorFields";

export interface TwoFactorSettingsData {
  enabledAt: number | null;
  recoveryCodesLeft: number;
  setup: { secretGroups: string[]; qr: QrSvgData } | null;
}

type Intent = "enable" | "regenerate" | "disable";

function useIntentForm(intent: Intent, lastResult: SubmissionResult<string[]> | undefined) {
  const mine = lastResult?.initialValue?.intent === intent ? lastResult : undefined;
  return useForm({
    id: `two-factor-${intent}`,
    lastResult: mine,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorSettingsSchema }),
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
  const [enableForm, enableFields] = useIntentForm("enable", lastResult);
  const [regenerateForm, regenerateFields] = useIntentForm("regenerate", lastResult);
  const [disableForm, disableFields] = useIntentForm("disable", lastResult);

  return (
    <div className="max-w-2xl space-y-8">
      <h1 className="text-3xl font-bold text-ink">Two-Factor Sign-In</h1>
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
            Your recovery codes
          </h2>
          <p className="mt-2 text-slate-700">
            If you lose your phone, sign in with one of these codes. Each works once. Save them now
            somewhere safe (a password manager, or printed): they are shown only this once.
          </p>
          <ul
            aria-label="Recovery codes"
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
                `OneHop recovery codes (each works once)\n\n${recoveryCodes.join("\n")}\n`,
              )}`}
            >
              Download as text
            </a>
            <a className="font-semibold text-brand-800 underline" href={page}>
              I have saved them
            </a>
          </p>
        </section>
      ) : null}

      {data.enabledAt === null && data.setup ? (
        <section aria-labelledby="set-up" className="space-y-4">
          <h2 id="set-up" className="text-xl font-semibold text-ink">
            Set up your authenticator app
          </h2>
          <p className="text-slate-700">
            Each sign-in will ask for your password and a 6-digit code from an authenticator app
            (Google Authenticator, Microsoft Authenticator, 1Password and others).
          </p>
          <ol className="list-decimal space-y-4 pl-6 text-slate-800">
            <li>
              Scan this QR code with your app.
              <div className="mt-3">
                <QrSvg
                  qr={data.setup.qr}
                  label="QR code for your authenticator app"
                  className="h-48 w-48"
                />
              </div>
            </li>
            <li>
              Or type this key into the app:{" "}
              <code
                data-testid="totp-secret"
                className="select-all rounded bg-slate-100 px-2 py-1 font-mono text-base"
              >
                {data.setup.secretGroups.join(" ")}
              </code>
            </li>
            <li>
              Enter the 6-digit code the app shows.
              <Form method="post" {...getFormProps(enableForm)} className="mt-3 max-w-xs space-y-4">
                <input type="hidden" name="intent" value="enable" />
                <TextField
                  meta={fieldMeta(enableFields.code)}
                  label="Code from your app"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                />
                <SubmitButton pendingLabel="Checking...">Turn On</SubmitButton>
              </Form>
            </li>
          </ol>
        </section>
      ) : null}

      {data.enabledAt !== null ? (
        <>
          <section aria-labelledby="status">
            <h2 id="status" className="text-xl font-semibold text-ink">
              Two-factor sign-in is on
            </h2>
            <p className="mt-2 text-slate-700">
              On since {formatEatDateTime(data.enabledAt)}. Recovery codes left:{" "}
              <strong>{data.recoveryCodesLeft}</strong> of 10.
            </p>
          </section>
          <section aria-labelledby="regenerate">
            <h2 id="regenerate" className="text-xl font-semibold text-ink">
              New recovery codes
            </h2>
            <p className="mt-2 text-slate-700">Your old recovery codes stop working.</p>
            <Form
              method="post"
              {...getFormProps(regenerateForm)}
              className="mt-3 max-w-xs space-y-4"
            >
              <input type="hidden" name="intent" value="regenerate" />
              <SecondFactorFields
                field={regenerateFields.code}
                hint="The 6-digit code from your app."
              />
              <SubmitButton pendingLabel="Making codes..." variant="secondary">
                Make New Codes
              </SubmitButton>
            </Form>
          </section>
          <section aria-labelledby="turn-off">
            <h2 id="turn-off" className="text-xl font-semibold text-ink">
              Turn off two-factor sign-in
            </h2>
            <p className="mt-2 text-slate-700">
              It takes a code from your authenticator app (or a recovery code): your password alone
              cannot turn it off. Your recovery codes will stop working, and the account&apos;s
              owners are told. You can set it up again at any time.
            </p>
            <Form method="post" {...getFormProps(disableForm)} className="mt-3 max-w-xs space-y-4">
              <input type="hidden" name="intent" value="disable" />
              <SecondFactorFields
                field={disableFields.code}
                label="Code to turn it off"
                hint="The 6-digit code from your app, or a recovery code."
              />
              <SubmitButton pendingLabel="Turning off..." variant="secondary">
                Turn Off
              </SubmitButton>
            </Form>
          </section>
        </>
      ) : null}
    </div>
  );
}
