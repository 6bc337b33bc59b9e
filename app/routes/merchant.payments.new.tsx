import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AddSettlementNumber } from "~/components/merchants/AddSettlementNumber";
import { formatKesCents, netSentence, payoutSentence } from "~/components/payments/PaymentBits";
import { describePolicy, isDefaultPolicy } from "~/core/funding/policy";
import { settlementPolicy } from "~/wiring/settlement-policy.server";
import { buttonClass, Card, Container } from "~/components/ui";
import { fieldMeta, SelectField, SubmitButton, TextField } from "~/components/ui/form";
import { cryptoLimits, exciseDutyBps, feeBps } from "~/content/tariff";
import {
  assetNetworks,
  defaultNetwork,
  hasNetworkChoice,
  networkIds,
  networkLabel,
  networks,
} from "~/core/networks/networks";
import { coinOptionLabel } from "~/core/payments/coin-choice";
import {
  createPaymentSchemaFor,
  CUSTOMER_CHOOSES,
  paymentAssets,
} from "~/core/payments/create-payment-schema";
import { PaymentError } from "~/core/payments/payments.server";
import { requirePermission } from "~/utils/auth.server";
import { formatKes, formatKesRate, formatPercent } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithError, redirectWithSuccess } from "~/utils/toast.server";
import { paymentPages } from "~/wiring/payment-pages.server";
import { payments } from "~/wiring/payments.server";
import { domainErrorStatus } from "~/utils/domain-errors.server";
import { newPaymentMessages } from "~/i18n/catalogs/payments";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale, type Translation } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { paymentRefusal } from "~/route-support/payment-refusal.server";
import { settingsMessages } from "~/i18n/catalogs/settings";
import { useLocale, useMessages } from "~/i18n/use-messages";

type Preview = {
  amountKes: number;
  asset: string;
  /** Made in KES only: the customer chooses the coin (`asset` is the one it opens in). */
  customerChooses: boolean;
  /** The network as the merchant reads it, or the customer's choice. */
  network: string;
  reference: string;
  description: string;
  feeCents: string;
  exciseCents: string;
  netCents: string;
  /**
   * What reaches the merchant's M-Pesa and the M-Pesa charge(s) on the way (estimate: this payment
   * alone).
   */
  payoutCents: string;
  railChargeCents: string;
  transfers: number;
  /** The merchant's payout schedule when it is not "at once, nothing kept" (issue 30, item 1). */
  schedule: string | null;
  crypto: string;
  rate: string;
  ttlMinutes: number;
  review: boolean;
};
type ActionData = { lastResult: SubmissionResult<string[]>; preview?: Preview };

type Words = Translation<(typeof newPaymentMessages)["en"]>;

/** Core's refusal in the page's language (a refusal without words of its own stays English). */
function refusalIn(error: PaymentError, asset: string, words: Words): string {
  const m = words.refusals;
  return paymentRefusal(error, { ...m, rateUnavailable: m.rateUnavailable(asset) }, error.message);
}

const customerChoosesHintId = "customer-chooses-hint";

/** "Customer pays with": each coin, then "Customer chooses" (a payment in KES only). */
const assetChoicesIn = (m: Words) => [
  ...paymentAssets.map((asset) => ({ value: asset, label: asset, hintId: undefined })),
  { value: CUSTOMER_CHOOSES, label: m.customerChooses, hintId: customerChoosesHintId },
];

/** "Tron for USDT, Ethereum for USDC": where a customer's choice starts. */
const networkDefaultsIn = (m: Words) =>
  paymentAssets
    .filter(hasNetworkChoice)
    .map((asset) => m.networkForAsset(networks[defaultNetwork(asset)].name, asset))
    .join(", ");

/** The networks a merchant may fix, each with the assets on it ("Tron (USDT)"). */
const networkOptions = networkIds.map((id) => ({
  value: id,
  label: `${networks[id].name} (${paymentAssets
    .filter((asset) => (assetNetworks[asset] as readonly string[]).includes(id))
    .join(", ")})`,
}));

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "payments:create");
  const destination = await paymentPages().settlementDestination(merchant.merchantId, Date.now());
  return {
    /** False until the merchant has a verified destination: payments would wait, not be paid. */
    hasSettlementNumber: destination.label !== null,
    minimum: cryptoLimits.minimum,
    autoMax: cryptoLimits.autoMaxPerTransaction,
    max: cryptoLimits.reviewMaxPerTransaction,
    feeBps: feeBps.c2b,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "payments:create");
  const locale = requestLocale(request);
  const words = inLocale(newPaymentMessages, locale);
  const submission = parseWithZod(await request.formData(), {
    schema: createPaymentSchemaFor(words.errors, words.or),
  });
  if (submission.status !== "success")
    return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  const { intent, ...input } = submission.value;
  const actor = {
    type: "merchant_user",
    id: merchant.userId,
    merchantId: merchant.merchantId,
  } as const;
  const service = payments();
  try {
    if (intent === "review") {
      const preview = service.preview(actor, input);
      const { policy } = await settlementPolicy().read(merchant.merchantId);
      return data<ActionData>({
        lastResult: submission.reply(),
        preview: {
          amountKes: input.amountKes,
          asset: input.asset,
          customerChooses: input.customerChoosesCoin,
          network: input.customerChoosesCoin
            ? words.customerChoosesNetwork(
                coinOptionLabel({ asset: input.asset, network: defaultNetwork(input.asset) }),
              )
            : input.network
              ? networkLabel(input.network, input.asset)
              : hasNetworkChoice(input.asset)
                ? words.defaultOrOther(
                    networkLabel(defaultNetwork(input.asset), input.asset),
                    assetNetworks[input.asset]
                      .map((id) => networkLabel(id, input.asset))
                      .join(` ${words.or} `),
                  )
                : networkLabel(defaultNetwork(input.asset), input.asset),
          reference: input.reference,
          description: input.description ?? "",
          feeCents: preview.feeKesCents.toString(),
          exciseCents: preview.exciseKesCents.toString(),
          netCents: preview.netKesCents.toString(),
          payoutCents: preview.payoutKesCents.toString(),
          railChargeCents: preview.railChargeKesCents.toString(),
          transfers: preview.transfers,
          schedule: isDefaultPolicy(policy)
            ? null
            : describePolicy(policy, inLocale(settingsMessages, locale).policy),
          crypto: preview.crypto,
          rate: preview.quoteRate,
          ttlMinutes: preview.ttlMinutes,
          review: preview.review,
        },
      });
    }
    const payment = await service.create(actor, input);
    return redirectWithSuccess(paths.merchantPayment(payment.id), {
      message: words.toasts.created,
      description: words.toasts.createdDescription,
    });
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    const reason = locale === "en" ? error.message : refusalIn(error, input.asset, words);
    // On review the reason is also shown at the amount field.
    const lastResult =
      intent === "review"
        ? submission.reply({ fieldErrors: { amountKes: [reason] } })
        : submission.reply();
    return jsonWithError<ActionData>(
      { lastResult },
      { message: words.toasts.cannotCreate, description: reason },
      { status: domainErrorStatus(error) },
    );
  }
}

export default function NewPayment() {
  const limits = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const preview = actionData?.preview;
  const m = useMessages(newPaymentMessages);
  const locale = useLocale();
  const [form, fields] = useForm({
    id: "create-payment",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: createPaymentSchemaFor(m.errors, m.or) }),
  });
  const meta = (name: "amountKes" | "reference" | "description", required = true) =>
    fieldMeta(fields[name], required);
  const initial = (name: "amountKes" | "reference" | "description" | "asset" | "network") => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : undefined;
  };
  return (
    <Container className="max-w-3xl py-12">
      <p>
        <Link
          to={paths.merchantPayments}
          className="text-sm font-semibold text-brand-800 underline"
        >
          {m.backToPayments}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-2 text-slate-700">
        {m.intro(
          formatPercent(limits.feeBps),
          formatPercent(exciseDutyBps),
          formatKes(limits.minimum),
          formatKes(limits.max),
          formatKes(limits.autoMax),
        )}
      </p>
      {limits.hasSettlementNumber ? null : <AddSettlementNumber className="mt-6" />}

      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            meta={meta("amountKes")}
            label={m.amountLabel}
            inputMode="numeric"
            defaultValue={initial("amountKes")}
            placeholder={m.amountPlaceholder}
          />
          <TextField
            meta={meta("reference")}
            label={m.referenceLabel}
            defaultValue={initial("reference")}
            maxLength={64}
            placeholder={m.referencePlaceholder}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">
            {m.customerPaysWith}{" "}
            <span className="text-red-700" aria-hidden="true">
              *
            </span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {assetChoicesIn(m).map((choice) => (
              <label
                key={choice.value}
                className="flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2"
              >
                <input
                  type="radio"
                  name={fields.asset.name}
                  value={choice.value}
                  defaultChecked={(initial("asset") ?? "USDT") === choice.value}
                  aria-describedby={choice.hintId}
                />
                {choice.label}
              </label>
            ))}
          </div>
          <p id={customerChoosesHintId} className="mt-1 text-sm text-slate-600">
            {m.customerChoosesHint}
          </p>
          <p id={fields.asset.errorId} className="mt-1 text-sm text-red-800">
            {fields.asset.errors?.[0]}
          </p>
        </fieldset>
        <SelectField
          meta={fieldMeta(fields.network, false)}
          label={m.network}
          placeholder={m.networkPlaceholder(networkDefaultsIn(m))}
          options={networkOptions}
          defaultValue={initial("network") ?? ""}
        />
        <TextField
          meta={meta("description", false)}
          label={m.descriptionLabel}
          defaultValue={initial("description")}
          maxLength={200}
        />
        <SubmitButton
          pendingLabel={m.checking}
          name="intent"
          value="review"
          variant={preview ? "secondary" : "primary"}
        >
          {preview ? m.updateSummary : m.review}
        </SubmitButton>

        {preview ? (
          <Card title={m.summary} headingLevel="h2" className="border-brand-300">
            <dl className="grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-slate-600">{m.customerPays}</dt>
                <dd className="font-semibold text-ink">
                  {preview.customerChooses
                    ? m.inCoinTheyChoose(
                        formatKes(preview.amountKes),
                        preview.crypto,
                        preview.asset,
                      )
                    : `${formatKes(preview.amountKes)} ≈ ${preview.crypto} ${preview.asset}`}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{m.network}</dt>
                <dd className="font-semibold text-ink">{preview.network}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">
                  {m.collectionFee(formatPercent(limits.feeBps))}
                </dt>
                <dd className="font-semibold text-ink">{formatKesCents(preview.feeCents)}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">
                  {m.exciseDuty(formatPercent(exciseDutyBps))}
                </dt>
                <dd className="font-semibold text-ink">{formatKesCents(preview.exciseCents)}</dd>
              </div>
              {preview.schedule ? null : (
                <div>
                  <dt className="text-sm text-slate-600">{m.mpesaCharge(preview.transfers)}</dt>
                  <dd className="font-semibold text-ink">
                    {m.passedOnAtCost(formatKesCents(preview.railChargeCents))}
                  </dd>
                </div>
              )}
              <div className="sm:col-span-2">
                <dt className="text-sm text-slate-600">{m.youReceive}</dt>
                <dd className="font-semibold text-ink">
                  {preview.schedule
                    ? `${netSentence(preview.netCents, limits.feeBps, locale)}. ${preview.schedule}`
                    : payoutSentence(
                        preview.payoutCents,
                        limits.feeBps,
                        preview.railChargeCents,
                        locale,
                      )}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{m.indicativeRate}</dt>
                <dd className="font-semibold text-ink">
                  {m.rateValue(formatKesRate(preview.rate), preview.asset, preview.ttlMinutes)}
                </dd>
              </div>
            </dl>
            {preview.review ? (
              <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
                {m.reviewWarning(formatKes(limits.autoMax))}
              </p>
            ) : null}
            <div className="mt-6">
              <SubmitButton pendingLabel={m.creating} name="intent" value="create">
                {m.title}
              </SubmitButton>
            </div>
          </Card>
        ) : null}
      </Form>
      <p className="mt-8">
        <Link to={paths.merchantSettings} className={buttonClass("ghost")}>
          {m.settlementSettings}
        </Link>
      </p>
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(newPaymentMessages, matchesLocale(matches)).title,
    description: inLocale(newPaymentMessages, matchesLocale(matches)).metaDescription,
    path: paths.newMerchantPayment,
    noindex: true,
  });
