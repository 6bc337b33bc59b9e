/**
 * The team page's two tables: members (role, status, joined, and the owner's buttons to change
 * each) and pending invitations (with "Withdraw"). Plain forms: they work without JavaScript.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge, buttonClass, DataTable } from "~/components/ui";
import { teamRoleInfo, teamRoles, type TeamRole } from "~/core/accounts/permissions";
import { formatDate, formatEatDateTime } from "~/utils/format";

export interface TeamMemberRow {
  id: string;
  username: string;
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

const cell = "px-3 py-3 align-top";

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

export function TeamMembers({ members, me }: { members: readonly TeamMemberRow[]; me: string }) {
  return (
    <DataTable
      caption="Team members"
      className="mt-4"
      headings={["Username", "E-mail", "Role", "Status", "Joined", "Actions"]}
    >
      {members.map((member) => {
        const who = <span className="sr-only"> {member.username}</span>;
        return (
          <tr key={member.id} className="border-b border-slate-200">
            <td className={`${cell} font-medium text-ink`}>
              {member.username}
              {member.id === me ? <span className="text-slate-600"> (you)</span> : null}
            </td>
            <td className={cell}>{member.email ?? "—"}</td>
            <td className={cell}>{teamRoleInfo[member.role].label}</td>
            <td className={cell}>
              {member.status === "active" ? (
                <Badge tone="success">Active</Badge>
              ) : (
                <Badge tone="warning">Suspended</Badge>
              )}
            </td>
            <td className={cell}>{formatDate(member.createdAt)}</td>
            <td className={cell}>
              <div className="flex flex-wrap items-end gap-2">
                <Form method="post" className="flex items-end gap-2">
                  <Hidden fields={{ intent: "role", memberId: member.id }} />
                  <label className="sr-only" htmlFor={`role-${member.id}`}>
                    Role of {member.username}
                  </label>
                  <select
                    id={`role-${member.id}`}
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
                  <button type="submit" className={smallButton("secondary")}>
                    Change Role{who}
                  </button>
                </Form>
                {member.status === "active" ? (
                  <RowButton fields={{ intent: "suspend", memberId: member.id }}>
                    Suspend{who}
                  </RowButton>
                ) : (
                  <RowButton fields={{ intent: "reactivate", memberId: member.id }}>
                    Reactivate{who}
                  </RowButton>
                )}
                <RowButton fields={{ intent: "remove", memberId: member.id }} variant="ghost">
                  Remove{who}
                </RowButton>
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

export function TeamInvitations({ invitations }: { invitations: readonly TeamInvitationRow[] }) {
  return (
    <DataTable
      caption="Pending invitations"
      className="mt-4"
      headings={["E-mail", "Role", "Expires", "Actions"]}
    >
      {invitations.map((invitation) => (
        <tr key={invitation.id} className="border-b border-slate-200">
          <td className={`${cell} font-medium text-ink`}>{invitation.email}</td>
          <td className={cell}>{teamRoleInfo[invitation.role].label}</td>
          <td className={cell}>{formatEatDateTime(invitation.expiresAt)}</td>
          <td className={cell}>
            <RowButton fields={{ intent: "revoke", invitationId: invitation.id }}>
              Withdraw<span className="sr-only"> the invitation of {invitation.email}</span>
            </RowButton>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
