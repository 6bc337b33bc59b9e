/**
 * Disbursements as the API and webhooks see them (issue 15): a batch's object (its counts, its
 * totals, what to look at before approving), a row's object, the batches of a key's merchant and
 * mode a page at a time, and the webhook events of a batch and of a row, written to the outbox in
 * the caller's transaction (the core calls `enqueueBatchEvent` / `enqueueRowEvent` where the state
 * changes, so no event is lost to a crash between the change and the sending).
 *
 * On the store (ADR 0041): the API's reads (`findBatchInMode`, `listBatchesPage`, `batchObjectOn`)
 * and the events run on the caller's handle (a read, or the write that changed the batch).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { disbursementBatches, disbursementRows } from "../../../drizzle/schema";
import { enqueueEvent, type WebhookEvent } from "~/core/api/outbox.server";
import { cursorOf, pageFrom, pageOrder, pastCursor, type Page } from "~/core/api/reads.server";
import {
  disbursementObject,
  payoutBatchObject,
  type PayoutBatchFigures,
} from "~/core/api/payout-batch-object";
import type { ApiMode, WebhookEventType } from "~/core/api/vocabulary";
import { first } from "~/db/sql";
import type { Handle } from "~/db/store";
import type { Batch } from "./batch-rows.server";
import { batchSummary } from "./reads.server";
import type { BatchStatus } from "./vocabulary";

export type PayoutBatchEventType = Extract<WebhookEventType, `payout_batch.${string}`>;
export type DisbursementEventType = Extract<WebhookEventType, `disbursement.${string}`>;

/** Rows that pay (or paid, or failed paying): what the batch's totals add up. */
const PAYING = sql`${disbursementRows.status} in ('ready', 'queued', 'sent', 'paid', 'failed')`;

/** What the batch's paying rows come to: amount, our fee, its excise, rails' charges, the sum. */
async function payingTotalsOn(q: Handle, batchId: string): Promise<PayoutBatchFigures["totals"]> {
  const sums = await first(
    q
      .select({
        amount: sql<string>`cast(coalesce(sum(${disbursementRows.amountKesCents}), 0) as text)`,
        fee: sql<string>`cast(coalesce(sum(${disbursementRows.feeKesCents}), 0) as text)`,
        excise: sql<string>`cast(coalesce(sum(${disbursementRows.exciseKesCents}), 0) as text)`,
        charge: sql<string>`cast(coalesce(sum(${disbursementRows.railChargeKesCents}), 0) as text)`,
      })
      .from(disbursementRows)
      .where(and(eq(disbursementRows.batchId, batchId), PAYING))
      .limit(1),
  );
  const amountKesCents = BigInt(sums?.amount ?? "0");
  const feeKesCents = BigInt(sums?.fee ?? "0");
  const exciseKesCents = BigInt(sums?.excise ?? "0");
  const railChargeKesCents = BigInt(sums?.charge ?? "0");
  return {
    amountKesCents,
    feeKesCents,
    exciseKesCents,
    railChargeKesCents,
    totalKesCents: amountKesCents + feeKesCents + exciseKesCents + railChargeKesCents,
  };
}

/** The batch's object as it is now, in the caller's read (`approval_url` a path: withSiteUrl). */
export async function batchObjectOn(q: Handle, batch: Batch) {
  const summary = await batchSummary(q, batch);
  return payoutBatchObject(batch, {
    counts: summary.counts,
    rows: summary.rows,
    totals: await payingTotalsOn(q, batch.id),
    paidKesCents: summary.paidKesCents,
    attention: summary.attention,
  });
}

/** A batch of this merchant in this mode (another merchant's, or the other mode's: none). */
export function findBatchInMode(
  q: Handle,
  scope: { merchantId: string; mode: ApiMode },
  batchId: string,
): Promise<Batch | undefined> {
  return first(
    q
      .select()
      .from(disbursementBatches)
      .where(
        and(
          eq(disbursementBatches.id, batchId),
          eq(disbursementBatches.merchantId, scope.merchantId),
          eq(disbursementBatches.mode, scope.mode),
        ),
      )
      .limit(1),
  );
}

/**
 * The merchant's batches in a mode, newest first, a page at a time after `startingAfter` (a batch
 * id) or just newer than `endingBefore`. `undefined` when the cursor is not this merchant's batch
 * in this mode.
 */
export async function listBatchesPage(
  q: Handle,
  scope: { merchantId: string; mode: ApiMode },
  query: { limit: number; startingAfter?: string; endingBefore?: string; status?: BatchStatus },
): Promise<Page<Batch> | undefined> {
  const at = cursorOf(query);
  const direction = at?.direction ?? "older";
  const cursor = at ? await findBatchInMode(q, scope, at.id) : undefined;
  if (at && !cursor) return undefined;
  const rows = await q
    .select()
    .from(disbursementBatches)
    .where(
      and(
        eq(disbursementBatches.merchantId, scope.merchantId),
        eq(disbursementBatches.mode, scope.mode),
        query.status
          ? eq(disbursementBatches.status, query.status)
          : ne(disbursementBatches.status, "checking"),
        pastCursor(disbursementBatches, cursor, direction),
      ),
    )
    .orderBy(...pageOrder(disbursementBatches, direction))
    .limit(query.limit + 1);
  return pageFrom(rows, query.limit, direction);
}

/**
 * `payout_batch.approved`, `.rejected` or `.completed`: the batch as it is now, in its merchant's
 * mode. Call it in the transaction that changed the batch. Null when there is no such batch.
 */
export async function enqueueBatchEvent(
  q: Handle,
  batchId: string,
  type: PayoutBatchEventType,
  now: number,
): Promise<WebhookEvent | null> {
  const batch = await first(
    q.select().from(disbursementBatches).where(eq(disbursementBatches.id, batchId)).limit(1),
  );
  if (!batch) return null;
  const object = await batchObjectOn(q, batch);
  return enqueueEvent(q, {
    merchantId: batch.merchantId,
    mode: batch.mode,
    type,
    objectId: batch.id,
    data: { object },
    now,
  });
}

/**
 * `disbursement.succeeded` or `.failed`: the row (with its `batch_id`) as it is now, its receipt
 * or its failure reason. Call it in the transaction that settled the row. Null when there is no
 * such row.
 */
export async function enqueueRowEvent(
  q: Handle,
  rowId: string,
  type: DisbursementEventType,
  now: number,
): Promise<WebhookEvent | null> {
  const found = await first(
    q
      .select({
        row: disbursementRows,
        merchantId: disbursementBatches.merchantId,
        mode: disbursementBatches.mode,
      })
      .from(disbursementRows)
      .innerJoin(disbursementBatches, eq(disbursementBatches.id, disbursementRows.batchId))
      .where(eq(disbursementRows.id, rowId))
      .limit(1),
  );
  if (!found) return null;
  return enqueueEvent(q, {
    merchantId: found.merchantId,
    mode: found.mode,
    type,
    objectId: found.row.id,
    data: { object: disbursementObject(found.row, found.mode) },
    now,
  });
}
