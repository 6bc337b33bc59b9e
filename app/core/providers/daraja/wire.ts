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
export const ACCOUNT_BALANCE_PATH = "/mpesa/accountbalance/v1/query";
export const B2B_PATH = "/mpesa/b2b/v1/paymentrequest";

export const B2C_COMMAND_IDS = ["BusinessPayment", "SalaryPayment", "PromotionPayment"] as const;
export type B2cCommandId = (typeof B2C_COMMAND_IDS)[number];

/** B2B to a Paybill (the receiver's Utility Account) or a Till / store (its merchant account). */
export const B2B_COMMAND_IDS = ["BusinessPayBill", "BusinessBuyGoods"] as const;
export type B2bCommandId = (typeof B2B_COMMAND_IDS)[number];
/** Daraja's limit on a B2B AccountReference (the account number at the receiving Paybill). */
export const B2B_ACCOUNT_REFERENCE_MAX = 13;
/** "4": an organisation shortcode, the only identifier type the B2B API takes on either side. */
export const B2B_IDENTIFIER_TYPE = "4";

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

/** Account balance query (protocols.md §1.4); the balances come later in a Result to ResultURL. */
export interface AccountBalanceRequestBody {
  Initiator: string;
  SecurityCredential: string;
  CommandID: "AccountBalance";
  PartyA: string;
  /** "4": PartyA is a shortcode. */
  IdentifierType: string;
  Remarks: string;
  QueueTimeOutURL: string;
  ResultURL: string;
}

/**
 * B2B payment request (protocols.md §1.4). Unlike B2C v3 it carries no id of ours: the
 * OriginatorConversationID is Daraja's, known only from the ack. "Reciever" is Daraja's spelling.
 */
export interface B2bRequestBody {
  Initiator: string;
  SecurityCredential: string;
  CommandID: B2bCommandId;
  SenderIdentifierType: string;
  RecieverIdentifierType: string;
  Amount: number;
  PartyA: string;
  PartyB: string;
  AccountReference: string;
  Requester?: string;
  Remarks: string;
  QueueTimeOutURL: string;
  ResultURL: string;
}

// --- M-Pesa Express (STK Push), protocols.md §1.2
// ------------------------------------------------------------------------------------------------

export const STK_PUSH_PATH = "/mpesa/stkpush/v1/processrequest";
export const STK_QUERY_PATH = "/mpesa/stkpushquery/v1/query";

export const STK_TRANSACTION_TYPES = ["CustomerPayBillOnline", "CustomerBuyGoodsOnline"] as const;
export type StkTransactionType = (typeof STK_TRANSACTION_TYPES)[number];

/** Public sandbox STK shortcode and passkey, shared by every sandbox user (protocols.md §1.5). */
export const SANDBOX_STK_SHORTCODE = "174379";
export const SANDBOX_STK_PASSKEY =
  "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";

/** Daraja's limits on the two texts of a push (longer ones fail the prompt). */
export const STK_ACCOUNT_REFERENCE_MAX = 12;
export const STK_TRANSACTION_DESC_MAX = 13;

/**
 * The STK query's errorCode while the customer has not answered yet ("The transaction is being
 * processed"); the same code also means "wrong credentials" or "merchant missing", so the message
 * tells them apart.
 */
export const STK_PROCESSING_ERROR_CODE = "500.001.1001";
export const STK_PROCESSING_MESSAGE = "The transaction is being processed";

/** `Password` = base64(BusinessShortCode + Passkey + Timestamp); all ASCII. */
export function stkPassword(shortCode: string, passkey: string, timestamp: string): string {
  return btoa(`${shortCode}${passkey}${timestamp}`);
}

export interface StkPushRequestBody {
  BusinessShortCode: string;
  Password: string;
  Timestamp: string;
  TransactionType: StkTransactionType;
  Amount: number;
  PartyA: string;
  PartyB: string;
  PhoneNumber: string;
  CallBackURL: string;
  AccountReference: string;
  TransactionDesc: string;
}

export interface StkQueryRequestBody {
  BusinessShortCode: string;
  Password: string;
  Timestamp: string;
  CheckoutRequestID: string;
}

/** Synchronous answer to a push (tests/fixtures/daraja/stk-push-response.json). */
export const stkPushAckSchema = z.object({
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: codeString,
  ResponseDescription: z.string(),
  CustomerMessage: z.string().optional(),
});

/** The STK query's answer once the customer has answered; ResultCode is often a string here. */
export const stkQueryAnswerSchema = z.object({
  ResponseCode: codeString,
  ResponseDescription: z.string().optional(),
  MerchantRequestID: z.string().optional(),
  CheckoutRequestID: z.string().optional(),
  ResultCode: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
  ResultDesc: z.string().optional(),
});

const callbackItemSchema = z
  .object({
    Name: z.string(),
    Value: z.union([z.string(), z.number()]).nullish(),
  })
  .passthrough();

/** The `Body.stkCallback` envelope POSTed to CallBackURL. */
export const stkCallbackEnvelopeSchema = z.object({
  Body: z.object({
    stkCallback: z
      .object({
        MerchantRequestID: z.string(),
        CheckoutRequestID: z.string().min(1),
        /** As sent, as a string: a number, or (rarely) a code like "SFC_IC0003". */
        ResultCode: z.union([z.number().int(), z.string().trim().min(1)]).transform(String),
        ResultDesc: z.string().optional(),
        CallbackMetadata: z
          .object({
            Item: z
              .union([z.array(callbackItemSchema), callbackItemSchema])
              .transform((value) => (Array.isArray(value) ? value : [value])),
          })
          .passthrough()
          .nullish(),
      })
      .passthrough(),
  }),
});
export type StkCallbackEnvelope = z.infer<typeof stkCallbackEnvelopeSchema>;
