/**
 * The team page's two lists (a table on a laptop, cards on a phone): members (role, status,
 * joined, and the owner's buttons to change each) and pending invitations (with "Withdraw"). Plain
 * forms: they work without JavaScript.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge, buttonClass } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { teamRoleInfo, teamRoles, type TeamRole } from "~/core/accounts/permissions";
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
  const who = <span className="sr-only"> {member.username}</span>;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Form method="post" className="flex items-end gap-2">
        <Hidden fields={{ intent: "role", memberId: member.id }} />
        {/* Labelled by wrapping (no id): the table and the phone's cards both render it. */}
        <label>
          <span className="sr-only">Role of {member.username}</span>
          <select
            name="role"
            defaultValue={member.role}
            className="rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-sm"
          >
            {teamRoles.map((role) => (
              <option key={role} value={role}>
                {teamRoleInfo[role].label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={smallButton("secondary")}>
          Change Role{who}
        </button>
      </Form>
      {member.status === "active" ? (
        <RowButton fields={{ intent: "suspend", memberId: member.id }}>Suspend{who}</RowButton>
      ) : (
        <RowButton fields={{ intent: "reactivate", memberId: member.id }}>
          Reactivate{who}
        </RowButton>
      )}
      <RowButton fields={{ intent: "remove", memberId: member.id }} variant="ghost">
        Remove{who}
      </RowButton>
    </div>
  );
}

export function TeamMembers({ members, me }: { members: readonly TeamMemberRow[]; me: string }) {
  return (
    <ResponsiveTable
      caption="Team members"
      className="mt-4"
      headingLevel="h3"
      rows={members}
      rowKey={(member) => member.id}
      title={{
        heading: "Username",
        cell: (member) => (
          <span className="font-medium text-ink">
            {member.username}
            {member.id === me ? <span className="font-normal text-slate-600"> (you)</span> : null}
          </span>
        ),
      }}
      columns={[
        { heading: "Full name", cell: (member) => member.fullName ?? "Not given" },
        { heading: "E-mail", cell: (member) => member.email ?? "—" },
        { heading: "Role", cell: (member) => teamRoleInfo[member.role].label },
        {
          heading: "Status",
          cell: (member) =>
            member.status === "active" ? (
              <Badge tone="success">Active</Badge>
            ) : (
              <Badge tone="warning">Suspended</Badge>
            ),
        },
        { heading: "Joined", cell: (member) => formatDate(member.createdAt) },
      ]}
      actions={{ label: "Actions", cell: (member) => <MemberActions member={member} /> }}
    />
  );
}

export function TeamInvitations({ invitations }: { invitations: readonly TeamInvitationRow[] }) {
  return (
    <ResponsiveTable
      caption="Pending invitations"
      className="mt-4"
      headingLevel="h3"
      rows={invitations}
      rowKey={(invitation) => invitation.id}
      title={{
        heading: "E-mail",
        cell: (invitation) => (
          <span className="font-medium break-all text-ink">{invitation.email}</span>
        ),
      }}
      columns={[
        { heading: "Role", cell: (invitation) => teamRoleInfo[invitation.role].label },
        { heading: "Expires", cell: (invitation) => formatEatDateTime(invitation.expiresAt) },
      ]}
      actions={{
        label: "Actions",
        cell: (invitation) => (
          <RowButton fields={{ intent: "revoke", invitationId: invitation.id }}>
            Withdraw<span className="sr-only"> the invitation of {invitation.email}</span>
          </RowButton>
        ),
      }}
    />
  );
}
