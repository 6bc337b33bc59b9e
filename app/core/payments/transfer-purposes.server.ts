/**
 * The transfer engine over every purpose (ADR 0043): settlements, daily settlements (ADR 0050),
 * destination checks, disbursement rows and M-Pesa refunds. What the payments run, immediate
 * settlement, the rails' callbacks and the status queries use; each purpose's handler lives with
 * the module that owns it, and this is the one place that puts them together (the engine itself
 * imports none of them).
 */
import { verificationTransferHandler } from "~/core/destinations/verification-result.server";
import { disbursementTransferHandler } from "~/core/disbursements/transfers.server";
import { refundTransferHandler } from "~/core/refunds/transfers.server";
import { transferEngine } from "~/core/transfers/engine.server";
import { settlementTransferHandler } from "./settlement-transfers.server";
import { sweepTransferHandler } from "./sweep-transfers.server";

/** Every purpose's handler; the order is the order a transfer's mode is looked up in. */
export const transferHandlers = [
  settlementTransferHandler,
  sweepTransferHandler,
  disbursementTransferHandler,
  refundTransferHandler,
  verificationTransferHandler,
] as const;

export const transfers = transferEngine(transferHandlers);

export const {
  applyB2cResult,
  failTransfer,
  queryOverdueTransfers,
  sendPendingTransfers,
  succeedTransfer,
  transferModeOf,
} = transfers;
