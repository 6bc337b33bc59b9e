/**
 * The payments list's filters as the address carries them (issue 30, item 7), read the same way by
 * the list and its CSV export: status, reference search, and a creation period (`from`, `to`:
 * Nairobi days, both included, either may be left open). Isomorphic and pure.
 */
import { isCalendarDay, statementBounds } from "~/core/statements/range";
import { paymentStatuses, type PaymentStatus } from "./statuses";

export const paymentListQueryMessages = {
  from: "Enter the start date as YYYY-MM-DD, for example 2026-11-01.",
  to: "Enter the end date as YYYY-MM-DD, for example 2026-11-30.",
  order: "The start date must be on or before the end date.",
} as const;

/** The filters as given (what the form shows again). */
export interface PaymentListQuery {
  status: PaymentStatus | "";
  q: string;
  from: string;
  to: string;
}

export interface ParsedPaymentListQuery {
  query: PaymentListQuery;
  /** A date that cannot be used, and why: the list is not filtered by it. */
  errors: Partial<Record<"from" | "to", string>>;
  /** What the store filters by. */
  filter: {
    statuses?: PaymentStatus[];
    search: string;
    createdFrom?: number;
    createdBefore?: number;
  };
}

const text = (search: URLSearchParams, name: string, max: number) =>
  (search.get(name) ?? "").trim().slice(0, max);

export function parsePaymentListQuery(search: URLSearchParams): ParsedPaymentListQuery {
  const status = text(search, "status", 32);
  const query: PaymentListQuery = {
    status: (paymentStatuses as readonly string[]).includes(status)
      ? (status as PaymentStatus)
      : "",
    q: text(search, "q", 64),
    from: text(search, "from", 32),
    to: text(search, "to", 32),
  };
  const errors: ParsedPaymentListQuery["errors"] = {};
  const from = query.from && isCalendarDay(query.from) ? query.from : null;
  const to = query.to && isCalendarDay(query.to) ? query.to : null;
  if (query.from && !from) errors.from = paymentListQueryMessages.from;
  if (query.to && !to) errors.to = paymentListQueryMessages.to;
  const ordered = !(from && to && from > to);
  if (!ordered) errors.from = paymentListQueryMessages.order;
  return {
    query,
    errors,
    filter: {
      statuses: query.status ? [query.status] : undefined,
      search: query.q,
      ...(from && ordered ? { createdFrom: statementBounds({ from, to: from }).startMs } : {}),
      ...(to && ordered ? { createdBefore: statementBounds({ from: to, to }).endMs } : {}),
    },
  };
}

/** The filters back as address parameters (empty ones left out), for links and the CSV. */
export function paymentListParams(query: PaymentListQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ""));
}
