/**
 * Disbursement batches (issue 15, ADR 0035): made from a CSV file or one payout, checked row by row
 * (the preview), fixed or trimmed by the maker, submitted, approved by another member (the checker)
 * and then paid row by row by the payments tick through the rail interface.
 *
 * This module is the door callers use; the work is split by stage (issue 28): the batch's records,
 * its rows and the maker's edits (batch-rows.server.ts), making it from a file
 * (batch-uploads.server.ts), and submission, approval, single payouts, retries and cancels
 * (batch-approval.server.ts). A failed row's money goes back to the balance
 * (transfers.server.ts); retrying reserves it again.
 */
export {
  type Batch,
  type BatchActor,
  type BatchMaker,
  type BatchRow,
  deleteRowsInSlices,
  dropInvalidRows,
  findBatch,
  NAME_LOOKUP_RAILS,
  newBatchId,
  RECENT_DUPLICATE_MS,
  setRowDropped,
  updateRow,
} from "./batch-rows.server";
export {
  abandonBatch,
  createBulkBatch,
  replaceBatchFile,
  uploadBulkBatch,
} from "./batch-uploads.server";
export {
  approveBatch,
  approveTestBatch,
  cancelRows,
  createSinglePayout,
  otherApprovers,
  rejectBatch,
  retryRows,
  submitBatch,
  withdrawBatch,
} from "./batch-approval.server";
