/**
 * Daraja wire formats (docs: ../shared/reference/protocols.md section 1), as zod schemas. Field
 * names are spelled exactly as Daraja spells them. Shared by the client (to validate answers), the
 * callback parsers and the simulator (to validate requests), so both sides agree on one
 * description.
 */
import { z } from "zod";

export const TOKEN_PATH = "/oauth/v1/generate";
export const B2C_PATH = "/mpesa/b2c/v3/paymentrequest";
export const TRANSACTION_STATUS_PATH = "/mpesa/transactionstatus/v1/query";

export const B2C_COMMAND_IDS = ["BusinessPayment", "SalaryPayment", "PromotionPayment"] as const;
export type B2cCommandId = (typeof B2C_COMMAND_IDS)[number];

/** What a callback receiver answers Daraja (Result, timeout and status callbacks alike). */
export const DARAJA_CALLBACK_ACK = { ResultCode: 0, ResultDesc: "Accepted" } as const;

/** The acknowledgement text Daraja sends for an accepted asynchronous request. */
export const ACCEPTED_DESCRIPTION = "Accept the service request successfully.";

/**
 * `{"access_token": "...", "expires_in": "3599"}`; expires_in is a string on the wire (a number is
 * tolerated).
 */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z
    .union([z.string().regex(/^\d+$/), z.number().int().nonnegative()])
    .transform(Number),
});

/** `{"requestId", "errorCode", "errorMessage"}` (HTTP 4xx/5xx). */
export const errorBodySchema = z.object({
  requestId: z.string().optional(),
  errorCode: z.string().min(1),
  errorMessage: z.string().optional(),
});

const codeString = z.union([z.string(), z.number()]).transform(String);

/** Synchronous acknowledgement of B2C and transaction-status requests. */
export const asyncAckSchema = z.object({
  ConversationID: z.string().min(1),
  OriginatorConversationID: z.string().min(1),
  ResponseCode: codeString,
  ResponseDescription: z.string(),
});
export type AsyncAck = z.infer<typeof asyncAckSchema>;

// --- Result envelope ---------------------------------------------------------------------------

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const keyValueSchema = z.object({ Key: z.string(), Value: scalar.optional() }).passthrough();
export type KeyValue = z.infer<typeof keyValueSchema>;

/** Daraja sends a single Key/Value as an object and several as an array. */
const oneOrMany = z
  .union([z.array(keyValueSchema), keyValueSchema])
  .transform((value) => (Array.isArray(value) ? value : [value]));

export const resultEnvelopeSchema = z.object({
  Result: z
    .object({
      ResultType: z.union([z.number(), z.string()]).optional(),
      ResultCode: z.union([z.number(), z.string().min(1)]),
      ResultDesc: z.string().optional(),
      OriginatorConversationID: z.string().min(1),
      ConversationID: z.string().optional(),
      TransactionID: z.string().nullish(),
      ResultParameters: z
        .object({ ResultParameter: oneOrMany.nullish() })
        .passthrough()
        .nullish()
        .or(z.literal("")),
      ReferenceData: z
        .object({ ReferenceItem: oneOrMany.nullish() })
        .passthrough()
        .nullish()
        .or(z.literal("")),
    })
    .passthrough(),
});
export type ResultEnvelope = z.infer<typeof resultEnvelopeSchema>;

// --- Requests (validated by the simulator, built by the client)
// -------------------------------------

export interface B2cRequestBody {
  OriginatorConversationID: string;
  InitiatorName: string;
  SecurityCredential: string;
  CommandID: B2cCommandId;
  Amount: number;
  PartyA: string;
  PartyB: string;
  Remarks: string;
  QueueTimeOutURL: string;
  ResultURL: string;
  Occasion?: string;
}

export interface TransactionStatusRequestBody {
  Initiator: string;
  SecurityCredential: string;
  CommandID: "TransactionStatusQuery";
  TransactionID?: string;
  OriginalConversationID?: string;
  PartyA: string;
  IdentifierType: string;
  ResultURL: string;
  QueueTimeOutURL: string;
  Remarks: string;
  Occasion?: string;
}
