/**
 * A disbursement batch from submission to its last row (issue 15, ADR 0035): submitted by its
 * maker, approved by another member (the checker) or rejected, a single payout released on the
 * maker's own authority, failed rows retried or cancelled.
 *
 * Every check and the write it guards run in one database transaction: a batch is approved once (a
 * conditional update on its status), the maker never approves their own, and the money for every
 * row is reserved in the ledger in the same transaction (guarded: never more than the available
 * balance). A failed row's money goes back to the balance (transfers.server.ts); retrying reserves
 * it again, the same way.
 */
import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import {
  disbursementBatches,
  disbursementRows,
  merchants,
  merchantUsers,
  settlementTransfers,
} from "../../../drizzle/schema";
import { rolePermissions } from "~/core/accounts/permissions";
import { railNames } from "~/core/destinations/schema";
import { InsufficientBalanceError, ledgerBook, postTransaction } from "~/core/ledger/ledger.server";
import { eatDay } from "~/core/payments/settlement-plan";
import type { RailId } from "~/core/rails/types";
import { newTransferId, newTransferState } from "~/core/transfers/engine.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { formatKesCents } from "~/utils/format";
import { DisbursementError } from "./errors";
import { type CheckedPayoutRow, duplicateKey, type RawPayoutRow } from "./row-check";
import { enqueueBatchEvent } from "./events.server";
import { readyTotals } from "./reads.server";
import { completeBatchIfDone } from "./transfers.server";
import {
  type Batch,
  type BatchActor,
  type BatchMaker,
  type BatchRow,
  audit,
  checkedColumns,
  countRows,
  getBatchFor,
  insertBatch,
  insertRows,
  newRowId,
  rawColumns,
  recentPayoutKeys,
  requireDraft,
} from "./batch-rows.server";

/** The maker sends a draft for approval: no row may still need fixing, and one must be payable. */
export async function submitBatch(
  store: Store,
  actor: BatchActor,
  batchId: string,
  now: number,
  /** Runs last in the transaction (the API stores its idempotent answer there). */
  inTransaction?: (q: Handle, batch: Batch) => Promise<void>,
): Promise<Batch> {
  return store.write(async (q) => {
    const batch = await getBatchFor(q, actor.merchantId, batchId, store);
    requireDraft(batch);
    const invalid = await countRows(q, batch.id, "invalid");
    if (invalid > 0)
      throw new DisbursementError(
        "rows_need_fixing",
        `${invalid} ${invalid === 1 ? "row needs" : "rows need"} fixing first: fix ${invalid === 1 ? "it" : "them"} or drop ${invalid === 1 ? "it" : "them"} from the batch.`,
      );
    if ((await countRows(q, batch.id, "ready")) === 0)
      throw new DisbursementError("nothing_to_pay", "There is no row to pay in this batch.");
    await q
      .update(disbursementBatches)
      .set({ status: "awaiting_approval", submittedAt: now, updatedAt: now })
      .where(eq(disbursementBatches.id, batch.id));
    await audit(q, actor, "disbursement.batch_submitted", batch, now);
    const submitted = { ...batch, status: "awaiting_approval" as const, submittedAt: now };
    await inTransaction?.(q, submitted);
    return submitted;
  });
}

/** Back to draft (waiting for approval), or a draft given up: nothing was reserved either way. */
export async function withdrawBatch(
  store: Store,
  actor: BatchActor,
  batchId: string,
  now: number,
): Promise<Batch> {
  return store.write(async (q) => {
    const batch = await getBatchFor(q, actor.merchantId, batchId, store);
    const next =
      batch.status === "awaiting_approval"
        ? "draft"
        : batch.status === "draft"
          ? "withdrawn"
          : null;
    if (!next)
      throw new DisbursementError("already_decided", "This batch has already been decided.");
    await q
      .update(disbursementBatches)
      .set({ status: next, submittedAt: null, updatedAt: now })
      .where(
        and(eq(disbursementBatches.id, batch.id), eq(disbursementBatches.status, batch.status)),
      );
    await audit(
      q,
      actor,
      next === "draft" ? "disbursement.batch_withdrawn" : "disbursement.batch_discarded",
      batch,
      now,
    );
    return { ...batch, status: next };
  });
}

/**
 * Reserve `total` of the merchant's available balance for payouts (guarded): throws
 * DisbursementError("insufficient_balance") saying by how much it is short.
 */
async function reserve(
  q: Handle,
  batch: Batch,
  total: bigint,
  rows: number,
  idempotencyKey: string,
  description: string,
  now: number,
) {
  const book = ledgerBook(batch.mode);
  try {
    return await postTransaction(q, {
      idempotencyKey,
      kind: "disbursement.reserved",
      description,
      reference: { type: "disbursement_batch", id: batch.id },
      entries: [
        { account: book.merchantAvailable(batch.merchantId), amount: total },
        { account: book.merchantReserved(batch.merchantId), amount: -total },
      ],
      guards: [book.merchantAvailable(batch.merchantId)],
      now,
    });
  } catch (error) {
    if (error instanceof InsufficientBalanceError)
      throw new DisbursementError(
        "insufficient_balance",
        `The available balance is ${formatKesCents(total - error.shortfall)}: ${formatKesCents(error.shortfall)} short of the ${formatKesCents(total)} ${rows === 1 ? "this payout needs" : "these payouts need"} with fees.`,
      );
    throw error;
  }
}

/** A pending transfer paying `row` (the payments tick sends it). */
async function queueRow(q: Handle, batch: Batch, row: BatchRow, now: number): Promise<string> {
  const id = newTransferId();
  await q.insert(settlementTransfers).values({
    ...newTransferState(now),
    id,
    merchantId: batch.merchantId,
    paymentId: null,
    sequence: row.line,
    purpose: "disbursement",
    rail: row.rail!,
    destinationId: null,
    phone: row.phone,
    amountKesCents: row.amountKesCents!,
    feeKesCents: row.feeKesCents ?? 0n,
    exciseKesCents: row.exciseKesCents ?? 0n,
    railChargeKesCents: row.railChargeKesCents ?? 0n,
    status: "pending",
    settlementDay: eatDay(now),
    retryOf: null,
    disbursementRowId: row.id,
  });
  await q
    .update(disbursementRows)
    .set({
      status: "queued",
      transferId: id,
      failureReason: null,
      completedAt: null,
      updatedAt: now,
    })
    .where(eq(disbursementRows.id, row.id));
  return id;
}

/**
 * Refuse to release rows on rails that do not run here (a live rail whose contract is not set up
 * yet): their money would sit reserved with nothing to send it. `running` undefined: no check.
 */
async function requireRunningRails(
  q: Handle,
  batchId: string,
  status: BatchRow["status"],
  running: readonly RailId[] | undefined,
  rowIds?: readonly string[],
) {
  if (!running) return;
  const rows = await q
    .selectDistinct({ rail: disbursementRows.rail })
    .from(disbursementRows)
    .where(
      and(
        eq(disbursementRows.batchId, batchId),
        eq(disbursementRows.status, status),
        rowIds ? inArray(disbursementRows.id, [...rowIds]) : undefined,
      ),
    );
  const rails = rows
    .map((row) => row.rail)
    .filter((rail): rail is RailId => rail !== null && !running.includes(rail));
  if (rails.length > 0)
    throw new DisbursementError(
      "rail_unavailable",
      `${rails.map((rail) => railNames[rail]).join(" and ")} payouts are not available at the moment: drop those rows, or try again later. Nothing was reserved.`,
    );
}

/**
 * Release a batch for payment: its ready rows' money (amount, fee, excise and charge) is reserved
 * and each gets a pending transfer. `from` is the status it must be in; one caller wins (a
 * conditional update in the same transaction as the reservation).
 */
async function release(
  q: Handle,
  batch: Batch,
  actor: BatchActor,
  from: Batch["status"],
  now: number,
  runningRails?: readonly RailId[],
): Promise<{ reservedKesCents: bigint; rows: number }> {
  const totals = await readyTotals(q, batch.id);
  if (totals.count === 0)
    throw new DisbursementError("nothing_to_pay", "There is no row to pay in this batch.");
  await requireRunningRails(q, batch.id, "ready", runningRails);
  const moved = await q
    .update(disbursementBatches)
    .set({
      status: "processing",
      decidedBy: actor.memberId,
      decidedAt: now,
      reservedKesCents: totals.totalKesCents,
      updatedAt: now,
    })
    .where(and(eq(disbursementBatches.id, batch.id), eq(disbursementBatches.status, from)))
    .returning({ id: disbursementBatches.id });
  if (moved.length !== 1)
    throw new DisbursementError("already_decided", "This batch has already been decided.");
  await reserve(
    q,
    batch,
    totals.totalKesCents,
    totals.count,
    `batch:${batch.id}:reserved`,
    `Payout batch ${batch.id}: ${totals.count} ${totals.count === 1 ? "payout" : "payouts"}`,
    now,
  );
  const rows = await q
    .select()
    .from(disbursementRows)
    .where(and(eq(disbursementRows.batchId, batch.id), eq(disbursementRows.status, "ready")))
    .orderBy(asc(disbursementRows.line));
  for (const row of rows) await queueRow(q, batch, row, now);
  // Approved without waiting for every name: the rest are no longer asked.
  await q
    .update(disbursementRows)
    .set({ nameCheck: "not_offered" })
    .where(and(eq(disbursementRows.batchId, batch.id), eq(disbursementRows.nameCheck, "pending")));
  return { reservedKesCents: totals.totalKesCents, rows: rows.length };
}

/**
 * The checker approves a batch waiting for approval: never its maker. Reserves the money and queues
 * every ready row, or refuses (short balance, already decided) having changed nothing.
 */
export async function approveBatch(
  store: Store,
  actor: BatchActor,
  batchId: string,
  now: number,
  options: { runningRails?: readonly RailId[] } = {},
): Promise<{ reservedKesCents: bigint; rows: number }> {
  return approveWith(store, actor, batchId, now, options, async (q, batch) => {
    const note: Record<string, string> = {};
    if (await requireChecker(q, batch, actor))
      note.selfApproved = "sole approver, with a second factor";
    return note;
  });
}

/**
 * A TEST batch approved by the API's test helper (issue 32, ADR 0061): as a checker's approval
 * (the money reserved, the rows queued, `payout_batch.approved`), without the checker, since test
 * money is not money. A live batch is never approved here: it is not found.
 */
export async function approveTestBatch(
  store: Store,
  actor: BatchActor,
  batchId: string,
  now: number,
  options: { runningRails?: readonly RailId[] } = {},
): Promise<{ reservedKesCents: bigint; rows: number }> {
  return approveWith(store, actor, batchId, now, options, (_q, batch) => {
    if (batch.mode !== "test") throw new DisbursementError("not_found", "No such payout batch.");
    return Promise.resolve({ testHelper: "approved by the API's test helper (test mode)" });
  });
}

/** An approval: the batch awaiting it, `check` (which may refuse, or note the audit), released. */
function approveWith(
  store: Store,
  actor: BatchActor,
  batchId: string,
  now: number,
  options: { runningRails?: readonly RailId[] },
  check: (q: Handle, batch: Batch) => Promise<Record<string, string>>,
): Promise<{ reservedKesCents: bigint; rows: number }> {
  return store.write(async (q) => {
    const batch = await getBatchFor(q, actor.merchantId, batchId, store);
    if (batch.status !== "awaiting_approval")
      throw new DisbursementError(
        "already_decided",
        batch.status === "draft"
          ? "This batch has not been submitted for approval."
          : "This batch has already been decided.",
      );
    const note = await check(q, batch);
    const released = await release(q, batch, actor, "awaiting_approval", now, options.runningRails);
    await enqueueBatchEvent(q, batch.id, "payout_batch.approved", now);
    await audit(q, actor, "disbursement.batch_approved", batch, now, {
      rows: released.rows,
      reservedKesCents: released.reservedKesCents.toString(),
      ...note,
    });
    return released;
  });
}

/** The roles that may approve payouts (the checker's side of maker-checker). */
const APPROVER_ROLES = (Object.keys(rolePermissions) as (keyof typeof rolePermissions)[]).filter(
  (role) => rolePermissions[role].includes("payouts:approve"),
);

/**
 * The active members of a merchant, other than `memberId`, who could approve a payout: none means
 * the account has one person who can, and maker-checker cannot be two people there.
 */
export async function otherApprovers(
  q: Handle,
  merchantId: string,
  memberId: string,
): Promise<number> {
  const row = await first(
    q
      .select({ n: count() })
      .from(merchantUsers)
      .where(
        and(
          eq(merchantUsers.merchantId, merchantId),
          eq(merchantUsers.status, "active"),
          inArray(merchantUsers.role, APPROVER_ROLES),
          ne(merchantUsers.id, memberId),
        ),
      )
      .limit(1),
  );
  return row?.n ?? 0;
}

/**
 * The checker is another member than the maker (a key is its member, never a second person). Only
 * where nobody else could approve does the maker approve their own batch, and then only in person
 * with a second factor (ADR 0039). Returns whether it is such a self-approval.
 */
async function requireChecker(q: Handle, batch: Batch, actor: BatchActor): Promise<boolean> {
  if (batch.createdBy !== actor.memberId) return false;
  if ((await otherApprovers(q, batch.merchantId, actor.memberId)) > 0)
    throw new DisbursementError(
      "maker_cannot_approve",
      "You made this batch, so another member with the Finance, Admin or Owner role must approve it.",
    );
  if (actor.keyId || !actor.secondFactor)
    throw new DisbursementError(
      "second_factor_required",
      "You are the only member who can approve payouts, so you approve your own batches with two-factor sign-in: turn it on under Security, then approve with a code from your app.",
    );
  return true;
}

/** The checker turns a batch down (with a reason); nothing was reserved. */
export async function rejectBatch(
  store: Store,
  actor: BatchActor,
  input: { batchId: string; note: string },
  now: number,
): Promise<Batch> {
  return store.write(async (q) => {
    const batch = await getBatchFor(q, actor.merchantId, input.batchId, store);
    if (batch.createdBy === actor.memberId)
      throw new DisbursementError(
        "maker_cannot_approve",
        "You made this batch: withdraw it instead of rejecting it.",
      );
    const moved = await q
      .update(disbursementBatches)
      .set({
        status: "rejected",
        decidedBy: actor.memberId,
        decidedAt: now,
        decisionNote: input.note || null,
        updatedAt: now,
      })
      .where(
        and(
          eq(disbursementBatches.id, batch.id),
          eq(disbursementBatches.status, "awaiting_approval"),
        ),
      )
      .returning({ id: disbursementBatches.id });
    if (moved.length !== 1)
      throw new DisbursementError("already_decided", "This batch has already been decided.");
    await enqueueBatchEvent(q, batch.id, "payout_batch.rejected", now);
    await audit(q, actor, "disbursement.batch_rejected", batch, now, { note: input.note });
    return { ...batch, status: "rejected" as const };
  });
}

/**
 * One payout (a batch of one). At or under the merchant's approval threshold it is released at once
 * (the maker's step-up is the check); above it, it waits for another member's approval. The
 * threshold is read in the same transaction, through a lock on the merchant's row, so an owner
 * lowering it at that moment is either before the payout (held) or after it (it went). Answers the
 * threshold it applied. A second submit with the same request key makes nothing: it answers the
 * first payout (`created: false`).
 */
export interface SinglePayoutResult {
  batch: Batch;
  /** Above the threshold: waiting for another member's approval. */
  needsApproval: boolean;
  /** The threshold applied (null: none set). */
  approvalAboveKes: number | null;
  /** False when the request key had already made this payout. */
  created: boolean;
}

export async function createSinglePayout(
  store: Store,
  maker: BatchMaker,
  input: {
    row: CheckedPayoutRow;
    raw: RawPayoutRow;
    smsReceipts: boolean;
    /** The review's request key: one payout per merchant and key (null: not deduplicated). */
    requestKey: string | null;
    /** The rails that run here (undefined: not checked). */
    runningRails?: readonly RailId[];
  },
  now: number,
): Promise<SinglePayoutResult> {
  return store.write(async (q) => {
    // The merchant's row, locked: two submits of one review wait for each other here, and the
    // second finds the first's payout below.
    const threshold = await first(
      store.forUpdate(
        q
          .select({ kes: merchants.payoutApprovalAboveKes })
          .from(merchants)
          .where(eq(merchants.id, maker.merchantId))
          .limit(1),
      ),
    );
    const approvalAboveKes = threshold?.kes ?? null;
    if (input.requestKey !== null) {
      const sent = await first(
        q
          .select()
          .from(disbursementBatches)
          .where(
            and(
              eq(disbursementBatches.merchantId, maker.merchantId),
              eq(disbursementBatches.requestKey, input.requestKey),
            ),
          )
          .limit(1),
      );
      if (sent)
        return {
          batch: sent,
          needsApproval: sent.status === "awaiting_approval",
          approvalAboveKes,
          created: false,
        };
    }
    const name = input.row.name || input.raw.recipient;
    const batch = await insertBatch(
      q,
      maker,
      {
        kind: "single",
        title: `Payout to ${name}`.slice(0, 120),
        fileName: null,
        smsReceipts: input.smsReceipts,
        rowCount: 1,
        requestKey: input.requestKey,
      },
      now,
    );
    const columns = checkedColumns(input.raw, { ok: true, row: input.row, warnings: [] });
    const recentDuplicateOf =
      (await recentPayoutKeys(q, maker.merchantId, maker.mode, now)).get(duplicateKey(input.row)) ??
      null;
    await insertRows(q, [
      {
        id: newRowId(),
        batchId: batch.id,
        line: 1,
        ...rawColumns(input.raw),
        ...columns,
        // One payout is sent at once: its name is not looked up first.
        nameCheck: "not_offered",
        duplicateOfLine: null,
        recentDuplicateOf,
        updatedAt: now,
      },
    ]);
    const needsApproval =
      approvalAboveKes !== null && input.row.amountKesCents > BigInt(approvalAboveKes) * 100n;
    const actor = { merchantId: maker.merchantId, memberId: maker.memberId, keyId: maker.keyId };
    await audit(q, actor, "disbursement.single_created", batch, now, {
      amountKesCents: input.row.amountKesCents.toString(),
      needsApproval,
    });
    if (needsApproval) {
      await q
        .update(disbursementBatches)
        .set({ status: "awaiting_approval", submittedAt: now, updatedAt: now })
        .where(eq(disbursementBatches.id, batch.id));
      return {
        batch: { ...batch, status: "awaiting_approval" as const },
        needsApproval,
        approvalAboveKes,
        created: true,
      };
    }
    await release(q, batch, actor, "draft", now, input.runningRails);
    // Released on the maker's own authority (at or under the threshold): approved all the same.
    await enqueueBatchEvent(q, batch.id, "payout_batch.approved", now);
    return {
      batch: { ...batch, status: "processing" as const },
      needsApproval,
      approvalAboveKes,
      created: true,
    };
  });
}

/** The batch's failed rows: these, or every one. */
function failedRows(batchId: string, rowIds: readonly string[] | "all_failed") {
  return and(
    eq(disbursementRows.batchId, batchId),
    eq(disbursementRows.status, "failed"),
    rowIds === "all_failed" ? undefined : inArray(disbursementRows.id, [...rowIds]),
  );
}

/** Pay a failed row again: its money is reserved again (guarded) and a new transfer queued. */
export async function retryRows(
  store: Store,
  actor: BatchActor,
  input: {
    batchId: string;
    rowIds: readonly string[] | "all_failed";
    /** The rails that run here (undefined: not checked). */
    runningRails?: readonly RailId[];
  },
  now: number,
): Promise<number> {
  return store.write(async (q) => {
    const batch = await getBatchFor(q, actor.merchantId, input.batchId, store);
    await requireRunningRails(
      q,
      batch.id,
      "failed",
      input.runningRails,
      input.rowIds === "all_failed" ? undefined : input.rowIds,
    );
    if (batch.status !== "processing" && batch.status !== "completed")
      throw new DisbursementError(
        "not_retryable",
        "Only rows of an approved batch can be retried.",
      );
    const rows = await store.forUpdate(
      q
        .select()
        .from(disbursementRows)
        .where(failedRows(batch.id, input.rowIds))
        .orderBy(asc(disbursementRows.line)),
    );
    if (rows.length === 0)
      throw new DisbursementError("not_retryable", "There is no failed row to retry.");
    const total = rows.reduce(
      (sum, row) =>
        sum +
        (row.amountKesCents ?? 0n) +
        (row.feeKesCents ?? 0n) +
        (row.exciseKesCents ?? 0n) +
        (row.railChargeKesCents ?? 0n),
      0n,
    );
    const transferIds: string[] = [];
    for (const row of rows) transferIds.push(await queueRow(q, batch, row, now));
    await reserve(
      q,
      batch,
      total,
      rows.length,
      `batch:${batch.id}:retry:${transferIds[0]}`,
      `Payout batch ${batch.id}: ${rows.length} ${rows.length === 1 ? "payout" : "payouts"} retried`,
      now,
    );
    await q
      .update(disbursementBatches)
      .set({ status: "processing", completedAt: null, updatedAt: now })
      .where(eq(disbursementBatches.id, batch.id));
    await audit(q, actor, "disbursement.rows_retried", batch, now, {
      rows: rows.map((row) => row.line),
    });
    return rows.length;
  });
}

/** Give up failed rows for good (their money is already back in the balance). */
export async function cancelRows(
  store: Store,
  actor: BatchActor,
  input: { batchId: string; rowIds: readonly string[] | "all_failed" },
  now: number,
): Promise<number> {
  return store.write(async (q) => {
    const batch = await getBatchFor(q, actor.merchantId, input.batchId, store);
    const cancelled = await q
      .update(disbursementRows)
      .set({ status: "cancelled", updatedAt: now })
      .where(failedRows(batch.id, input.rowIds))
      .returning({ line: disbursementRows.line });
    if (cancelled.length === 0)
      throw new DisbursementError("not_retryable", "There is no failed row to cancel.");
    await completeBatchIfDone(q, batch.id, now);
    await audit(q, actor, "disbursement.rows_cancelled", batch, now, {
      rows: cancelled.map((row) => row.line),
    });
    return cancelled.length;
  });
}
