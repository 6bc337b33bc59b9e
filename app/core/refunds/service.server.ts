/**
 * The refunds service (ADR 0037): what the dashboard and the API call. Every call is scoped to a
 * merchant and a mode (a member's live dashboard, an API key's mode), so nobody refunds another
 * merchant's payment or moves live money with a test key. Making a refund plans it (rates,
 * custody's fee estimate), makes it in one transaction, then hands it to custody or M-Pesa at once
 * (the payments run retries whatever is left pending).
 */
import { and, eq } from "drizzle-orm";
import { payments } from "../../../drizzle/schema";
import { merchantBalances } from "~/core/ledger/read.server";
import type { Payment } from "~/core/payments/payments.server";
import type { QuoteAsset } from "~/core/payments/quote";
import type { RailId } from "~/core/rails/types";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import {
  beneficiaryRequiredMessage,
  travelRuleRecordOf,
  travelRuleValuation,
} from "~/core/compliance/travel-rule/capture.server";
import type { TravelRuleRecord } from "~/core/compliance/travel-rule/ivms101";
import {
  currentUsdKes,
  kesCentsOfUnits,
  thresholdKesCents,
} from "~/core/compliance/travel-rule/valuation.server";
import { RefundError } from "./errors";
import { planRefund, type RefundRequest } from "./plan.server";
import {
  createRefund,
  findRefundInScope,
  payerPhone,
  refundabilityOf,
  refundByRequestKey,
  refundsOfPayment,
  type Refund,
  type Refundability,
  type RefundPlan,
} from "./refunds.server";

export interface RefundScope {
  merchantId: string;
  mode: Payment["mode"];
}

/** What the service needs per mode: the runtime serving it, or null where payments do not run. */
export interface RefundRuntime {
  estimateNetworkFee(assetId: string): Promise<{ networkFee: string; feeAsset: string }>;
  runningRails: readonly RailId[];
  /**
   * Hand pending refunds of this mode to custody and M-Pesa now (errors are logged); resolves with
   * the refund `refundId` as it stands once they were handed over (read through the store), or
   * undefined.
   */
  sendNow(refundId: string): Promise<Refund | undefined>;
}

export interface RefundsServiceDeps {
  store: Store;
  runtime(mode: Payment["mode"]): RefundRuntime | null;
  /** Today's market rate, KES per whole coin, or null when rates are not live. */
  currentRate(asset: QuoteAsset): string | null;
  now?: () => number;
}

/** A payment with its refunds and what can still be refunded of it. */
export interface RefundOverview {
  payment: Payment;
  refundability: Refundability;
  refunds: Refund[];
}

export function createRefundsService(deps: RefundsServiceDeps) {
  const { store } = deps;
  const now = deps.now ?? Date.now;

  async function paymentInScope(q: Handle, scope: RefundScope, paymentId: string) {
    const payment = await first(
      q
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.id, paymentId),
            eq(payments.merchantId, scope.merchantId),
            eq(payments.mode, scope.mode),
          ),
        )
        .limit(1),
    );
    if (!payment) throw new RefundError("not_found", "Payment not found.");
    return payment;
  }

  async function overviewOf(q: Handle, payment: Payment): Promise<RefundOverview> {
    return {
      payment,
      refundability: await refundabilityOf(q, payment),
      refunds: await refundsOfPayment(q, payment.id),
    };
  }

  function runtimeOf(mode: Payment["mode"]): RefundRuntime {
    const runtime = deps.runtime(mode);
    if (!runtime)
      throw new RefundError(
        "custody_unavailable",
        "Refunds cannot be sent from here right now. Nothing was changed; please try again in a few minutes.",
      );
    return runtime;
  }

  /**
   * The travel rule (ADR 0060): a crypto refund worth USD 1,000 or more needs the beneficiary, and
   * carries the IVMS101 record; below it, none (a beneficiary given is not stored).
   */
  async function travelRuleOf(
    payment: Payment,
    planned: RefundPlan,
    request: RefundRequest,
  ): Promise<TravelRuleRecord | null> {
    if (planned.method !== "crypto" || !planned.asset || planned.cryptoUnits === null) return null;
    const asset = planned.asset;
    const units = planned.cryptoUnits;
    return store.read(async (q) => {
      // Held money left no KES: it is worth its coins at today's rate (else the payment's).
      const kesCents =
        planned.source === "held"
          ? kesCentsOfUnits(units, deps.currentRate(asset) ?? payment.quoteRate, asset)
          : planned.amountKesCents;
      const valuation = await travelRuleValuation(q, kesCents);
      if (!valuation.required) return null;
      if (!request.beneficiary)
        throw new RefundError(
          "beneficiary_required",
          beneficiaryRequiredMessage(valuation),
          "beneficiary",
        );
      return travelRuleRecordOf(q, {
        merchantId: planned.merchantId,
        destination: planned.destination,
        beneficiary: request.beneficiary,
        valuation,
        now: now(),
      });
    });
  }

  async function plan(
    scope: RefundScope,
    request: RefundRequest,
  ): Promise<RefundPlan & { travelRule: TravelRuleRecord | null }> {
    const payment = await store.read((q) => paymentInScope(q, scope, request.paymentId));
    const runtime = runtimeOf(payment.mode);
    const planned = await planRefund(
      store,
      {
        currentRate: deps.currentRate,
        estimateNetworkFee: (assetId) => runtime.estimateNetworkFee(assetId),
        runningRails: runtime.runningRails,
      },
      payment,
      request,
    );
    return { ...planned, travelRule: await travelRuleOf(payment, planned, request) };
  }

  return {
    /** A payment of the scope with its refunds and what can still be refunded; null: not found. */
    async overview(scope: RefundScope, paymentId: string): Promise<RefundOverview | null> {
      try {
        return await store.read(async (q) =>
          overviewOf(q, await paymentInScope(q, scope, paymentId)),
        );
      } catch (error) {
        if (error instanceof RefundError && error.code === "not_found") return null;
        throw error;
      }
    },

    /**
     * The refund page's view of a merchant's payment (of either mode): the overview, the phone an
     * M-Pesa payment came from, and the merchant's available balance in the payment's book. Null
     * when the merchant has no such payment.
     */
    async page(merchantId: string, paymentId: string) {
      return store.read(async (q) => {
        const payment = await first(
          q.select().from(payments).where(eq(payments.id, paymentId)).limit(1),
        );
        if (!payment || payment.merchantId !== merchantId) return null;
        const overview = await overviewOf(q, payment);
        return {
          ...overview,
          payerPhone:
            overview.refundability.method === "mpesa" ? await payerPhone(q, payment.id) : null,
        };
      });
    },

    /** The travel rule's threshold in KES cents at the USD/KES rate the app has now. */
    travelRuleThresholdKesCents(): Promise<bigint> {
      return store.read(async (q) => thresholdKesCents((await currentUsdKes(q)).rate));
    },

    /** The merchant's available balance in a book (the review shows it beside the total). */
    availableKesCents(merchantId: string, mode: Payment["mode"]): Promise<bigint> {
      return merchantBalances(store, merchantId, mode).then((balances) => balances.available);
    },

    /**
     * What a refund would do (for the review), with the travel rule's record when it needs one.
     * Throws RefundError (`beneficiary_required` at USD 1,000 or more without the beneficiary).
     */
    plan,

    /**
     * Make a refund and send it now. The same request key gives the first refund back. Throws
     * RefundError.
     */
    async create(
      scope: RefundScope & { createdBy: string; createdWithKey?: string | null },
      request: RefundRequest,
      meta: { requestKey: string; reason: string | null },
    ): Promise<{ refund: Refund; created: boolean }> {
      // A repeated request gets its refund back, even one that used up the payment (planning it
      // again would be refused); the transaction checks the key again for a race.
      const earlier = await store.read((q) =>
        refundByRequestKey(q, scope.merchantId, meta.requestKey),
      );
      if (earlier && earlier.mode === scope.mode) return { refund: earlier, created: false };
      const planned = await plan(scope, request);
      const result = await createRefund(store, planned, {
        createdBy: scope.createdBy,
        createdWithKey: scope.createdWithKey ?? null,
        requestKey: meta.requestKey,
        reason: meta.reason,
        travelRule: planned.travelRule ? JSON.stringify(planned.travelRule) : null,
        now: now(),
      });
      const sent = result.created
        ? await runtimeOf(planned.mode).sendNow(result.refund.id)
        : await store.read((q) => findRefundInScope(q, scope, result.refund.id));
      return { refund: sent ?? result.refund, created: result.created };
    },

    async get(scope: RefundScope, id: string): Promise<Refund | null> {
      return (await store.read((q) => findRefundInScope(q, scope, id))) ?? null;
    },

    /** A payment's refunds for an operator (any merchant, any mode), newest first. */
    forOperator(paymentId: string): Promise<Refund[]> {
      return store.read((q) => refundsOfPayment(q, paymentId));
    },

    /** A payment's refunds (of the scope), newest first; null when the payment is not found. */
    async listForPayment(scope: RefundScope, paymentId: string): Promise<Refund[] | null> {
      try {
        return await store.read(async (q) =>
          refundsOfPayment(q, (await paymentInScope(q, scope, paymentId)).id),
        );
      } catch (error) {
        if (error instanceof RefundError && error.code === "not_found") return null;
        throw error;
      }
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
