/**
 * Every route of `/api/v1`, in one table: the handler serves them and the OpenAPI document is
 * generated from them (openapi.server.ts).
 */
import { balanceRoutes } from "./endpoints/balances.server";
import { eventRoutes } from "./endpoints/events.server";
import { paymentRoutes } from "./endpoints/payments.server";
import { payoutBatchRoutes } from "./endpoints/payout-batches.server";
import { refundRoutes } from "./endpoints/refunds.server";
import { settlementRoutes } from "./endpoints/settlement.server";
import { testHelperRoutes } from "./endpoints/test-helpers.server";
import { webhookEndpointRoutes } from "./endpoints/webhook-endpoints.server";
import type { ApiRoute } from "./types.server";
import * as paths from "~/utils/paths";

/** Where the API lives (the version is in the path). */
export const API_PREFIX = paths.apiBase;

export const apiRoutes: readonly ApiRoute[] = [
  ...paymentRoutes,
  ...refundRoutes,
  ...eventRoutes,
  ...balanceRoutes,
  ...settlementRoutes,
  ...webhookEndpointRoutes,
  ...payoutBatchRoutes,
  ...testHelperRoutes,
];

interface CompiledRoute {
  route: ApiRoute;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = apiRoutes.map((route) => {
  const names: string[] = [];
  const source = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { route, pattern: new RegExp(`^${source}$`), names };
});

export type RouteMatch =
  | { kind: "found"; route: ApiRoute; params: Record<string, string> }
  | { kind: "method_not_allowed"; allow: string[] }
  | { kind: "not_found" };

/** The route for a method and a path under the prefix (`/payments/pay_…`). */
export function matchRoute(method: string, path: string): RouteMatch {
  const allow: string[] = [];
  for (const { route, pattern, names } of compiled) {
    const match = pattern.exec(path);
    if (!match) continue;
    if (route.method !== method) {
      allow.push(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    try {
      names.forEach((name, index) => {
        params[name] = decodeURIComponent(match[index + 1]!);
      });
    } catch {
      // A malformed escape (`%E0%A4%A`) names no object.
      return { kind: "not_found" };
    }
    return { kind: "found", route, params };
  }
  return allow.length ? { kind: "method_not_allowed", allow } : { kind: "not_found" };
}
