/**
 * "Forgot password?" for merchant team members. They sign in with the merchant ID and their own
 * username (an e-mail address may belong to members of several merchants, and older members have
 * none), so they ask with the same two: the link goes to the e-mail address of that member. The
 * answer is the same whether or not such a member exists (core/accounts/password-reset.server).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { Container, TextLink } from "~/components/ui";
import { fieldMeta, Honeypot, SubmitButton, TextField } from "~/components/ui/form";
import { passwordRecoveryMessages } from "~/content/password-recovery";
import { forgotMerchantPasswordSchemaFor } from "~/core/accounts/password-forms";
import { waitMinutes } from "~/core/rate-limit.server";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";
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
import { matchesLocale } from "~/i18n/match-locale";
import { passwords } from "~/wiring/passwords.server";

type ActionData = { lastResult: SubmissionResult<string[]>; sent?: true };

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const locale = requestLocale(request);
  const m = inLocale(signInMessages, locale);
  const recovery = inLocale(passwordRecoveryMessages, locale);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: forgotMerchantPasswordSchemaFor(m.form) });
  if (submission.status !== "success") {
    return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  }
  const sent = data<ActionData>({ lastResult: submission.reply({ resetForm: true }), sent: true });
  if (checkHoneypot(formData) === "bot") return sent;
  const result = await passwords().requestPasswordReset(
    { type: "merchant_user", ...submission.value },
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
          formErrors: [recovery.throttled(m.minutes(waitMinutes(result.retryAfterMs)))],
        }),
      },
      { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
    );
  }
  return sent;
}

export default function MerchantForgotPassword() {
  const actionData = useActionData<ActionData>();
  const m = useMessages(signInMessages);
  const recovery = useMessages(passwordRecoveryMessages);
  const [form, fields] = useForm({
    id: "merchant-forgot-password",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: forgotMerchantPasswordSchemaFor(m.form) }),
  });
  return (
    <Container className="max-w-xl py-16">
      <h1 className="text-3xl font-bold text-ink">{m.forgot.title}</h1>
      <p className="mt-3 text-slate-700">{m.forgot.intro}</p>
      {actionData?.sent ? (
        <div role="status" className="mt-8 rounded-lg bg-emerald-50 p-4 text-emerald-900">
          <h2 className="font-semibold">{recovery.linkSentTitle}</h2>
          <p className="mt-1">{recovery.linkSent}</p>
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
          meta={fieldMeta(fields.merchantId)}
          label={m.fields.merchantId}
          autoComplete="organization"
          placeholder="MRC-XXXXXX"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <TextField
          meta={fieldMeta(fields.username)}
          label={m.fields.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <SubmitButton pendingLabel={m.forgot.submitting} className="w-full">
          {m.forgot.submit}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-slate-700">
        {m.forgot.remembered}
        <TextLink to={paths.merchantSignIn}>{m.forgot.back}</TextLink>
      </p>
    </Container>
  );
}

export const headers = privatePageHeadersWithRetryAfter;

export const meta: MetaFunction = ({ matches }) => {
  const m = inLocale(signInMessages, matchesLocale(matches)).meta;
  return seo(matches, {
    title: m.forgotTitle,
    description: m.forgotDescription,
    path: paths.merchantForgotPassword,
    noindex: true,
  });
};
