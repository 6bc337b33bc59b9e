/** What every list endpoint shares: the page envelope and the created-time filter. */
import type { Page } from "~/core/api/reads.server";
import { ApiError } from "../errors.server";

export function pageOf<T extends { id: string }, J>(page: Page<T>, toJson: (item: T) => J) {
  return {
    object: "list" as const,
    data: page.items.map(toJson),
    has_more: page.hasMore,
    next_starting_after: page.hasMore ? (page.items.at(-1)?.id ?? null) : null,
  };
}

function epoch(value: string | undefined, param: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(parsed))
    throw new ApiError(
      "parameter_invalid",
      `${param}: must be an ISO 8601 time such as 2026-11-25T08:30:00Z`,
      param,
    );
  return parsed;
}

export function timeFilter(query: { created_after?: string; created_before?: string }) {
  return {
    createdAfter: epoch(query.created_after, "created_after"),
    createdBefore: epoch(query.created_before, "created_before"),
  };
}
