/**
 * The transfer engine (ADR 0043): every outgoing transfer (`settlement_transfers`) is sent,
 * claimed, backed off, settled by its results and asked about when in doubt here, whatever its
 * purpose. An engine is built over the handlers of the purposes it serves
 * (`transferEngine([...])`); a purpose without a handler is never touched by it. The engine
 * imports no purpose's module: payments, destinations, disbursements and refunds import the
 * engine, never the other way round.
 */
import type { LedgerBook } from "~/core/ledger/ledger.server";
import type { B2cResult } from "~/core/providers/daraja/result";
import type { PayoutRails } from "~/core/rails/types";
import type { Handle, Store } from "~/db/store";
import type { TransferFailure, TransferHandler, TransferSuccess } from "./handler.server";
import { type TransferPurposes, transferPurposes } from "./purposes.server";
import { transferModeOf } from "./records.server";
import { queryOverdueTransfers } from "./reconcile.server";
import { applyB2cResult, failTransfer, succeedTransfer } from "./results.server";
import { sendPendingTransfers, type SendOptions } from "./send.server";

export type {
  Transfer,
  TransferFailure,
  TransferHandler,
  TransferPurpose,
  TransferSuccess,
} from "./handler.server";
export type { TransferPurposes } from "./purposes.server";
export {
  destinationOfTransfer,
  getTransfer,
  newTransferId,
  newTransferState,
  reservedSending,
} from "./records.server";
export {
  claimTransferForSending,
  SEND_LEASE_MS,
  sendBackoffMs,
  type SendOptions,
  UNPACED_PURPOSES,
} from "./send.server";

export interface TransferEngine {
  /** The handlers it serves, by purpose. */
  purposes: TransferPurposes;
  /** Send pending transfers (see send.server.ts). Resolves to how many the rails took. */
  sendPendingTransfers(
    store: Store,
    rails: PayoutRails,
    now: () => number,
    options?: number | SendOptions,
  ): Promise<number>;
  /**
   * The rail paid a pending or sent transfer, in the caller's write; false when it was not (any
   * more).
   */
  succeedTransfer(
    q: Handle,
    transferId: string,
    result: TransferSuccess,
    now: number,
  ): Promise<boolean>;
  /**
   * The rail refused a pending or sent transfer, in the caller's write; false when it was not (any
   * more).
   */
  failTransfer(
    q: Handle,
    transferId: string,
    result: TransferFailure,
    now: number,
  ): Promise<boolean>;
  /** An M-Pesa B2C Result callback, in the caller's write. */
  applyB2cResult(
    q: Handle,
    result: B2cResult,
    now: number,
  ): Promise<"succeeded" | "failed" | "ignored">;
  /** Ask the rails about transfers sent and unanswered for longer than `olderThanMs`. */
  queryOverdueTransfers(
    store: Store,
    rails: PayoutRails,
    now: number,
    olderThanMs?: number,
    options?: { limit?: number; modes?: readonly LedgerBook[] },
  ): Promise<number>;
  /** The mode of a transfer, or null for no such transfer. */
  transferModeOf(q: Handle, transferId: string): Promise<LedgerBook | null>;
}

export function transferEngine(handlers: readonly TransferHandler[]): TransferEngine {
  const purposes = transferPurposes(handlers);
  return {
    purposes,
    sendPendingTransfers: (store, rails, now, options) =>
      sendPendingTransfers(store, purposes, rails, now, options),
    succeedTransfer: (q, transferId, result, now) =>
      succeedTransfer(q, purposes, transferId, result, now),
    failTransfer: (q, transferId, result, now) =>
      failTransfer(q, purposes, transferId, result, now),
    applyB2cResult: (q, result, now) => applyB2cResult(q, purposes, result, now),
    queryOverdueTransfers: (store, rails, now, olderThanMs, options) =>
      queryOverdueTransfers(store, purposes, rails, now, olderThanMs, options),
    transferModeOf: (q, transferId) => transferModeOf(q, purposes, transferId),
  };
}
