/**
 * The payout rail as the payments core sees it. One implementation, the Daraja client
 * (`createDarajaClient`), pointed at Safaricom or at the local simulator by its base URL.
 */
import type { B2bCommandId, B2cCommandId } from "./wire";

export interface B2cPaymentInput {
  /**
   * Our idempotency id, sent as OriginatorConversationID. Re-sending the same id never pays twice.
   */
  originatorConversationId: string;
  /** Any common Kenyan form; normalised to 2547…/2541…. */
  phone: string;
  /** Whole shillings, integer >= 10. */
  amountKes: number;
  /** Required by Daraja; truncated to 100 characters. */
  remarks: string;
  /** Optional; truncated to 100 characters. */
  occasion?: string;
  /** Default "BusinessPayment". */
  commandId?: B2cCommandId;
}

export interface AsyncRequestAccepted {
  conversationId: string;
  originatorConversationId: string;
  /** Always "0": any other code is thrown as a `DarajaApiError`. */
  responseCode: string;
  responseDescription: string;
}

export type TransactionStatusInput = (
  | { originatorConversationId: string; transactionId?: never }
  | { transactionId: string; originatorConversationId?: never }
) & { remarks?: string; occasion?: string };

export interface MobileMoneyPayouts {
  /** Ask M-Pesa to pay; the outcome arrives later at ResultURL (or QueueTimeOutURL). */
  b2cPayment(input: B2cPaymentInput): Promise<AsyncRequestAccepted>;
  /**
   * Ask for the status of a payment whose callback never came; the answer arrives at the status
   * ResultURL.
   */
  transactionStatus(input: TransactionStatusInput): Promise<AsyncRequestAccepted>;
}

export interface AccountBalanceInput {
  /** Required by Daraja; default "OneHop balance check". Truncated to 100 characters. */
  remarks?: string;
}

/**
 * The account balance query, apart from `MobileMoneyPayouts` so that fakes of the payout rail need
 * not implement it. The answer arrives at the balance ResultURL; parse it with
 * `parseAccountBalanceResult` (result.ts) and match it by the ack's OriginatorConversationID.
 */
export interface MobileMoneyBalance {
  queryAccountBalance(input?: AccountBalanceInput): Promise<AsyncRequestAccepted>;
}

/**
 * A B2B payment from our shortcode to a supplier's Paybill or Till (b2b.server.ts). Unlike
 * `B2cPaymentInput` there is no idempotency id: Daraja's B2B request carries none of ours.
 */
export interface B2bPaymentInput {
  /** "BusinessPayBill" (to a Paybill, with an account number) or "BusinessBuyGoods" (to a Till). */
  commandId: B2bCommandId;
  /** Whole shillings, integer >= 1. */
  amountKes: number;
  /** The Paybill or Till (or store) number receiving the money: 5 to 7 digits. */
  partyB: string;
  /**
   * The account number at the receiving Paybill (1 to 13 characters, never truncated): required for
   * BusinessPayBill. Optional for BusinessBuyGoods, where Daraja's sample still sends one: without
   * it the till number is sent.
   */
  accountReference?: string;
  /** Required by Daraja; truncated to 100 characters. */
  remarks: string;
  /** Optional: the customer paid for (any common Kenyan form; normalised to 2547…/2541…). */
  requester?: string;
  /**
   * This payment's ResultURL. Put our own id for the payment in it (path or query): it is the only
   * thing of ours that comes back with the Result when the ack was lost.
   */
  resultUrl: string;
  /** This payment's QueueTimeOutURL (echoed in the Result's ReferenceData as QueueTimeoutURL). */
  queueTimeoutUrl: string;
}

/**
 * B2B payments, apart from `MobileMoneyPayouts` so that fakes of the payout rail need not implement
 * them. The outcome arrives at the request's ResultURL; parse it with `parseB2bResult` (result.ts)
 * and match it by the ack's OriginatorConversationID (Daraja's id, not ours).
 */
export interface MobileMoneyB2b {
  b2bPayment(input: B2bPaymentInput): Promise<AsyncRequestAccepted>;
}

/** What `createDarajaClient` returns. */
export type DarajaClient = MobileMoneyPayouts & MobileMoneyBalance & MobileMoneyB2b;
