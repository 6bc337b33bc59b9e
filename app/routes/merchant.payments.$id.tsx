import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { netOfFees } from "~/core/fees/excise";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { SharePayment } from "~/components/payments/share/SharePayment";
import { useLiveRevalidation } from "~/components/payments/useLiveRevalidation";
import { z } from "zod";
import {
  eatDateTime,
  formatKesCents,
  PaymentStatusBadge,
  PaymentTimeline,
  netSentence,
  payoutSentence,
} from "~/components/payments/PaymentBits";
import { buttonClass, Card, Container, DataTable, textLinkClass } from "~/components/ui";
import { SettlementPlan } from "~/components/payments/SettlementPlan";
import { TestDataBanner } from "~/components/developers/DataModeSwitch";
import { checkoutWaiting, merchantWaiting } from "~/core/payments/live-status";
import { paymentView, payoutView } from "~/core/payments/views.server";
import { can as roleMay } from "~/core/accounts/permissions";
import { requirePermission } from "~/utils/auth.server";
import { useMemberCan } from "~/components/app/TeamAccess";
import { invariantResponse, notFound, privateCachedPageHeaders } from "~/utils/http";
import { formatDate, formatKesRate } from "~/utils/format";
import * as paths from "~/utils/paths";
import { paymentQrSvg } from "~/utils/qr.server";
import { seo } from "~/utils/seo";
import { jsonWithError, jsonWithSuccess } from "~/utils/toast.server";
import { paymentPages } from "~/wiring/payment-pages.server";
import { payments } from "~/wiring/payments.server";
import { settlementPolicy } from "~/wiring/settlement-policy.server";
import { describePolicy, isDefaultPolicy } from "~/core/funding/policy";
import { PaymentRefunds, type RefundLine } from "~/components/merchants/refunds/PaymentRefunds";
import { explorerTxUrl } from "~/core/networks/explorer";
import { storedNetworkId } from "~/core/networks/networks";
import type { QuoteAsset } from "~/core/payments/quote";
import { refundRateLabels, refundStatusLabels } from "~/core/refunds/vocabulary";
import { formatCrypto, formatPhone } from "~/utils/format";
import { refunds as refundsService } from "~/wiring/refunds.server";
import { paymentDetailMessages } from "~/i18n/catalogs/payments";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale, type Translation } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { settingsMessages } from "~/i18n/catalogs/settings";
import { useLocale, useMessages } from "~/i18n/use-messages";
import type { Locale } from "~/i18n/locales";

/** The payment's refunds as the page lists them; a refund on its way keeps the page refreshing. */
async function refundsSection(
  payment: Parameters<typeof paymentView>[0],
  merchant: { merchantId: string },
) {
  const overview = await refundsService().overview(
    { merchantId: merchant.merchantId, mode: payment.mode },
    payment.id,
  );
  if (!overview) return null;
  const network = storedNetworkId(payment.network, payment.asset as QuoteAsset);
  const lines: RefundLine[] = overview.refunds.map((refund) => ({
    id: refund.id,
    createdAt: refund.createdAt,
    source: refund.source,
    method: refund.method,
    amountKesCents: refund.amountKesCents.toString(),
    crypto:
      refund.asset && refund.cryptoUnits !== null
        ? formatCrypto(refund.cryptoUnits, refund.asset as QuoteAsset)
        : null,
    rate:
      refund.rate && refund.rateChoice
        ? `${formatKesRate(refund.rate)} per ${refund.asset}, ${refundRateLabels[refund.rateChoice].toLowerCase()}`
        : null,
    to: refund.method === "mpesa" ? formatPhone(refund.destination) : refund.destination,
    status: refund.status,
    statusLabel: refundStatusLabels[refund.status],
    txHash: refund.txHash,
    txUrl: refund.txHash ? explorerTxUrl(network, refund.txHash, payment.mode) : null,
    receipt: refund.receipt,
    failureReason: refund.failureReason,
    reason: refund.reason,
  }));
  const { refundability } = overview;
  return {
    lines,
    inProgress: overview.refunds.some((r) => r.status === "pending" || r.status === "sent"),
    options: {
      method: refundability.method,
      remainingKesCents: refundability.remainingKesCents.toString(),
      held:
        refundability.heldUnits > 0n
          ? formatCrypto(refundability.heldUnits, payment.asset as QuoteAsset)
          : null,
      blocked: refundability.blocked,
    },
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "payments:read");
  const detail = await paymentPages().merchantPaymentPage({
    merchantId: merchant.merchantId,
    paymentId: params.id ?? "",
    now: Date.now(),
    runningRails: payments().payoutRails(),
  });
  invariantResponse(detail, "Payment not found");
  const { payment, events, transfers, destination, waiting, plan } = detail;
  // Before settlement: what this payment alone would pay out. After: the transfers actually made.
  const { feeBps, estimate, actual } = payoutView(payment, transfers, payments().config);
  // Sharing the checkout is for a payment the customer can still pay.
  const checkoutLink = `${payments().config.publicSiteUrl.replace(/\/+$/, "")}${paths.checkout(payment.id)}`;
  const share = checkoutWaiting(payment.status)
    ? {
        link: checkoutLink,
        amountKes: formatKesCents(payment.amountKesCents),
        businessName: merchant.businessName,
        reference: payment.reference,
        qr: paymentQrSvg(checkoutLink),
      }
    : null;
  const refunds = await refundsSection(payment, merchant);
  // Fees, payouts and settlement only for roles that may see money: a Cashier sees the payment's
  // amount and status, and is never sent the rest.
  const money = roleMay(merchant.role, "balances:read");
  // A payout schedule other than "at once, nothing kept" changes what this payment pays out and
  // when (issue 30, item 1): said instead of the at-once estimate.
  const policy = money ? (await settlementPolicy().read(merchant.merchantId)).policy : null;
  return {
    // Paid with M-Pesa: the customer's receipt in place of the crypto quote (issue 30, item 2).
    mpesaReceipt: detail.mpesaReceipt,
    // A refund on its way also keeps the page following (issue 15, item 5).
    live: merchantWaiting(payment.status) || Boolean(refunds?.inProgress),
    refunds,
    /** Made with a test API key: no real money (issue 13). */
    testMode: payment.mode === "test",
    share,
    settlement: money
      ? {
          feeBps,
          estimate,
          actual,
          feeKesCents: payment.feeKesCents.toString(),
          exciseKesCents: payment.exciseKesCents.toString(),
          netKesCents: netOfFees(payment).toString(),
          schedule:
            policy && !isDefaultPolicy(policy)
              ? describePolicy(policy, inLocale(settingsMessages, requestLocale(request)).policy)
              : null,
          hold: waiting ? destination.notice : null,
          /** Before settlement: where the net would go now, rail by rail (issue 14, item 6). */
          plan,
          transfers: transfers.map((t) => ({
            id: t.id,
            sequence: t.sequence,
            amountKesCents: t.amountKesCents.toString(),
            railChargeKesCents: t.railChargeKesCents.toString(),
            status: t.status,
            day: t.settlementDay,
            receipt: t.receipt,
            resultDesc: t.resultDesc,
            destination: t.destinationLabel,
            retried: transfers.some((other) => other.retryOf === t.id),
          })),
        }
      : null,

    payment: {
      ...paymentView(payment),
      quoteRate: payment.quoteRate,
      rateSource: payment.rateSource,
      rateFetchedAt: payment.rateFetchedAt,
      quotedAt: payment.quotedAt,
      requiresReview: payment.requiresReview,
    },
    events: events.map((e) => ({ id: e.id, at: e.at, type: e.type, cause: e.cause })),
  };
}

const actionSchema = z.object({
  intent: z.literal("retry-transfer"),
  transferId: z.string().min(1).max(64),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "payouts:approve");
  const m = inLocale(paymentDetailMessages, requestLocale(request)).toasts;
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  const actor = {
    type: "merchant_user",
    id: merchant.userId,
    merchantId: merchant.merchantId,
  } as const;
  const outcome = await payments().retryTransfer(actor, {
    paymentId: params.id ?? "",
    transferId: parsed.data.transferId,
  });
  if (outcome.ok)
    return jsonWithSuccess({ ok: true }, { message: m.retried, description: m.retriedDescription });
  switch (outcome.reason) {
    case "not_found":
      throw notFound("Payment not found");
    case "held":
      return jsonWithError(
        { ok: false },
        { message: m.cannotRetryYet, description: `${outcome.notice}.` },
        { status: 409 },
      );
    case "not_running":
      return jsonWithError(
        { ok: false },
        {
          message: m.cannotRetryNow,
          description: m.pausedDescription,
        },
        { status: 503 },
      );
    case "not_retryable":
      return jsonWithError(
        { ok: false },
        {
          message: m.cannotRetry,
          description: m.notRetryableDescription,
        },
        { status: 409 },
      );
  }
}

type SettlementView = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["settlement"]>;

type DetailWords = Translation<(typeof paymentDetailMessages)["en"]>;

/**
 * The fee and what the merchant receives, as rows of the Amounts card. A payout schedule's
 * description is core's sentence (English).
 */
function settlementRows(settlement: SettlementView, m: DetailWords, locale: Locale) {
  const { actual, estimate, feeBps, transfers } = settlement;
  return [
    [m.collectionFee, formatKesCents(settlement.feeKesCents)],
    [m.exciseOnFee, formatKesCents(settlement.exciseKesCents)],
    actual
      ? [
          m.paidOut,
          m.paidOutValue(
            formatKesCents(actual.payoutKesCents),
            formatKesCents(actual.railChargeKesCents),
            transfers.length,
          ),
        ]
      : settlement.schedule
        ? [
            m.youReceive,
            `${netSentence(settlement.netKesCents, feeBps, locale)}. ${settlement.schedule}`,
          ]
        : [
            m.youReceive,
            payoutSentence(estimate.payoutKesCents, feeBps, estimate.railChargeKesCents, locale),
          ],
  ] as const;
}

/** Where the net goes (before settlement) and the transfers made (roles with balances:read). */
function Settlement({ settlement }: { settlement: SettlementView }) {
  const can = useMemberCan();
  const m = useMessages(paymentDetailMessages);
  const locale = useLocale();
  return (
    <>
      {settlement.plan ? <SettlementPlan plan={settlement.plan} /> : null}

      <section aria-labelledby="transfers-title" className="mt-10">
        <h2 id="transfers-title" className="text-2xl font-semibold text-ink">
          {m.settlementToMpesa}
        </h2>
        {settlement.transfers.length === 0 ? (
          <p className="mt-4 text-slate-700">{m.noTransfers}</p>
        ) : (
          <DataTable
            caption={m.transfersCaption}
            headings={[
              "#",
              m.amount,
              m.railCharge,
              m.to,
              m.day,
              m.status,
              m.receipt,
              <span key="actions" className="sr-only">
                {m.actions}
              </span>,
            ]}
            className="mt-4"
          >
            {settlement.transfers.map((t) => (
              <tr key={t.id} className="border-b border-slate-200">
                <td className="px-3 py-2">{t.sequence}</td>
                <td className="px-3 py-2">{formatKesCents(t.amountKesCents)}</td>
                <td className="px-3 py-2">{formatKesCents(t.railChargeKesCents)}</td>
                <td className="px-3 py-2">{t.destination}</td>
                <td className="px-3 py-2">{formatDate(t.day, locale)}</td>
                <td className="px-3 py-2">
                  {m.transferStatuses[t.status]}
                  {t.status === "failed" && t.resultDesc ? (
                    <div className="text-xs text-red-800">{t.resultDesc}</div>
                  ) : null}
                </td>
                <td className="px-3 py-2 font-mono">{t.receipt ?? ""}</td>
                <td className="px-3 py-2">
                  {t.status === "failed" && !t.retried && can("payouts:approve") ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="retry-transfer" />
                      <input type="hidden" name="transferId" value={t.id} />
                      <button type="submit" className={buttonClass("secondary")}>
                        {m.retryTransfer}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}

export default function PaymentDetail() {
  const { payment, events, settlement, live, share, testMode, refunds, mpesaReceipt } =
    useLoaderData<typeof loader>();
  const can = useMemberCan();
  const m = useMessages(paymentDetailMessages);
  const locale = useLocale();
  // Follows the payment by itself while it is not final (JavaScript); without it, the page
  // refreshes itself (meta refresh in <noscript>) and offers a link.
  useLiveRevalidation(live);
  return (
    <Container className="py-12">
      {live ? (
        <noscript>
          <meta httpEquiv="refresh" content="10" />
        </noscript>
      ) : null}
      <p>
        <Link
          to={paths.merchantPayments}
          className="text-sm font-semibold text-brand-800 underline"
        >
          {m.backToPayments}
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-ink">{m.title(payment.reference)}</h1>
        <PaymentStatusBadge status={payment.status} />
      </div>
      <p className="mt-2 text-sm text-slate-600">{payment.id}</p>
      {testMode ? <TestDataBanner /> : null}
      {live ? (
        <p className="mt-2 text-sm text-slate-700">
          {refunds?.inProgress ? m.updatesUntilRefundsFinal : m.updatesUntilFinal}{" "}
          <a href={paths.merchantPayment(payment.id)} className={textLinkClass}>
            {m.refreshStatus}
          </a>
        </p>
      ) : null}
      {share ? (
        <div className="mt-8">
          <SharePayment
            share={{
              link: share.link,
              amountKes: share.amountKes,
              businessName: share.businessName,
              reference: share.reference,
            }}
            qr={share.qr}
          />
        </div>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card title={m.amounts} headingLevel="h2" className="lg:col-span-2">
          <dl className="grid gap-4 sm:grid-cols-2">
            {(
              [
                [m.amount, formatKesCents(payment.amountKesCents)],
                ...(settlement ? settlementRows(settlement, m, locale) : []),
                ...(payment.paidWith === "mpesa"
                  ? [[m.paidWith, mpesaReceipt ? m.mpesaReceipt(mpesaReceipt) : "M-Pesa"] as const]
                  : ([
                      [m.customerPays, `${payment.crypto} ${payment.asset} (${payment.network})`],
                      [
                        m.receivedSoFar,
                        m.receivedValue(payment.received, payment.asset, payment.confirmations),
                      ],
                      [
                        m.lockedRate,
                        m.lockedRateValue(
                          formatKesRate(payment.quoteRate),
                          payment.asset,
                          payment.rateSource,
                          eatDateTime(payment.rateFetchedAt, locale),
                        ),
                      ],
                      [m.quoteExpires, eatDateTime(payment.expiresAt, locale)],
                      [m.depositAddress, payment.depositAddress ?? m.none],
                    ] as const)),
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="break-all font-medium text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 flex flex-wrap gap-3">
            {/* The checkout runs without the React bundle: a full page load, not a client one. */}
            <Link to={paths.checkout(payment.id)} className={buttonClass("primary")} reloadDocument>
              {m.openCheckout}
            </Link>
          </div>
          {payment.requiresReview ? (
            <p className="mt-4 text-sm text-slate-700">{m.reviewNote}</p>
          ) : null}
          {settlement?.hold ? (
            <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
              {settlement.hold}.
            </p>
          ) : null}
          {settlement ? <p className="mt-4 text-sm text-slate-700">{m.railChargeNote}</p> : null}
        </Card>
        <Card title={m.timeline} headingLevel="h2">
          <PaymentTimeline events={events} />
        </Card>
      </div>

      {settlement ? <Settlement settlement={settlement} /> : null}

      {refunds ? (
        <PaymentRefunds
          paymentId={payment.id}
          refunds={refunds.lines}
          options={{ ...refunds.options, canRefund: can("refunds:create") }}
        />
      ) : null}
    </Container>
  );
}

export const headers = privateCachedPageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(paymentDetailMessages, matchesLocale(matches)).metaTitle,
    description: inLocale(paymentDetailMessages, matchesLocale(matches)).metaDescription,
    path: paths.merchantPayments,
    noindex: true,
  });
