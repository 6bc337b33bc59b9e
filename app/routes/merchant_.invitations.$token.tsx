/**
 * Accepting an invitation to a merchant's team (/merchant/invitations/:token, outside the app's
 * shell, not signed in): shows the business and the role; the invitee chooses a username and a
 * password. A used, expired or withdrawn link, or one of a suspended merchant, gets a page that
 * says so and changes nothing (core/accounts/team.server).
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
import { teamRoleInfo } from "~/core/accounts/permissions";
import { acceptInvitationSchema, usernameRule } from "~/core/accounts/team-schema";
import type { InvitationState } from "~/core/accounts/team.server";
import { PRIVATE_NO_STORE } from "~/utils/http";
import { paths } from "~/utils/paths";
import { assertSameOrigin } from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { team, teamInvitations } from "~/wiring/team.server";

type Unusable = Exclude<InvitationState["status"], "valid">;
type ActionData = { lastResult: SubmissionResult<string[]>; unusable?: Unusable };

const unusableText: Record<Unusable, { title: string; body: string }> = {
  used: {
    title: "This invitation has already been used",
    body: "Each invitation link works once. If you accepted it, sign in with your merchant ID, username and password.",
  },
  expired: {
    title: "This invitation has expired",
    body: "Invitation links work for 7 days. Ask the person who invited you to send a new one.",
  },
  revoked: {
    title: "This invitation was withdrawn",
    body: "The account owner withdrew it or sent a newer link. Ask them for a new invitation if you still need one.",
  },
  unavailable: {
    title: "This invitation cannot be used right now",
    body: "The business's OneHop account is not active. Ask the person who invited you.",
  },
  unknown: {
    title: "This invitation link is not valid",
    body: "Check that you copied the whole link from the e-mail, or ask for a new invitation.",
  },
};

export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const state = await team().lookupInvitation(token);
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
      roleLabel: teamRoleInfo[state.role].label,
      roleSummary: teamRoleInfo[state.role].summary,
    },
    unusable: null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: acceptInvitationSchema });
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
      message: "Welcome to the team",
      description: `Sign in with your merchant ID, username ${result.username} and your new password.`,
    });
  if (result.reason === "username_taken" || result.reason === "weak_password") {
    const fieldErrors: Record<string, string[]> =
      result.reason === "username_taken"
        ? { username: ["Someone on this team already uses this username. Choose another."] }
        : { password: [result.message] };
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
  const [form, fields] = useForm({
    id: "accept-invitation",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptInvitationSchema }),
  });
  const refused = actionData?.unusable ?? unusable;
  if (refused || !token || !invitation) {
    const text = unusableText[refused ?? "unknown"];
    return (
      <Container className="max-w-xl py-16">
        <h1 className="text-3xl font-bold text-ink">{text.title}</h1>
        <p className="mt-4 text-slate-700">{text.body}</p>
        <p className="mt-6">
          <TextLink to={paths.merchantSignIn}>Go to Merchant Sign In</TextLink>
        </p>
      </Container>
    );
  }
  return (
    <Container className="max-w-xl py-16">
      <h1 className="text-3xl font-bold text-ink">Join {invitation.businessName} on OneHop</h1>
      <p className="mt-3 text-slate-700">
        You are invited as <strong>{invitation.roleLabel}</strong>: {invitation.roleSummary}
      </p>
      <p className="mt-2 text-slate-700">
        Merchant ID <strong className="font-mono">{invitation.merchantId}</strong>. Give your name,
        and choose the username and password you will sign in with.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        {form.errors?.length ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
            {form.errors[0]}
          </p>
        ) : null}
        <TextField
          meta={fieldMeta(fields.fullName)}
          label="Full name"
          autoComplete="name"
          maxLength={100}
          hint="As on your national ID or passport. Like every team member's, it is checked against the sanctions lists."
          defaultValue={
            typeof fields.fullName.initialValue === "string" ? fields.fullName.initialValue : ""
          }
        />
        <TextField
          meta={fieldMeta(fields.username)}
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={usernameRule}
          defaultValue={
            typeof fields.username.initialValue === "string" ? fields.username.initialValue : ""
          }
        />
        <TextField
          meta={fieldMeta(fields.password)}
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters. A few unrelated words make a strong one."
        />
        <TextField
          meta={fieldMeta(fields.confirmPassword)}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton pendingLabel="Joining..." className="w-full">
          Join the Team
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

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) =>
  seo(matches, {
    title: loaderData?.invitation ? "Join your team" : "Invitation",
    description: "Accept an invitation to a merchant's OneHop account.",
    path: paths.merchantSignIn,
    noindex: true,
  });
