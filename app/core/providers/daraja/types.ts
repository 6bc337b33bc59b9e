/**
 * The payout rail as the payments core sees it. One implementation, the Daraja client
 * (`createDarajaClient`), pointed at Safaricom or at the local simulator by its base URL.
 */
import type { B2cCommandId } from "./wire";

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

/** What `createDarajaClient` returns. */
export type DarajaClient = MobileMoneyPayouts & MobileMoneyBalance;
