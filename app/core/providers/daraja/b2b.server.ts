/**
 * M-Pesa B2B: our shortcode pays a supplier's Paybill (`BusinessPayBill`, with the supplier's
 * account number as AccountReference) or Till / store number (`BusinessBuyGoods`), protocols.md
 * §1.4. `createDarajaClient(...).b2bPayment` sends what `b2bRequestBody` builds to
 * `POST /mpesa/b2b/v1/paymentrequest` through the same authorised POST as B2C, so acks, refusals
 * and transport failures come back exactly as for `b2cPayment`:
 *
 * - Accepted: `AsyncRequestAccepted` with Daraja's OriginatorConversationID and ConversationID. The
 *   outcome comes later to the request's ResultURL (`parseB2bResult`, result.ts) or, if M-Pesa
 *   timed out in its queue, to its QueueTimeOutURL (`parseQueueTimeout`).
 * - Refused (Daraja's error body, or an ack with ResponseCode != "0"): `DarajaApiError`; nothing
 *   was paid. Our own input refused before anything is sent: `DarajaValidationError`.
 * - No usable answer (timeout, network, a 5xx without Daraja's body, an unexpected body):
 *   `DarajaTransportError`, and the outcome is UNKNOWN.
 *
 * The protocol fact the callers must design around: unlike B2C v3, where WE supply the
 * OriginatorConversationID (client.server.ts sends `input.originatorConversationId` as
 * `OriginatorConversationID`, and a resend with it is answered `500.002.1001` duplicate), the B2B
 * request carries no id of ours. Daraja makes up the OriginatorConversationID and tells it only in
 * the ack. So when the HTTP answer is lost we cannot tell whether M-Pesa took the payment: there is
 * no duplicate check to lean on (re-sending may pay the supplier twice), and no id to ask the
 * transaction status query about. What is left: the Result itself, which arrives at the ResultURL
 * we chose for this request (so put our own payment id in that URL), and, failing that, the
 * organisation statement / balance. An unknown B2B payment must be held, never re-sent blindly.
 */
import { DarajaValidationError } from "./errors";
import { normalizeKenyanMsisdn } from "./msisdn";
import { requireHttpUrl, requireText } from "./transport.server";
import type { B2bPaymentInput } from "./types";
import {
  B2B_ACCOUNT_REFERENCE_MAX,
  B2B_COMMAND_IDS,
  B2B_IDENTIFIER_TYPE,
  type B2bCommandId,
  type B2bRequestBody,
} from "./wire";

/** Smallest B2B amount we send (KES). */
export const B2B_MIN_AMOUNT_KES = 1;
const REMARKS_LIMIT = 100;
const SHORTCODE = /^\d{5,7}$/;

/** What the request takes from the client's configuration. */
export interface B2bSender {
  initiatorName: string;
  /** Already encrypted and base64-encoded. */
  securityCredential: string;
  /** PartyA: the shortcode paying. */
  shortCode: string;
}

function truncate(value: string, limit: number): string {
  const chars = Array.from(value);
  return chars.length > limit ? chars.slice(0, limit).join("") : value;
}

/**
 * The account number as the receiving Paybill will read it: trimmed, 1 to 13 characters, no
 * control characters. Never truncated: a shortened account number would credit someone else.
 */
function accountReferenceOf(value: unknown): string {
  const text = requireText("accountReference", value);
  if (Array.from(text).length > B2B_ACCOUNT_REFERENCE_MAX) {
    throw new DarajaValidationError(
      "accountReference",
      `accountReference must be at most ${B2B_ACCOUNT_REFERENCE_MAX} characters (got ${Array.from(text).length})`,
    );
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) {
    throw new DarajaValidationError(
      "accountReference",
      "accountReference must not contain control characters",
    );
  }
  return text;
}

/**
 * Validate a B2B payment and build its request body. Throws `DarajaValidationError` naming the
 * field for anything Daraja would refuse or we must not send (a decimal amount, a shortcode that is
 * not 5 to 7 digits, a Paybill payment without an account number, a reference over 13 characters).
 */
export function b2bRequestBody(input: B2bPaymentInput, sender: B2bSender): B2bRequestBody {
  const commandId = input.commandId;
  if (!B2B_COMMAND_IDS.includes(commandId as B2bCommandId)) {
    throw new DarajaValidationError(
      "commandId",
      `commandId must be one of ${B2B_COMMAND_IDS.join(", ")}`,
    );
  }
  if (!Number.isSafeInteger(input.amountKes) || input.amountKes < B2B_MIN_AMOUNT_KES) {
    throw new DarajaValidationError(
      "amountKes",
      `amountKes must be a whole number of shillings, at least ${B2B_MIN_AMOUNT_KES} (got ${String(input.amountKes)})`,
    );
  }
  const partyB = typeof input.partyB === "string" ? input.partyB.trim() : "";
  if (!SHORTCODE.test(partyB)) {
    throw new DarajaValidationError(
      "partyB",
      `partyB must be the Paybill or Till number, 5 to 7 digits (got ${JSON.stringify(input.partyB)})`,
    );
  }
  const given = typeof input.accountReference === "string" && input.accountReference.trim() !== "";
  if (commandId === "BusinessPayBill" && !given) {
    throw new DarajaValidationError(
      "accountReference",
      "accountReference (the account number at the Paybill) is required for BusinessPayBill",
    );
  }
  // A Till has no account number, but Daraja's Buy Goods sample still sends one: the till itself.
  const accountReference = given ? accountReferenceOf(input.accountReference) : partyB;
  const body: B2bRequestBody = {
    Initiator: sender.initiatorName,
    SecurityCredential: sender.securityCredential,
    CommandID: commandId,
    SenderIdentifierType: B2B_IDENTIFIER_TYPE,
    RecieverIdentifierType: B2B_IDENTIFIER_TYPE,
    Amount: input.amountKes,
    PartyA: sender.shortCode,
    PartyB: partyB,
    AccountReference: accountReference,
    Remarks: truncate(requireText("remarks", input.remarks), REMARKS_LIMIT),
    QueueTimeOutURL: requireHttpUrl("queueTimeoutUrl", input.queueTimeoutUrl),
    ResultURL: requireHttpUrl("resultUrl", input.resultUrl),
  };
  const requester = typeof input.requester === "string" ? input.requester.trim() : "";
  if (requester !== "") body.Requester = normalizeKenyanMsisdn(requester, "requester");
  return body;
}
