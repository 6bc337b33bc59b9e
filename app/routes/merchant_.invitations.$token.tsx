/**
 * Accepting an invitation to a merchant's team (/merchant/invitations/:token, outside the app's
 * shell, not signed in): shows the business and the role; the invitee chooses a username and a
 * password. A used, expired or withdrawn link, or one of a suspended merchant, gets a page that
 * says so and changes nothing (core/accounts/team.server). In the page's language (issue 33).
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
import { z } from "zod";
import { Container, TextLink } from "~/components/ui";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { policyMessageIn } from "~/core/accounts/password-policy.server";
import { USERNAME_PATTERN } from "~/core/accounts/team-schema";
import type { InvitationState } from "~/core/accounts/team.server";
import { accountPagesMessages } from "~/i18n/catalogs/account-pages";
import { memberEmailMessages } from "~/i18n/catalogs/member-emails";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import type { Locale } from "~/i18n/locales";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useLocale } from "~/i18n/use-messages";
import { PRIVATE_NO_STORE } from "~/utils/http";
import * as paths from "~/utils/paths";
import { assertSameOrigin } from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { team, teamInvitations } from "~/wiring/team.server";

type Unusable = Exclude<InvitationState["status"], "valid">;
type ActionData = { lastResult: SubmissionResult<string[]>; unusable?: Unusable };

/**
 * The accept form in `locale`: the same rules as core's `acceptInvitationSchema`, saying the
 * page's messages.
 */
function acceptInvitationSchemaIn(locale: Locale) {
  const m = inLocale(accountPagesMessages, locale).invitation.form;
  return z
    .object({
      fullName: z
        .string({ required_error: m.fullNameRequired })
        .trim()
        .min(2, m.fullNameRequired)
        .max(100, m.fullNameTooLong),
      username: z
        .string({ required_error: m.usernameRequired })
        .trim()
        .toLowerCase()
        .regex(USERNAME_PATTERN, m.usernameRule),
      password: z.string({ required_error: m.passwordRequired }).max(128, m.passwordTooLong),
      confirmPassword: z.string({ required_error: m.confirmRequired }),
    })
    .refine((value) => value.password === value.confirmPassword, {
      path: ["confirmPassword"],
      message: m.mismatch,
    });
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const state = await team().lookupInvitation(token);
  // The role as the team page names it (core's English, or the member e-mails' Kiswahili).
  const roles = inLocale(memberEmailMessages, requestLocale(request)).roles;
  if (state.status !== "valid")
    return data(
      { token: null, invitation: null, unusable: state.status },
      { status: 410, headers: { "Cache-Control": PRIVATE_NO_STORE } },
    );
  return {
    token,
    invitation: {
      businessName: state.businessName,
      merchantId: state.merchantId,
      email: state.email,
      roleLabel: roles[state.role].label,
      roleSummary: roles[state.role].summary,
    },
    unusable: null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const locale = requestLocale(request);
  const m = inLocale(accountPagesMessages, locale).invitation;
  const submission = parseWithZod(await request.formData(), {
    schema: acceptInvitationSchemaIn(locale),
  });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success")
    return data<ActionData>({ lastResult: submission.reply({ hideFields }) }, { status: 400 });
  const result = await teamInvitations().acceptInvitation({
    token: params.token ?? "",
    fullName: submission.value.fullName,
    username: submission.value.username,
    password: submission.value.password,
  });
  if (result.ok)
    return redirectWithSuccess(paths.merchantSignInWith({ merchantId: result.merchantId }), {
      message: m.welcome,
      description: m.welcomeDescription(result.username),
    });
  if (result.reason === "username_taken" || result.reason === "weak_password") {
    const fieldErrors: Record<string, string[]> =
      result.reason === "username_taken"
        ? { username: [m.usernameTaken] }
        : {
            password: [
              policyMessageIn(result.message, inLocale(signInMessages, locale).newPassword),
            ],
          };
    return data<ActionData>(
      { lastResult: submission.reply({ fieldErrors, hideFields }) },
      { status: 400 },
    );
  }
  return data<ActionData>(
    { lastResult: submission.reply({ hideFields }), unusable: result.reason },
    { status: 410 },
  );
}

export default function AcceptInvitation() {
  const { token, invitation, unusable } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const locale = useLocale();
  const m = inLocale(accountPagesMessages, locale).invitation;
  const signInWords = inLocale(signInMessages, locale);
  const [form, fields] = useForm({
    id: "accept-invitation",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: acceptInvitationSchemaIn(locale) }),
  });
  const refused = actionData?.unusable ?? unusable;
  if (refused || !token || !invitation) {
    const text = m.unusable[refused ?? "unknown"];
    return (
      <Container className="max-w-xl py-16">
        <h1 className="text-3xl font-bold text-ink">{text.title}</h1>
        <p className="mt-4 text-slate-700">{text.body}</p>
        <p className="mt-6">
          <TextLink to={paths.merchantSignIn}>{signInWords.setPassword.goToSignIn}</TextLink>
        </p>
      </Container>
    );
  }
  return (
    <Container className="max-w-xl py-16">
      <h1 className="text-3xl font-bold text-ink">{m.title(invitation.businessName)}</h1>
      <p className="mt-3 text-slate-700">
        {m.invitedAs}
        <strong>{invitation.roleLabel}</strong>: {invitation.roleSummary}
      </p>
      <p className="mt-2 text-slate-700">
        {m.merchantId}
        <strong className="font-mono">{invitation.merchantId}</strong>
        {m.chooseBelow}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        {form.errors?.length ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
            {form.errors[0]}
          </p>
        ) : null}
        <TextField
          meta={fieldMeta(fields.fullName)}
          label={m.fullName}
          autoComplete="name"
          maxLength={100}
          hint={m.fullNameHint}
          defaultValue={
            typeof fields.fullName.initialValue === "string" ? fields.fullName.initialValue : ""
          }
        />
        <TextField
          meta={fieldMeta(fields.username)}
          label={signInWords.fields.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={m.usernameHint}
          defaultValue={
            typeof fields.username.initialValue === "string" ? fields.username.initialValue : ""
          }
        />
        <TextField
          meta={fieldMeta(fields.password)}
          label={signInWords.newPassword.label}
          type="password"
          autoComplete="new-password"
          hint={m.passwordHint}
        />
        <TextField
          meta={fieldMeta(fields.confirmPassword)}
          label={signInWords.newPassword.confirmLabel}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton pendingLabel={m.joining} className="w-full">
          {m.join}
        </SubmitButton>
      </Form>
    </Container>
  );
}

// The one-time token is in this page's URL: a Referer from here carries the origin only (see
// merchant_.set-password.tsx).
export const headers = () => ({
  "Cache-Control": PRIVATE_NO_STORE,
  "Referrer-Policy": "strict-origin",
});

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) => {
  const m = inLocale(accountPagesMessages, matchesLocale(matches)).invitation;
  return seo(matches, {
    title: loaderData?.invitation ? m.metaJoin : m.metaInvitation,
    description: m.metaDescription,
    path: paths.merchantSignIn,
    noindex: true,
  });
};
