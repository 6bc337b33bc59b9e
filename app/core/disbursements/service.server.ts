/**
 * Disbursements for every caller (the merchant pages and the API): the batch actions with this
 * process's clock, and a nudge to the sender when money is released so approved rows go out at
 * once instead of on the next payments run (the run picks them up either way).
 */
import type { LedgerBook } from "~/core/ledger/ledger.server";
import { inDoubtRowIds } from "./b2b.server";
import type { RailId } from "~/core/rails/types";
import type { Db } from "~/utils/db.server";
import {
  approveBatch,
  type BatchActor,
  type BatchMaker,
  cancelRows,
  createSinglePayout,
  dropInvalidRows,
  findBatch,
  otherApprovers,
  rejectBatch,
  replaceBatchFile,
  retryRows,
  setRowDropped,
  submitBatch,
  updateRow,
  uploadBulkBatch,
  withdrawBatch,
} from "./batches.server";
import {
  batchSummary,
  findBatchRow,
  listBatches,
  listBatchRows,
  resultsCsvLines,
} from "./reads.server";

/** A core function's arguments after its database: (actor, input, now, ...rest). */
type Args<F> = F extends (db: Db, ...args: infer A) => unknown ? A : never;

export interface DisbursementsServiceOptions {
  db: Db;
  now?: () => number;
  /** Send the queued payouts of this mode now (fire and forget); absent: wait for the run. */
  sendNow?: (mode: LedgerBook) => void;
  /** The rails that run for this mode here; absent: not checked (every rail is assumed to run). */
  runningRails?: (mode: LedgerBook) => readonly RailId[];
}

export function createDisbursementsService({
  db,
  now = Date.now,
  sendNow,
  runningRails,
}: DisbursementsServiceOptions) {
  const modeOf = (actor: BatchActor, batchId: string) =>
    findBatch(db, actor.merchantId, batchId)?.mode ?? "live";
  return {
    /** An uploaded file (checked and written a slice at a time). */
    createBulk: (
      maker: BatchMaker,
      input: Args<typeof uploadBulkBatch>[1],
      inTransaction?: Args<typeof uploadBulkBatch>[3],
    ) => uploadBulkBatch(db, maker, input, now(), inTransaction),
    replaceFile: (actor: BatchActor, input: Args<typeof replaceBatchFile>[1]) =>
      replaceBatchFile(db, actor, input, now()),
    createSingle(maker: BatchMaker, input: Args<typeof createSinglePayout>[1]) {
      const result = createSinglePayout(
        db,
        maker,
        { ...input, runningRails: runningRails?.(maker.mode) },
        now(),
      );
      if (!result.needsApproval) sendNow?.(maker.mode);
      return result;
    },
    updateRow: (actor: BatchActor, input: Args<typeof updateRow>[1]) =>
      updateRow(db, actor, input, now()),
    setRowDropped: (actor: BatchActor, input: Args<typeof setRowDropped>[1]) =>
      setRowDropped(db, actor, input, now()),
    dropInvalidRows: (actor: BatchActor, batchId: string) =>
      dropInvalidRows(db, actor, batchId, now()),
    submit: (actor: BatchActor, batchId: string, inTransaction?: Args<typeof submitBatch>[3]) =>
      submitBatch(db, actor, batchId, now(), inTransaction),
    withdraw: (actor: BatchActor, batchId: string) => withdrawBatch(db, actor, batchId, now()),
    approve(actor: BatchActor, batchId: string) {
      const mode = modeOf(actor, batchId);
      const result = approveBatch(db, actor, batchId, now(), {
        runningRails: runningRails?.(mode),
      });
      sendNow?.(mode);
      return result;
    },
    reject: (actor: BatchActor, input: Args<typeof rejectBatch>[1]) =>
      rejectBatch(db, actor, input, now()),
    retry(actor: BatchActor, input: Args<typeof retryRows>[1]) {
      const mode = modeOf(actor, input.batchId);
      const retried = retryRows(db, actor, { ...input, runningRails: runningRails?.(mode) }, now());
      sendNow?.(mode);
      return retried;
    },
    cancel: (actor: BatchActor, input: Args<typeof cancelRows>[1]) =>
      cancelRows(db, actor, input, now()),

    find: (merchantId: string, batchId: string) => findBatch(db, merchantId, batchId),
    /** The batch's rows whose M-Pesa B2B payout is in doubt (answer lost or overdue). */
    inDoubtRows: (batchId: string) => new Set(inDoubtRowIds(db, batchId, now())),
    /** Active members other than `memberId` who could approve payouts (0: a sole approver). */
    otherApprovers: (merchantId: string, memberId: string) =>
      otherApprovers(db, merchantId, memberId),
    summary: (batch: Parameters<typeof batchSummary>[1]) => batchSummary(db, batch),
    row: (batchId: string, rowId: string) => findBatchRow(db, batchId, rowId),
    rows: (batchId: string, options?: Parameters<typeof listBatchRows>[2]) =>
      listBatchRows(db, batchId, options),
    list: (merchantId: string, mode: LedgerBook, limit?: number) =>
      listBatches(db, merchantId, mode, limit),
    resultsCsv: (batchId: string) => resultsCsvLines(db, batchId),
  };
}

export type DisbursementsService = ReturnType<typeof createDisbursementsService>;
