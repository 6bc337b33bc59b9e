/**
 * Disbursements for every caller (the merchant pages and the API): the batch actions with this
 * process's clock, and a nudge to the sender when money is released so approved rows go out at
 * once instead of on the next payments run (the run picks them up either way). On the store (ADR
 * 0041): every method is async; each read is one store.read (the results file, one a page).
 */
import type { LedgerBook } from "~/core/ledger/ledger.server";
import { inDoubtRowIds } from "./b2b.server";
import type { RailId } from "~/core/rails/types";
import type { Store } from "~/db/store";
import {
  approveBatch,
  approveTestBatch,
  type BatchActor,
  type BatchMaker,
  cancelRows,
  createSinglePayout,
  dropInvalidRows,
  findBatch,
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
import { otherApprovers as otherApproversIn } from "./batch-approval.server";

/** A core function's arguments after its store: (actor, input, now, ...rest). */
type Args<F> = F extends (store: Store, ...args: infer A) => unknown ? A : never;

export interface DisbursementsServiceOptions {
  store: Store;
  now?: () => number;
  /** Send the queued payouts of this mode now (fire and forget); absent: wait for the run. */
  sendNow?: (mode: LedgerBook) => void;
  /** The rails that run for this mode here; absent: not checked (every rail is assumed to run). */
  runningRails?: (mode: LedgerBook) => readonly RailId[];
}

export function createDisbursementsService({
  store,
  now = Date.now,
  sendNow,
  runningRails,
}: DisbursementsServiceOptions) {
  const modeOf = async (actor: BatchActor, batchId: string) =>
    (await findBatch(store, actor.merchantId, batchId))?.mode ?? "live";
  return {
    /** An uploaded file (checked and written a slice at a time). */
    createBulk: (
      maker: BatchMaker,
      input: Args<typeof uploadBulkBatch>[1],
      inTransaction?: Args<typeof uploadBulkBatch>[3],
    ) => uploadBulkBatch(store, maker, input, now(), inTransaction),
    replaceFile: (actor: BatchActor, input: Args<typeof replaceBatchFile>[1]) =>
      replaceBatchFile(store, actor, input, now()),
    async createSingle(maker: BatchMaker, input: Args<typeof createSinglePayout>[1]) {
      const result = await createSinglePayout(
        store,
        maker,
        { ...input, runningRails: runningRails?.(maker.mode) },
        now(),
      );
      if (result.created && !result.needsApproval) sendNow?.(maker.mode);
      return result;
    },
    updateRow: (actor: BatchActor, input: Args<typeof updateRow>[1]) =>
      updateRow(store, actor, input, now()),
    setRowDropped: (actor: BatchActor, input: Args<typeof setRowDropped>[1]) =>
      setRowDropped(store, actor, input, now()),
    dropInvalidRows: (actor: BatchActor, batchId: string) =>
      dropInvalidRows(store, actor, batchId, now()),
    submit: (actor: BatchActor, batchId: string, inTransaction?: Args<typeof submitBatch>[3]) =>
      submitBatch(store, actor, batchId, now(), inTransaction),
    withdraw: (actor: BatchActor, batchId: string) => withdrawBatch(store, actor, batchId, now()),
    async approve(actor: BatchActor, batchId: string) {
      const mode = await modeOf(actor, batchId);
      const result = await approveBatch(store, actor, batchId, now(), {
        runningRails: runningRails?.(mode),
      });
      sendNow?.(mode);
      return result;
    },
    /** A test batch approved by the API's test helper (no checker: test money). */
    async approveTest(actor: BatchActor, batchId: string) {
      const mode = await modeOf(actor, batchId);
      const result = await approveTestBatch(store, actor, batchId, now(), {
        runningRails: runningRails?.(mode),
      });
      sendNow?.(mode);
      return result;
    },
    reject: (actor: BatchActor, input: Args<typeof rejectBatch>[1]) =>
      rejectBatch(store, actor, input, now()),
    async retry(actor: BatchActor, input: Args<typeof retryRows>[1]) {
      const mode = await modeOf(actor, input.batchId);
      const retried = await retryRows(
        store,
        actor,
        { ...input, runningRails: runningRails?.(mode) },
        now(),
      );
      sendNow?.(mode);
      return retried;
    },
    cancel: (actor: BatchActor, input: Args<typeof cancelRows>[1]) =>
      cancelRows(store, actor, input, now()),

    find: (merchantId: string, batchId: string) => findBatch(store, merchantId, batchId),
    /** The batch's rows whose M-Pesa B2B payout is in doubt (answer lost or overdue). */
    inDoubtRows: async (batchId: string) =>
      new Set(await store.read((q) => inDoubtRowIds(q, batchId, now()))),
    /** Active members other than `memberId` who could approve payouts (0: a sole approver). */
    otherApprovers: (merchantId: string, memberId: string) =>
      store.read((q) => otherApproversIn(q, merchantId, memberId)),
    summary: (batch: Parameters<typeof batchSummary>[1]) =>
      store.read((q) => batchSummary(q, batch)),
    row: (batchId: string, rowId: string) => store.read((q) => findBatchRow(q, batchId, rowId)),
    rows: (batchId: string, options?: Parameters<typeof listBatchRows>[2]) =>
      store.read((q) => listBatchRows(q, batchId, options)),
    list: (merchantId: string, mode: LedgerBook, limit?: number) =>
      store.read((q) => listBatches(q, merchantId, mode, limit)),
    /** The batch's results file, line by line (formula-safe): a page of rows per store.read. */
    resultsCsv: (batchId: string): AsyncGenerator<string> => resultsCsvLines(store, batchId),
  };
}

export type DisbursementsService = ReturnType<typeof createDisbursementsService>;
