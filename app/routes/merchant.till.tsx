/**
 * The cashier's till (issue 32, item 5): a phone-first page for the members who may create
 * payments. Type an amount in KES (and a note), "Start sale": a payment made exactly as "Create
 * Payment" makes one with "Customer chooses" (the same schema, service, limits and messages; ADR
 * 0052). The sale then lives at `/merchant/till?sale=pay_…` (a refresh keeps it): the amount, a
 * large QR code of the checkout link, an M-Pesa Express prompt to the customer's phone (the
 * checkout's own core call), and the sale's state in a live region, up to an unmistakable "Paid"
 * and "Next sale". With JavaScript the page revalidates every few seconds while the sale waits;
 * without it "Check again" reloads it. Every form is a plain post answered with a redirect.
 * Below: today's sales (Nairobi day).
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { paymentStatusLabelsIn } from "~/components/payments/labels";
import { PaymentStatusBadge } from "~/components/payments/PaymentBits";
import { QrSvg } from "~/components/payments/QrSvg";
import { useLiveRevalidation } from "~/components/payments/useLiveRevalidation";
import { buttonClass, Container, cx, textLinkClass } from "~/components/ui";
import { Icon } from "~/components/ui/icons";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { cryptoLimits } from "~/content/tariff";
import { mpesaPaySchemaIn } from "~/core/payments/mpesa-pay-schema";
import {
  collectionFailureMessage,
  maskedPhone,
  MPESA_MAX_ATTEMPTS,
  mpesaAmountCents,
} from "~/core/payments/mpesa-collections.server";
import { PaymentError } from "~/core/payments/payments.server";
import type { PaymentStatus } from "~/core/payments/statuses";
import {
  TILL_DEFAULT_REFERENCE,
  TILL_NOTE_MAX,
  tillPaymentInput,
  tillState,
  tillWaiting,
  type TillState,
} from "~/core/payments/till-schema";
import { eatToday, statementBounds } from "~/core/statements/range";
import { tillMessages } from "~/i18n/catalogs/till";
import type { Locale } from "~/i18n/locales";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale, type Translation } from "~/i18n/messages";
import { mpesaRefusalIn } from "~/route-support/mpesa-refusal.server";
import { paymentRefusal } from "~/route-support/payment-refusal.server";
import { requestLocale } from "~/i18n/negotiate";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { requirePermission } from "~/utils/auth.server";
import { domainErrorStatus } from "~/utils/domain-errors.server";
import { formatEatIso, formatEatTime, formatKes, formatKesCents } from "~/utils/format";
import { invariantResponse, notFound, privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { paymentQrSvg } from "~/utils/qr.server";
import { seo } from "~/utils/seo";
import { jsonWithError, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { paymentPages } from "~/wiring/payment-pages.server";
import { payments } from "~/wiring/payments.server";

type TillWords = Translation<(typeof tillMessages)["en"]>;

/**
 * "Start sale" in the page's language: the same rules as core's `tillSaleSchema` (the amount as
 * "Create Payment" takes it, an optional note), saying `m`'s messages.
 */
const tillSaleSchemaFor = (m: TillWords["form"]) =>
  z.object({
    intent: z.literal("sell"),
    amountKes: z
      .string({ required_error: m.amountRequired })
      .trim()
      .regex(/^\d{1,7}$/, m.amountWhole)
      .transform(Number),
    note: z.string().trim().max(TILL_NOTE_MAX, m.noteTooLong).optional(),
  });

/** Why a sale could not be made, in the page's language (the core's English as it is). */
function createRefusal(locale: Locale, error: PaymentError): string {
  if (locale === "en") return error.message;
  const words = inLocale(tillMessages, locale).createErrors;
  return paymentRefusal(
    error,
    {
      minimum: words.belowMinimum,
      maximum: words.aboveMaximum,
      dailyLimit: words.dailyLimit,
      rateUnavailable: words.rateUnavailable,
      unavailable: words.unavailable,
    },
    words.other,
  );
}

/** How often the page asks again while a sale waits (JavaScript). */
const POLL_MS = 3_000;

/** The sale the address names: `?sale=pay_…` (anything longer is not a payment id). */
function saleIdOf(request: Request): string | null {
  const value = new URL(request.url).searchParams.get("sale")?.trim() ?? "";
  return value && value.length <= 40 ? value : null;
}

/** Today in Nairobi as epoch-millisecond bounds. */
function todayBounds(now: number) {
  const today = eatToday(now);
  const { startMs, endMs } = statementBounds({ from: today, to: today });
  return { dayStartMs: startMs, dayEndMs: endMs };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "payments:create");
  const locale = requestLocale(request);
  const saleId = saleIdOf(request);
  const now = Date.now();
  const page = await paymentPages().tillPage({
    merchantId: merchant.merchantId,
    saleId,
    ...todayBounds(now),
  });
  if (saleId) invariantResponse(page.sale, "Sale not found");
  const service = payments();
  let sale = null;
  if (page.sale) {
    const { payment, collections } = page.sale;
    const state = tillState(payment.status);
    const checkoutLink = `${service.config.publicSiteUrl.replace(/\/+$/, "")}${paths.checkout(payment.id)}`;
    const latest = collections.at(-1);
    const pending = latest?.status === "pending" ? latest : null;
    const open = payment.status === "awaiting_payment" && payment.expiresAt > now;
    const mpesaAmount = formatKes(mpesaAmountCents(payment.amountKesCents) / 100n);
    sale = {
      id: payment.id,
      amount: formatKesCents(payment.amountKesCents),
      reference: payment.reference === TILL_DEFAULT_REFERENCE ? null : payment.reference,
      status: payment.status,
      state,
      live: tillWaiting(state),
      checkoutLink,
      qr: payment.status === "awaiting_payment" ? paymentQrSvg(checkoutLink) : null,
      // M-Pesa Express where it runs: a prompt out, or the form while the quote holds.
      mpesa:
        payment.status === "awaiting_payment" && service.mpesaAvailable("live") && (open || pending)
          ? {
              amount: mpesaAmount,
              pending: pending
                ? inLocale(tillMessages, locale).promptOut(maskedPhone(pending.phone), mpesaAmount)
                : null,
              failure:
                latest?.status === "failed" ? collectionFailureMessage(latest, locale) : null,
              blocked: collections.length >= MPESA_MAX_ATTEMPTS,
            }
          : null,
    };
  }
  return {
    sale,
    minimum: cryptoLimits.minimum,
    max: cryptoLimits.reviewMaxPerTransaction,
    recent: page.recent.map((payment) => ({
      id: payment.id,
      time: formatEatTime(payment.createdAt),
      iso: formatEatIso(payment.createdAt),
      amount: formatKesCents(payment.amountKesCents),
      reference: payment.reference === TILL_DEFAULT_REFERENCE ? null : payment.reference,
      status: payment.status,
    })),
  };
}

type ActionData = {
  sale?: SubmissionResult<string[]>;
  mpesa?: { lastResult?: SubmissionResult<string[]>; formError?: string };
};

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "payments:create");
  const actor = {
    type: "merchant_user",
    id: merchant.userId,
    merchantId: merchant.merchantId,
  } as const;
  const form = await request.formData();
  const intent = form.get("intent");
  const locale = requestLocale(request);
  const m = inLocale(tillMessages, locale);

  if (intent === "sell") {
    const submission = parseWithZod(form, { schema: tillSaleSchemaFor(m.form) });
    if (submission.status !== "success")
      return data<ActionData>({ sale: submission.reply() }, { status: 400 });
    try {
      const payment = await payments().create(actor, tillPaymentInput(submission.value));
      return redirect(paths.merchantTillSale(payment.id), 303);
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      const refusal = createRefusal(locale, error);
      return jsonWithError<ActionData>(
        { sale: submission.reply({ fieldErrors: { amountKes: [refusal] } }) },
        { message: m.cannotCreate, description: refusal },
        { status: domainErrorStatus(error) },
      );
    }
  }

  // The sale's own forms post to its address.
  const saleId = saleIdOf(request);
  if (!saleId) throw notFound("Sale not found");
  const page = await paymentPages().tillPage({
    merchantId: merchant.merchantId,
    saleId,
    ...todayBounds(Date.now()),
  });
  if (!page.sale) throw notFound("Sale not found");
  const here = paths.merchantTillSale(saleId);

  if (intent === "cancel") {
    const outcome = await payments().cancel(actor, { paymentId: saleId });
    if (outcome.ok)
      return redirectWithSuccess(here, {
        message: m.saleCanceled,
        description: m.saleCanceledDescription,
      });
    if (outcome.reason === "not_found") throw notFound("Sale not found");
    return redirectWithError(here, {
      message: m.cannotCancel,
      description: m.cannotCancelDescription,
    });
  }

  if (intent === "mpesa") {
    const submission = parseWithZod(form, { schema: mpesaPaySchemaIn(locale) });
    if (submission.status !== "success")
      return data<ActionData>({ mpesa: { lastResult: submission.reply() } }, { status: 400 });
    const outcome = await payments().startMpesaPayment({
      paymentId: saleId,
      phone: submission.value.phone,
    });
    if (outcome.ok) return redirect(here, 303);
    const message = mpesaRefusalIn(locale, outcome);
    if (outcome.field === "phone")
      return data<ActionData>(
        { mpesa: { lastResult: submission.reply({ fieldErrors: { phone: [message] } }) } },
        { status: 400 },
      );
    return data<ActionData>(
      { mpesa: { formError: message } },
      { status: outcome.reason === "unavailable" ? 503 : 409 },
    );
  }
  return data<ActionData>({}, { status: 400 });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type SaleView = NonNullable<LoaderData["sale"]>;

/** The large mark of a state: a tick when paid, a clock while waiting, a cross or a warning. */
function StateMark({ state }: { state: TillState }) {
  if (state === "paid") return <Icon name="checkCircle" className="h-16 w-16 shrink-0" />;
  if (tillWaiting(state)) return <Icon name="clock" className="h-12 w-12 shrink-0" />;
  const ended = state === "expired" || state === "canceled";
  return <Icon name={ended ? "xCircle" : "warning"} className="h-12 w-12 shrink-0" />;
}

const stateTone: Record<TillState, string> = {
  waiting: "border-sky-300 bg-sky-50 text-sky-950",
  confirming: "border-sky-300 bg-sky-50 text-sky-950",
  paid: "border-emerald-700 bg-emerald-700 text-white",
  expired: "border-slate-400 bg-slate-100 text-slate-900",
  canceled: "border-slate-400 bg-slate-100 text-slate-900",
  underpaid: "border-red-700 bg-red-50 text-red-950",
  attention: "border-amber-500 bg-amber-50 text-amber-950",
};

/** The sale's state, said once in a live region (screen readers hear it change). */
function SaleState({ sale }: { sale: SaleView }) {
  const m = useMessages(tillMessages);
  const text = m.states[sale.state];
  const statusLabel = paymentStatusLabelsIn(useLocale())[sale.status as PaymentStatus].label;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className={cx("mt-4 rounded-2xl border-2 p-5", stateTone[sale.state])}
    >
      <div className="flex items-center gap-4">
        <StateMark state={sale.state} />
        <p
          className={cx("font-bold leading-tight", sale.state === "paid" ? "text-5xl" : "text-3xl")}
        >
          {text.title}
        </p>
      </div>
      <p className="mt-3 text-lg">{text.body}</p>
      {sale.state === "attention" ? (
        <p className="mt-1 font-semibold">{m.statusLine(statusLabel)}</p>
      ) : null}
    </div>
  );
}

function MpesaPrompt({
  sale,
  mpesa,
  actionData,
}: {
  sale: SaleView;
  mpesa: NonNullable<SaleView["mpesa"]>;
  actionData: ActionData["mpesa"];
}) {
  const m = useMessages(tillMessages);
  const locale = useLocale();
  const [form, fields] = useForm({
    id: `till-mpesa-${sale.id}`,
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mpesaPaySchemaIn(locale) }),
  });
  const phone = fields.phone.initialValue;
  return (
    <section
      aria-labelledby="till-mpesa-title"
      className="mt-6 rounded-2xl border border-emerald-300 bg-white p-5"
    >
      <h2 id="till-mpesa-title" className="text-lg font-semibold text-ink">
        {m.mpesaTitle}
      </h2>
      {mpesa.pending ? (
        <p className="mt-2 rounded-xl bg-emerald-50 p-4 text-lg font-semibold text-emerald-950">
          {mpesa.pending}
        </p>
      ) : (
        <>
          {mpesa.failure ? (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-900">
              {mpesa.failure}
            </p>
          ) : null}
          {actionData?.formError ? (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-900">
              {actionData.formError}
            </p>
          ) : null}
          {mpesa.blocked ? (
            <p className="mt-3 font-medium text-slate-800">{m.mpesaBlocked}</p>
          ) : (
            <Form
              method="post"
              action={paths.merchantTillSale(sale.id)}
              {...getFormProps(form)}
              className="mt-3 space-y-4"
            >
              <input type="hidden" name="intent" value="mpesa" />
              <TextField
                meta={fieldMeta(fields.phone)}
                label={m.mpesaPhoneLabel}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder="0712 345 678"
                defaultValue={typeof phone === "string" ? phone : undefined}
                hint={m.mpesaPhoneHint}
              />
              <SubmitButton pendingLabel={m.sendingPrompt} className="min-h-12 w-full text-base">
                {`${m.sendPrompt} (${mpesa.amount})`}
              </SubmitButton>
            </Form>
          )}
        </>
      )}
    </section>
  );
}

function Sale({ sale, actionData }: { sale: SaleView; actionData: ActionData | undefined }) {
  const m = useMessages(tillMessages);
  useLiveRevalidation(sale.live, POLL_MS);
  const navigation = useNavigation();
  const canceling =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  return (
    <section aria-labelledby="sale-title" className="mt-4">
      <h2 id="sale-title" className="text-sm font-medium text-slate-700">
        {m.amountHeading}
        {sale.reference ? ` · ${sale.reference}` : ""}
      </h2>
      <p className="mt-1 break-words text-4xl font-bold text-ink sm:text-5xl">{sale.amount}</p>
      <SaleState sale={sale} />

      {sale.qr ? (
        <figure className="mt-6 flex flex-col items-center">
          <QrSvg
            qr={sale.qr}
            label={m.qrLabel}
            className="aspect-square h-auto w-full max-w-[22rem] rounded-lg ring-1 ring-slate-200"
          />
          <figcaption className="mt-2 max-w-[22rem] text-center text-slate-700">
            {m.qrCaption}
          </figcaption>
        </figure>
      ) : null}
      {sale.qr ? (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-medium">{m.checkoutLink}: </span>
          <span className="select-all break-all font-mono">{sale.checkoutLink}</span>
        </p>
      ) : null}

      {sale.mpesa ? (
        <MpesaPrompt sale={sale} mpesa={sale.mpesa} actionData={actionData?.mpesa} />
      ) : null}

      <div className="mt-6 flex flex-col gap-3">
        {sale.live ? (
          <Link
            to={paths.merchantTillSale(sale.id)}
            className={buttonClass("secondary", "min-h-12 w-full text-base")}
          >
            {m.checkAgain}
          </Link>
        ) : (
          <Link
            to={paths.merchantTill}
            className={buttonClass("primary", "min-h-16 w-full text-xl")}
          >
            {m.nextSale}
          </Link>
        )}
        {sale.status === "awaiting_payment" ? (
          <Form method="post" action={paths.merchantTillSale(sale.id)}>
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={canceling}
              className={buttonClass("ghost", "min-h-12 w-full text-base")}
            >
              {canceling ? m.canceling : m.cancelSale}
            </button>
          </Form>
        ) : null}
        <p className="text-center">
          <Link to={paths.merchantPayment(sale.id)} className={textLinkClass}>
            {m.paymentDetails}
          </Link>
        </p>
      </div>
    </section>
  );
}

function NewSale({
  lastResult,
  minimum,
  max,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  minimum: number;
  max: number;
}) {
  const m = useMessages(tillMessages);
  const [form, fields] = useForm({
    id: "till-sale",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tillSaleSchemaFor(m.form) }),
  });
  const amount = fields.amountKes;
  const hintId = "till-amount-hint";
  const { key: amountKey, ...amountProps } = getInputProps(amount, {
    type: "text",
    ariaDescribedBy: hintId,
  });
  const note = typeof fields.note.initialValue === "string" ? fields.note.initialValue : undefined;
  return (
    <Form method="post" action={paths.merchantTill} {...getFormProps(form)} className="mt-6">
      <input type="hidden" name="intent" value="sell" />
      <label htmlFor={amount.id} className="block text-lg font-semibold text-ink">
        {m.amountLabel}
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      </label>
      <input
        key={amountKey}
        {...amountProps}
        inputMode="numeric"
        autoComplete="off"
        placeholder="0"
        className="mt-2 block w-full rounded-xl border-2 border-slate-400 bg-white px-4 py-3 text-4xl font-bold text-ink focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700 aria-[invalid=true]:border-red-700"
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {m.amountHint(formatKes(minimum), formatKes(max))}
      </p>
      <p id={amount.errorId} className="mt-1 text-base font-medium text-red-800" aria-live="polite">
        {amount.errors?.[0] ?? null}
      </p>
      <TextField
        className="mt-4"
        meta={fieldMeta(fields.note, false)}
        label={m.noteLabel}
        hint={m.noteHint}
        maxLength={TILL_NOTE_MAX}
        defaultValue={note}
        autoComplete="off"
      />
      <SubmitButton pendingLabel={m.starting} className="mt-6 min-h-16 w-full text-xl">
        {m.startSale}
      </SubmitButton>
    </Form>
  );
}

function RecentSales({ recent, current }: { recent: LoaderData["recent"]; current?: string }) {
  const m = useMessages(tillMessages);
  return (
    <section aria-labelledby="recent-title" className="mt-10">
      <h2 id="recent-title" className="text-xl font-semibold text-ink">
        {m.recentTitle}
      </h2>
      {recent.length === 0 ? (
        <p className="mt-2 text-slate-700">{m.recentEmpty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {recent.map((row) => (
            <li key={row.id}>
              <Link
                to={paths.merchantTillSale(row.id)}
                aria-current={row.id === current ? "page" : undefined}
                className="flex min-h-14 flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50"
              >
                <time dateTime={row.iso} className="font-mono text-slate-700">
                  {row.time}
                </time>
                <span className="font-semibold text-ink">{row.amount}</span>
                {row.reference ? (
                  <span className="min-w-0 break-words text-sm text-slate-700">
                    {row.reference}
                  </span>
                ) : null}
                <span className="ml-auto">
                  <PaymentStatusBadge status={row.status as PaymentStatus} />
                </span>
                {row.id === current ? (
                  <span className="sr-only">{` ${m.recentCurrent}`}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Till() {
  const { sale, recent, minimum, max } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(tillMessages);
  return (
    <Container className="max-w-xl py-8">
      <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
      {sale ? (
        <Sale key={sale.id} sale={sale} actionData={actionData} />
      ) : (
        <>
          <p className="mt-2 text-slate-700">{m.lead}</p>
          <NewSale lastResult={actionData?.sale} minimum={minimum} max={max} />
        </>
      )}
      <RecentSales recent={recent} current={sale?.id} />
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) => {
  const m = inLocale(tillMessages, matchesLocale(matches));
  return seo(matches, {
    title: m.title,
    description: m.metaDescription,
    path: paths.merchantTill,
    noindex: true,
  });
};
