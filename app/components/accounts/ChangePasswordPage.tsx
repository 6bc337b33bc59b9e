/**
 * The change-password page of a merchant member or an operator (routes merchant.security_.password
 * and admin.security_.password; the action is route-support/password-change-action.server.ts).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import { Container, TextLink } from "~/components/ui";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { newPasswordHint } from "~/core/accounts/new-password-fields";
import { changePasswordSchema } from "~/core/accounts/password-forms";

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
  const actionData = useActionData<{ lastResult: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <Container className="max-w-xl py-12">
      <p>
        <TextLink to={backTo} className="text-sm">
          Back to security
        </TextLink>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">Change password</h1>
      <p className="mt-3 text-slate-700">
        Every other device signed in as <strong>{username}</strong> will be signed out. You stay
        signed in here.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="username" value={username} autoComplete="username" />
        <TextField
          meta={fieldMeta(fields.currentPassword)}
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          meta={fieldMeta(fields.password)}
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={newPasswordHint}
        />
        <TextField
          meta={fieldMeta(fields.confirmPassword)}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton pendingLabel="Saving..." className="w-full">
          Change Password
        </SubmitButton>
      </Form>
      <p className="mt-6 text-slate-700">
        Forgot your current password? Sign out and use{" "}
        <TextLink to={forgotPassword}>Forgot password?</TextLink> on the sign-in page.
      </p>
    </Container>
  );
}
