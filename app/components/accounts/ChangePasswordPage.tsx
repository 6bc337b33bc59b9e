/**
 * The change-password page of a merchant member or an operator (routes merchant.security_.password
 * and admin.security_.password; the operator's action is route-support/password-change-action.
 * server.ts). In the page's language (issue 33): the console's is English.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import { z } from "zod";
import { Container, TextLink } from "~/components/ui";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import {
  confirmPasswordFieldFor,
  newPasswordFieldFor,
  passwordsMatchFor,
} from "~/core/accounts/new-password-fields";
import { accountPagesMessages } from "~/i18n/catalogs/account-pages";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { useLocale } from "~/i18n/use-messages";

/**
 * "Change password" in `locale`: the same rules as core's `changePasswordSchema` (the current
 * password, the new one twice), saying the page's messages.
 */
export function changePasswordSchemaIn(locale: Locale) {
  const m = inLocale(accountPagesMessages, locale).changePassword;
  const newPassword = inLocale(signInMessages, locale).newPassword;
  return z
    .object({
      currentPassword: z.string({ required_error: m.currentRequired }).max(256, m.currentTooLong),
      password: newPasswordFieldFor(newPassword),
      confirmPassword: confirmPasswordFieldFor(newPassword),
    })
    .superRefine(passwordsMatchFor(newPassword));
}

export function ChangePasswordPage({
  username,
  backTo,
  forgotPassword,
}: {
  username: string;
  /** The account's security page. */
  backTo: string;
  /** The sign-in page's "Forgot password?" for this kind of account. */
  forgotPassword: string;
}) {
  const locale = useLocale();
  const m = inLocale(accountPagesMessages, locale).changePassword;
  const newPassword = inLocale(signInMessages, locale).newPassword;
  const actionData = useActionData<{ lastResult: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: changePasswordSchemaIn(locale) }),
  });
  return (
    <Container className="max-w-xl py-12">
      <p>
        <TextLink to={backTo} className="text-sm">
          {m.back}
        </TextLink>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-3 text-slate-700">
        {m.introBefore}
        <strong>{username}</strong>
        {m.introAfter}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="username" value={username} autoComplete="username" />
        <TextField
          meta={fieldMeta(fields.currentPassword)}
          label={m.currentLabel}
          type="password"
          autoComplete="current-password"
        />
        <TextField
          meta={fieldMeta(fields.password)}
          label={newPassword.label}
          type="password"
          autoComplete="new-password"
          hint={newPassword.hint}
        />
        <TextField
          meta={fieldMeta(fields.confirmPassword)}
          label={newPassword.confirmLabel}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton pendingLabel={newPassword.submitting} className="w-full">
          {m.submit}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-slate-700">
        {m.forgotBefore}
        <TextLink to={forgotPassword}>{m.forgotLink}</TextLink>
        {m.forgotAfter}
      </p>
    </Container>
  );
}
