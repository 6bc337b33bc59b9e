/**
 * T-Kash behind the payout rail contract, through a payout aggregator (ADR 0030: Telkom publishes
 * no API). Our transfer id is the aggregator's payoutId, its idempotency key.
 *
 * - A destination that is not a phone, or a number that is not Telkom's (077…), is `rejected`
 *   before any request, as is anything else the client refuses and the aggregator's 4xx.
 * - Accepted is `accepted` (the callback or a status query brings the result); an id the
 *   aggregator already has is answered from the first payout: paid is `succeeded`, failed is
 *   `rejected`, still on its way is `duplicate`.
 * - A failed payout is `rejected` with `code: null`: the contract's code is M-Pesa's result code
 *   column; the aggregator's failure code sits in the description, as for Airtel and PesaLink.
 * - No usable answer (timeout, network, 5xx, an unexpected body) throws `RailUnavailableError`:
 *   the transfer stays pending and is sent again with the same id.
 */
import { TkashError } from "~/core/providers/tkash/errors";
import { toTkashMsisdn } from "~/core/providers/tkash/msisdn";
import type { TkashClient, TkashPayoutOutcome, TkashStatus } from "~/core/providers/tkash/types";
import { RailUnavailableError, type PayoutRail, type RailSendOutcome } from "./types";

/** The aggregator's narration: letters, digits and spaces, at most 22. */
export function tkashNarration(remarks: string): string {
  const cleaned = remarks
    .replace(/[^A-Za-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned.slice(0, 22).trim() || "OneHop payout";
}

const withCode = ({ code, message }: { code: string; message: string }) =>
  `${message} (T-Kash ${code})`;

export function tkashRail(client: TkashClient): PayoutRail {
  return {
    id: "t-kash",

    async send({ transferId, destination, amountKes, remarks }) {
      if (destination.kind !== "msisdn")
        return { kind: "rejected", code: null, description: "T-Kash pays phone numbers only" };
      let outcome: TkashPayoutOutcome;
      try {
        const phone = toTkashMsisdn(destination.phone);
        outcome = await client.payout({
          id: transferId,
          phone,
          amountKes,
          narration: tkashNarration(remarks),
        });
      } catch (error) {
        return sendFailure(error);
      }
      switch (outcome.kind) {
        case "accepted":
          return outcome.duplicate
            ? { kind: "duplicate" }
            : { kind: "accepted", providerRef: null };
        case "succeeded":
          return {
            kind: "succeeded",
            providerRef: outcome.providerTransactionId,
            receipt: outcome.providerTransactionId,
            description: "Paid to T-Kash",
          };
        case "failed":
          return { kind: "rejected", code: null, description: withCode(outcome) };
      }
    },

    async queryStatus(transferId) {
      let status: TkashStatus;
      try {
        status = await client.status(transferId);
      } catch (error) {
        // A question that went wrong says nothing about the transfer: never fail money on it.
        throw new RailUnavailableError("t-kash", "The T-Kash status query failed", {
          cause: error,
        });
      }
      switch (status.kind) {
        case "pending":
        case "not_found":
          return { kind: "pending" };
        case "succeeded":
          return {
            kind: "succeeded",
            receipt: status.providerTransactionId,
            description: "Paid to T-Kash",
          };
        case "failed":
          return { kind: "failed", code: null, description: withCode(status) };
      }
    },
  };
}

function sendFailure(error: unknown): RailSendOutcome {
  // Refused before sending, or the aggregator's 4xx: not carried out, and refused again if resent.
  if (error instanceof TkashError && !error.retryable)
    return { kind: "rejected", code: null, description: error.message };
  throw new RailUnavailableError("t-kash", "The T-Kash aggregator gave no usable answer", {
    cause: error,
  });
}
