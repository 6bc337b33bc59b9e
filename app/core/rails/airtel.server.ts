/**
 * Airtel Money Kenya disbursements behind the payout rail contract. Our transfer id is Airtel's
 * `transaction.id` (Airtel is idempotent on it: a repeated id is answered with the transaction it
 * already holds and never pays twice). Airtel answers a disbursement at once:
 *
 * - TS with a receipt: `succeeded` (the receipt is `airtel_money_id`).
 * - TIP: `accepted`; the callback or a status query brings the result.
 * - TA (ambiguous, or TS without a receipt, or a code we do not know): `accepted` too. Airtel does
 *   not know yet whether it paid, so nothing may be refunded; the status query resolves it later.
 * - TF: `rejected`, nothing was paid. Airtel's codes are strings (`DP00800001007`), so the
 *   contract's numeric `code` is null and the code is in the description.
 * - A repeated id maps like a fresh answer (the client returns the transaction Airtel holds). When
 *   Airtel refuses a repeated id and then cannot find it, the first request stands: `duplicate`.
 *
 * A number that is not a phone, or not an Airtel Kenya number (msisdn.ts), is `rejected` before
 * any request, as is any input the client refuses and any 4xx (the request was not carried out).
 * No usable answer (timeout, network, 5xx, an unexpected body) throws `RailUnavailableError`: the
 * outcome is unknown, and settlement sends again with the same id.
 */
import { AirtelError } from "~/core/providers/airtel/errors";
import type { AirtelDisbursements, AirtelOutcome } from "~/core/providers/airtel/types";
import {
  RailUnavailableError,
  type PayoutRail,
  type RailNameLookup,
  type RailSendOutcome,
  type RailStatus,
} from "./types";

export function airtelRail(client: AirtelDisbursements): PayoutRail {
  return {
    id: "airtel-money",

    async send({ transferId, destination, amountKes, remarks, reference }) {
      if (destination.kind !== "msisdn")
        return {
          kind: "rejected",
          code: null,
          description: "Airtel Money pays phone numbers only",
        };
      let outcome: AirtelOutcome;
      try {
        outcome = await client.disburse({
          id: transferId,
          msisdn: destination.phone,
          amountKes,
          // Airtel carries one statement text; our remarks already name the payment.
          reference: remarks.trim() || reference || "OneHop settlement",
        });
      } catch (error) {
        return sendFailure(error);
      }
      return sendOutcome(outcome);
    },

    async queryStatus(transferId) {
      let outcome: AirtelOutcome;
      try {
        outcome = await client.status(transferId);
      } catch (error) {
        // A question that went wrong says nothing about the transfer: never fail money on it.
        throw new RailUnavailableError("airtel-money", "Airtel Money's status enquiry failed", {
          cause: error,
        });
      }
      return statusOf(outcome);
    },

    // Airtel's callback carries no name: its KYC enquiry gives the wallet's registered name.
    async lookupName(destination): Promise<RailNameLookup> {
      if (destination.kind !== "msisdn")
        return { kind: "not_found", description: "Airtel Money pays phone numbers only" };
      try {
        const kyc = await client.kyc(destination.phone);
        if (!kyc.found) return { kind: "not_found", description: kyc.message };
        if (kyc.isBarred)
          return { kind: "not_found", description: "Airtel Money says this wallet is barred" };
        return { kind: "found", name: `${kyc.firstName} ${kyc.lastName}`.trim() };
      } catch (error) {
        if (error instanceof AirtelError && !error.retryable)
          return { kind: "not_found", description: error.message };
        throw new RailUnavailableError("airtel-money", "Airtel Money's KYC enquiry failed", {
          cause: error,
        });
      }
    },
  };
}

/** "Airtel's words (Airtel DP00800001007)": the code is the only thing an operator can look up. */
function withCode(outcome: AirtelOutcome): string {
  return `${outcome.message} (Airtel ${outcome.responseCode ?? `${outcome.status ?? "?"}, no response code`})`;
}

function sendOutcome(outcome: AirtelOutcome): RailSendOutcome {
  switch (outcome.state) {
    case "success":
      return {
        kind: "succeeded",
        providerRef: outcome.airtelMoneyId,
        receipt: outcome.airtelMoneyId,
        description: outcome.message,
      };
    case "failed":
      return { kind: "rejected", code: null, description: withCode(outcome) };
    // TIP, and TA: Airtel cannot tell yet whether it paid. Not a failure (a refund could pay
    // twice): accepted, and the status query (settlement's overdue question) resolves it later.
    case "in_progress":
    case "ambiguous":
      return { kind: "accepted", providerRef: outcome.airtelMoneyId ?? null };
    case "not_found":
      // Only after Airtel refused the id as a repeat (ESB000041) and its enquiry has no trace yet:
      // Airtel says it holds the id, so the first request stands; the status query follows it.
      return { kind: "duplicate" };
  }
}

function sendFailure(error: unknown): RailSendOutcome {
  // The client's refusals before any request (not a phone, another network's number: msisdn.ts;
  // the amount; the id) and Airtel's 4xx: nothing was sent or carried out, and the same request
  // would be refused again.
  if (error instanceof AirtelError && !error.retryable)
    return { kind: "rejected", code: null, description: error.message };
  throw new RailUnavailableError("airtel-money", "Airtel Money gave no usable answer", {
    cause: error,
  });
}

function statusOf(outcome: AirtelOutcome): RailStatus {
  switch (outcome.state) {
    case "success":
      return { kind: "succeeded", receipt: outcome.airtelMoneyId, description: outcome.message };
    case "failed":
      return { kind: "failed", code: null, description: withCode(outcome) };
    case "in_progress":
    case "ambiguous":
      return { kind: "pending" };
    case "not_found":
      // Only transfers Airtel accepted are asked about, so "not found" is lag on Airtel's side, not
      // a verdict: failing it could refund money Airtel then pays. Pending; settlement's overdue
      // query asks again, and a transfer left unanswered shows in the rail's health.
      return { kind: "pending" };
  }
}
