/** What every list endpoint shares: the cursors, the page envelope and the created-time filter. */
import type { Page } from "~/core/api/reads.server";
import { ApiError, notFound } from "../errors.server";

/**
 * The cursor of a list that pages by id: `starting_after` (the next, older page) or
 * `ending_before` (the previous, newer page), never both.
 */
export function pageCursor(query: { starting_after?: string; ending_before?: string }) {
  if (query.starting_after !== undefined && query.ending_before !== undefined)
    throw new ApiError(
      "parameter_invalid",
      "ending_before: give either starting_after (the next page) or ending_before (the previous page), not both",
      "ending_before",
    );
  return { startingAfter: query.starting_after, endingBefore: query.ending_before };
}

/** The 404 of a cursor that is not one of the key's objects, naming the parameter given. */
export function cursorNotFound(
  what: string,
  query: { starting_after?: string; ending_before?: string },
) {
  return query.ending_before !== undefined
    ? notFound(what, query.ending_before, "ending_before")
    : notFound(what, query.starting_after!, "starting_after");
}

/**
 * `next_starting_after`: the last id of the page when older objects follow it (`has_more` going
 * forward; always, going back with `ending_before`, since the cursor's object is older).
 */
export function nextStartingAfter(page: Page<{ id: string }>): string | null {
  return page.hasMore || page.backward ? (page.items.at(-1)?.id ?? null) : null;
}

export function pageOf<T extends { id: string }, J>(page: Page<T>, toJson: (item: T) => J) {
  return {
    object: "list" as const,
    data: page.items.map(toJson),
    has_more: page.hasMore,
    next_starting_after: nextStartingAfter(page),
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
