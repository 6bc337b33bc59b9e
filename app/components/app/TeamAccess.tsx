/**
 * What the signed-in member's role may do, read from the merchant layout's data (routes/merchant),
 * so a page can hide a button the role cannot use. Hiding is a courtesy: every loader and action
 * checks the permission on the server (requirePermission).
 */
import { useRouteLoaderData } from "@remix-run/react";
import type { Permission } from "~/core/accounts/permissions";

interface ShellMember {
  member?: { permissions?: readonly string[] };
}

/** `can("payments:create")`: whether the member's role holds the permission. */
export function useMemberCan(): (permission: Permission) => boolean {
  const shell = useRouteLoaderData("routes/merchant") as ShellMember | undefined;
  const granted = shell?.member?.permissions ?? [];
  return (permission) => granted.includes(permission);
}
