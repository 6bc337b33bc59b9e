/**
 * Change password (operator): the current password, then the new one twice. Every
 * other device signed in to this account is signed out; this one stays (core/accounts/
 * password-change.server).
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
import { Container, TextLink } from "~/components/ui";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { passwordRecovery } from "~/content/password-recovery";
import { newPasswordHint } from "~/core/accounts/new-password-fields";
import { changePassword } from "~/core/accounts/password-change.server";
import { changePasswordSchema } from "~/core/accounts/password-forms";
import { operatorRoles } from "~/core/operator-roles";
import { describeWait } from "~/core/rate-limit.server";
import { requireOperator } from "~/utils/operator-auth.server";
import { getDb } from "~/utils/db.server";
import { paths } from "~/utils/paths";
import {
  clientKey,
  privatePageHeadersWithRetryAfter,
  requestOrigin,
  retryAfterHeader,
} from "~/utils/request.server";
import { currentSessionIdHash } from "~/utils/session.server";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";

type ActionData = { lastResult: SubmissionResult<string[]> };
const HIDDEN = { hideFields: ["currentPassword", "password", "confirmPassword"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request, operatorRoles);
  return { username: operator.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request, operatorRoles);
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ lastResult: submission.reply(HIDDEN) }, { status: 400 });
  }
  const result = await changePassword(getDb(), {
    subject: { type: "operator", id: operator.id },
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.password,
    clientKey: clientKey(request),
    keepSessionIdHash: await currentSessionIdHash("operator", request),
    origin: requestOrigin(request),
  });
  if (result.ok) {
    return redirectWithSuccess(paths.adminSecurity, passwordRecovery.changed(result.sessionsEnded));
  }
  const fail = (fieldErrors: Record<string, string[]>, init: ResponseInit) =>
    data<ActionData>({ lastResult: submission.reply({ ...HIDDEN, fieldErrors }) }, init);
  switch (result.reason) {
    case "policy":
      return fail({ password: [result.message] }, { status: 400 });
    case "wrong_password":
      return fail({ currentPassword: [passwordRecovery.wrongCurrent] }, { status: 400 });
    default:
      return fail(
        {
          currentPassword: [
            result.reason === "busy"
              ? passwordRecovery.busy
              : passwordRecovery.throttledCurrent(describeWait(result.retryAfterMs)),
          ],
        },
        { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
      );
  }
}

export default function OperatorChangePassword() {
  const { username } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
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
        <TextLink to={paths.adminSecurity} className="text-sm">
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
        <TextLink to={paths.adminForgotPassword}>Forgot password?</TextLink> on the sign-in page.
      </p>
    </Container>
  );
}

export const headers = privatePageHeadersWithRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Change password",
    description: "Change the password of your OneHop operator account.",
    path: paths.adminPassword,
    noindex: true,
  });
