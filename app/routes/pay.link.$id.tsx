/**
 * A merchant's payment link (issue 13, item 6), public: the business, what is paid for, the amount
 * (fixed, or entered by the visitor in KES) and the asset (fixed, or chosen). "Continue to payment"
 * opens a fresh payment and answers 303 to its checkout (/pay/:id). An unknown or inactive link is
 * a friendly 404 page. Anyone can post here and each payment takes a custody address: a honeypot
 * and a per-client limit guard it. Works without JavaScript (errors in the server HTML next to
 * their field, with what was typed).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CheckoutShell } from "~/components/payments/checkout/CheckoutShell";
import { LinkNotFound } from "~/components/payments/links/LinkNotFound";
import { OpenLinkForm } from "~/components/payments/links/OpenLinkForm";
import { TestModeBanner } from "~/components/payments/links/TestModeBanner";
import { cryptoLimits } from "~/content/tariff";
import {
  amountKesProblem,
  openPaymentLinkSchema,
  paymentLinkLimits,
} from "~/core/payments/link-schema";
import { PaymentLinkError } from "~/core/payments/links.server";
import { PaymentError } from "~/core/payments/payments.server";
import { replyWithinLimits } from "~/utils/form-reply";
import { checkHoneypot } from "~/utils/honeypot";
import { PRIVATE_NO_STORE } from "~/utils/http";
import * as paths from "~/utils/paths";
import { assertSameOrigin, clientKey, retryAfterHeader } from "~/utils/request.server";
import type { RouteHandle } from "~/utils/route-handle";
import { paymentLinks } from "~/wiring/payment-links.server";
import { rateLimits } from "~/wiring/rate-limits.server";
import { domainErrorStatus } from "~/utils/domain-errors.server";
import { paymentLinkMessages } from "~/i18n/catalogs/payment-link";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale, type Translation } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";
import { formatKes } from "~/utils/format";

export const handle: RouteHandle = { chrome: "bare" };

/** Payments one client may open through links per window (each costs a custody address). */
export const PAYMENT_LINK_OPEN_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

type ActionData = { lastResult: SubmissionResult<string[]> };

async function pageOf(id: string) {
  const found = await paymentLinks().publicLink(id);
  if (!found) return null;
  const { link, businessName } = found;
  return {
    id: link.id,
    businessName,
    title: link.title,
    description: link.description,
    mode: link.mode,
    amountKesCents: link.amountKesCents === null ? null : link.amountKesCents.toString(),
    asset: link.asset,
  };
}

const linkNotFound = () => data({ link: null }, { status: 404 });

export async function loader({ params }: LoaderFunctionArgs) {
  const link = await pageOf(params.id ?? "");
  if (!link) return linkNotFound();
  return data({ link });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const id = params.id ?? "";
  const link = await pageOf(id);
  if (!link) return linkNotFound();
  const formData = await request.formData();
  // A bot filled in the hidden field: nothing is created, the page shows again.
  if (checkHoneypot(formData) === "bot") throw redirect(paths.paymentLink(id), 303);

  const locale = requestLocale(request);
  const words = inLocale(paymentLinkMessages, locale);
  const schema = openPaymentLinkSchema(
    { fixedAmount: link.amountKesCents !== null, fixedAsset: link.asset !== null },
    words,
  );
  const submission = parseWithZod(formData, { schema });
  const reply = (options?: Parameters<typeof submission.reply>[0]) =>
    replyWithinLimits(submission.reply(options), paymentLinkLimits);
  if (submission.status !== "success")
    return data<ActionData>({ lastResult: reply() }, { status: 400 });

  const limit = await rateLimits().hit(
    `payment-link:${clientKey(request)}`,
    PAYMENT_LINK_OPEN_LIMIT,
  );
  if (!limit.allowed) {
    return data<ActionData>(
      {
        lastResult: reply({
          formErrors: [
            words.tooMany(words.minutes(Math.max(1, Math.ceil(limit.retryAfterMs / 60_000)))),
          ],
        }),
      },
      { status: 429, headers: retryAfterHeader(limit.retryAfterMs) },
    );
  }

  try {
    const payment = await paymentLinks().open({
      linkId: id,
      amountKes: submission.value.amountKes,
      asset: submission.value.asset,
    });
    return redirect(paths.checkout(payment.id), 303);
  } catch (error) {
    if (error instanceof PaymentLinkError) {
      if (error.code === "not_found") return linkNotFound();
      const message =
        locale === "en" ? error.message : linkRefusalIn(words, error, submission.value);
      return data<ActionData>(
        { lastResult: reply({ fieldErrors: { [error.field ?? "amountKes"]: [message] } }) },
        { status: domainErrorStatus(error) },
      );
    }
    if (!(error instanceof PaymentError)) throw error;
    const atAmount = ["below_minimum", "above_maximum", "daily_limit"].includes(error.code);
    const message = locale === "en" ? error.message : paymentRefusalIn(words, error.code);
    return data<ActionData>(
      {
        lastResult: reply(
          atAmount && link.amountKesCents === null
            ? { fieldErrors: { amountKes: [message] } }
            : { formErrors: [message] },
        ),
      },
      { status: domainErrorStatus(error) },
    );
  }
}

/** A link's refusal in another language than English: by what it is about. */
function linkRefusalIn(
  words: Translation<typeof paymentLinkMessages.en>,
  error: PaymentLinkError,
  value: { amountKes?: number },
): string {
  if (error.code === "invalid_asset") return words.chooseAsset;
  if (error.code === "invalid_amount")
    return value.amountKes === undefined
      ? words.amountRequired
      : (amountKesProblem(value.amountKes, words) ?? words.notOpened);
  return words.notOpened;
}

/** A payment's refusal (limits) in another language than English. */
function paymentRefusalIn(words: Translation<typeof paymentLinkMessages.en>, code: string): string {
  if (code === "below_minimum") return words.minimum(formatKes(cryptoLimits.minimum));
  if (code === "above_maximum")
    return words.maximum(formatKes(cryptoLimits.reviewMaxPerTransaction));
  return words.notOpened;
}

export const headers = ({ actionHeaders }: { actionHeaders: Headers }) => {
  const headers = new Headers({
    "Cache-Control": PRIVATE_NO_STORE,
    // Not "no-referrer": the browser would then post the form with `Origin: null` (refused).
    "Referrer-Policy": "same-origin",
  });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export default function PaymentLinkPage() {
  const { link } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const m = useMessages(paymentLinkMessages);
  if (!link) return <LinkNotFound />;
  const lastResult = actionData && "lastResult" in actionData ? actionData.lastResult : undefined;
  return (
    <CheckoutShell businessName={link.businessName}>
      {link.mode === "test" ? <TestModeBanner /> : null}
      <h1 className="text-3xl font-bold text-ink">{link.title}</h1>
      {link.description ? <p className="mt-2 text-slate-700">{link.description}</p> : null}
      <section
        aria-label={m.paymentDetails}
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <OpenLinkForm
          action={paths.paymentLink(link.id)}
          amountKesCents={link.amountKesCents}
          asset={link.asset}
          minimumKes={cryptoLimits.minimum}
          maximumKes={cryptoLimits.reviewMaxPerTransaction}
          lastResult={lastResult}
        />
        <p className="mt-4 text-sm text-slate-600">{m.nextStep}</p>
      </section>
    </CheckoutShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const m = inLocale(paymentLinkMessages, matchesLocale(matches)).meta;
  return [
    { title: data?.link ? m.title(data.link.title, data.link.businessName) : m.notFoundTitle },
    {
      name: "description",
      content: data?.link ? m.description(data.link.businessName) : m.notFoundDescription,
    },
    { name: "robots", content: "noindex" },
  ];
};
