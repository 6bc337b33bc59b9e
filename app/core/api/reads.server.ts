/**
 * What the API reads: a merchant's payments and events in one mode, by id or a page at a time
 * (newest first; `starting_after` is the last id of the page the caller has).
 */
import { and, desc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
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
  createdAfter?: number;
  createdBefore?: number;
}

export interface Page<T> {
  items: T[];
  hasMore: boolean;
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

/** Rows after the cursor row in (created_at desc, id desc) order. */
function afterCursor(
  table: typeof payments | typeof webhookEvents,
  cursor: { createdAt: number; id: string } | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${table.createdAt} < ${cursor.createdAt} or (${table.createdAt} = ${cursor.createdAt} and ${table.id} < ${cursor.id}))`;
}

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
  return store.read(async (q) => {
    const cursor = query.startingAfter
      ? await findPayment(store, scope, query.startingAfter)
      : undefined;
    if (query.startingAfter && !cursor) return undefined;
    const rows = await q
      .select()
      .from(payments)
      .where(
        and(
          paymentsInMode(scope.merchantId, scope.mode),
          query.status ? eq(payments.status, query.status) : undefined,
          ...timeWindow(payments.createdAt, query),
          afterCursor(payments, cursor),
        ),
      )
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(query.limit + 1);
    return { items: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
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
  return store.read(async (q) => {
    const cursor = query.startingAfter
      ? await findEvent(store, scope, query.startingAfter)
      : undefined;
    if (query.startingAfter && !cursor) return undefined;
    const rows = await q
      .select()
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.merchantId, scope.merchantId),
          eq(webhookEvents.mode, scope.mode),
          query.type ? eq(webhookEvents.type, query.type) : undefined,
          ...timeWindow(webhookEvents.createdAt, query),
          afterCursor(webhookEvents, cursor),
        ),
      )
      .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
      .limit(query.limit + 1);
    return { items: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
  });
}
