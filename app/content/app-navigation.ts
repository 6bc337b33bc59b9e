/**
 * The navigation of the two signed-in shells: the merchant app (routes/merchant.tsx) and the
 * operator console (routes/admin.tsx). One array each: a later section (Developers, Payouts) is
 * one more line here. A merchant item names the permission (core/accounts/permissions.ts) that a
 * member's role needs to see it; the server still checks every page (requirePermission).
 */
import type { IconName } from "~/components/ui/icons";
import * as paths from "~/utils/paths";

/** Where the visitor is, as the shell sees it (pathname and query). */
export interface NavLocation {
  pathname: string;
  search: string;
}

export interface AppNavItem {
  label: string;
  to: string;
  icon: IconName;
  /** True on the pages this item stands for: it is then marked `aria-current="page"`. */
  current: (at: NavLocation) => boolean;
  /**
   * The permission that shows this item (a `Permission` of core/accounts/permissions.ts, kept as a
   * string here: content imports no core module); none: every member sees it.
   */
  permission?: string;
}

/** The merchant app's items, each named by a key its translated label is found by. */
export type MerchantNavId =
  | "dashboard"
  | "payments"
  | "till"
  | "statements"
  | "payouts"
  | "paymentLinks"
  | "balances"
  | "settings"
  | "team"
  | "developers"
  | "security";

export interface MerchantNavItem extends AppNavItem {
  id: MerchantNavId;
}

/** A console item also names the role that opens it; an admin opens everything. */
export interface ConsoleNavItem extends AppNavItem {
  role: "reviewer" | "curator" | "compliance" | "admin";
}

const under = (base: string) => (at: NavLocation) =>
  at.pathname === base || at.pathname.startsWith(`${base}/`);

const statusOf = (at: NavLocation) => new URLSearchParams(at.search).get("status");

const merchantItems: readonly MerchantNavItem[] = [
  {
    id: "dashboard",
    label: "Dashboard",
    to: paths.merchantDashboard,
    icon: "chart",
    current: under(paths.merchantDashboard),
    permission: "payments:read",
  },
  {
    id: "payments",
    label: "Payments",
    to: paths.merchantPayments,
    icon: "exchange",
    current: under(paths.merchantPayments),
    permission: "payments:read",
  },
  // The cashier's till (issue 32, item 5): for every role that may take a payment.
  {
    id: "till",
    label: "Till",
    to: paths.merchantTill,
    icon: "store",
    current: under(paths.merchantTill),
    permission: "payments:create",
  },
  {
    id: "statements",
    label: "Statements",
    to: paths.merchantStatements,
    icon: "document",
    current: under(paths.merchantStatements),
    permission: "statements:read",
  },
  {
    id: "payouts",
    label: "Payouts",
    to: paths.merchantPayouts,
    icon: "send",
    current: under(paths.merchantPayouts),
    permission: "payouts:create",
  },
  {
    id: "paymentLinks",
    label: "Payment links",
    to: paths.merchantPaymentLinks,
    icon: "cart",
    current: under(paths.merchantPaymentLinks),
    permission: "payments:read",
  },
  // A section of the dashboard (balances and the settlement number), not a page of its own.
  {
    id: "balances",
    label: "Balances and settlement",
    to: `${paths.merchantDashboard}#balances`,
    icon: "wallet",
    current: () => false,
    permission: "balances:read",
  },
  {
    id: "settings",
    label: "Settings",
    to: paths.merchantSettings,
    icon: "key",
    current: under(paths.merchantSettings),
    permission: "balances:read",
  },
  {
    id: "team",
    label: "Team",
    to: paths.merchantTeam,
    icon: "handshake",
    current: under(paths.merchantTeam),
    permission: "team:manage",
  },
  {
    id: "developers",
    label: "Developers",
    to: paths.merchantDevelopers,
    icon: "code",
    current: under(paths.merchantDevelopers),
    permission: "developers:manage",
  },
  // Everyone's own account: password, two-factor sign-in, sessions.
  {
    id: "security",
    label: "Security",
    to: paths.merchantSecurity,
    icon: "shield",
    current: under(paths.merchantSecurity),
  },
];

export const merchantNav: readonly AppNavItem[] = merchantItems;

/** The merchant items a member whose role holds `granted` sees. */
export function merchantNavFor(
  granted: readonly string[],
  /** The labels in the page's language (app/i18n/catalogs/app-shell.ts); default: the English. */
  labels?: Readonly<Record<MerchantNavId, string>>,
): readonly MerchantNavItem[] {
  return merchantItems
    .filter((item) => !item.permission || granted.includes(item.permission))
    .map((item) => (labels ? { ...item, label: labels[item.id] } : item));
}

/** Payment views that have their own console item. */
const queueViews = new Set(["exceptions", "review", "in_review"]);

export const consoleNav: readonly ConsoleNavItem[] = [
  {
    label: "Applications",
    to: paths.adminApplications,
    icon: "document",
    role: "reviewer",
    current: under(paths.adminApplications),
  },
  {
    label: "Payments",
    to: paths.adminPayments,
    icon: "exchange",
    role: "reviewer",
    current: (at) => under(paths.adminPayments)(at) && !queueViews.has(statusOf(at) ?? ""),
  },
  {
    label: "Exceptions",
    to: `${paths.adminPayments}?status=exceptions`,
    icon: "bolt",
    role: "reviewer",
    current: (at) => at.pathname === paths.adminPayments && statusOf(at) === "exceptions",
  },
  {
    label: "Review",
    to: `${paths.adminPayments}?status=review`,
    icon: "checkCircle",
    role: "reviewer",
    current: (at) =>
      at.pathname === paths.adminPayments && ["review", "in_review"].includes(statusOf(at) ?? ""),
  },
  {
    label: "Rails",
    to: paths.adminRails,
    icon: "send",
    role: "reviewer",
    current: under(paths.adminRails),
  },
  {
    label: "Top-ups",
    to: paths.adminTopUps,
    icon: "wallet",
    role: "reviewer",
    current: under(paths.adminTopUps),
  },
  {
    label: "Reconciliation",
    to: paths.adminReconciliation,
    icon: "vault",
    role: "admin",
    current: under(paths.adminReconciliation),
  },
  {
    label: "Cases",
    to: paths.adminCases,
    icon: "shield",
    role: "compliance",
    current: under(paths.adminCases),
  },
  {
    label: "FRC reports",
    to: paths.adminReports,
    icon: "document",
    role: "compliance",
    current: under(paths.adminReports),
  },
  {
    label: "Sanctions lists",
    to: paths.adminSanctions,
    icon: "document",
    role: "compliance",
    current: under(paths.adminSanctions),
  },
  {
    label: "Monitoring",
    to: paths.adminMonitoring,
    icon: "bolt",
    role: "compliance",
    current: under(paths.adminMonitoring),
  },
  {
    label: "KYB reviews",
    to: paths.adminKybReviews,
    icon: "checkCircle",
    role: "compliance",
    current: under(paths.adminKybReviews),
  },
  {
    label: "Excise duty",
    to: paths.adminExcise,
    icon: "document",
    role: "compliance",
    current: under(paths.adminExcise),
  },
  {
    label: "News",
    to: paths.adminIngest,
    icon: "globe",
    role: "curator",
    current: under(paths.adminIngest),
  },
];

/** Where an operator lands after signing in: the first page of their work. */
export function operatorHome(role: string): string {
  if (role === "curator") return paths.adminIngest;
  if (role === "compliance") return paths.adminCases;
  return paths.adminApplications;
}

/** How the console names an operator's role. */
export const operatorRoleLabels: Record<"admin" | "reviewer" | "curator" | "compliance", string> = {
  admin: "Administrator",
  reviewer: "Reviewer",
  curator: "News curator",
  compliance: "Compliance officer",
};

/** Texts of the two shells' error pages. */
export const sectionErrorText = {
  notFoundTitle: "Page not found",
  notFoundBody: "This page does not exist, or it is not part of your account.",
  failedTitle: "Something went wrong",
  failedBody: "We could not show this page. Please try again in a moment.",
  forbiddenTitle: "Access denied",
  forbiddenBody: "Your account does not have access to this page.",
} as const;
