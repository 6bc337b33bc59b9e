/**
 * The hosted checkout a customer opens (issue 11, item 3): a focused page in its own frame, server
 * HTML only (no React bundle: `scripts: false`) plus one small script of its own
 * (public/checkout.js: copy buttons, the ticking countdown, live status). What to send and on which
 * network, where (address, QR code and an "Open in wallet" payment URI), how long the quote holds,
 * and the status. Without JavaScript it refreshes itself every 10 seconds while waiting and has a
 * "Refresh status" link; with it, the script polls /pay/:id/status and reloads when it changes.
 *
 * Networks (ADR 0031): the page names the payment's network prominently and warns against sending
 * on another. Where the asset is on several networks and the merchant or the API did not fix one,
 * a plain form lets the customer choose another while nothing has arrived; choosing gives the
 * payment an address on that network (`choosePaymentNetwork`). On a payment made in KES only the
 * customer chooses the coin too, each listed with what it costs now (ADR 0052).
 *
 * M-Pesa Express (ADR 0033): where it runs for the payment's mode, "Pay with M-Pesa" sends a PIN
 * prompt to the customer's Safaricom number (a plain form, rate-limited per payment and client);
 * the page then says to check the phone and follows the prompt with the same live refresh (the
 * status endpoint carries the prompts' state). A failed prompt shows M-Pesa's reason and the form
 * again; a paid one shows the payment paid.
 */
import { netOfFees } from "~/core/fees/excise";
import { keepTogether } from "~/components/ui/keep-together";
import { PayWithChoice, type ChoiceOption } from "~/components/payments/checkout/PayWithChoice";
import {
  coinOptionLabel,
  coinOptionValue,
  parseCoinOption,
  type CoinOption,
} from "~/core/payments/coin-choice";
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CheckoutOutcome } from "~/components/payments/checkout/CheckoutOutcome";
import { CheckoutShell } from "~/components/payments/checkout/CheckoutShell";
import { CopyButton } from "~/components/payments/checkout/CopyButton";
import { CheckoutReceipt } from "~/components/payments/checkout/Receipt";
import { whatsappShareHref } from "~/components/payments/share/share-links";
import { receiptMessage, type Receipt } from "~/core/payments/receipt";
import { MpesaPay, type MpesaPayView } from "~/components/payments/checkout/MpesaPay";
import { PaymentStatusBadge, netSentence, payoutSentence } from "~/components/payments/PaymentBits";
import { QrSvg } from "~/components/payments/QrSvg";
import { ReturnLink } from "~/components/payments/links/ReturnLink";
import { buttonClass } from "~/components/ui";
import { checkoutReturnLink } from "~/core/payments/link-schema";
import { checkoutWaiting } from "~/core/payments/live-status";
import type { Payment } from "~/core/payments/payments.server";
import {
  explorerAddressUrl,
  networkLabel,
  paymentUri,
  wrongNetworkWarning,
  type NetworkId,
} from "~/core/networks";
import {
  collectionFailureMessage,
  maskedPhone,
  type MpesaCollection,
  MPESA_MAX_ATTEMPTS,
  mpesaAmountCents,
} from "~/core/payments/mpesa-collections.server";
import { mpesaPaySchemaIn } from "~/core/payments/mpesa-pay-schema";
import { formatCryptoUnits } from "~/core/payments/quote";
import { paymentView, payoutView } from "~/core/payments/views.server";
import { describePolicy, isDefaultPolicy } from "~/core/funding/policy";
import { settlementPolicy } from "~/wiring/settlement-policy.server";
import { checkoutScriptSrc } from "~/utils/checkout-script.server";
import { env } from "~/utils/env.server";
import { formatEatTime, formatKes, formatKesCents } from "~/utils/format";
import { invariantResponse, PRIVATE_NO_STORE } from "~/utils/http";
import { useNonce } from "~/utils/nonce";
import * as paths from "~/utils/paths";
import { checkoutMessages } from "~/i18n/catalogs/checkout";
import { mpesaPayMessages } from "~/i18n/catalogs/mpesa-pay";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { mpesaRefusalIn } from "~/route-support/mpesa-refusal.server";
import { merchantViewMessages } from "~/i18n/catalogs/merchant-view";
import { settingsMessages } from "~/i18n/catalogs/settings";
import { requestLocale } from "~/i18n/negotiate";
import { matchesLocale } from "~/i18n/match-locale";
import { useMessages } from "~/i18n/use-messages";
import { paymentQrSvg } from "~/utils/qr.server";
import type { RouteHandle } from "~/utils/route-handle";
import { assertSameOrigin, clientKey } from "~/utils/request.server";
import { checkout, checkoutPricing, coinQuotesNow } from "~/wiring/checkout.server";
import { paymentPages } from "~/wiring/payment-pages.server";
import { payments, runningPayments, runningTestPayments } from "~/wiring/payments.server";
import { rateLimits } from "~/wiring/rate-limits.server";
import { sessions } from "~/wiring/sessions.server";

export const handle: RouteHandle = { chrome: "bare", scripts: false };

/** Seconds between the no-JavaScript page's own refreshes while it waits. */
const NO_SCRIPT_REFRESH_SECONDS = 10;

/** "Pay with M-Pesa" submissions per payment and client (each may send a prompt to a phone). */
export const MPESA_PAY_LIMIT = { limit: 8, windowMs: 15 * 60_000 };

/**
 * The "Pay with M-Pesa" part of the page, or null when it is not offered for this payment
 * (`collections`: the payment's prompts, oldest first).
 */
function mpesaView(
  payment: Payment,
  collections: MpesaCollection[],
  secondsLeft: number,
  locale: Locale,
): MpesaPayView | null {
  if (payment.status !== "awaiting_payment" || !payments().mpesaAvailable(payment.mode))
    return null;
  const latest = collections.at(-1);
  const pending = latest?.status === "pending" ? latest : null;
  // Once the quote has run out, only a prompt still out is shown (it may yet be paid).
  if (secondsLeft <= 0 && !pending) return null;
  return {
    amount: formatKes(mpesaAmountCents(payment.amountKesCents) / 100n),
    pending: pending ? { phone: maskedPhone(pending.phone) } : null,
    failure: latest?.status === "failed" ? collectionFailureMessage(latest, locale) : null,
    blocked:
      collections.length >= MPESA_MAX_ATTEMPTS ? inLocale(mpesaPayMessages, locale).blocked : null,
  };
}

/** The coins a payment made in KES only may be paid in, with what each costs now (ADR 0052). */
async function coinChoices(
  payment: Payment,
  coins: readonly CoinOption[],
  now: number,
  locale: Locale,
): Promise<ChoiceOption[]> {
  const quotes = await coinQuotesNow(payment, coins, now);
  return quotes.map((quote) => ({
    value: coinOptionValue(quote),
    label: coinOptionLabel(quote, locale),
    amount:
      quote.units === null ? null : `${formatCryptoUnits(quote.units, quote.asset)} ${quote.asset}`,
    current: quote.asset === payment.asset && quote.network === payment.network,
  }));
}

/** The receipt's printable page, and "Share on WhatsApp" with its absolute address. */
function receiptLinks(receipt: Receipt, locale: Locale) {
  const print = paths.checkoutReceipt(receipt.paymentId);
  const link = new URL(print, env.PUBLIC_SITE_URL).toString();
  return { print, whatsapp: whatsappShareHref(receiptMessage(receipt, link, locale)) };
}

/**
 * What the payment's own merchant sees on its checkout (signed in): what it receives after the 1%
 * fee and the M-Pesa charge, estimated before settlement and actual after. Customers never see it.
 */
async function merchantView(request: Request, payment: Payment) {
  const session = await sessions().read("merchant", request);
  const transfers =
    session.status === "active" &&
    session.session.merchantUserId &&
    !session.session.pendingSecondFactor
      ? await paymentPages().checkoutMerchantTransfers(payment, session.session.merchantUserId)
      : null;
  if (!transfers) return null;
  const locale = requestLocale(request);
  const m = inLocale(merchantViewMessages, locale);
  const { actual, paidTransfers, estimate, feeBps } = payoutView(
    payment,
    transfers,
    payments().config,
  );
  if (actual) {
    return m.paid(
      formatKesCents(actual.payoutKesCents),
      paidTransfers,
      formatKesCents(actual.railChargeKesCents),
    );
  }
  // A payout schedule other than "at once, nothing kept" (issue 30, item 1): the net and what the
  // schedule does with it, not the at-once estimate.
  const { policy } = await settlementPolicy().read(payment.merchantId);
  if (!isDefaultPolicy(policy))
    return m.scheduled(
      netSentence(netOfFees(payment), feeBps, locale),
      describePolicy(policy, inLocale(settingsMessages, locale).policy),
    );
  return m.estimate(
    payoutSentence(estimate.payoutKesCents, feeBps, estimate.railChargeKesCents, locale),
  );
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const locale = requestLocale(request);
  const found = await checkout().payment(params.id ?? "");
  invariantResponse(found, "Payment not found");
  const { payment, businessName } = found;
  const now = Date.now();
  const secondsLeft = Math.max(0, Math.floor((payment.expiresAt - now) / 1000));
  // Instructions to send only while the quote holds and nothing has arrived yet.
  const payable =
    payment.status === "awaiting_payment" && secondsLeft > 0 && payment.depositAddress !== null;
  const view = paymentView(payment);
  const network = view.networkId;
  const walletUri = payable
    ? paymentUri({
        asset: payment.asset,
        network,
        address: payment.depositAddress!,
        units: payment.cryptoAmountUnits,
      })
    : null;
  const choice = await checkout().networkChoice(payment, now);
  const mpesa = await paymentPages().checkoutCollections(payment.id);
  const missingUnits = payment.cryptoAmountUnits - payment.receivedUnits;
  const receipt = await checkout().receipt(payment, businessName);
  return {
    ...view,
    businessName,
    networkWarning: wrongNetworkWarning(network, payment.asset, locale),
    networkOptions: choice.options.map((id: NetworkId) => ({
      value: id,
      label: networkLabel(id, payment.asset),
      current: id === network,
    })),
    coinOptions:
      choice.coins.length > 0 ? await coinChoices(payment, choice.coins, now, locale) : [],
    explorerUrl: payment.depositAddress
      ? explorerAddressUrl(network, payment.depositAddress, payment.mode)
      : null,
    waiting: checkoutWaiting(payment.status),
    payable,
    walletUri,
    // The QR code carries the payment URI (address and amount) when there is one, else the address.
    qr: payable ? paymentQrSvg(walletUri ?? payment.depositAddress!) : null,
    missing: missingUnits > 0n ? formatCryptoUnits(missingUnits, payment.asset) : null,
    now,
    secondsLeft,
    simulator: env.PROVIDER_MODE === "simulator",
    // A test-mode payment (a test key or test link): on a live deployment its address is on the
    // custody sandbox's test networks (ADR 0028), so the customer is told to send test coins only.
    testPayment: payment.mode === "test",
    merchantView: await merchantView(request, payment),
    scriptSrc: checkoutScriptSrc(),
    // Back to the merchant's site: cancel while waiting, return once paid (issue 13, item 6).
    returnLink: checkoutReturnLink(payment),
    mpesa: mpesaView(payment, mpesa.collections, secondsLeft, locale),
    mpesaState: mpesa.state,
    receipt,
    receiptLinks: receipt ? receiptLinks(receipt, locale) : null,
  };
}

type ActionData = {
  networkError?: string;
  mpesa?: { lastResult?: SubmissionResult<string[]>; formError?: string };
};

/** "Pay with M-Pesa": validate the number, send the prompt, back to the page (it follows it). */
async function payWithMpesa(request: Request, payment: Payment, form: FormData) {
  const locale = requestLocale(request);
  const words = inLocale(mpesaPayMessages, locale);
  const limit = await rateLimits().hit(
    `mpesa-pay:${payment.id}:${clientKey(request)}`,
    MPESA_PAY_LIMIT,
  );
  if (!limit.allowed)
    return Response.json(
      {
        mpesa: {
          formError: words.tooManyTries(
            words.minutes(Math.max(1, Math.ceil(limit.retryAfterMs / 60_000))),
          ),
        },
      } satisfies ActionData,
      { status: 429, headers: { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) } },
    );
  const submission = parseWithZod(form, { schema: mpesaPaySchemaIn(locale) });
  if (submission.status !== "success")
    return Response.json({ mpesa: { lastResult: submission.reply() } } satisfies ActionData, {
      status: 400,
    });
  const outcome = await payments().startMpesaPayment({
    paymentId: payment.id,
    phone: submission.value.phone,
  });
  if (outcome.ok) return redirect(paths.checkout(payment.id), 303);
  const message = mpesaRefusalIn(locale, outcome);
  if (outcome.field === "phone")
    return Response.json(
      {
        mpesa: { lastResult: submission.reply({ fieldErrors: { phone: [message] } }) },
      } satisfies ActionData,
      { status: 400 },
    );
  return Response.json({ mpesa: { formError: message } } satisfies ActionData, {
    status: outcome.reason === "unavailable" ? 503 : 409,
  });
}

/**
 * The customer chooses another network, or on a payment made in KES only another coin (plain
 * forms: they work without JavaScript).
 */
export async function action({ params, request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const found = await checkout().payment(params.id ?? "");
  invariantResponse(found, "Payment not found");
  const { payment } = found;
  const choiceWords = inLocale(checkoutMessages, requestLocale(request)).choice;
  const form = await request.formData();
  if (form.get("intent") === "mpesa") return payWithMpesa(request, payment, form);
  // A coin (`USDT:tron`, a payment made in KES only) or a network.
  const coin = form.has("coin") ? parseCoinOption(form.get("coin")) : undefined;
  if (coin === null)
    return Response.json({ networkError: choiceWords.chooseListedCoin } satisfies ActionData, {
      status: 400,
    });
  const network = coin?.network ?? String(form.get("network") ?? "").slice(0, 40);
  const runtime = payment.mode === "test" ? runningTestPayments() : runningPayments();
  if (!runtime) return Response.json({ networkError: choiceWords.unavailable }, { status: 503 });
  const outcome = await checkout().chooseNetwork(
    {
      custody: runtime.custody,
      now: Date.now(),
      pricing: coin ? await checkoutPricing(coin.asset) : undefined,
      onPooledAddressTaken: () => runtime.addressPool?.wake(),
    },
    { paymentId: payment.id, network, asset: coin?.asset },
  );
  if (outcome.ok) return redirect(paths.checkout(payment.id), 303);
  return Response.json(
    {
      networkError:
        requestLocale(request) === "en" ? outcome.message : choiceWords.refusals[outcome.reason],
    },
    {
      status:
        outcome.reason === "custody_unavailable" || outcome.reason === "rate_unavailable"
          ? 503
          : 409,
    },
  );
}

export const headers = () => ({
  "Cache-Control": PRIVATE_NO_STORE,
  // No referrer to other sites (the wallet, the explorer, the merchant's return page). Not
  // no-referrer: browsers then send `Origin: null` with the page's own network form, which the
  // front door refuses as cross-site.
  "Referrer-Policy": "same-origin",
});

const detailLabel = "text-sm font-medium text-slate-600";

export default function Checkout() {
  const payment = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const nonce = useNonce();
  const m = useMessages(checkoutMessages);
  const minutesLeft = Math.ceil(payment.secondsLeft / 60);
  const checkoutUrl = paths.checkout(payment.id);
  return (
    <CheckoutShell businessName={payment.businessName}>
      {/* Not after a refused form: a refresh would wipe its message and the number typed. */}
      {payment.waiting && !actionData ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <div
        data-status={payment.status}
        data-status-url={payment.waiting ? paths.checkoutStatus(payment.id) : undefined}
        data-mpesa={payment.mpesaState}
      >
        {payment.receipt ? (
          <>
            <h1 className="text-3xl font-bold text-ink">{m.paid}</h1>
            <p className="mt-1 text-lg text-slate-800">
              {`${formatKesCents(payment.amountKesCents)} `}
              <span className="text-slate-600">
                {payment.receipt.paidWith.method === "mpesa"
                  ? m.byMpesa
                  : m.inCoinOn(payment.receipt.paidWith.amount, payment.receipt.paidWith.network)}
              </span>
            </p>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-bold text-ink">
              {m.pay(formatKesCents(payment.amountKesCents))}
            </h1>
            <p className="mt-1 text-lg text-slate-800">
              {`${payment.crypto} ${payment.asset} `}
              <span className="text-slate-600">{m.onNetwork(payment.network)}</span>
            </p>
          </>
        )}
        <p className="mt-2 text-slate-700">
          {m.reference(payment.reference)}
          {payment.description ? `: ${payment.description}` : ""}
        </p>
        {payment.testPayment ? (
          <p
            role="note"
            className="mt-4 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-amber-950"
          >
            <span className="font-semibold">{m.testPayment}</span>
            {payment.simulator ? m.testOnSimulators : m.testCoinsOnly}
          </p>
        ) : null}
        {payment.merchantView ? (
          <p className="mt-4 rounded-lg bg-slate-100 p-3 text-slate-900">
            <span className="font-semibold">{m.merchantView}</span>
            {payment.merchantView}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-3" aria-live="polite">
          <PaymentStatusBadge status={payment.status} />
          {payment.status === "confirming" ? (
            <span className="text-slate-700">{m.confirmationsSoFar(payment.confirmations)}</span>
          ) : null}
        </div>

        {payment.mpesa ? (
          <MpesaPay
            view={payment.mpesa}
            lastResult={actionData?.mpesa?.lastResult}
            formError={actionData?.mpesa?.formError}
          />
        ) : null}

        {payment.payable ? (
          <section
            aria-labelledby="send-title"
            className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 id="send-title" className="sr-only">
              {m.howToPay}
            </h2>
            <div
              className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950"
              data-network={payment.networkId}
            >
              <p className="text-sm font-semibold uppercase tracking-wide">{m.network}</p>
              <p className="text-2xl font-bold">{keepTogether(payment.network)}</p>
              <p className="mt-1 font-medium" role="note">
                {payment.networkWarning}
              </p>
            </div>
            <PayWithChoice
              asset={payment.asset}
              coins={payment.coinOptions}
              networks={payment.networkOptions}
              error={actionData?.networkError}
            />

            {payment.qr ? (
              <div className="mt-5 flex justify-center">
                <QrSvg
                  qr={payment.qr}
                  label={m.qrLabel(payment.asset)}
                  className="h-60 w-60 max-w-full"
                />
              </div>
            ) : null}
            {payment.walletUri ? (
              <a href={payment.walletUri} className={buttonClass("primary", "mt-4 w-full")}>
                {m.openInWallet}
              </a>
            ) : null}

            <dl className="mt-6 space-y-5">
              <div>
                <dt className={detailLabel}>{m.sendExactly}</dt>
                <dd className="mt-1 flex items-center justify-between gap-3">
                  <span className="text-2xl font-bold text-ink">
                    <span id="pay-amount" className="select-all">
                      {payment.crypto}
                    </span>{" "}
                    {payment.asset}
                  </span>
                  <CopyButton target="pay-amount" label={m.copyAmount} copied={m.script.copied} />
                </dd>
                <dd className="text-sm text-slate-600">
                  {m.worthAtLockedRate(formatKesCents(payment.amountKesCents))}
                </dd>
              </div>
              <div>
                <dt className={detailLabel}>{m.toThisAddress}</dt>
                <dd className="mt-1 flex items-start justify-between gap-3">
                  <code
                    id="pay-address"
                    className="select-all break-all font-mono text-base text-ink"
                  >
                    {payment.depositAddress}
                  </code>
                  <CopyButton target="pay-address" label={m.copyAddress} copied={m.script.copied} />
                </dd>
                {payment.explorerUrl ? (
                  <dd className="mt-1 text-sm">
                    <a
                      href={payment.explorerUrl}
                      className="font-semibold text-brand-800 underline"
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      {m.viewOnExplorer(payment.network)}
                      <span className="sr-only">{m.opensInNewTab}</span>
                    </a>
                  </dd>
                ) : null}
              </div>
              <div>
                <dt className={detailLabel}>{m.rateLocked}</dt>
                <dd className="mt-1 font-medium text-ink">
                  {m.until}{" "}
                  <time dateTime={new Date(payment.expiresAt).toISOString()}>
                    {`${formatEatTime(payment.expiresAt)} EAT`}
                  </time>
                  :{" "}
                  <span
                    data-expires-at={payment.expiresAt}
                    data-now={payment.now}
                    data-time-left={m.script.timeLeft("{time}")}
                    data-expired={m.script.expired}
                  >
                    {m.minutesLeft(minutesLeft)}
                  </span>
                </dd>
              </div>
            </dl>
            <p className="mt-6 text-sm text-slate-700">{m.updatesItself}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <a href={checkoutUrl} className={buttonClass("secondary")}>
                {m.refreshStatus}
              </a>
              {payment.simulator && payment.depositAddress ? (
                // A GET form, so the control is a button (it reads as one, and works without
                // JavaScript): it opens the custody simulator's page for this payment.
                <form method="get" action="/simulator/custody/">
                  <input type="hidden" name="payment" value={payment.id} />
                  <input type="hidden" name="address" value={payment.depositAddress} />
                  <input type="hidden" name="amount" value={payment.crypto} />
                  <input type="hidden" name="returnTo" value={checkoutUrl} />
                  <button type="submit" className={buttonClass("secondary")}>
                    {m.payWithTestWallet}
                  </button>
                </form>
              ) : null}
            </div>
          </section>
        ) : payment.waiting ? (
          <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 className="text-lg font-semibold text-ink">
              {payment.status === "confirming" ? m.paymentReceived : m.waitingForNetwork}
            </h2>
            <p className="mt-2 text-slate-700">
              {payment.status === "confirming"
                ? m.confirmingBody(payment.asset, payment.network)
                : m.quoteRanOutBody}
            </p>
            <a href={checkoutUrl} className={buttonClass("secondary", "mt-4")}>
              {m.refreshStatus}
            </a>
          </section>
        ) : payment.receipt && payment.receiptLinks ? (
          <CheckoutReceipt
            receipt={payment.receipt}
            printHref={payment.receiptLinks.print}
            whatsappHref={payment.receiptLinks.whatsapp}
          />
        ) : (
          <div className="mt-6">
            <CheckoutOutcome
              status={payment.status}
              missing={payment.missing}
              asset={payment.asset}
            />
          </div>
        )}
        <ReturnLink link={payment.returnLink} />
        <p className="mt-8 text-xs text-slate-600">{m.paymentId(payment.id)}</p>
      </div>
      <p
        id="checkout-announcer"
        className="sr-only"
        aria-live="polite"
        data-selected={m.script.selected}
      />
      {payment.waiting ? <script nonce={nonce} src={payment.scriptSrc} defer /> : null}
    </CheckoutShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const m = inLocale(checkoutMessages, matchesLocale(matches)).meta;
  return [
    { title: data ? m.title(data.businessName) : m.fallbackTitle },
    {
      name: "description",
      content: data
        ? m.description(data.businessName, data.asset, data.network)
        : m.fallbackDescription,
    },
    { name: "robots", content: "noindex" },
  ];
};
