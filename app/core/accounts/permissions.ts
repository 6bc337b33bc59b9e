/**
 * Team roles and what each may do: one table, read by the server's single check
 * (`requirePermission` in utils/auth.server.ts, in every loader and action of the merchant app, and
 * later every API call) and by the UI, which hides what a role cannot do but never relies on
 * hiding. Isomorphic: the schema builds its role column from `teamRoles` (ADR 0020).
 */

export const teamRoles = ["owner", "admin", "finance", "developer", "cashier", "viewer"] as const;
export type TeamRole = (typeof teamRoles)[number];

export const teamRoleInfo: Record<TeamRole, { label: string; summary: string }> = {
  owner: {
    label: "Owner",
    summary:
      "Everything, and the only role that manages the team, payout destinations and payout approval.",
  },
  admin: { label: "Admin", summary: "Everything except the team and ownership." },
  finance: {
    label: "Finance",
    summary: "Payments, balances and exports, and approving payouts.",
  },
  developer: {
    label: "Developer",
    summary: "API keys and webhooks; reads and creates payments.",
  },
  cashier: { label: "Cashier", summary: "Creates payments and sees their status." },
  viewer: { label: "Viewer", summary: "Reads payments and balances; changes nothing." },
};

/** Every action the merchant app guards, as a typed string. Later issues add to this list. */
export const permissions = [
  "payments:read",
  "payments:create",
  "payments:export",
  "balances:read",
  "statements:read",
  "payout_destination:manage",
  /** The payout approval limit (money controls: owners only). */
  "payout_approval:manage",
  "payouts:create",
  "payouts:approve",
  "refunds:create",
  "team:manage",
  "settings:manage",
  "developers:manage",
] as const;
export type Permission = (typeof permissions)[number];

const all: readonly Permission[] = permissions;
const readOnly: readonly Permission[] = ["payments:read", "payments:export", "balances:read"];

/** The one table: which role holds which permission. */
export const rolePermissions: Record<TeamRole, readonly Permission[]> = {
  owner: all,
  admin: all.filter(
    (p) =>
      p !== "team:manage" && p !== "payout_destination:manage" && p !== "payout_approval:manage",
  ),
  finance: [
    ...readOnly,
    "payments:create",
    "payouts:create",
    "payouts:approve",
    "refunds:create",
    "statements:read",
  ],
  // Integrating a shop means creating payments (collecting money), never moving it out.
  developer: ["payments:read", "payments:create", "developers:manage"],
  cashier: ["payments:read", "payments:create"],
  viewer: readOnly,
};

const granted = new Map<TeamRole, ReadonlySet<Permission>>(
  teamRoles.map((role) => [role, new Set(rolePermissions[role])]),
);

/** Whether `role` may do `permission`. Unknown roles may do nothing. */
export function can(role: string, permission: Permission): boolean {
  return granted.get(role as TeamRole)?.has(permission) ?? false;
}

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === "string" && (teamRoles as readonly string[]).includes(value);
}

/** A member's state: invited members have no user row yet (see merchant_invitations). */
export const memberStatuses = ["active", "suspended", "removed"] as const;
export type MemberStatus = (typeof memberStatuses)[number];
