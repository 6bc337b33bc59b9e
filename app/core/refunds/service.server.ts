/**
 * The refunds service (ADR 0037): what the dashboard and the API call. Every call is scoped to a
 * merchant and a mode (a member's live dashboard, an API key's mode), so nobody refunds another
 * merchant's payment or moves live money with a test key. Making a refund plans it (rates,
 * custody's fee estimate), makes it in one transaction, then hands it to custody or M-Pesa at once
 * (the payments run retries whatever is left pending).
 */
import { and, eq } from "drizzle-orm";
import { payments } from "../../../drizzle/schema";
import type { Payment } from "~/core/payments/payments.server";
import type { QuoteAsset } from "~/core/payments/quote";
import type { RailId } from "~/core/rails/types";
import type { Db } from "~/utils/db.server";
import { RefundError } from "./errors";
import { planRefund, type RefundRequest } from "./plan.server";
import {
  createRefund,
  findRefundInScope,
  refundabilityOf,
  refundByRequestKey,
  refundsOfPayment,
  type Refund,
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
  /** Hand pending refunds of this mode to custody and M-Pesa now (errors are logged). */
  sendNow(): Promise<void>;
}

export interface RefundsServiceDeps {
  db: Db;
  runtime(mode: Payment["mode"]): RefundRuntime | null;
  /** Today's market rate, KES per whole coin, or null when rates are not live. */
  currentRate(asset: QuoteAsset): string | null;
  now?: () => number;
}

export function createRefundsService(deps: RefundsServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  function paymentInScope(scope: RefundScope, paymentId: string): Payment {
    const payment = db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.merchantId, scope.merchantId),
          eq(payments.mode, scope.mode),
        ),
      )
      .get();
    if (!payment) throw new RefundError("not_found", "Payment not found.");
    return payment;
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

  async function plan(scope: RefundScope, request: RefundRequest): Promise<RefundPlan> {
    const payment = paymentInScope(scope, request.paymentId);
    const runtime = runtimeOf(payment.mode);
    return planRefund(
      db,
      {
        currentRate: deps.currentRate,
        estimateNetworkFee: (assetId) => runtime.estimateNetworkFee(assetId),
        runningRails: runtime.runningRails,
      },
      payment,
      request,
    );
  }

  return {
    /** A payment of the scope with its refunds and what can still be refunded; null: not found. */
    overview(scope: RefundScope, paymentId: string) {
      try {
        const payment = paymentInScope(scope, paymentId);
        return {
          payment,
          refundability: refundabilityOf(db, payment),
          refunds: refundsOfPayment(db, payment.id),
        };
      } catch (error) {
        if (error instanceof RefundError && error.code === "not_found") return null;
        throw error;
      }
    },

    /** What a refund would do (for the review). Throws RefundError. */
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
      const earlier = refundByRequestKey(db, scope.merchantId, meta.requestKey);
      if (earlier && earlier.mode === scope.mode) return { refund: earlier, created: false };
      const planned = await plan(scope, request);
      const result = createRefund(db, planned, {
        createdBy: scope.createdBy,
        createdWithKey: scope.createdWithKey ?? null,
        requestKey: meta.requestKey,
        reason: meta.reason,
        now: now(),
      });
      if (result.created) await runtimeOf(planned.mode).sendNow();
      return {
        refund: findRefundInScope(db, scope, result.refund.id) ?? result.refund,
        created: result.created,
      };
    },

    get(scope: RefundScope, id: string): Refund | null {
      return findRefundInScope(db, scope, id) ?? null;
    },

    /** A payment's refunds (of the scope), newest first; null when the payment is not found. */
    listForPayment(scope: RefundScope, paymentId: string): Refund[] | null {
      try {
        return refundsOfPayment(db, paymentInScope(scope, paymentId).id);
      } catch (error) {
        if (error instanceof RefundError && error.code === "not_found") return null;
        throw error;
      }
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
