/**
 * Refund a payment (issue 15, item 5; ADR 0037): the member types the amount (what remains by
 * default), for crypto the rate (locked at payment or today's, each priced) and the customer's
 * address, and a reason; `?held=1` refunds the crypto held for the customer instead. Review plans
 * it on the server (what the customer receives, the network fee OneHop pays or M-Pesa's charge, the
 * total from the balance) and makes a request key; Send asks for a recent step-up, then makes the
 * refund once per request key and goes back to the payment page with a toast. Refusals are shown at
 * their field, in the server's HTML.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  amountFieldValue,
  parseKesAmount,
  RefundForm,
  refundFormAction,
  refundFormDefaults,
  refundFormQuery,
  refundFormSchemaFor,
  type RateChoice,
  type RefundFormContext,
  type RefundFormValues,
} from "~/components/merchants/refunds/RefundForm";
import { RefundReview, type RefundReviewData } from "~/components/merchants/refunds/RefundReview";
import {
  BENEFICIARY_FIELDS,
  beneficiaryOfForm,
  type TravelRuleFormContext,
} from "~/components/merchants/refunds/BeneficiaryFields";
import {
  TRAVEL_RULE_THRESHOLD_USD,
  type TravelRuleRecord,
} from "~/core/compliance/travel-rule/ivms101";
import { travelRuleParties } from "~/core/compliance/travel-rule/review";
import { shortAddress } from "~/components/merchants/refunds/PaymentRefunds";
import { TestDataBanner } from "~/components/developers/DataModeSwitch";
import { Container } from "~/components/ui";
import type { LiveSymbol } from "~/content/cryptocurrencies";
import { newRequestKey } from "~/core/ids.server";
import { displayNetwork } from "~/core/networks/networks";
import type { Payment } from "~/core/payments/payments.server";
import type { QuoteAsset } from "~/core/payments/quote";
import { RefundError } from "~/core/refunds/errors";
import { unitsForKes, type RefundRequest } from "~/core/refunds/plan.server";
import type { Refund, RefundPlan, Refundability } from "~/core/refunds/refunds.server";
import type { RefundRate } from "~/core/refunds/vocabulary";
import { blockedReasonIn, refundsMessages, type RefundsMessages } from "~/i18n/catalogs/refunds";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";
import { requirePermission, requireRecentStepUp } from "~/utils/auth.server";
import { formatCrypto, formatKesCents, formatKesRate, formatPhone } from "~/utils/format";
import { notFound, privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { ratesService } from "~/wiring/rates.server";
import { refunds } from "~/wiring/refunds.server";
import { domainErrorStatus } from "~/utils/domain-errors.server";

type ActionData = {
  lastResult: SubmissionResult<string[]>;
  review?: RefundReviewData;
  /** The rates priced for the amount just reviewed. */
  rates?: { rates: RateChoice[]; forKesCents: string };
  /** The travel rule as the server found it for the refund just reviewed (crypto). */
  travelRule?: TravelRuleFormContext;
};

/**
 * The payment (this merchant's, else 404) with its refunds, what can still be refunded and the
 * phone an M-Pesa payment came from.
 */
async function overviewOf(merchantId: string, paymentId: string) {
  const overview = await refunds().page(merchantId, paymentId);
  if (!overview) throw notFound("Payment not found");
  return overview;
}

/** Each rate offered and what the customer gets for `kesCents` at it (today's only when live). */
function ratesFor(payment: Payment, kesCents: bigint): RateChoice[] {
  const asset = payment.asset as QuoteAsset;
  const current = ratesService().liveRate(asset as LiveSymbol)?.priceKes ?? null;
  const choices: [RefundRate, string | null][] = [
    ["locked", payment.quoteRate],
    ["current", current],
  ];
  const priced: RateChoice[] = [];
  for (const [choice, rate] of choices) {
    if (!rate) continue;
    // A full refund at the locked rate gives back exactly what the customer sent (as the plan).
    const units =
      choice === "locked" && kesCents === payment.amountKesCents
        ? payment.cryptoAmountUnits
        : kesCents > 0n
          ? unitsForKes(kesCents, rate, asset)
          : 0n;
    priced.push({ choice, rate: formatKesRate(rate), customerGets: formatCrypto(units, asset) });
  }
  return priced;
}

function formContext(
  payment: Payment,
  refundability: Refundability,
  phone: string | null,
  held: boolean,
  forKesCents: bigint,
  thresholdKesCents: bigint | null,
): RefundFormContext {
  const asset = payment.asset as QuoteAsset;
  const crypto = refundability.method === "crypto";
  const rates = crypto && !held ? ratesFor(payment, forKesCents) : [];
  return {
    paymentId: payment.id,
    method: refundability.method,
    held,
    asset,
    networkName: displayNetwork(payment.network, payment.asset),
    remainingKesCents: refundability.remainingKesCents.toString(),
    heldText: refundability.heldUnits > 0n ? formatCrypto(refundability.heldUnits, asset) : null,
    rates,
    ratesForKesCents: forKesCents.toString(),
    currentRateMissing: crypto && !held && !rates.some((rate) => rate.choice === "current"),
    payerAddress: crypto ? payment.payerAddress : null,
    payerPhone: phone ? formatPhone(phone) : null,
    travelRule:
      crypto && thresholdKesCents !== null
        ? {
            thresholdKes: formatKesCents(thresholdKesCents),
            required: !held && forKesCents >= thresholdKesCents,
          }
        : null,
  };
}

type Messages = RefundsMessages;

/** Why this kind of refund cannot be made now, or null. */
function unavailableReason(
  refundability: Refundability,
  held: boolean,
  m: Messages,
): string | null {
  if (held)
    return refundability.method === "crypto" && refundability.heldUnits > 0n
      ? null
      : m.page.nothingHeld;
  if (refundability.blocked) return blockedReasonIn(refundability.blocked, m);
  if (refundability.remainingKesCents === 0n) return m.page.refundedInFull;
  return null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "refunds:create");
  const { payment, refundability, payerPhone } = await overviewOf(
    merchant.merchantId,
    params.id ?? "",
  );
  const url = new URL(request.url);
  const held = url.searchParams.get("held") === "1";
  // Back from confirming it is them: the form as it was (nothing secret in it); else what remains.
  const defaults = refundFormDefaults(url.searchParams);
  if (!held && !defaults.amount && refundability.remainingKesCents > 0n)
    defaults.amount = amountFieldValue(refundability.remainingKesCents);
  const forKesCents = parseKesAmount(defaults.amount ?? "") ?? refundability.remainingKesCents;
  const threshold =
    refundability.method === "crypto" ? await refunds().travelRuleThresholdKesCents() : null;
  return {
    payment: { id: payment.id, reference: payment.reference, testMode: payment.mode === "test" },
    context: formContext(payment, refundability, payerPhone, held, forKesCents, threshold),
    defaults,
    unavailable: unavailableReason(
      refundability,
      held,
      inLocale(refundsMessages, requestLocale(request)),
    ),
  };
}

const fieldOf = {
  amount: "amount",
  destination: "address",
  beneficiary: "beneficiaryFamilyName",
} as const;

/** The customer's side of a refund in words: "11.61 USDT" or "KES 1,500.00". */
function customerGets(
  plan: Pick<RefundPlan, "method" | "amountKesCents" | "asset" | "cryptoUnits">,
) {
  return plan.method === "crypto" && plan.asset && plan.cryptoUnits !== null
    ? formatCrypto(plan.cryptoUnits, plan.asset)
    : formatKesCents(plan.amountKesCents);
}

function reviewOf(
  plan: RefundPlan & { travelRule: TravelRuleRecord | null },
  value: RefundFormValues,
  payment: Payment,
  availableKesCents: bigint,
): RefundReviewData {
  const values: Record<string, string> = {};
  for (const key of [
    "held",
    "amount",
    "rate",
    "address",
    "reason",
    ...BENEFICIARY_FIELDS,
  ] as const) {
    const item = value[key];
    if (item) values[key] = item;
  }
  if (plan.method === "crypto" && plan.source === "balance") values.rate = plan.rateChoice!;
  return {
    method: plan.method,
    source: plan.source,
    customerGets: customerGets(plan),
    rate:
      plan.rate && plan.asset && plan.rateChoice
        ? { rate: formatKesRate(plan.rate), asset: plan.asset, choice: plan.rateChoice }
        : null,
    to: plan.method === "mpesa" ? formatPhone(plan.destination) : plan.destination,
    networkName: plan.method === "crypto" ? displayNetwork(payment.network, payment.asset) : null,
    networkFee: plan.networkFee ? `${plan.networkFee} ${plan.networkFeeAsset ?? ""}`.trim() : null,
    railChargeKesCents: plan.railChargeKesCents.toString(),
    totalKesCents: plan.totalKesCents.toString(),
    availableKesCents: availableKesCents.toString(),
    travelRule: plan.travelRule ? travelRuleParties(plan.travelRule) : null,
    values,
    requestKey: newRequestKey("rfk"),
  };
}

/** "KES 1,500.00 (11.61 USDT) to TXyz12…9aBcDe", "2.5 USDT to …", "KES 1,500 to +254 …". */
function sentDescription(refund: Refund, m: Messages["toasts"]): string {
  const crypto =
    refund.asset && refund.cryptoUnits !== null
      ? formatCrypto(refund.cryptoUnits, refund.asset as QuoteAsset)
      : null;
  if (refund.method === "mpesa")
    return m.toMpesa(formatKesCents(refund.amountKesCents), formatPhone(refund.destination));
  const what =
    refund.source === "held" ? crypto : `${formatKesCents(refund.amountKesCents)} (${crypto})`;
  return m.toAddress(what ?? "", shortAddress(refund.destination));
}

const KES_AMOUNT = /KES [\d,]+(?:\.\d+)?/g;

/**
 * Core's refusal (English, as the API says it) in the page's language, by its code; the values it
 * names (amounts, the network) are read from the English. A message this page does not know stays
 * as core wrote it.
 */
function refusalIn(error: RefundError, m: Messages, asset: string): string {
  const english = error.message;
  // English is core's own words, exactly.
  if (m === refundsMessages.en) return english;
  const r = m.refusals;
  const amounts = english.match(KES_AMOUNT) ?? [];
  switch (error.code) {
    case "not_found":
      return r.notFound;
    case "not_refundable":
      return blockedReasonIn(english, m);
    case "amount_too_large":
      if (english.startsWith("This payment has been refunded in full"))
        return m.page.refundedInFull;
      if (english.startsWith("A refund cannot be more")) return r.moreThanPayment(amounts[0] ?? "");
      return r.atMost(amounts[0] ?? "");
    case "invalid_amount":
      if (english.startsWith("Enter an amount above zero")) return r.aboveZero;
      if (english.startsWith("M-Pesa pays whole shillings")) return r.wholeShillings;
      if (english.startsWith("M-Pesa pays at least")) return r.mpesaMinimum(amounts[0] ?? "");
      if (english.startsWith("That amount is less than")) return r.tooSmall(asset);
      return english;
    case "invalid_destination": {
      const entered = /address on (.+)$/.exec(english);
      if (english.startsWith("Enter the customer") && entered)
        return r.enterAddress(asset, entered[1] ?? "");
      const wrong = /^That is not an address on ([^:]+):/.exec(english);
      return wrong ? r.notAnAddress(wrong[1] ?? "") : english;
    }
    case "nothing_held":
      return english.includes("any more") ? r.nothingHeldAnyMore : m.page.nothingHeld;
    case "insufficient_balance":
      return r.insufficientBalance(amounts[0] ?? "", amounts[1] ?? "");
    case "rate_unavailable":
      return r.rateUnavailable;
    case "rail_unavailable":
      return r.mpesaPaused;
    case "custody_unavailable":
      return english.includes("custody provider") ? r.custodyUnreachable : r.custodyUnavailable;
    case "beneficiary_required":
      return r.beneficiaryRequired(
        /USD [\d,]+(?:\.\d+)?/.exec(english)?.[0] ?? "",
        `USD ${TRAVEL_RULE_THRESHOLD_USD.toLocaleString("en-KE")}`,
      );
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "refunds:create");
  const paymentId = params.id ?? "";
  const { payment, refundability } = await overviewOf(merchant.merchantId, paymentId);
  const m = inLocale(refundsMessages, requestLocale(request));
  const submission = parseWithZod(await request.formData(), {
    schema: refundFormSchemaFor(m.schema),
  });
  if (submission.status !== "success")
    return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  const value = submission.value;
  const held = value.held === "1";
  const amountKesCents = held ? undefined : (parseKesAmount(value.amount ?? "") ?? undefined);
  const crypto = refundability.method === "crypto";
  const refundRequest: RefundRequest = held
    ? { paymentId, source: "held", address: value.address }
    : {
        paymentId,
        source: "balance",
        amountKesCents,
        ...(crypto ? { rate: value.rate ?? "locked", address: value.address } : {}),
      };
  if (crypto) refundRequest.beneficiary = beneficiaryOfForm(value);
  const threshold = crypto ? await refunds().travelRuleThresholdKesCents() : null;
  const travelRuleContext = (required: boolean): TravelRuleFormContext | undefined =>
    threshold === null ? undefined : { thresholdKes: formatKesCents(threshold), required };
  const scope = { merchantId: merchant.merchantId, mode: payment.mode };
  const rates =
    crypto && !held && amountKesCents !== undefined
      ? { rates: ratesFor(payment, amountKesCents), forKesCents: amountKesCents.toString() }
      : undefined;
  const refused = (error: RefundError) => {
    const message = refusalIn(error, m, payment.asset);
    return data<ActionData>(
      {
        lastResult: submission.reply(
          error.field
            ? { fieldErrors: { [fieldOf[error.field]]: [message] } }
            : { formErrors: [message] },
        ),
        rates,
        travelRule: travelRuleContext(
          error.code === "beneficiary_required" ||
            (amountKesCents !== undefined && threshold !== null && amountKesCents >= threshold),
        ),
      },
      { status: domainErrorStatus(error) },
    );
  };

  if (value.intent === "review") {
    try {
      const plan = await refunds().plan(scope, refundRequest);
      return data<ActionData>({
        lastResult: submission.reply(),
        review: reviewOf(
          plan,
          value,
          payment,
          await refunds().availableKesCents(plan.merchantId, plan.mode),
        ),
        rates,
        travelRule: travelRuleContext(plan.travelRule !== null),
      });
    } catch (error) {
      if (error instanceof RefundError) return refused(error);
      throw error;
    }
  }

  if (!value.requestKey)
    return data<ActionData>(
      {
        lastResult: submission.reply({ formErrors: [m.schema.reviewFirst] }),
        rates,
      },
      { status: 400 },
    );
  // Sending moves money: a fresh confirmation first, then back to this form filled in.
  requireRecentStepUp(
    request,
    merchant,
    paths.merchantPaymentRefundWith(paymentId, refundFormQuery(value)),
  );
  const { requestKey } = value;
  const done = (refund: Refund, created: boolean) =>
    redirectWithSuccess(paths.merchantPayment(paymentId), {
      message: m.toasts.sent,
      description: created
        ? m.toasts.onItsWay(sentDescription(refund, m.toasts))
        : m.toasts.alreadySent(sentDescription(refund, m.toasts)),
    });
  try {
    const { refund, created } = await refunds().create(
      { ...scope, createdBy: merchant.userId },
      refundRequest,
      { requestKey, reason: value.reason || null },
    );
    return done(refund, created);
  } catch (error) {
    if (error instanceof RefundError) return refused(error);
    throw error;
  }
}

export default function RefundPayment() {
  const { payment, context, defaults, unavailable } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(refundsMessages).page;
  const review = actionData?.review;
  const withRates = actionData?.rates
    ? { ...context, rates: actionData.rates.rates, ratesForKesCents: actionData.rates.forKesCents }
    : context;
  const formContextNow = actionData?.travelRule
    ? { ...withRates, travelRule: actionData.travelRule }
    : withRates;
  const title = context.held ? m.heldTitle : m.title;
  return (
    <Container className="max-w-3xl py-12">
      <p>
        <Link
          to={paths.merchantPayment(payment.id)}
          className="text-sm font-semibold text-brand-800 underline"
        >
          {m.backTo(payment.reference)}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{title}</h1>
      {payment.testMode ? <TestDataBanner /> : null}
      <p className="mt-2 text-slate-700">
        {context.method === "crypto"
          ? m.introCrypto(context.asset, context.networkName)
          : m.introMpesa}{" "}
        {m.seeEverything}
      </p>
      {unavailable ? (
        <p role="status" className="mt-8 rounded-lg bg-amber-50 p-3 text-amber-900">
          {unavailable}
        </p>
      ) : (
        <>
          <RefundForm
            key={context.held ? "held" : "balance"}
            context={formContextNow}
            lastResult={actionData?.lastResult}
            defaults={defaults}
            reviewed={review !== undefined}
          />
          {review ? (
            <RefundReview review={review} action={refundFormAction(payment.id, context.held)} />
          ) : null}
        </>
      )}
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(refundsMessages, matchesLocale(matches)).page.metaTitle,
    description: inLocale(refundsMessages, matchesLocale(matches)).page.metaDescription,
    path: paths.merchantPayments,
    noindex: true,
  });
