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
import { teamRoles } from "~/core/accounts/permissions";
import type { MemberChangeResult } from "~/core/accounts/team.server";
import { requirePermission, requireRecentStepUp } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { requestOrigin } from "~/utils/request.server";
import { currentSessionIdHash } from "~/utils/session.server";
import { seo } from "~/utils/seo";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { team } from "~/wiring/team.server";
import { teamMessages } from "~/i18n/catalogs/team";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale, type Translation } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";

type ActionData = { lastResult: SubmissionResult<string[]> };
type TeamText = Translation<(typeof teamMessages)["en"]>;

/**
 * The invite form's schema in the page's language: core's inviteSchema (team-schema.ts) with the
 * page's messages; the same rules.
 */
const inviteSchemaFor = (m: TeamText["invite"]["errors"]) =>
  z.object({
    intent: z.literal("invite"),
    email: z
      .string({ required_error: m.emailRequired })
      .trim()
      .toLowerCase()
      .max(254, m.emailTooLong)
      .email(m.emailInvalid),
    role: z.enum(teamRoles, { required_error: m.role, invalid_type_error: m.role }),
  });

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

const refusals = (
  t: TeamText["toasts"],
): Record<Exclude<MemberChangeResult, { ok: true }>["reason"], string> => ({
  last_owner: t.lastOwner,
  not_found: t.notFound,
  unchanged: t.unchanged,
});

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "team:manage");
  requireRecentStepUp(request, merchant);
  const service = team();
  const m = inLocale(teamMessages, requestLocale(request));
  const t = m.toasts;
  const formData = await request.formData();
  const actor = {
    merchantId: merchant.merchantId,
    userId: merchant.userId,
    origin: requestOrigin(request),
  };

  if (formData.get("intent") === "invite") {
    const submission = parseWithZod(formData, { schema: inviteSchemaFor(m.invite.errors) });
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
            fieldErrors: { email: [m.invite.errors.alreadyOnTeam] },
          }),
        },
        { status: 409 },
      );
    }
    return redirectWithSuccess(paths.merchantTeam, {
      message: t.invitationSent,
      description: t.invitationSentDescription(email, m.roles[role].label),
    });
  }

  const parsed = memberSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return redirectWithError(paths.merchantTeam, {
      message: t.nothingChanged,
      description: t.incomplete,
    });
  const change = parsed.data;
  if (change.intent === "revoke") {
    const result = await service.revokeInvitation(actor, change.invitationId);
    return result.ok
      ? redirectWithSuccess(paths.merchantTeam, {
          message: t.invitationWithdrawn,
          description: t.invitationWithdrawnDescription,
        })
      : redirectWithError(paths.merchantTeam, {
          message: t.nothingChanged,
          description: t.invitationGone,
        });
  }
  if (change.intent === "two-factor") {
    const required = change.required === "on";
    await service.setRequireTwoFactor(actor, required);
    return redirectWithSuccess(paths.merchantTeam, {
      message: required ? t.twoFactorRequired : t.twoFactorOptional,
      description: required ? t.twoFactorRequiredDescription : t.twoFactorOptionalDescription,
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
      message: t.nothingChanged,
      description: refusals(t)[result.reason],
    });
  const done = {
    role:
      change.intent === "role" ? t.roleChanged(result.username, m.roles[change.role].label) : "",
    suspend: t.suspended(result.username),
    reactivate: t.reactivated(result.username),
    remove: t.removed(result.username),
  }[change.intent];
  // Removing or suspending yourself ends this session too: the sign-in page then opens.
  return redirectWithSuccess(paths.merchantTeam, { message: t.teamUpdated, description: done });
}

export default function MerchantTeam() {
  const { me, requireTwoFactor, members, invitations } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(teamMessages);
  const [form, fields] = useForm({
    id: "invite",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: inviteSchemaFor(m.invite.errors) }),
  });
  return (
    <Container className="max-w-5xl py-12">
      <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-3 text-slate-700">{m.intro}</p>

      <section aria-labelledby="members-heading" className="mt-10">
        <h2 id="members-heading" className="text-xl font-semibold text-ink">
          {m.members.heading}
        </h2>
        <TeamMembers members={members} me={me} />
      </section>

      <section aria-labelledby="invitations-heading" className="mt-10">
        <h2 id="invitations-heading" className="text-xl font-semibold text-ink">
          {m.invitations.heading}
        </h2>
        {invitations.length === 0 ? (
          <p className="mt-3 text-slate-700">{m.invitations.none}</p>
        ) : (
          <TeamInvitations invitations={invitations} />
        )}
      </section>

      <section aria-labelledby="invite-heading" className="mt-10">
        <Card>
          <h2 id="invite-heading" className="text-xl font-semibold text-ink">
            {m.invite.heading}
          </h2>
          <p className="mt-2 text-slate-700">{m.invite.intro}</p>
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
            <input type="hidden" name="intent" value="invite" />
            <TextField
              meta={fieldMeta(fields.email)}
              label={m.invite.email}
              type="email"
              autoComplete="off"
              defaultValue={
                typeof fields.email.initialValue === "string" ? fields.email.initialValue : ""
              }
            />
            <SelectField
              meta={fieldMeta(fields.role)}
              label={m.invite.role}
              placeholder={m.invite.chooseRole}
              options={teamRoles.map((role) => ({
                value: role,
                label: `${m.roles[role].label}: ${m.roles[role].summary}`,
              }))}
              defaultValue={
                typeof fields.role.initialValue === "string" ? fields.role.initialValue : ""
              }
            />
            <SubmitButton pendingLabel={m.invite.sending}>{m.invite.send}</SubmitButton>
          </Form>
        </Card>
      </section>

      <section aria-labelledby="two-factor-heading" className="mt-10">
        <Card>
          <h2 id="two-factor-heading" className="text-xl font-semibold text-ink">
            {m.twoFactor.heading}
          </h2>
          <p className="mt-2 text-slate-700">
            {requireTwoFactor ? m.twoFactor.required : m.twoFactor.optional}
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="two-factor" />
            <input type="hidden" name="required" value={requireTwoFactor ? "off" : "on"} />
            <SubmitButton
              pendingLabel={m.twoFactor.saving}
              variant={requireTwoFactor ? "secondary" : "primary"}
            >
              {requireTwoFactor ? m.twoFactor.makeOptional : m.twoFactor.require}
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
    title: inLocale(teamMessages, matchesLocale(matches)).title,
    description: inLocale(teamMessages, matchesLocale(matches)).metaDescription,
    path: paths.merchantTeam,
    noindex: true,
  });
