/**
 * M-Pesa B2C behind the payout rail contract, unchanged in behaviour: the transfer id is the
 * OriginatorConversationID, M-Pesa's duplicate answer means the first request stands, a refused
 * request (our input, or Daraja's 4xx) is final, and anything else (timeout, network, 5xx) leaves
 * the outcome unknown. The result always arrives later at our ResultURL, and a status question is
 * answered at the status ResultURL (app/core/payments/webhooks.server.ts).
 *
 * M-Pesa B2B (a Paybill or Till destination, ADR 0035 "B2B") goes through the same rail (same
 * float) with `b2bPayment`. Its request carries no id of ours, so our transfer id rides in the
 * ResultURL and QueueTimeOutURL query (`&transfer=<id>`), which M-Pesa calls back verbatim, and a
 * lost answer is `unknown`: never sent again (settlement marks it sent; the Result, or an operator,
 * settles it).
 */
import {
  DarajaApiError,
  DarajaValidationError,
  DuplicateRequestError,
} from "~/core/providers/daraja/errors";
import type { MobileMoneyPayouts } from "~/core/providers/daraja/types";
import {
  RailUnavailableError,
  type MpesaB2bSetup,
  type PayoutRail,
  type RailSendOutcome,
} from "./types";

export type { MpesaB2bSetup };

/** `url` with our transfer id in its query: the only thing of ours a B2B Result brings back. */
export function b2bCallbackUrl(url: string, transferId: string): string {
  const withId = new URL(url);
  withId.searchParams.set("transfer", transferId);
  return withId.toString();
}

export function mpesaRail(payouts: MobileMoneyPayouts, b2b?: MpesaB2bSetup): PayoutRail {
  return {
    id: "mpesa",

    async send({ transferId, destination, amountKes, remarks, reference }) {
      if (destination.kind === "business") {
        if (!b2b)
          return {
            kind: "rejected",
            code: null,
            description: "M-Pesa Paybill and Till payments are not set up here",
          };
        try {
          const ack = await b2b.client.b2bPayment({
            commandId: destination.b2b === "paybill" ? "BusinessPayBill" : "BusinessBuyGoods",
            amountKes,
            partyB: destination.businessNumber,
            accountReference: destination.accountReference ?? undefined,
            remarks,
            resultUrl: b2bCallbackUrl(b2b.resultUrl, transferId),
            queueTimeoutUrl: b2bCallbackUrl(b2b.queueTimeoutUrl, transferId),
          });
          return { kind: "accepted", providerRef: ack.conversationId };
        } catch (error) {
          return b2bSendFailure(error);
        }
      }
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

/**
 * A B2B request that failed: refused (our input, or Daraja's answer below 500) is final and nothing
 * was paid; anything else (timeout, network, 5xx) may have reached M-Pesa, and with no id of ours
 * in the request it is `unknown`: never sent again.
 */
function b2bSendFailure(error: unknown): RailSendOutcome {
  if (
    error instanceof DarajaValidationError ||
    (error instanceof DarajaApiError && error.httpStatus < 500)
  )
    return { kind: "rejected", code: null, description: error.message };
  return {
    kind: "unknown",
    description: `M-Pesa gave no usable answer to the B2B request: ${error instanceof Error ? error.message : String(error)}`,
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
