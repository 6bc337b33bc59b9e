/**
 * The team page (/merchant/team, issue 12 item 1): members and pending invitations; an owner
 * invites by e-mail with a role, changes roles, suspends, reactivates and removes members, and can
 * require two-factor sign-in for the whole team. Only team:manage opens it (owners); every change
 * needs a recent step-up. The rules (last owner, one-time links) live in core/accounts/team.server.
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
import { TeamInvitations, TeamMembers } from "~/components/app/TeamTables";
import { Card, Container } from "~/components/ui";
import { fieldMeta, SelectField, SubmitButton, TextField } from "~/components/ui/form";
import { teamRoleInfo, teamRoles } from "~/core/accounts/permissions";
import type { MemberChangeResult } from "~/core/accounts/team.server";
import { inviteSchema } from "~/core/accounts/team-schema";
import { requirePermission, requireRecentStepUp } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { requestOrigin } from "~/utils/request.server";
import { currentSessionIdHash } from "~/utils/session.server";
import { seo } from "~/utils/seo";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { team } from "~/wiring/team.server";

type ActionData = { lastResult: SubmissionResult<string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "team:manage");
  const service = team();
  return {
    me: merchant.userId,
    requireTwoFactor: merchant.requireTwoFactor,
    members: await service.members(merchant.merchantId),
    invitations: await service.pendingInvitations(merchant.merchantId),
  };
}

const memberSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), memberId: z.string().max(64), role: z.enum(teamRoles) }),
  z.object({ intent: z.literal("suspend"), memberId: z.string().max(64) }),
  z.object({ intent: z.literal("reactivate"), memberId: z.string().max(64) }),
  z.object({ intent: z.literal("remove"), memberId: z.string().max(64) }),
  z.object({ intent: z.literal("revoke"), invitationId: z.string().max(64) }),
  z.object({ intent: z.literal("two-factor"), required: z.enum(["on", "off"]) }),
]);

const refusals: Record<Exclude<MemberChangeResult, { ok: true }>["reason"], string> = {
  last_owner:
    "Your team needs at least one active owner. Make someone else an owner first, then try again.",
  not_found: "That member is no longer on your team. Nothing changed.",
  unchanged: "Nothing to change: the member already has that role and status.",
};

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "team:manage");
  requireRecentStepUp(request, merchant);
  const service = team();
  const formData = await request.formData();
  const actor = {
    merchantId: merchant.merchantId,
    userId: merchant.userId,
    origin: requestOrigin(request),
  };

  if (formData.get("intent") === "invite") {
    const submission = parseWithZod(formData, { schema: inviteSchema });
    if (submission.status !== "success")
      return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
    const { email, role } = submission.value;
    const site = env.PUBLIC_SITE_URL.replace(/\/$/, "");
    const result = await service.invite(actor, {
      email,
      role,
      invitationUrl: (token) => `${site}${paths.merchantInvitation(token)}`,
    });
    if (!result.ok) {
      return data<ActionData>(
        {
          lastResult: submission.reply({
            fieldErrors: { email: ["Someone with this e-mail address is already on your team."] },
          }),
        },
        { status: 409 },
      );
    }
    return redirectWithSuccess(paths.merchantTeam, {
      message: "Invitation sent",
      description: `We e-mailed ${email} a link to join as ${teamRoleInfo[role].label}. It works once, for 7 days.`,
    });
  }

  const parsed = memberSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return redirectWithError(paths.merchantTeam, {
      message: "Nothing changed",
      description: "That request was incomplete. Please try again.",
    });
  const change = parsed.data;
  if (change.intent === "revoke") {
    const result = await service.revokeInvitation(actor, change.invitationId);
    return result.ok
      ? redirectWithSuccess(paths.merchantTeam, {
          message: "Invitation withdrawn",
          description: "Its link no longer works.",
        })
      : redirectWithError(paths.merchantTeam, {
          message: "Nothing changed",
          description: "That invitation was already used, withdrawn or expired.",
        });
  }
  if (change.intent === "two-factor") {
    const required = change.required === "on";
    await service.setRequireTwoFactor(actor, required);
    return redirectWithSuccess(paths.merchantTeam, {
      message: required ? "Two-factor sign-in required" : "Two-factor sign-in optional",
      description: required
        ? "Every member must now use a second factor to sign in."
        : "Members choose for themselves whether to use a second factor.",
    });
  }
  const options = { keepSessionIdHash: await currentSessionIdHash("merchant", request) };
  const result =
    change.intent === "role"
      ? await service.changeRole(actor, change.memberId, change.role, options)
      : change.intent === "suspend"
        ? await service.suspend(actor, change.memberId, options)
        : change.intent === "reactivate"
          ? await service.reactivate(actor, change.memberId, options)
          : await service.remove(actor, change.memberId, options);
  if (!result.ok)
    return redirectWithError(paths.merchantTeam, {
      message: "Nothing changed",
      description: refusals[result.reason],
    });
  const done = {
    role:
      change.intent === "role"
        ? `${result.username} is now ${teamRoleInfo[change.role].label}.`
        : "",
    suspend: `${result.username} is suspended and signed out everywhere.`,
    reactivate: `${result.username} can sign in again.`,
    remove: `${result.username} is removed from your team and signed out everywhere.`,
  }[change.intent];
  // Removing or suspending yourself ends this session too: the sign-in page then opens.
  return redirectWithSuccess(paths.merchantTeam, { message: "Team updated", description: done });
}

export default function MerchantTeam() {
  const { me, requireTwoFactor, members, invitations } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "invite",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
  });
  return (
    <Container className="max-w-5xl py-12">
      <h1 className="text-3xl font-bold text-ink">Team</h1>
      <p className="mt-3 text-slate-700">
        Who can use your OneHop account, and what each person may do. Changes here ask you to
        confirm it is you first.
      </p>

      <section aria-labelledby="members-heading" className="mt-10">
        <h2 id="members-heading" className="text-xl font-semibold text-ink">
          Members
        </h2>
        <TeamMembers members={members} me={me} />
      </section>

      <section aria-labelledby="invitations-heading" className="mt-10">
        <h2 id="invitations-heading" className="text-xl font-semibold text-ink">
          Pending invitations
        </h2>
        {invitations.length === 0 ? (
          <p className="mt-3 text-slate-700">No invitations waiting.</p>
        ) : (
          <TeamInvitations invitations={invitations} />
        )}
      </section>

      <section aria-labelledby="invite-heading" className="mt-10">
        <Card>
          <h2 id="invite-heading" className="text-xl font-semibold text-ink">
            Invite someone
          </h2>
          <p className="mt-2 text-slate-700">
            We e-mail them a link to choose a username and password. It works once, for 7 days.
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
            <input type="hidden" name="intent" value="invite" />
            <TextField
              meta={fieldMeta(fields.email)}
              label="E-mail address"
              type="email"
              autoComplete="off"
              defaultValue={
                typeof fields.email.initialValue === "string" ? fields.email.initialValue : ""
              }
            />
            <SelectField
              meta={fieldMeta(fields.role)}
              label="Their role"
              placeholder="Choose a role"
              options={teamRoles.map((role) => ({
                value: role,
                label: `${teamRoleInfo[role].label}: ${teamRoleInfo[role].summary}`,
              }))}
              defaultValue={
                typeof fields.role.initialValue === "string" ? fields.role.initialValue : ""
              }
            />
            <SubmitButton pendingLabel="Sending...">Send Invitation</SubmitButton>
          </Form>
        </Card>
      </section>

      <section aria-labelledby="two-factor-heading" className="mt-10">
        <Card>
          <h2 id="two-factor-heading" className="text-xl font-semibold text-ink">
            Two-factor sign-in for the whole team
          </h2>
          <p className="mt-2 text-slate-700">
            {requireTwoFactor
              ? "Required: every member must use a second factor to sign in."
              : "Optional: each member chooses whether to use a second factor."}
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="two-factor" />
            <input type="hidden" name="required" value={requireTwoFactor ? "off" : "on"} />
            <SubmitButton
              pendingLabel="Saving..."
              variant={requireTwoFactor ? "secondary" : "primary"}
            >
              {requireTwoFactor ? "Make It Optional" : "Require Two-Factor Sign-In"}
            </SubmitButton>
          </Form>
        </Card>
      </section>
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Team",
    description: "Your team members, their roles and invitations.",
    path: paths.merchantTeam,
    noindex: true,
  });
