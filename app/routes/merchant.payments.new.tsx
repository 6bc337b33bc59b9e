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
import { cryptoLimits, exciseDutyBps, exciseDutyPhrase, feeBps } from "~/content/tariff";
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
  createPaymentSchema,
  CUSTOMER_CHOOSES,
  paymentAssets,
} from "~/core/payments/create-payment-schema";
import { PaymentError } from "~/core/payments/payments.server";
import { requirePermission } from "~/utils/auth.server";
import { formatKes, formatKesRate, formatPercent } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithError, redirectWithSuccess } from "~/utils/toast.server";
import { paymentPages } from "~/wiring/payment-pages.server";
import { payments } from "~/wiring/payments.server";
import { domainErrorStatus } from "~/utils/domain-errors.server";

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

const customerChoosesHintId = "customer-chooses-hint";

/** "Customer pays with": each coin, then "Customer chooses" (a payment in KES only). */
const assetChoices = [
  ...paymentAssets.map((asset) => ({ value: asset, label: asset, hintId: undefined })),
  { value: CUSTOMER_CHOOSES, label: "Customer chooses", hintId: customerChoosesHintId },
];

/** "Tron for USDT, Ethereum for USDC": where a customer's choice starts. */
const networkDefaults = paymentAssets
  .filter(hasNetworkChoice)
  .map((asset) => `${networks[defaultNetwork(asset)].name} for ${asset}`)
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
  const submission = parseWithZod(await request.formData(), { schema: createPaymentSchema });
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
            ? `The customer chooses the coin and network at checkout (it opens in ${coinOptionLabel({ asset: input.asset, network: defaultNetwork(input.asset) })})`
            : input.network
              ? networkLabel(input.network, input.asset)
              : hasNetworkChoice(input.asset)
                ? `${networkLabel(defaultNetwork(input.asset), input.asset)}, or another the customer chooses at checkout (${assetNetworks[
                    input.asset
                  ]
                    .map((id) => networkLabel(id, input.asset))
                    .join(" or ")})`
                : networkLabel(defaultNetwork(input.asset), input.asset),
          reference: input.reference,
          description: input.description ?? "",
          feeCents: preview.feeKesCents.toString(),
          exciseCents: preview.exciseKesCents.toString(),
          netCents: preview.netKesCents.toString(),
          payoutCents: preview.payoutKesCents.toString(),
          railChargeCents: preview.railChargeKesCents.toString(),
          transfers: preview.transfers,
          schedule: isDefaultPolicy(policy) ? null : describePolicy(policy),
          crypto: preview.crypto,
          rate: preview.quoteRate,
          ttlMinutes: preview.ttlMinutes,
          review: preview.review,
        },
      });
    }
    const payment = await service.create(actor, input);
    return redirectWithSuccess(paths.merchantPayment(payment.id), {
      message: "Payment created",
      description: "Share the checkout link with your customer.",
    });
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    // On review the reason is also shown at the amount field.
    const lastResult =
      intent === "review"
        ? submission.reply({ fieldErrors: { amountKes: [error.message] } })
        : submission.reply();
    return jsonWithError<ActionData>(
      { lastResult },
      { message: "Cannot create payment", description: error.message },
      { status: domainErrorStatus(error) },
    );
  }
}

export default function NewPayment() {
  const limits = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const preview = actionData?.preview;
  const [form, fields] = useForm({
    id: "create-payment",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createPaymentSchema }),
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
          Back to payments
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">Create Payment</h1>
      <p className="mt-2 text-slate-700">
        Ask for an amount in KES; your customer pays in crypto at a rate locked for the quote&apos;s
        lifetime. You receive the amount less the {formatPercent(limits.feeBps)} collection fee{" "}
        {exciseDutyPhrase} and M-Pesa&apos;s own transfer charge, settled to your M-Pesa number.
        From {formatKes(limits.minimum)} up to {formatKes(limits.max)}; above{" "}
        {formatKes(limits.autoMax)} a payment is reviewed by our team before it is paid out.
      </p>
      {limits.hasSettlementNumber ? null : <AddSettlementNumber className="mt-6" />}

      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            meta={meta("amountKes")}
            label="Amount (KES)"
            inputMode="numeric"
            defaultValue={initial("amountKes")}
            placeholder="e.g. 15000"
          />
          <TextField
            meta={meta("reference")}
            label="Your reference"
            defaultValue={initial("reference")}
            maxLength={64}
            placeholder="Order number"
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">
            Customer pays with{" "}
            <span className="text-red-700" aria-hidden="true">
              *
            </span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {assetChoices.map((choice) => (
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
            &ldquo;Customer chooses&rdquo;: the payment is in KES only and your customer picks the
            coin and network at checkout.
          </p>
          <p id={fields.asset.errorId} className="mt-1 text-sm text-red-800">
            {fields.asset.errors?.[0]}
          </p>
        </fieldset>
        <SelectField
          meta={fieldMeta(fields.network, false)}
          label="Network"
          placeholder={`The customer chooses at checkout (default: ${networkDefaults})`}
          options={networkOptions}
          defaultValue={initial("network") ?? ""}
        />
        <TextField
          meta={meta("description", false)}
          label="Description (shown to the customer)"
          defaultValue={initial("description")}
          maxLength={200}
        />
        <SubmitButton
          pendingLabel="Checking..."
          name="intent"
          value="review"
          variant={preview ? "secondary" : "primary"}
        >
          {preview ? "Update summary" : "Review"}
        </SubmitButton>

        {preview ? (
          <Card title="Summary" headingLevel="h2" className="border-brand-300">
            <dl className="grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-slate-600">Customer pays</dt>
                <dd className="font-semibold text-ink">
                  {preview.customerChooses
                    ? `${formatKes(preview.amountKes)} in the coin they choose (≈ ${preview.crypto} ${preview.asset})`
                    : `${formatKes(preview.amountKes)} ≈ ${preview.crypto} ${preview.asset}`}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Network</dt>
                <dd className="font-semibold text-ink">{preview.network}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">
                  Collection fee ({formatPercent(limits.feeBps)})
                </dt>
                <dd className="font-semibold text-ink">{formatKesCents(preview.feeCents)}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">
                  Excise duty ({formatPercent(exciseDutyBps)} of the fee)
                </dt>
                <dd className="font-semibold text-ink">{formatKesCents(preview.exciseCents)}</dd>
              </div>
              {preview.schedule ? null : (
                <div>
                  <dt className="text-sm text-slate-600">
                    M-Pesa charge{preview.transfers > 1 ? ` (${preview.transfers} transfers)` : ""}
                  </dt>
                  <dd className="font-semibold text-ink">
                    {formatKesCents(preview.railChargeCents)}, passed on at cost
                  </dd>
                </div>
              )}
              <div className="sm:col-span-2">
                <dt className="text-sm text-slate-600">You receive</dt>
                <dd className="font-semibold text-ink">
                  {preview.schedule
                    ? `${netSentence(preview.netCents, limits.feeBps)}. ${preview.schedule}`
                    : payoutSentence(preview.payoutCents, limits.feeBps, preview.railChargeCents)}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Indicative rate</dt>
                <dd className="font-semibold text-ink">
                  {formatKesRate(preview.rate)} per {preview.asset}; locked for {preview.ttlMinutes}{" "}
                  minutes when you create the payment
                </dd>
              </div>
            </dl>
            {preview.review ? (
              <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
                Above {formatKes(limits.autoMax)}: our team reviews this payment before it is paid
                out.
              </p>
            ) : null}
            <div className="mt-6">
              <SubmitButton pendingLabel="Creating..." name="intent" value="create">
                Create Payment
              </SubmitButton>
            </div>
          </Card>
        ) : null}
      </Form>
      <p className="mt-8">
        <Link to={paths.merchantSettings} className={buttonClass("ghost")}>
          Settlement settings
        </Link>
      </p>
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Create Payment",
    description: "Create a crypto payment in KES.",
    path: paths.newMerchantPayment,
    noindex: true,
  });
