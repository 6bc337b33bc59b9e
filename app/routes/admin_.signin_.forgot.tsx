/**
 * "Forgot password?" for operators: the link goes to the operator's e-mail address (their sign-in
 * name). The answer is the same whether or not such an operator exists, and a disabled operator
 * gets no link (core/accounts/password-reset.server).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { Container, TextLink } from "~/components/ui";
import { fieldMeta, Honeypot, SubmitButton, TextField } from "~/components/ui/form";
import { passwordRecovery } from "~/content/password-recovery";
import { forgotOperatorPasswordSchema } from "~/core/accounts/password-forms";
import { describeWait } from "~/core/rate-limit.server";
import { env } from "~/utils/env.server";
import { checkHoneypot } from "~/utils/honeypot";
import * as paths from "~/utils/paths";
import {
  assertSameOrigin,
  clientKey,
  privatePageHeadersWithRetryAfter,
  requestOrigin,
  retryAfterHeader,
} from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { passwords } from "~/wiring/passwords.server";

type ActionData = { lastResult: SubmissionResult<string[]>; sent?: true };

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: forgotOperatorPasswordSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  }
  const sent = data<ActionData>({ lastResult: submission.reply({ resetForm: true }), sent: true });
  if (checkHoneypot(formData) === "bot") return sent;
  const result = await passwords().requestPasswordReset(
    { type: "operator", email: submission.value.email },
    {
      clientKey: clientKey(request),
      origin: requestOrigin(request),
      resetUrl: (token) => new URL(paths.resetPassword(token), env.PUBLIC_SITE_URL).href,
    },
  );
  if (!result.ok) {
    return data<ActionData>(
      {
        lastResult: submission.reply({
          formErrors: [passwordRecovery.throttled(describeWait(result.retryAfterMs))],
        }),
      },
      { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
    );
  }
  return sent;
}

export default function OperatorForgotPassword() {
  const actionData = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "operator-forgot-password",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotOperatorPasswordSchema }),
  });
  return (
    <Container className="max-w-md py-16">
      <h1 className="text-3xl font-bold text-ink">Forgot your password?</h1>
      <p className="mt-3 text-slate-700">
        Enter the e-mail address you sign in with. We will send a link to choose a new password.
        Your two-factor sign-in stays as it is.
      </p>
      {actionData?.sent ? (
        <div role="status" className="mt-8 rounded-lg bg-emerald-50 p-4 text-emerald-900">
          <h2 className="font-semibold">{passwordRecovery.linkSentTitle}</h2>
          <p className="mt-1">{passwordRecovery.linkSent}</p>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="relative mt-8 space-y-5">
        {form.errors?.length ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
            {form.errors[0]}
          </p>
        ) : null}
        <Honeypot />
        <TextField
          meta={fieldMeta(fields.email)}
          label="Email"
          type="email"
          autoComplete="username"
        />
        <SubmitButton pendingLabel="Sending..." className="w-full">
          Send Reset Link
        </SubmitButton>
      </Form>
      <p className="mt-6 text-slate-700">
        Remembered it? <TextLink to={paths.adminSignIn}>Back to Operator Sign In</TextLink>
      </p>
    </Container>
  );
}

export const headers = privatePageHeadersWithRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Forgot password",
    description: "Get a link to choose a new password for your OneHop operator account.",
    path: paths.adminForgotPassword,
    noindex: true,
  });
