/**
 * What a key may hold (issue 27, item 1; ADR 0038): never more than the member who made it. Each
 * API scope stands for a permission of the merchant app (core/accounts/permissions.ts); a role
 * holds a scope when it holds that permission (any of them, for payouts:read: makers and checkers
 * both see batches). Checked when a key is made (the form offers only these, the server refuses the
 * rest) and on every request against the creator's current role, so a demoted member's keys lose
 * what the new role lacks. Isomorphic: the Developers page builds its form from it.
 *
 * Who may make keys at all is the `developers:manage` permission: Owner, Admin and Developer, in
 * test and live mode alike. A Developer's keys read payments, create them and manage webhooks;
 * only Owners, Admins (and, for what their role holds, nobody else) make keys that move money out.
 */
import { can, teamRoleInfo, type Permission, type TeamRole } from "~/core/accounts/permissions";
import { apiScopes, type ApiScope } from "./vocabulary";

/** The permissions a scope stands for: a role with any of them holds the scope. */
export const scopePermissions: Record<ApiScope, readonly Permission[]> = {
  "payments:read": ["payments:read"],
  "payments:write": ["payments:create"],
  "payouts:read": ["payouts:create", "payouts:approve"],
  "payouts:write": ["payouts:create"],
  "refunds:write": ["refunds:create"],
  "balances:read": ["balances:read"],
  "webhooks:manage": ["developers:manage"],
};

/** Whether a member with `role` may hold (or use) `scope` now. */
export function roleHoldsScope(role: string, scope: ApiScope): boolean {
  return scopePermissions[scope].some((permission) => can(role, permission));
}

/** The scopes a member with `role` may give a key, in the vocabulary's order. */
export function scopesForRole(role: string): ApiScope[] {
  return apiScopes.filter((scope) => roleHoldsScope(role, scope));
}

/** Of `scopes`, those the role does not hold (empty: the key is within the role). */
export function scopesBeyondRole(role: string, scopes: readonly ApiScope[]): ApiScope[] {
  return scopes.filter((scope) => !roleHoldsScope(role, scope));
}

/** The refusal when a member asks for scopes beyond their role (the form's field message). */
export function beyondRoleMessage(role: TeamRole, scopes: readonly ApiScope[]): string {
  const list = scopes.join(", ");
  return `As ${teamRoleInfo[role].label} you cannot give a key ${list}: a key never does more than the member who makes it.`;
}
