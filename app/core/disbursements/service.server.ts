/**
 * Disbursements for every caller (the merchant pages and the API): the batch actions with this
 * process's clock, and a nudge to the sender when money is released so approved rows go out at
 * once instead of on the next payments run (the run picks them up either way).
 */
import type { LedgerBook } from "~/core/ledger/ledger.server";
import type { Db } from "~/utils/db.server";
import {
  approveBatch,
  type BatchActor,
  type BatchMaker,
  cancelRows,
  createBulkBatch,
  createSinglePayout,
  dropInvalidRows,
  findBatch,
  rejectBatch,
  replaceBatchFile,
  retryRows,
  setRowDropped,
  submitBatch,
  updateRow,
  withdrawBatch,
} from "./batches.server";
import {
  batchSummary,
  findBatchRow,
  listBatches,
  listBatchRows,
  resultsCsvLines,
} from "./reads.server";

type Rest<F> = F extends (db: Db, ...args: infer A) => infer R
  ? A extends [...infer Head, number]
    ? (...args: Head) => R
    : never
  : never;

export interface DisbursementsServiceOptions {
  db: Db;
  now?: () => number;
  /** Send the queued payouts of this mode now (fire and forget); absent: wait for the run. */
  sendNow?: (mode: LedgerBook) => void;
}

export function createDisbursementsService({
  db,
  now = Date.now,
  sendNow,
}: DisbursementsServiceOptions) {
  const modeOf = (actor: BatchActor, batchId: string) =>
    findBatch(db, actor.merchantId, batchId)?.mode ?? "live";
  return {
    createBulk: ((maker, input) => createBulkBatch(db, maker, input, now())) as Rest<
      typeof createBulkBatch
    >,
    replaceFile: ((actor, input) => replaceBatchFile(db, actor, input, now())) as Rest<
      typeof replaceBatchFile
    >,
    createSingle(maker: BatchMaker, input: Parameters<typeof createSinglePayout>[2]) {
      const result = createSinglePayout(db, maker, input, now());
      if (!result.needsApproval) sendNow?.(maker.mode);
      return result;
    },
    updateRow: ((actor, input) => updateRow(db, actor, input, now())) as Rest<typeof updateRow>,
    setRowDropped: ((actor, input) => setRowDropped(db, actor, input, now())) as Rest<
      typeof setRowDropped
    >,
    dropInvalidRows: ((actor, batchId) => dropInvalidRows(db, actor, batchId, now())) as Rest<
      typeof dropInvalidRows
    >,
    submit: ((actor, batchId) => submitBatch(db, actor, batchId, now())) as Rest<
      typeof submitBatch
    >,
    withdraw: ((actor, batchId) => withdrawBatch(db, actor, batchId, now())) as Rest<
      typeof withdrawBatch
    >,
    approve(actor: BatchActor, batchId: string) {
      const result = approveBatch(db, actor, batchId, now());
      sendNow?.(modeOf(actor, batchId));
      return result;
    },
    reject: ((actor, input) => rejectBatch(db, actor, input, now())) as Rest<typeof rejectBatch>,
    retry(actor: BatchActor, input: Parameters<typeof retryRows>[2]) {
      const retried = retryRows(db, actor, input, now());
      sendNow?.(modeOf(actor, input.batchId));
      return retried;
    },
    cancel: ((actor, input) => cancelRows(db, actor, input, now())) as Rest<typeof cancelRows>,

    find: (merchantId: string, batchId: string) => findBatch(db, merchantId, batchId),
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
