/**
 * Africa's Talking's SMS API as it is on the wire (issue 30, item 9): the send request's form
 * fields, the answer, the per-recipient status codes and the delivery reports' fields. Shared by
 * the client (africastalking-client.server.ts) and the simulator (app/simulators/africastalking).
 * Isomorphic: no node, no database.
 *
 * - Send: `POST {base}/version1/messaging`, headers `apiKey`, `Accept: application/json`,
 *   `Content-Type: application/x-www-form-urlencoded`; body `username`, `to` (comma-separated
 *   E.164), `message`, optional `from` (a registered sender id).
 * - Answer: 201 `{"SMSMessageData":{"Message":"Sent to 1/1 Total Cost: KES 0.8000","Recipients":
 *   [{"statusCode":101,"number":"+254…","status":"Success","cost":"KES 0.8000","messageId":
 *   "ATXid_…"}]}}`. A bad key is 401 with a text body; a bad request 400 with a text body.
 * - Delivery reports: form-encoded POSTs to the callback URL registered on the account, with `id`
 *   (the messageId), `status`, `phoneNumber`, `networkCode`, `failureReason` (failed ones) and
 *   `retryCount`. They are not signed.
 */
import { z } from "zod";

export const AT_LIVE_BASE_URL = "https://api.africastalking.com";
export const AT_SANDBOX_BASE_URL = "https://api.sandbox.africastalking.com";
export const AT_MESSAGING_PATH = "/version1/messaging";

/** The per-recipient status codes of a send, with Africa's Talking's names for them. */
export const AT_STATUS_CODES = {
  100: "Processed",
  101: "Sent",
  102: "Queued",
  401: "RiskHold",
  402: "InvalidSenderId",
  403: "InvalidPhoneNumber",
  404: "UnsupportedNumberType",
  405: "InsufficientBalance",
  406: "UserInBlacklist",
  407: "CouldNotRoute",
  409: "DoNotDisturbRejection",
  500: "InternalServerError",
  501: "GatewayError",
  502: "RejectedByGateway",
} as const;
export type AtStatusCode = keyof typeof AT_STATUS_CODES;

/** Codes that mean the provider took the message. */
export const AT_ACCEPTED_CODES: readonly number[] = [100, 101, 102];
/**
 * Codes about the account or the provider, not the message: the same message may go later (a
 * risk hold lifted, the balance topped up, the gateway back).
 */
export const AT_RETRY_CODES: readonly number[] = [401, 405, 500, 501];
/** Every other code refuses this message for good (the number, the sender id, a blacklist...). */

export const atRecipientSchema = z.object({
  statusCode: z.number().int(),
  number: z.string().max(32),
  status: z.string().max(64),
  cost: z.string().max(32).optional(),
  messageId: z.string().max(128).optional(),
});
export type AtRecipient = z.infer<typeof atRecipientSchema>;

export const atSendAnswerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().max(1000),
    Recipients: z.array(atRecipientSchema).max(1000),
  }),
});
export type AtSendAnswer = z.infer<typeof atSendAnswerSchema>;

/** The statuses a delivery report may carry. */
export const atReportStatuses = [
  "Sent",
  "Submitted",
  "Buffered",
  "Rejected",
  "Success",
  "Failed",
  "AbsentSubscriber",
  "Expired",
] as const;
export type AtReportStatus = (typeof atReportStatuses)[number];

/** A delivery report's form fields (unknown fields are ignored). */
export const atDeliveryReportSchema = z.object({
  id: z.string().min(1).max(128),
  status: z.enum(atReportStatuses),
  phoneNumber: z.string().max(32).optional(),
  networkCode: z.string().max(16).optional(),
  failureReason: z.string().max(64).optional(),
  retryCount: z.coerce.number().int().min(0).max(1000).optional(),
});
export type AtDeliveryReport = z.infer<typeof atDeliveryReportSchema>;
