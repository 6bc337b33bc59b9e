/**
 * What the transfer engine (ADR 0043) needs to know about each purpose of a transfer
 * (`settlement_transfers.purpose`): a settlement of a payment, a destination check, a disbursement
 * row, an M-Pesa refund. The engine sends, claims, backs off, records results and asks about
 * transfers in doubt for every purpose the same way; a handler says how one purpose's money and
 * records differ. The module that owns a purpose writes its handler (payments, destinations,
 * disbursements, refunds); the engine is built over a list of handlers (`transferEngine`) and
 * never imports them, so no purpose's module and the engine import each other. Every hook runs on
 * the handle of the store callback the engine is in (ADR 0041) and is awaited.
 */
import type { SQL } from "drizzle-orm";
import type { settlementTransfers } from "../../../drizzle/schema";
import type { TransferPurpose } from "~/core/destinations/vocabulary";
import type { LedgerBook } from "~/core/ledger/ledger.server";
import type { PayoutDestination } from "~/core/rails/types";
import type { Handle } from "~/db/store";

export type Transfer = typeof settlementTransfers.$inferSelect;
export type { TransferPurpose };

/** The rail's word on a paid transfer. */
export interface TransferSuccess {
  receipt: string | null;
  description: string;
  /** The registered name the rail paid, when it says (a destination check reads it). */
  recipientName?: string | null;
}

/** The rail's word on a refused transfer. */
export interface TransferFailure {
  code: number | null;
  description: string;
}

export interface TransferHandler {
  purpose: TransferPurpose;
  /** The ledger book the transfer's money moves in (its payment's, batch's or refund's mode). */
  book(q: Handle, transfer: Transfer): Promise<LedgerBook>;
  /**
   * The same mode as SQL over `settlement_transfers` (null where the transfer has none); absent
   * when the purpose is always live money. Senders and status queries filter by it (ADR 0028).
   */
  modeSql?: SQL;
  /** Where the rail pays; absent: the transfer's destination (`destinationOfTransfer`). */
  destination?(q: Handle, transfer: Transfer): Promise<PayoutDestination>;
  /** What the recipient reads on the rail. */
  remarks(q: Handle, transfer: Transfer): Promise<string>;
  /**
   * Money reserved when the transfer was made (a disbursement row, a refund) moves to in flight
   * only as the transfer goes to the rail: post that and return the ledger transaction's id.
   * Throws InsufficientBalanceError when a balance is short (the transfer waits, after a backoff).
   * Absent: the "sent" posting was made with the transfer (settlement) or needs none.
   */
  postSent?(q: Handle, transfer: Transfer, now: number): Promise<string>;
  /**
   * The ledger kind of the posting that clears the money in flight when the rail pays; null: the
   * purpose has no money in flight to the recipient (a destination check is our expense).
   */
  succeededKind: string | null;
  /**
   * Transfers of this purpose for which the rail has no status to ask (M-Pesa B2B: no id of ours),
   * as SQL; the status query skips them.
   */
  unqueryable?: SQL;
  /** The rail paid: in the transaction that marked the transfer succeeded. */
  onSucceeded(q: Handle, transfer: Transfer, result: TransferSuccess, now: number): Promise<void>;
  /**
   * The rail refused: in the transaction that reversed the "sent" posting (if any) and marked the
   * transfer failed.
   */
  onFailed(q: Handle, transfer: Transfer, result: TransferFailure, now: number): Promise<void>;
}
