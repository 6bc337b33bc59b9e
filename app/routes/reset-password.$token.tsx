/**
 * The page a password-reset link opens (merchant users and operators alike: the token says whose
 * account it is). A new password + confirmation, checked against the policy; on success every
 * session of the account ends and the user goes to the right sign-in page. A used, expired or
 * unknown link shows why it cannot be used and changes nothing.
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
import { resetPasswordSchema } from "~/core/accounts/password-forms";
import { PRIVATE_NO_STORE } from "~/utils/http";
import { paths } from "~/utils/paths";
import { assertSameOrigin, requestOrigin } from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { passwords } from "~/wiring/passwords.server";

type ActionData = { lastResult: SubmissionResult<string[]>; invalidLink?: true };

const GONE = { status: 410, headers: { "Cache-Control": PRIVATE_NO_STORE } };

export async function loader({ params }: LoaderFunctionArgs) {
  const target = await passwords().findPasswordResetTarget(params.token ?? "");
  if (!target) return data({ account: null }, GONE);
  return {
    account: {
      kind: target.signIn.type,
      merchantId: target.merchantId,
      username: target.username,
      businessName: target.businessName,
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  const hidden = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") {
    return data<ActionData>({ lastResult: submission.reply(hidden) }, { status: 400 });
  }
  const result = await passwords().resetPasswordWithToken({
    token: params.token ?? "",
    password: submission.value.password,
    origin: requestOrigin(request),
  });
  if (!result.ok && result.reason === "policy") {
    return data<ActionData>(
      {
        lastResult: submission.reply({ ...hidden, fieldErrors: { password: [result.message] } }),
      },
      { status: 400 },
    );
  }
  if (!result.ok) {
    return data<ActionData>({ lastResult: submission.reply(hidden), invalidLink: true }, GONE);
  }
  const { signIn } = result.target;
  return redirectWithSuccess(
    signIn.type === "operator"
      ? paths.adminSignIn
      : paths.merchantSignInWith({ merchantId: signIn.merchantId }),
    passwordRecovery.resetDone,
  );
}

export default function ResetPassword() {
  const { account } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  if (!account || actionData?.invalidLink) {
    return (
      <Container className="max-w-xl py-16">
        <h1 className="text-3xl font-bold text-ink">{passwordRecovery.invalidLinkTitle}</h1>
        <p className="mt-4 text-slate-700">{passwordRecovery.invalidLink}</p>
        <ul className="mt-6 space-y-2">
          <li>
            <TextLink to={paths.merchantForgotPassword}>New link for a merchant account</TextLink>
          </li>
          <li>
            <TextLink to={paths.adminForgotPassword}>New link for an operator account</TextLink>
          </li>
        </ul>
      </Container>
    );
  }
  return (
    <Container className="max-w-xl py-16">
      <h1 className="text-3xl font-bold text-ink">Choose a new password</h1>
      <p className="mt-3 text-slate-700">
        {account.kind === "operator" ? (
          <>
            Operator account <strong>{account.username}</strong>.
          </>
        ) : (
          <>
            {account.businessName}: merchant ID <strong>{account.merchantId}</strong>, username{" "}
            <strong>{account.username}</strong>.
          </>
        )}{" "}
        Every device signed in to this account will be signed out. Two-factor sign-in stays on.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        {form.errors?.length ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
            {form.errors[0]}
          </p>
        ) : null}
        <input type="hidden" name="username" value={account.username} autoComplete="username" />
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
          Set New Password
        </SubmitButton>
      </Form>
    </Container>
  );
}

// The one-time token is in this page's URL: a Referer from here carries the origin only (see
// merchant_.set-password.tsx for why not "no-referrer").
export const headers = () => ({
  "Cache-Control": PRIVATE_NO_STORE,
  "Referrer-Policy": "strict-origin",
});

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Choose a new password",
    description: "Choose a new password for your OneHop account.",
    path: paths.resetPassword(""),
    noindex: true,
  });
