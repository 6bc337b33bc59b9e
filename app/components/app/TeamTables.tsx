/**
 * The team page's two lists (a table on a laptop, cards on a phone): members (role, status,
 * joined, and the owner's buttons to change each) and pending invitations (with "Withdraw"). Plain
 * forms: they work without JavaScript.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge, buttonClass } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { teamRoles, type TeamRole } from "~/core/accounts/permissions";
import { teamMessages } from "~/i18n/catalogs/team";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatDate, formatEatDateTime } from "~/utils/format";

export interface TeamMemberRow {
  id: string;
  username: string;
  /** As on their ID, given on joining (null: joined before it was asked). */
  fullName: string | null;
  email: string | null;
  role: TeamRole;
  status: "active" | "suspended" | "removed";
  createdAt: number;
}

export interface TeamInvitationRow {
  id: string;
  email: string;
  role: TeamRole;
  expiresAt: number;
}

const smallButton = (variant: "secondary" | "ghost") => buttonClass(variant, "px-3 py-1.5 text-sm");

function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function RowButton({
  fields,
  children,
  variant = "secondary",
}: {
  fields: Record<string, string>;
  children: ReactNode;
  variant?: "secondary" | "ghost";
}) {
  return (
    <Form method="post">
      <Hidden fields={fields} />
      <button type="submit" className={smallButton(variant)}>
        {children}
      </button>
    </Form>
  );
}

/** The owner's controls for one member: change the role, suspend or reactivate, remove. */
function MemberActions({ member }: { member: TeamMemberRow }) {
  const m = useMessages(teamMessages);
  const who = <span className="sr-only"> {member.username}</span>;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Form method="post" className="flex items-end gap-2">
        <Hidden fields={{ intent: "role", memberId: member.id }} />
        {/* Labelled by wrapping (no id): the table and the phone's cards both render it. */}
        <label>
          <span className="sr-only">{m.members.roleOf(member.username)}</span>
          <select
            name="role"
            defaultValue={member.role}
            className="rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-sm"
          >
            {teamRoles.map((role) => (
              <option key={role} value={role}>
                {m.roles[role].label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={smallButton("secondary")}>
          {m.members.changeRole}
          {who}
        </button>
      </Form>
      {member.status === "active" ? (
        <RowButton fields={{ intent: "suspend", memberId: member.id }}>
          {m.members.suspend}
          {who}
        </RowButton>
      ) : (
        <RowButton fields={{ intent: "reactivate", memberId: member.id }}>
          {m.members.reactivate}
          {who}
        </RowButton>
      )}
      <RowButton fields={{ intent: "remove", memberId: member.id }} variant="ghost">
        {m.members.remove}
        {who}
      </RowButton>
    </div>
  );
}

export function TeamMembers({ members, me }: { members: readonly TeamMemberRow[]; me: string }) {
  const m = useMessages(teamMessages).members;
  const roles = useMessages(teamMessages).roles;
  const locale = useLocale();
  return (
    <ResponsiveTable
      caption={m.caption}
      className="mt-4"
      headingLevel="h3"
      rows={members}
      rowKey={(member) => member.id}
      title={{
        heading: m.username,
        cell: (member) => (
          <span className="font-medium text-ink">
            {member.username}
            {member.id === me ? <span className="font-normal text-slate-600">{m.you}</span> : null}
          </span>
        ),
      }}
      columns={[
        { heading: m.fullName, cell: (member) => member.fullName ?? m.notGiven },
        { heading: m.email, cell: (member) => member.email ?? "—" },
        { heading: m.role, cell: (member) => roles[member.role].label },
        {
          heading: m.status,
          cell: (member) =>
            member.status === "active" ? (
              <Badge tone="success">{m.active}</Badge>
            ) : (
              <Badge tone="warning">{m.suspended}</Badge>
            ),
        },
        { heading: m.joined, cell: (member) => formatDate(member.createdAt, locale) },
      ]}
      actions={{ label: m.actions, cell: (member) => <MemberActions member={member} /> }}
    />
  );
}

export function TeamInvitations({ invitations }: { invitations: readonly TeamInvitationRow[] }) {
  const m = useMessages(teamMessages).invitations;
  const roles = useMessages(teamMessages).roles;
  const locale = useLocale();
  return (
    <ResponsiveTable
      caption={m.caption}
      className="mt-4"
      headingLevel="h3"
      rows={invitations}
      rowKey={(invitation) => invitation.id}
      title={{
        heading: m.email,
        cell: (invitation) => (
          <span className="font-medium break-all text-ink">{invitation.email}</span>
        ),
      }}
      columns={[
        { heading: m.role, cell: (invitation) => roles[invitation.role].label },
        {
          heading: m.expires,
          cell: (invitation) => formatEatDateTime(invitation.expiresAt, locale),
        },
      ]}
      actions={{
        label: m.actions,
        cell: (invitation) => (
          <RowButton fields={{ intent: "revoke", invitationId: invitation.id }}>
            {m.withdraw}
            <span className="sr-only">{m.withdrawWhose(invitation.email)}</span>
          </RowButton>
        ),
      }}
    />
  );
}
