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
import { passwordRecoveryMessages } from "~/content/password-recovery";
import { resetPasswordSchemaFor } from "~/core/accounts/password-forms";
import { policyMessageIn } from "~/core/accounts/password-policy.server";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";
import { PRIVATE_NO_STORE } from "~/utils/http";
import * as paths from "~/utils/paths";
import { assertSameOrigin, requestOrigin } from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { matchesLocale } from "~/i18n/match-locale";
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
  const locale = requestLocale(request);
  const m = inLocale(signInMessages, locale);
  const submission = parseWithZod(await request.formData(), {
    schema: resetPasswordSchemaFor(m.newPassword),
  });
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
        lastResult: submission.reply({
          ...hidden,
          fieldErrors: { password: [policyMessageIn(result.message, m.newPassword)] },
        }),
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
    inLocale(passwordRecoveryMessages, locale).resetDone,
  );
}

export default function ResetPassword() {
  const { account } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(signInMessages);
  const recovery = useMessages(passwordRecoveryMessages);
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: resetPasswordSchemaFor(m.newPassword) }),
  });
  if (!account || actionData?.invalidLink) {
    return (
      <Container className="max-w-xl py-16">
        <h1 className="text-3xl font-bold text-ink">{recovery.invalidLinkTitle}</h1>
        <p className="mt-4 text-slate-700">{recovery.invalidLink}</p>
        <ul className="mt-6 space-y-2">
          <li>
            <TextLink to={paths.merchantForgotPassword}>{m.reset.merchantLinkAgain}</TextLink>
          </li>
          <li>
            <TextLink to={paths.adminForgotPassword}>{m.reset.operatorLinkAgain}</TextLink>
          </li>
        </ul>
      </Container>
    );
  }
  return (
    <Container className="max-w-xl py-16">
      <h1 className="text-3xl font-bold text-ink">{m.reset.title}</h1>
      <p className="mt-3 text-slate-700">
        {account.kind === "operator" ? (
          <>
            {m.reset.operatorAccount}
            <strong>{account.username}</strong>.
          </>
        ) : (
          <>
            {account.businessName}
            {m.reset.merchantId}
            <strong>{account.merchantId}</strong>
            {m.reset.username}
            <strong>{account.username}</strong>.
          </>
        )}{" "}
        {m.reset.signedOut}
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
          label={m.newPassword.label}
          type="password"
          autoComplete="new-password"
          hint={m.newPassword.hint}
        />
        <TextField
          meta={fieldMeta(fields.confirmPassword)}
          label={m.newPassword.confirmLabel}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton pendingLabel={m.newPassword.submitting} className="w-full">
          {m.reset.submit}
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

export const meta: MetaFunction = ({ matches }) => {
  const m = inLocale(signInMessages, matchesLocale(matches)).meta;
  return seo(matches, {
    title: m.resetTitle,
    description: m.resetDescription,
    path: paths.resetPassword(""),
    noindex: true,
  });
};
