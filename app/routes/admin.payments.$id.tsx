/**
 * One payment for an operator (/admin/payments/:id): amounts, quote, deposit, timeline, settlement
 * transfers, audit log, and the actions its state allows, each a plain POST with an `intent`:
 * exceptions (accept as paid, re-quote for late payments, flag for refund), manual review (approve,
 * reject with a reason), retrying a failed transfer, and flagging money held in suspense (it
 * arrived after the payment was paid or closed) for refund. Every decision is made and audited by
 * the payments core; approvals and accepts then start settlement so the money moves.
 */
import { netOfFees } from "~/core/fees/excise";
import { railNames } from "~/core/destinations/schema";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ConsolePage } from "~/components/app/ConsolePage";
import { AuditTrail } from "~/components/admin/payments/AuditTrail";
import { formatKesCents, formatPhone } from "~/components/admin/payments/format";
import { HeldMoney, heldAmount } from "~/components/admin/payments/HeldMoney";
import { ExceptionActions, ReviewActions } from "~/components/admin/payments/PaymentActions";
import { PaymentFacts } from "~/components/admin/payments/PaymentFacts";
import { PaymentStatusBadge } from "~/components/admin/payments/PaymentStatusBadge";
import { PaymentTimeline } from "~/components/admin/payments/PaymentTimeline";
import { TransfersTable } from "~/components/admin/payments/TransfersTable";
import { RefundsSection, type AdminRefundView } from "~/components/admin/payments/RefundsSection";
import { parseTravelRule, travelRuleRows } from "~/core/compliance/travel-rule/ivms101";
import type { QuoteAsset } from "~/core/payments/quote";
import { formatCrypto } from "~/utils/format";
import { refunds } from "~/wiring/refunds.server";
import type {
  AuditView,
  HeldMoneyView,
  LiveRateView,
  PaymentDetail,
  PaymentEventView,
  TransferView,
} from "~/components/admin/payments/types";
import { InsufficientBalanceError } from "~/core/ledger/errors";
import { EXCEPTION_STATUSES, ResolutionError } from "~/core/payments/exceptions.server";
import { displayNetwork } from "~/core/networks/networks";
import { kesCentsForUnits } from "~/core/payments/quote";
import type { SettlementStart } from "~/core/payments/service.server";
import { invariantResponse, privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithError, jsonWithSuccess } from "~/utils/toast.server";
import { paymentPages } from "~/wiring/payment-pages.server";
import { payments } from "~/wiring/payments.server";
import { ratesService } from "~/wiring/rates.server";

const paymentActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("requote") }),
  z.object({ intent: z.literal("refund") }),
  z.object({ intent: z.literal("approve") }),
  z.object({
    intent: z.literal("reject"),
    reason: z
      .string({ required_error: "Give a reason for rejecting" })
      .trim()
      .min(5, "Give a reason for rejecting (at least 5 characters)")
      .max(500, "Keep the reason under 500 characters"),
  }),
  z.object({
    intent: z.literal("retry"),
    transferId: z
      .string({ required_error: "Choose the transfer to retry" })
      .regex(/^trf_[a-z0-9]+$/, "Not a transfer id"),
  }),
  z.object({
    intent: z.literal("flag-held-refund"),
    heldTransactionId: z
      .string({ required_error: "Choose the held money to flag" })
      .max(64, "Not a ledger transaction id")
      .regex(/^ltx_[A-Za-z0-9_-]+$/, "Not a ledger transaction id"),
  }),
]);

type ActionData = { errors?: Record<string, string[] | null> };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOperator(request, ["reviewer"]);
  const detail = await paymentPages().operatorPaymentPage(params.id ?? "");
  invariantResponse(detail, "Payment not found");
  const { payment: p, events, transfers } = detail;
  const retried = new Set(transfers.flatMap((t) => (t.retryOf ? [t.retryOf] : [])));
  const queue = (EXCEPTION_STATUSES as readonly string[]).includes(p.status)
    ? "exception"
    : p.status === "in_review"
      ? "review"
      : null;
  const rate = p.status === "paid_after_expiry" ? ratesService().liveRate(p.asset) : null;

  const payment: PaymentDetail = {
    id: p.id,
    reference: p.reference,
    merchantId: p.merchantId,
    description: p.description,
    asset: p.asset,
    network: displayNetwork(p.network, p.asset),
    amountKesCents: p.amountKesCents.toString(),
    feeKesCents: p.feeKesCents.toString(),
    exciseKesCents: p.exciseKesCents.toString(),
    cryptoAmountUnits: p.cryptoAmountUnits.toString(),
    receivedUnits: p.receivedUnits.toString(),
    receivedValueKesCents: kesCentsForUnits(p.receivedUnits, p.quoteRate, p.asset).toString(),
    quoteRate: p.quoteRate,
    marketRate: p.marketRate,
    spreadBps: p.spreadBps,
    rateSource: p.rateSource,
    rateFetchedAt: p.rateFetchedAt,
    quotedAt: p.quotedAt,
    expiresAt: p.expiresAt,
    requiresReview: p.requiresReview,
    status: p.status,
    depositAddress: p.depositAddress,
    custodyTxId: p.custodyTxId,
    payerAddress: p.payerAddress,
    confirmations: p.confirmations,
    resolution: p.resolution,
    createdAt: p.createdAt,
    confirmedAt: p.confirmedAt,
    settledAt: p.settledAt,
  };
  const timeline: PaymentEventView[] = events.map((e) => ({
    id: e.id,
    at: e.at,
    type: e.type,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    cause: e.cause,
    detail: e.detail,
  }));
  const transferViews: TransferView[] = transfers.map((t) => ({
    id: t.id,
    sequence: t.sequence,
    destination: t.destinationLabel,
    amountKesCents: t.amountKesCents.toString(),
    railChargeKesCents: t.railChargeKesCents.toString(),
    status: t.status,
    settlementDay: t.settlementDay,
    attempts: t.attempts,
    receipt: t.receipt,
    resultCode: t.resultCode,
    resultDesc: t.resultDesc,
    createdAt: t.createdAt,
    completedAt: t.completedAt,
    retryOf: t.retryOf,
    retryable: t.status === "failed" && !retried.has(t.id),
  }));
  const audit: AuditView[] = detail.audit.map((entry) => ({
    id: entry.id,
    action: entry.action,
    actorId: entry.actorId,
    at: entry.createdAt,
    details: entry.details,
  }));
  const held: HeldMoneyView[] = detail.held.map((item) => ({
    transactionId: item.transactionId,
    currency: item.currency,
    amount: item.amount.toString(),
    source: item.source,
    description: item.description,
    heldAt: item.heldAt,
    refundFlaggedAt: item.refundFlaggedAt,
  }));
  const refundViews: AdminRefundView[] = (await refunds().forOperator(p.id)).map((refund) => {
    const record = parseTravelRule(refund.travelRule);
    return {
      id: refund.id,
      status: refund.status,
      method: refund.method,
      amountKesCents: refund.amountKesCents.toString(),
      crypto:
        refund.asset && refund.cryptoUnits !== null
          ? formatCrypto(refund.cryptoUnits, refund.asset as QuoteAsset)
          : null,
      destination: refund.destination,
      createdAt: refund.createdAt,
      travelRule: record
        ? {
            rows: travelRuleRows(record),
            usdCents: record.valuation.usdCents,
            usdKes: record.valuation.usdKes,
            source: record.valuation.usdKesSource,
          }
        : null,
    };
  });
  const liveRate: LiveRateView | null = rate
    ? { priceKes: rate.priceKes, source: rate.source, asOf: rate.asOf }
    : null;
  return {
    payment,
    queue,
    liveRate,
    events: timeline,
    transfers: transferViews,
    held,
    audit,
    refunds: refundViews,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireOperator(request, ["reviewer"]);
  const submission = parseWithZod(await request.formData(), { schema: paymentActionSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ errors: submission.reply().error ?? {} }, { status: 400 });
  }
  const detail = await paymentPages().operatorPayment(params.id ?? "");
  invariantResponse(detail, "Payment not found");
  const paymentId = detail.payment.id;
  const input = submission.value;
  const service = payments();
  const actor = { type: "operator", id: operator.id } as const;
  const settledText = (settlement: SettlementStart) =>
    settlement === "started"
      ? "Settlement to M-Pesa has started."
      : "It settles to M-Pesa on the next payments run.";

  try {
    switch (input.intent) {
      case "accept":
      case "requote":
      case "refund": {
        const { payment, settlement } = await service.resolveException(actor, {
          paymentId,
          resolution: input.intent,
        });
        if (input.intent === "refund") {
          return jsonWithSuccess<ActionData>(
            {},
            {
              message: "Flagged for refund",
              description: `The ${payment.asset} is owed back to the customer; the merchant is not credited.`,
            },
          );
        }
        const credited = `${formatKesCents(netOfFees(payment))} credited to the merchant.`;
        const next =
          payment.status === "in_review"
            ? "It now waits for manual review."
            : settledText(settlement);
        return jsonWithSuccess<ActionData>(
          {},
          {
            message: input.intent === "requote" ? "Payment re-quoted" : "Payment accepted",
            description: `${credited} ${next}`,
          },
        );
      }
      case "approve":
      case "reject": {
        const approve = input.intent === "approve";
        const { settlement } = await service.review(actor, {
          paymentId,
          approve,
          reason: approve ? undefined : input.reason,
        });
        if (!approve) {
          return jsonWithSuccess<ActionData>(
            {},
            {
              message: "Payment rejected",
              description: "The KES was taken back and the crypto is owed back to the customer.",
            },
          );
        }
        return jsonWithSuccess<ActionData>(
          {},
          { message: "Payment approved", description: settledText(settlement) },
        );
      }
      case "retry": {
        const outcome = await service.retryTransfer(actor, {
          paymentId,
          transferId: input.transferId,
        });
        if (!outcome.ok) {
          return outcome.reason === "not_found"
            ? jsonWithError<ActionData>(
                {},
                {
                  message: "Retry refused",
                  description: "That transfer is not one of this payment's.",
                },
                { status: 404 },
              )
            : jsonWithError<ActionData>(
                {},
                {
                  message: "Retry refused",
                  description: "Only a failed transfer that was not retried yet can be retried.",
                },
                { status: 409 },
              );
        }
        const { transfer, sending } = outcome;
        return jsonWithSuccess<ActionData>(
          {},
          {
            message: "Transfer retried",
            description: `${formatKesCents(transfer.amountKesCents)} to ${railNames[transfer.rail]}${transfer.phone ? ` ${formatPhone(transfer.phone)}` : ""} as ${transfer.id}. ${sending === "now" ? "It is being sent now." : "It is sent on the next payments run."}`,
          },
        );
      }
      case "flag-held-refund": {
        const { item } = await service.flagHeldForRefund(actor, {
          paymentId,
          heldTransactionId: input.heldTransactionId,
        });
        const amount = heldAmount(item);
        return jsonWithSuccess<ActionData>(
          {},
          {
            message: "Flagged for refund",
            description: `The held ${amount} is owed back to the customer; the payment is unchanged.`,
          },
        );
      }
    }
  } catch (error) {
    if (error instanceof ResolutionError) {
      return jsonWithError<ActionData>(
        {},
        { message: "Action refused", description: error.message },
        { status: 409 },
      );
    }
    if (error instanceof InsufficientBalanceError) {
      return jsonWithError<ActionData>(
        {},
        {
          message: "Action refused",
          description:
            "There is not enough balance to do this now (merchant balance or M-Pesa float).",
        },
        { status: 409 },
      );
    }
    throw error;
  }
}

export default function AdminPayment() {
  const { payment, queue, liveRate, events, transfers, held, audit, refunds } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  return (
    <ConsolePage title={`Payment ${payment.id}`}>
      <p className="flex flex-wrap items-center gap-3">
        <PaymentStatusBadge status={payment.status} />
        <span className="text-slate-700">
          Reference <strong>{payment.reference}</strong>
        </span>
        <Link to={paths.adminPayments} className="text-sm font-semibold text-brand-800 underline">
          Back to payments
        </Link>
      </p>
      <div className="mt-6 space-y-6">
        {queue === "exception" ? <ExceptionActions payment={payment} liveRate={liveRate} /> : null}
        {queue === "review" ? (
          <ReviewActions payment={payment} reasonErrors={actionData?.errors?.reason ?? undefined} />
        ) : null}
        <HeldMoney items={held} />
        <PaymentFacts payment={payment} />
        <TransfersTable transfers={transfers} />
        <RefundsSection refunds={refunds} />
        <PaymentTimeline events={events} />
        <AuditTrail entries={audit} />
      </div>
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Payment",
    description: "Operator payment detail.",
    path: paths.adminPayments,
    noindex: true,
  });
