/**
 * What the payments core needs from outside to move money: its configuration and the provider
 * clients. The composition place (app/wiring/payments.server.ts) builds it from the environment at
 * boot; tests build it around the simulators (tests/setup/payments.ts). Core code receives it as a
 * parameter.
 */
import type { ApiMode } from "~/core/api/vocabulary";
import type { Custody, CustodyTransfers } from "~/core/providers/custody/types";
import type { MobileMoneyPayouts } from "~/core/providers/daraja/types";
import type { MpesaB2bSetup, PayoutRails } from "~/core/rails/types";
import type { PaymentsConfig } from "./config";

export interface PaymentsDeps {
  config: PaymentsConfig;
  /** Deposits, and crypto refunds going out (ADR 0037). */
  custody: Custody & CustodyTransfers;
  /** The M-Pesa Daraja client: B2C payouts (as the "mpesa" rail) and the M-Pesa callbacks. */
  payouts: MobileMoneyPayouts;
  /**
   * M-Pesa Express (STK Push) collections (ADR 0033): absent when not configured for these
   * providers, and then the checkout does not offer "Pay with M-Pesa".
   */
  stk?: MpesaExpressClient;
  /**
   * M-Pesa B2B (Paybill and Till disbursements, ADR 0035 "B2B") on the same Daraja app: its client
   * and our B2B callback URLs. Absent: Paybill and Till rows are refused when sent.
   */
  b2b?: MpesaB2bSetup;
  /** The other payout rails running here (Airtel Money, T-Kash, PesaLink), when configured. */
  rails?: PayoutRails;
  custodyWebhookPublicKeyPem: string;
  /** Secret in our M-Pesa callback URLs, so only M-Pesa (who got the URL from us) can call them. */
  callbackToken: string;
  /**
   * Reconciliation interval (PAYMENTS_RECONCILE_SECONDS): unchanged this long -> ask the provider.
   * Default 60 s.
   */
  reconcileAfterMs?: number;
  /** The refill of the deposit-address pools, woken after a payment takes an address (ADR 0027). */
  addressPool?: AddressPoolRefill;
  /**
   * The payment modes these providers serve (ADR 0028): on a live deployment the live providers
   * serve live payments only and the providers' sandboxes test ones, so a test payment can never be
   * paid out by the real M-Pesa. Absent: every mode (one set of simulators for both).
   */
  modes?: readonly ApiMode[];
}

/** Whether these providers serve payments of `mode` (see `PaymentsDeps.modes`). */
export const servesMode = (deps: Pick<PaymentsDeps, "modes">, mode: ApiMode): boolean =>
  !deps.modes || deps.modes.includes(mode);

/** The background refill of the deposit-address pools (address-pool.server.ts, ADR 0027). */
export interface AddressPoolRefill {
  /** Start refilling if a pool is under its size (at most one refill runs at a time). */
  wake(): void;
  /** Resolves when the running refill, if any, has stopped. */
  idle(): Promise<void>;
  /** Stop after the address being made (for shutdown). */
  stop(): Promise<void>;
  /**
   * Each pool's addresses now and its size, by `mode:ASSET` (default network) or
   * `mode:ASSET:network` (for /readyz).
   */
  levels(): Promise<Record<string, { pooled: number; size: number }>>;
}

/**
 * What the payments core uses of the M-Pesa Express client (`createStkClient`,
 * core/providers/daraja/stk.server.ts, satisfies it): the push and the query.
 */
export interface MpesaExpressClient {
  stkPush(input: {
    phone: string;
    amountKes: number;
    accountReference: string;
    transactionDesc: string;
    /** This push's CallBackURL (a top-up's, issue 30); default: the client's. */
    callbackUrl?: string;
  }): Promise<
    | {
        status: "accepted";
        merchantRequestId: string;
        checkoutRequestId: string;
        customerMessage: string;
      }
    | { status: "refused"; code: string; text: string; customerMessage: string }
  >;
  stkQuery(
    checkoutRequestId: string,
  ): Promise<
    | { status: "pending"; checkoutRequestId: string; description: string }
    | { status: "succeeded"; checkoutRequestId: string; resultDesc: string }
    | { status: "failed"; checkoutRequestId: string; resultCode: number; resultDesc: string }
  >;
}
