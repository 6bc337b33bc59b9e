/**
 * The payments façade: the one entry point for every caller that acts on payments (routes, jobs,
 * and the coming API). Each action takes the actor it is done for (recorded in the audit log where
 * the action is audited) and returns an outcome the caller turns into its response; the caller only
 * guards, parses and responds. Created per use by the composition place
 * (app/wiring/payments.server.ts) with the database, the configuration, the provider clients when
 * payments run in this process, and the rates; tests create it with their own.
 *
 * Without running clients (`deps: null`: a test or a tool, or boot could not start payments) reads,
 * previews and operator decisions still work; whatever must reach a provider waits for the next
 * payments run, or is refused when the caller cannot wait for it (see each method).
 *
 * Its reads and decisions, and what reaches a provider (settling, sending transfers, verifying
 * destinations, between their own writes), run on the store (ADR 0041).
 */
import {
  settlementDestinationSummary,
  type Destination,
} from "~/core/destinations/destinations.server";
import { startVerification, type VerificationStart } from "~/core/destinations/verification.server";
import type { RailId } from "~/core/rails/types";
import type { LiveSymbol } from "~/content/cryptocurrencies";
import type { ApiMode } from "~/core/api/vocabulary";
import type { RatesService } from "~/core/rates/service.server";
import type { Handle, Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import type { PaymentsConfig } from "./config";
import type { PaymentsDeps } from "./deps";
import { resolveException, reviewPayment, type Resolution } from "./exceptions.server";
import { flagHeldForRefund, type HeldItem } from "./held-money.server";
import {
  createPayment,
  PaymentError,
  quotePayment,
  readPayment,
  readPaymentForUpdate,
  transition,
  type CreatePaymentInput,
  type InCreateTransaction,
  type Payment,
} from "./payments.server";
import { startMpesaCollection, type StartCollectionOutcome } from "./mpesa-collections.server";
import { formatCryptoUnits } from "./quote";
import {
  applyStkCallback,
  checkStkCallback,
  type StkCallbackCredentials,
  type StkCallbackOutcome,
} from "./stk-webhook.server";
import { payoutRailsOf } from "./rails.server";
import { merchantPaymentDetail, operatorPaymentDetail } from "./reads.server";
import { retryTransfer } from "./settlement.server";
import { type Transfer, UNPACED_PURPOSES } from "~/core/transfers/engine.server";
import { sendPendingTransfers } from "./transfer-purposes.server";
import { estimateSettlement } from "./settlement-plan";
import { settleNow } from "./tick.server";
import {
  handleCustodyWebhook,
  type CustodyNotification,
  type CustodyWebhookOutcome,
} from "./webhooks.server";

/** A signed-in merchant user, acting for their merchant. */
export type MerchantActor = { type: "merchant_user"; id: string; merchantId: string };
/** An API key, acting for its merchant in its mode (test or live). */
export type ApiKeyActor = { type: "api_key"; id: string; merchantId: string; mode: ApiMode };
/** A visitor opening a merchant's payment link: the payment is made in the link's mode. */
export type PaymentLinkActor = {
  type: "payment_link";
  id: string;
  merchantId: string;
  mode: ApiMode;
};
/** Who may create and cancel payments: a team member, an API key, a payment link's visitor. */
export type PaymentCreator = MerchantActor | ApiKeyActor | PaymentLinkActor;
/** A signed-in operator. */
export type OperatorActor = { type: "operator"; id: string };
export type PaymentsActor = MerchantActor | OperatorActor;

/** What a payment of this amount would be, before it is created (the "Review" step). */
export interface PaymentPreview {
  amountKesCents: bigint;
  feeKesCents: bigint;
  /** Excise duty on the fee (ADR 0059). */
  exciseKesCents: bigint;
  /** What the merchant is credited: amount less fee and excise. */
  netKesCents: bigint;
  /**
   * What reaches the merchant's M-Pesa and the M-Pesa charge(s) on the way (estimate: this payment
   * alone).
   */
  payoutKesCents: bigint;
  railChargeKesCents: bigint;
  transfers: number;
  /** Crypto amount, decimal string in the asset's units. */
  crypto: string;
  quoteRate: string;
  ttlMinutes: number;
  /** Above the automatic limit: an operator reviews it before payout. */
  review: boolean;
}

export type RetryOutcome =
  | { ok: true; transfer: Transfer; sending: "now" | "next_run" }
  /** No such transfer on this payment (or not the actor's payment). */
  | { ok: false; reason: "not_found" }
  /** The payout number changed and is in its cooling-off period; `notice` says until when. */
  | { ok: false; reason: "held"; notice: string }
  /** Not failed, or already retried. */
  | { ok: false; reason: "not_retryable" }
  /**
   * Payments do not run in this process, so it could not be sent now (merchants only; nothing
   * changed).
   */
  | { ok: false; reason: "not_running" };

export type CancelOutcome =
  | { ok: true; payment: Payment }
  | { ok: false; reason: "not_found" }
  /** Not awaiting payment any more (paid, expired, canceled...): `payment` says how it is. */
  | { ok: false; reason: "not_cancelable"; payment: Payment };

/**
 * After an operator's decision: whether settlement started now, waits for the next run, or does not
 * apply.
 */
export type SettlementStart = "started" | "next_run" | null;

export interface PaymentsService {
  readonly config: PaymentsConfig;
  /**
   * True when the live provider clients run in this process (settlement and sends happen at once).
   */
  readonly running: boolean;
  /** Whether payments of `mode` can reach a provider here (test mode: ADR 0028). */
  runsMode(mode: ApiMode): boolean;
  /**
   * Check and quote a payment without creating it. Throws PaymentError with the merchant-facing
   * reason.
   */
  preview(actor: MerchantActor, input: Omit<CreatePaymentInput, "merchantId">): PaymentPreview;
  /**
   * Create it: the same checks and quote as `preview`, the daily limit, a deposit address. Throws
   * PaymentError.
   */
  create(
    actor: PaymentCreator,
    input: Omit<CreatePaymentInput, "merchantId" | "mode">,
    inTransaction?: InCreateTransaction,
  ): Promise<Payment>;
  /**
   * Cancel a payment still awaiting the customer (the address stays watched: a late deposit is
   * held as paid after expiry). `inTransaction` runs in the same transaction as the change.
   */
  cancel(
    actor: PaymentCreator,
    input: { paymentId: string },
    inTransaction?: (q: Handle, payment: Payment) => Promise<void>,
  ): Promise<CancelOutcome>;
  /**
   * A custody notification (signed by that mode's custody: the live provider's or its sandbox's);
   * a payment it confirms is settled at once.
   */
  applyCustodyEvent(
    notification: CustodyNotification,
    mode?: ApiMode,
  ): Promise<CustodyWebhookOutcome>;
  /** Whether "Pay with M-Pesa" (M-Pesa Express, ADR 0033) runs here for payments of `mode`. */
  mpesaAvailable(mode: ApiMode): boolean;
  /** Send an M-Pesa PIN prompt for a payment awaiting payment (the customer's checkout). */
  startMpesaPayment(input: { paymentId: string; phone: string }): Promise<StartCollectionOutcome>;
  /**
   * The guard of an M-Pesa Express callback (the source, then the URL's token, which says which
   * mode's M-Pesa sent it): the runtime's index for `applyStkCallback`, or null (refused).
   */
  checkStkCallback(given: StkCallbackCredentials): number | null;
  /**
   * The body of an M-Pesa Express callback that passed `checkStkCallback` (`runtimeIndex`: what it
   * answered); a payment it confirms is settled at once.
   */
  applyStkCallback(runtimeIndex: number, raw: string): Promise<StkCallbackOutcome>;
  /** The payout rails running in this process for live money (a rail not configured is absent). */
  payoutRails(): RailId[];
  /**
   * Start (or try again) the verification of a merchant's new destination: a name lookup, or a
   * check payout sent at once (core/destinations/verification.server.ts).
   */
  verifyDestination(destination: Destination): Promise<VerificationStart>;
  /** Retry a failed settlement transfer as a new transfer, then send it. Audited with the actor. */
  retryTransfer(
    actor: PaymentsActor,
    input: { paymentId: string; transferId: string },
  ): Promise<RetryOutcome>;
  /**
   * Resolve a payment in the exceptions queue (accept, re-quote at today's live rate, refund), then
   * settle it. Throws ResolutionError.
   */
  resolveException(
    actor: OperatorActor,
    input: { paymentId: string; resolution: Resolution },
  ): Promise<{ payment: Payment; settlement: SettlementStart }>;
  /**
   * Approve (then settle) or reject a payment waiting for manual review. Throws ResolutionError.
   */
  review(
    actor: OperatorActor,
    input: { paymentId: string; approve: boolean; reason?: string },
  ): Promise<{ payment: Payment; settlement: SettlementStart }>;
  /**
   * Flag money held in suspense for a payment already paid or closed (held-money.server.ts) for
   * refund to the customer. Audited; the payment's status does not change. Throws ResolutionError.
   */
  flagHeldForRefund(
    actor: OperatorActor,
    input: { paymentId: string; heldTransactionId: string },
  ): Promise<{ payment: Payment; item: HeldItem }>;
}

export interface PaymentsServiceOptions {
  /** The store (ADR 0041): the service's reads and decisions run there. */
  store: Store;
  config: PaymentsConfig;
  /** The provider clients when payments run in this process; null otherwise. */
  deps: PaymentsDeps | null;
  /**
   * Test mode's clients when they are not `deps`: on a live deployment, the providers' sandboxes
   * (ADR 0028); null when test payments cannot reach a provider here. Default: `deps`.
   */
  testDeps?: PaymentsDeps | null;
  /** `sync` first where another server process may have refreshed them (ADR 0047). */
  rates: Pick<RatesService, "read" | "liveRate" | "sync">;
  now?: () => number;
}

function requireDeps(deps: PaymentsDeps | null): PaymentsDeps {
  if (!deps) throw new Error("The payments runtime has not started");
  return deps;
}

/** Payments of a merchant user are live; an API key and a payment link have their own mode. */
const modeOf = (actor: PaymentCreator): ApiMode =>
  actor.type === "merchant_user" ? "live" : actor.mode;

export function createPaymentsService({
  store,
  config,
  deps,
  testDeps = deps,
  rates,
  now = Date.now,
}: PaymentsServiceOptions): PaymentsService {
  /** The clients that serve payments of `mode` (ADR 0028), or null when none run here. */
  const depsFor = (mode: ApiMode): PaymentsDeps | null => (mode === "test" ? testDeps : deps);

  /** The runtimes an STK callback may come from (its URL's token says which). */
  const stkRuntimes = () => [testDeps, deps].filter((each): each is PaymentsDeps => each !== null);

  /** Settle at once when the payment's clients run; otherwise the tick picks the payment up. */
  async function settle(payment: Payment): Promise<"started" | "next_run"> {
    const running = depsFor(payment.mode);
    if (!running) return "next_run";
    await settleNow(store, running, payment.id);
    return "started";
  }

  return {
    config,
    running: deps !== null,
    runsMode: (mode) => depsFor(mode) !== null,

    preview(_actor, input) {
      const { amountKesCents, quote } = quotePayment(config, rates.read(), input);
      const netKesCents = amountKesCents - quote.feeKesCents - quote.exciseKesCents;
      const estimate = estimateSettlement(netKesCents, {
        perTransferKes: config.railPerTransferKes,
        dailyKes: config.railDailyKes,
      });
      return {
        amountKesCents,
        feeKesCents: quote.feeKesCents,
        exciseKesCents: quote.exciseKesCents,
        netKesCents,
        payoutKesCents: estimate.payoutKesCents,
        railChargeKesCents: estimate.railChargeKesCents,
        transfers: estimate.transfers,
        crypto: formatCryptoUnits(quote.cryptoAmountUnits, input.asset),
        quoteRate: quote.quoteRate,
        ttlMinutes: Math.round(config.quoteTtlMs / 60_000),
        review: input.amountKes > config.autoMaxKes,
      };
    },

    async create(actor, input, inTransaction) {
      const mode = modeOf(actor);
      const running = depsFor(mode);
      if (!running)
        throw new PaymentError(
          "Payments are not available right now. Please try again in a minute.",
          "custody_unavailable",
        );
      // Another process may have stored the rate this one lacks (its copy lags up to a second).
      if (!rates.liveRate(input.asset as LiveSymbol)) await rates.sync();
      return createPayment(
        store,
        {
          custody: running.custody,
          rates: rates.read(),
          config,
          now: now(),
          onPooledAddressTaken: running.addressPool && (() => running.addressPool?.wake()),
        },
        {
          ...input,
          merchantId: actor.merchantId,
          mode,
          apiKeyId: actor.type === "api_key" ? actor.id : undefined,
          paymentLinkId: actor.type === "payment_link" ? actor.id : undefined,
        },
        inTransaction,
      );
    },

    cancel(actor, input, inTransaction) {
      const mode = modeOf(actor);
      const at = now();
      return store.write(async (q): Promise<CancelOutcome> => {
        const payment = await readPaymentForUpdate(store, q, input.paymentId);
        if (!payment || payment.merchantId !== actor.merchantId || payment.mode !== mode)
          return { ok: false, reason: "not_found" };
        const moved = await transition(q, payment, ["awaiting_payment"], "canceled", {
          type: "canceled",
          cause:
            actor.type === "api_key"
              ? "canceled through the API"
              : actor.type === "payment_link"
                ? "the customer left the payment link's checkout"
                : "canceled by the merchant",
          at,
          set: { canceledAt: at },
        });
        const current = (await readPayment(q, payment.id))!;
        if (!moved) return { ok: false, reason: "not_cancelable", payment: current };
        await inTransaction?.(q, current);
        return { ok: true, payment: current };
      });
    },

    async applyCustodyEvent(notification, mode = "live") {
      const running = requireDeps(depsFor(mode));
      const outcome = await handleCustodyWebhook(store, running, notification, now);
      // Settle a confirmed payment at once (the background tick would also pick it up); the answer
      // to custody does not wait for M-Pesa.
      if (outcome.kind === "applied" && outcome.settlePaymentId)
        void settleNow(store, running, outcome.settlePaymentId);
      return outcome;
    },

    mpesaAvailable: (mode) => Boolean(depsFor(mode)?.stk),

    async startMpesaPayment(input) {
      const payment = await store.read((q) => readPayment(q, input.paymentId));
      return startMpesaCollection(store, payment ? depsFor(payment.mode)?.stk : undefined, {
        paymentId: input.paymentId,
        phone: input.phone,
        now,
      });
    },

    checkStkCallback: (given) => checkStkCallback(stkRuntimes(), given),

    async applyStkCallback(runtimeIndex, raw) {
      const runtime = stkRuntimes()[runtimeIndex];
      if (!runtime) throw new Error("No such payments runtime: check the callback first");
      const outcome = await applyStkCallback(store, runtime, raw, now);
      // Settled like a custody confirmation: at once, without holding Daraja's answer.
      if (outcome.kind === "applied" && outcome.settlePaymentId) {
        const paymentId = outcome.settlePaymentId;
        const payment = await store.read((q) => readPayment(q, paymentId));
        const running = payment ? depsFor(payment.mode) : null;
        if (running) void settleNow(store, running, paymentId);
      }
      return outcome;
    },

    payoutRails() {
      return deps ? (Object.keys(payoutRailsOf(deps)) as RailId[]) : [];
    },

    async verifyDestination(destination) {
      if (!deps) return { kind: "unavailable", description: "payouts do not run here now" };
      const rails = payoutRailsOf(deps);
      const started = await startVerification(store, rails, destination, now);
      if (started.kind === "payout_pending") {
        try {
          await sendPendingTransfers(store, rails, now, {
            modes: deps.modes,
            purpose: UNPACED_PURPOSES,
          });
        } catch (error) {
          // Pending: the next payments run sends it.
          logger.warn("check payout not sent yet", { destinationId: destination.id, error });
        }
      }
      return started;
    },

    async retryTransfer(actor, input) {
      const at = now();
      const found = await store.read(async (q) => {
        const detail =
          actor.type === "merchant_user"
            ? await merchantPaymentDetail(q, actor.merchantId, input.paymentId)
            : await operatorPaymentDetail(q, input.paymentId);
        const failed = detail?.transfers.find((transfer) => transfer.id === input.transferId);
        if (!detail || !failed) return undefined;
        // Not to a new payout number still in its cooling-off period (issue 10, item 14).
        const destination = await settlementDestinationSummary(q, detail.payment.merchantId, at);
        return { detail, failed, destination };
      });
      if (!found) return { ok: false, reason: "not_found" };
      const { detail, failed, destination } = found;
      if (destination.notice) return { ok: false, reason: "held", notice: destination.notice };
      // A merchant's retry is sent at once or not made; an operator's may wait for the next run.
      const running = depsFor(detail.payment.mode);
      if (!running && actor.type === "merchant_user") return { ok: false, reason: "not_running" };
      const transfer = await retryTransfer(store, failed.id, at, {
        type: actor.type,
        id: actor.id,
      });
      if (!transfer) return { ok: false, reason: "not_retryable" };
      if (!running) return { ok: true, transfer, sending: "next_run" };
      try {
        await sendPendingTransfers(store, payoutRailsOf(running), now, {
          modes: running.modes,
          purpose: UNPACED_PURPOSES,
        });
      } catch (error) {
        // It stays pending: the next payments run sends it.
        logger.error("sending the retried transfer failed", {
          transferId: transfer.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return { ok: true, transfer, sending: "now" };
    },

    async resolveException(actor, input) {
      const asset =
        input.resolution === "requote"
          ? (await store.read((q) => readPayment(q, input.paymentId)))?.asset
          : undefined;
      if (asset) await rates.sync();
      const liveRate = asset ? (rates.liveRate(asset as LiveSymbol) ?? undefined) : undefined;
      const payment = await resolveException(store, {
        paymentId: input.paymentId,
        operatorId: actor.id,
        resolution: input.resolution,
        liveRate,
        config,
        now: now(),
      });
      const settlement =
        input.resolution === "refund" || payment.status === "in_review"
          ? null
          : await settle(payment);
      return { payment, settlement };
    },

    async review(actor, input) {
      const payment = await reviewPayment(store, {
        paymentId: input.paymentId,
        operatorId: actor.id,
        approve: input.approve,
        reason: input.approve ? undefined : input.reason,
        now: now(),
      });
      return { payment, settlement: input.approve ? await settle(payment) : null };
    },

    flagHeldForRefund(actor, input) {
      return flagHeldForRefund(store, { ...input, operatorId: actor.id, now: now() });
    },
  };
}
