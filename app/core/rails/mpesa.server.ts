/**
 * M-Pesa B2C behind the payout rail contract, unchanged in behaviour: the transfer id is the
 * OriginatorConversationID, M-Pesa's duplicate answer means the first request stands, a refused
 * request (our input, or Daraja's 4xx) is final, and anything else (timeout, network, 5xx) leaves
 * the outcome unknown. The result always arrives later at our ResultURL, and a status question is
 * answered at the status ResultURL (app/core/payments/webhooks.server.ts).
 */
import {
  DarajaApiError,
  DarajaValidationError,
  DuplicateRequestError,
} from "~/core/providers/daraja/errors";
import type { MobileMoneyPayouts } from "~/core/providers/daraja/types";
import { RailUnavailableError, type PayoutRail, type RailSendOutcome } from "./types";

export function mpesaRail(payouts: MobileMoneyPayouts): PayoutRail {
  return {
    id: "mpesa",

    async send({ transferId, destination, amountKes, remarks, reference }) {
      if (destination.kind !== "msisdn")
        return { kind: "rejected", code: null, description: "M-Pesa pays phone numbers only" };
      try {
        const ack = await payouts.b2cPayment({
          originatorConversationId: transferId,
          phone: destination.phone,
          amountKes,
          remarks,
          occasion: reference,
        });
        return { kind: "accepted", providerRef: ack.conversationId };
      } catch (error) {
        return sendFailure(error);
      }
    },

    async queryStatus(transferId) {
      try {
        await payouts.transactionStatus({ originatorConversationId: transferId });
        return { kind: "asked" };
      } catch (error) {
        throw new RailUnavailableError("mpesa", "M-Pesa's status query failed", { cause: error });
      }
    },
  };
}

function sendFailure(error: unknown): RailSendOutcome {
  if (error instanceof DuplicateRequestError) return { kind: "duplicate" };
  if (
    error instanceof DarajaValidationError ||
    (error instanceof DarajaApiError && error.httpStatus >= 400 && error.httpStatus < 500)
  )
    return { kind: "rejected", code: null, description: error.message };
  throw new RailUnavailableError("mpesa", "M-Pesa gave no usable answer", { cause: error });
}
