/**
 * Failover of transfers already planned (issue 14, item 6). Routing moves a NEW settlement off a
 * rail that is down; this moves the money of transfers stuck on one, for merchants who allow
 * failover:
 * - a pending transfer never handed to its rail (no attempt, no claim) is failed without being
 *   sent (its posting reversed: the money is back in the available balance) and paid again to
 *   the fallback destination;
 * - a failed transfer not retried yet is paid again to the fallback destination.
 * A transfer that may have reached its rail (an attempt was made, or it was sent) is never moved:
 * the rail may still pay it, so moving it could pay twice. Its result, or the status query, settles
 * it where it is. One transaction per transfer: the check that it was not claimed and the move are
 * one write.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { merchants, settlementTransfers } from "../../../drizzle/schema";
import { listDestinations, isUsable } from "~/core/destinations/destinations.server";
import { destinationLabel } from "~/core/destinations/display";
import { railNames } from "~/core/destinations/schema";
import type { LedgerBook } from "~/core/ledger/ledger.server";
import { railUnavailableOn } from "~/core/rails/health.server";
import { railIds, type RailId } from "~/core/rails/types";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { recordEvent } from "./payments.server";
import { retryTransfer } from "./settlement.server";
import { failTransfer, transferModeOf } from "./transfer-purposes.server";

export interface FailoverOptions {
  /** Rails running in this process (a rail not among them is unavailable here). */
  runningRails: readonly RailId[];
  /** Only transfers of these modes' payments (the runtime's, ADR 0028); default all. */
  modes?: readonly LedgerBook[];
  limit?: number;
}

async function unavailableRails(
  q: Handle,
  running: readonly RailId[],
  now: number,
): Promise<Set<RailId>> {
  const down = new Set<RailId>();
  for (const rail of railIds) if (await railUnavailableOn(q, rail, now, running)) down.add(rail);
  return down;
}

/** Move stuck transfers of merchants allowing failover; returns how many were moved. */
export async function failOverStuckTransfers(
  store: Store,
  now: number,
  options: FailoverOptions,
): Promise<number> {
  const found = await store.read(async (q) => {
    const unavailable = await unavailableRails(q, options.runningRails, now);
    if (unavailable.size === 0) return null;
    const candidates = await stuckTransfers(q, unavailable, now, options.limit ?? 100);
    // The mode of each (a transfer of a mode not served here is left alone).
    const withModes = [];
    for (const candidate of candidates)
      withModes.push({ ...candidate, mode: await transferModeOf(q, candidate.id) });
    return { unavailable, candidates: withModes };
  });
  if (!found) return 0;
  let moved = 0;
  for (const candidate of found.candidates) {
    const { mode } = candidate;
    if (options.modes && mode && !options.modes.includes(mode)) continue;
    if (await moveTransfer(store, candidate.id, found.unavailable, now)) moved++;
  }
  return moved;
}

function stuckTransfers(q: Handle, unavailable: Set<RailId>, now: number, limit: number) {
  const t = settlementTransfers;
  return q
    .select({ id: t.id, status: t.status })
    .from(t)
    .innerJoin(merchants, eq(merchants.id, t.merchantId))
    .where(
      and(
        eq(merchants.settlementFailover, true),
        eq(t.purpose, "settlement"),
        inArray(t.rail, [...unavailable]),
        or(
          and(
            eq(t.status, "pending"),
            eq(t.attempts, 0),
            or(isNull(t.sendLeaseUntil), lte(t.sendLeaseUntil, now)),
          ),
          and(
            eq(t.status, "failed"),
            sql`not exists (select 1 from settlement_transfers r where r.retry_of = ${t.id})`,
          ),
        ),
      ),
    )
    .orderBy(asc(t.createdAt))
    .limit(limit);
}

function moveTransfer(
  store: Store,
  transferId: string,
  unavailable: Set<RailId>,
  now: number,
): Promise<boolean> {
  return store.write(async (q) => {
    // Checked not claimed, then moved, in this one write: the transfer is locked until it ends.
    const transfer = await first(
      store.forUpdate(
        q.select().from(settlementTransfers).where(eq(settlementTransfers.id, transferId)).limit(1),
      ),
    );
    if (!transfer) return false;
    const fallback = (await listDestinations(q, transfer.merchantId)).find(
      (d) => d.id !== transfer.destinationId && isUsable(d, now) && !unavailable.has(d.rail),
    );
    if (!fallback) return false;
    const railName = railNames[transfer.rail];
    if (transfer.status === "pending") {
      // Never handed to the rail: still unclaimed, with no attempt (checked again in this write).
      if (transfer.attempts !== 0) return false;
      if (transfer.sendLeaseUntil !== null && transfer.sendLeaseUntil > now) return false;
      const failed = await failTransfer(
        q,
        transfer.id,
        { code: null, description: `not sent: ${railName} is unavailable` },
        now,
      );
      if (!failed) return false;
    }
    // Joins this write (a store asked again inside a callback joins its transaction).
    const retry = await retryTransfer(store, transfer.id, now, undefined, fallback.id);
    if (!retry) return false;
    if (transfer.paymentId)
      await recordEvent(
        q,
        { id: transfer.paymentId },
        {
          type: "settlement_failed_over",
          cause: `${railName} is unavailable: paying ${destinationLabel(fallback)} instead, as your settings allow`,
          at: now,
          detail: { transferId: retry.id, of: transfer.id, to: fallback.id },
        },
      );
    return true;
  });
}
