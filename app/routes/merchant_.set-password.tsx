import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Container } from "~/components/ui";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { company } from "~/content/company";
import { checkNewPassword, policyMessageIn } from "~/core/accounts/password-policy.server";
import { setPasswordSchemaFor } from "~/core/merchants/set-password-schema";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { inLocale, type Translation } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";
import { PRIVATE_NO_STORE } from "~/utils/http";
import * as paths from "~/utils/paths";
import { assertSameOrigin } from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { matchesLocale } from "~/i18n/match-locale";
import { redirectWithSuccess } from "~/utils/toast.server";
import { passwords } from "~/wiring/passwords.server";

type ActionData = { lastResult: SubmissionResult<string[]>; invalidLink?: boolean };

/** The form's schema in the page's language. */
const schemaFor = (m: Translation<(typeof signInMessages)["en"]>) =>
  setPasswordSchemaFor({ ...m.newPassword, linkIncomplete: m.setPassword.linkIncomplete });

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const target = await passwords().lookupSetPasswordToken(token);
  if (!target)
    return data(
      { token: null, account: null },
      { status: 410, headers: { "Cache-Control": "no-store" } },
    );
  return {
    token,
    account: {
      merchantId: target.merchantId,
      username: target.username,
      businessName: target.businessName,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const m = inLocale(signInMessages, requestLocale(request));
  const submission = parseWithZod(await request.formData(), { schema: schemaFor(m) });
  if (submission.status !== "success") {
    return data<ActionData>(
      { lastResult: submission.reply({ hideFields: ["password", "confirmPassword"] }) },
      { status: 400 },
    );
  }
  const service = passwords();
  const target = await service.lookupSetPasswordToken(submission.value.token);
  const policy = target
    ? checkNewPassword(submission.value.password, target)
    : ({ ok: true } as const);
  if (!policy.ok) {
    return data<ActionData>(
      {
        lastResult: submission.reply({
          hideFields: ["password", "confirmPassword"],
          fieldErrors: { password: [policyMessageIn(policy.message, m.newPassword)] },
        }),
      },
      { status: 400 },
    );
  }
  const result = target
    ? await service.setPasswordWithToken(submission.value.token, submission.value.password)
    : null;
  if (!result) {
    return data<ActionData>(
      {
        lastResult: submission.reply({ formErrors: [m.setPassword.invalidLink] }),
        invalidLink: true,
      },
      { status: 410 },
    );
  }
  return redirectWithSuccess(
    paths.merchantSignInWith({ merchantId: result.merchantId }),
    m.setPassword.done,
  );
}

export default function SetPassword() {
  const { token, account } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(signInMessages);
  const [form, fields] = useForm({
    id: "set-password",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaFor(m) }),
  });
  if (!token || !account || actionData?.invalidLink) {
    return (
      <Container className="max-w-xl py-16">
        <h1 className="text-3xl font-bold text-ink">{m.setPassword.invalidTitle}</h1>
        <p className="mt-4 text-slate-700">
          {m.setPassword.invalidBefore}
          <a
            className="font-semibold text-brand-800 underline"
            href={`mailto:${company.supportEmail}`}
          >
            {company.supportEmail}
          </a>
          .
        </p>
        <Link
          to={paths.merchantSignIn}
          className="mt-6 inline-block font-semibold text-brand-800 underline"
        >
          {m.setPassword.goToSignIn}
        </Link>
      </Container>
    );
  }
  const meta = (name: "password" | "confirmPassword") => fieldMeta(fields[name]);
  return (
    <Container className="max-w-xl py-16">
      <h1 className="text-3xl font-bold text-ink">{m.setPassword.title}</h1>
      <p className="mt-3 text-slate-700">
        {account.businessName}
        {m.reset.merchantId}
        <strong>{account.merchantId}</strong>
        {m.reset.username}
        <strong>{account.username}</strong>.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        {form.errors?.length ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
            {form.errors[0]}
          </p>
        ) : null}
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="username" value={account.username} autoComplete="username" />
        <TextField
          meta={meta("password")}
          label={m.newPassword.label}
          type="password"
          autoComplete="new-password"
          hint={m.newPassword.hint}
        />
        <TextField
          meta={meta("confirmPassword")}
          label={m.newPassword.confirmLabel}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton pendingLabel={m.newPassword.submitting} className="w-full">
          {m.setPassword.submit}
        </SubmitButton>
      </Form>
    </Container>
  );
}

// The one-time token is in this page's URL: a Referer from here carries the origin only, never the
// token (to another site or to our own logs). Not "no-referrer": browsers then send `Origin: null`
// with the form post, which our cross-site check refuses.
export const headers = () => ({
  "Cache-Control": PRIVATE_NO_STORE,
  "Referrer-Policy": "strict-origin",
});

export const meta: MetaFunction = ({ matches }) => {
  const m = inLocale(signInMessages, matchesLocale(matches)).meta;
  return seo(matches, {
    title: m.setTitle,
    description: m.setDescription,
    path: paths.merchantSetPassword,
    noindex: true,
  });
};
