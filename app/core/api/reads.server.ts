/**
 * What the API reads: a merchant's payments and events in one mode, by id or a page at a time
 * (newest first; `starting_after` is the last id of the page the caller has, `ending_before` the
 * first: the page just newer than it, still newest first).
 */
import { and, asc, desc, eq, gt, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { payments, webhookEvents } from "../../../drizzle/schema";
import type { Payment } from "~/core/payments/payments.server";
import type { PaymentStatus } from "~/core/payments/statuses";
import { prepared } from "~/db/prepared";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";
import { paymentsInMode } from "./mode.server";
import type { WebhookEvent } from "./outbox.server";
import type { ApiMode } from "./vocabulary";

export interface Scope {
  merchantId: string;
  mode: ApiMode;
}

export interface PageQuery {
  limit: number;
  startingAfter?: string;
  /** The first id of the page the caller has: the page of objects just newer than it. */
  endingBefore?: string;
  createdAfter?: number;
  createdBefore?: number;
}

export interface Page<T> {
  items: T[];
  /** More beyond this page in the direction paged: older ones, or newer with `endingBefore`. */
  hasMore: boolean;
  /** Paged back with `endingBefore` (older objects than the page exist: the cursor's). */
  backward?: boolean;
}

/** Which way a page goes from its cursor: to older objects (the default) or newer ones. */
export type PageDirection = "older" | "newer";

/** The cursor id of a page query and its direction (one at most: the API refuses both). */
export const cursorOf = (query: { startingAfter?: string; endingBefore?: string }) =>
  query.endingBefore !== undefined
    ? { id: query.endingBefore, direction: "newer" as const }
    : query.startingAfter !== undefined
      ? { id: query.startingAfter, direction: "older" as const }
      : undefined;

/**
 * Rows past the cursor row in (created_at, id) order: older ones (`direction` "older"), or newer
 * ones. Works on any table with a `created_at` and a text `id` (keyset pagination, both engines).
 */
export function pastCursor(
  columns: { createdAt: AnyColumn; id: AnyColumn },
  cursor: { createdAt: number; id: string } | undefined,
  direction: PageDirection,
): SQL | undefined {
  if (!cursor) return undefined;
  const { createdAt, id } = columns;
  return direction === "older"
    ? sql`(${createdAt} < ${cursor.createdAt} or (${createdAt} = ${cursor.createdAt} and ${id} < ${cursor.id}))`
    : sql`(${createdAt} > ${cursor.createdAt} or (${createdAt} = ${cursor.createdAt} and ${id} > ${cursor.id}))`;
}

/** The order to read in: newest first, or oldest first when paging to newer objects. */
export const pageOrder = (columns: { createdAt: AnyColumn; id: AnyColumn }, d: PageDirection) =>
  d === "older"
    ? [desc(columns.createdAt), desc(columns.id)]
    : [asc(columns.createdAt), asc(columns.id)];

/** The page from `limit + 1` rows read in `pageOrder`: newest first either way. */
export function pageFrom<T>(rows: T[], limit: number, direction: PageDirection): Page<T> {
  const items = rows.slice(0, limit);
  if (direction === "newer") items.reverse();
  return { items, hasMore: rows.length > limit, backward: direction === "newer" };
}

/** The payment if it is this merchant's in this mode (another's, or the other mode's: none). */
export function findPayment(store: Store, scope: Scope, id: string): Promise<Payment | undefined> {
  return store.readOne((q) => paymentById(q).get({ id, ...scope }));
}

/** Built once (app/db/prepared.ts): every API read of a payment runs it. */
const paymentById = prepared("api.paymentById", (q) =>
  q
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, sql.placeholder("id")),
        paymentsInMode(sql.placeholder("merchantId"), sql.placeholder("mode")),
      ),
    )
    .limit(1),
);

function timeWindow(
  column: typeof payments.createdAt | typeof webhookEvents.createdAt,
  query: PageQuery,
): (SQL | undefined)[] {
  return [
    query.createdAfter === undefined ? undefined : gt(column, query.createdAfter),
    query.createdBefore === undefined ? undefined : lt(column, query.createdBefore),
  ];
}

/** `undefined` when the cursor is not this merchant's payment in this mode. */
export function listPayments(
  store: Store,
  scope: Scope,
  query: PageQuery & { status?: PaymentStatus },
): Promise<Page<Payment> | undefined> {
  const at = cursorOf(query);
  const direction = at?.direction ?? "older";
  return store.read(async (q) => {
    const cursor = at ? await findPayment(store, scope, at.id) : undefined;
    if (at && !cursor) return undefined;
    const rows = await q
      .select()
      .from(payments)
      .where(
        and(
          paymentsInMode(scope.merchantId, scope.mode),
          query.status ? eq(payments.status, query.status) : undefined,
          ...timeWindow(payments.createdAt, query),
          pastCursor(payments, cursor, direction),
        ),
      )
      .orderBy(...pageOrder(payments, direction))
      .limit(query.limit + 1);
    return pageFrom(rows, query.limit, direction);
  });
}

export function findEvent(
  store: Store,
  scope: Scope,
  id: string,
): Promise<WebhookEvent | undefined> {
  return store.readOne((q) =>
    first(
      q
        .select()
        .from(webhookEvents)
        .where(
          and(
            eq(webhookEvents.id, id),
            eq(webhookEvents.merchantId, scope.merchantId),
            eq(webhookEvents.mode, scope.mode),
          ),
        )
        .limit(1),
    ),
  );
}

export function listEvents(
  store: Store,
  scope: Scope,
  query: PageQuery & { type?: string },
): Promise<Page<WebhookEvent> | undefined> {
  const at = cursorOf(query);
  const direction = at?.direction ?? "older";
  return store.read(async (q) => {
    const cursor = at ? await findEvent(store, scope, at.id) : undefined;
    if (at && !cursor) return undefined;
    const rows = await q
      .select()
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.merchantId, scope.merchantId),
          eq(webhookEvents.mode, scope.mode),
          query.type ? eq(webhookEvents.type, query.type) : undefined,
          ...timeWindow(webhookEvents.createdAt, query),
          pastCursor(webhookEvents, cursor, direction),
        ),
      )
      .orderBy(...pageOrder(webhookEvents, direction))
      .limit(query.limit + 1);
    return pageFrom(rows, query.limit, direction);
  });
}
