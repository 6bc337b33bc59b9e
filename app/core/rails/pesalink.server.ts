/**
 * PesaLink bank transfers (through a Jenga-style bank API) behind the payout rail contract.
 *
 * - Our transfer id is the transfer's `reference`, which must be 6-32 letters and digits: the id
 *   without its punctuation (`trf_x7k…` -> `trfx7k…`). Our ids are `trf_` and a lowercase code, so
 *   dropping the underscore is one-to-one; send and status query derive the same reference.
 * - The bank answers at once: success is `succeeded` (the receipt is the bank's transaction id),
 *   pending is `accepted` (the callback or a status query brings the result), failed is
 *   `rejected`. PesaLink's codes sit in the description, as for Airtel: the contract's `code` is
 *   the M-Pesa result code column, shown without a rail.
 * - A repeated reference: the client returns the first transfer as the status query sees it. Paid
 *   or failed, that is the outcome; still pending (or not visible yet), `duplicate`: the first
 *   request stands.
 * - What the client refuses (bank code, account number, amount range, reference) is `rejected`
 *   before any request, as is a 4xx (the request was not carried out). No usable answer (timeout,
 *   network, 5xx, an unexpected body) throws `RailUnavailableError`: sent again with the same id.
 */
import { PesalinkError } from "~/core/providers/pesalink/errors";
import type { PesalinkClient, PesalinkStatus } from "~/core/providers/pesalink/types";
import {
  RailUnavailableError,
  type PayoutRail,
  type RailNameLookup,
  type RailSendOutcome,
  type RailStatus,
} from "./types";

/** Jenga's transfer.description limit (the client truncates to it too). */
const DESCRIPTION_LIMIT = 100;

/** The PesaLink reference for a transfer id: its letters and digits. */
export const pesalinkReference = (transferId: string) => transferId.replace(/[^A-Za-z0-9]/g, "");

/**
 * `source` is the account we pay from. The client was created with it and sends it on every
 * transfer; here it only names the payer when a transfer comes without remarks.
 */
export function pesalinkRail(
  client: PesalinkClient,
  source: { name: string; accountNumber: string },
): PayoutRail {
  return {
    id: "pesalink",

    async send({ transferId, destination, amountKes, remarks }) {
      if (destination.kind !== "bank_account")
        return { kind: "rejected", code: null, description: "PesaLink pays bank accounts only" };
      let outcome: Awaited<ReturnType<PesalinkClient["send"]>>;
      try {
        outcome = await client.send({
          reference: pesalinkReference(transferId),
          bankCode: destination.bankCode,
          accountNumber: destination.accountNumber,
          accountName: destination.accountName,
          amountKes,
          description: Array.from(remarks.trim() || `Payment from ${source.name}`)
            .slice(0, DESCRIPTION_LIMIT)
            .join(""),
        });
      } catch (error) {
        return sendFailure(error);
      }
      if (outcome.duplicate && outcome.status === "pending") return { kind: "duplicate" };
      switch (outcome.status) {
        case "success":
          return {
            kind: "succeeded",
            providerRef: outcome.transactionId,
            receipt: outcome.transactionId,
            description: paidTo(outcome.accountName),
          };
        case "pending":
          return { kind: "accepted", providerRef: outcome.transactionId ?? null };
        case "failed":
          return { kind: "rejected", code: null, description: withCode(outcome) };
      }
    },

    async queryStatus(transferId) {
      let status: PesalinkStatus;
      try {
        status = await client.status(pesalinkReference(transferId));
      } catch (error) {
        // A question that went wrong says nothing about the transfer: never fail money on it.
        throw new RailUnavailableError("pesalink", "PesaLink's status query failed", {
          cause: error,
        });
      }
      return statusOf(status);
    },

    // The bank's account lookup gives the name the account is held in, without moving money.
    async lookupName(destination): Promise<RailNameLookup> {
      if (destination.kind !== "bank_account")
        return { kind: "not_found", description: "PesaLink pays bank accounts only" };
      try {
        const found = await client.accountLookup(destination.bankCode, destination.accountNumber);
        return found.found
          ? { kind: "found", name: found.accountName }
          : { kind: "not_found", description: "The bank has no such account" };
      } catch (error) {
        if (error instanceof PesalinkError && !error.retryable)
          return { kind: "not_found", description: error.message };
        throw new RailUnavailableError("pesalink", "The bank's account lookup failed", {
          cause: error,
        });
      }
    },
  };
}

const paidTo = (accountName: string | undefined) =>
  accountName ? `Paid to ${accountName}` : "Paid";

/** "The bank's words (PesaLink 104101)": the code is what the bank can look up. */
function withCode({ message, code }: { message: string; code: number }): string {
  return `${message} (PesaLink ${code})`;
}

function sendFailure(error: unknown): RailSendOutcome {
  // Our input refused before sending, or the bank's 4xx: not carried out, and the same request
  // would be refused again.
  if (error instanceof PesalinkError && !error.retryable)
    return { kind: "rejected", code: null, description: error.message };
  throw new RailUnavailableError("pesalink", "PesaLink gave no usable answer", { cause: error });
}

function statusOf(status: PesalinkStatus): RailStatus {
  switch (status.status) {
    case "success":
      return {
        kind: "succeeded",
        receipt: status.transactionId,
        description: paidTo(status.accountName),
      };
    case "failed":
      return { kind: "failed", code: null, description: withCode(status) };
    case "pending":
      return { kind: "pending" };
    case "not_found":
      // Only transfers the bank accepted are asked about, so "not found" is lag, not a verdict:
      // failing it could refund money the bank then pays. Pending; settlement's overdue query asks
      // again, and a transfer left unanswered shows in the rail's health.
      return { kind: "pending" };
  }
}
