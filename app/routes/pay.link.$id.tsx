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
import { openPaymentLinkSchema, paymentLinkLimits } from "~/core/payments/link-schema";
import { PaymentLinkError } from "~/core/payments/links.server";
import { PaymentError } from "~/core/payments/payments.server";
import { describeWait } from "~/core/rate-limit.server";
import { replyWithinLimits } from "~/utils/form-reply";
import { checkHoneypot } from "~/utils/honeypot";
import { PRIVATE_NO_STORE } from "~/utils/http";
import { paths } from "~/utils/paths";
import { assertSameOrigin, clientKey, retryAfterHeader } from "~/utils/request.server";
import type { RouteHandle } from "~/utils/route-handle";
import { paymentLinks } from "~/wiring/payment-links.server";
import { rateLimits } from "~/wiring/rate-limits.server";
import { domainErrorStatus } from "~/utils/domain-errors.server";

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

  const schema = openPaymentLinkSchema({
    fixedAmount: link.amountKesCents !== null,
    fixedAsset: link.asset !== null,
  });
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
            `Too many payments opened from your network. Please try again in ${describeWait(limit.retryAfterMs)}.`,
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
      return data<ActionData>(
        { lastResult: reply({ fieldErrors: { [error.field ?? "amountKes"]: [error.message] } }) },
        { status: domainErrorStatus(error) },
      );
    }
    if (!(error instanceof PaymentError)) throw error;
    const atAmount = ["below_minimum", "above_maximum", "daily_limit"].includes(error.code);
    return data<ActionData>(
      {
        lastResult: reply(
          atAmount && link.amountKesCents === null
            ? { fieldErrors: { amountKes: [error.message] } }
            : { formErrors: [error.message] },
        ),
      },
      { status: domainErrorStatus(error) },
    );
  }
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
  if (!link) return <LinkNotFound />;
  const lastResult = actionData && "lastResult" in actionData ? actionData.lastResult : undefined;
  return (
    <CheckoutShell businessName={link.businessName}>
      {link.mode === "test" ? <TestModeBanner /> : null}
      <h1 className="text-3xl font-bold text-ink">{link.title}</h1>
      {link.description ? <p className="mt-2 text-slate-700">{link.description}</p> : null}
      <section
        aria-label="Payment details"
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
        <p className="mt-4 text-sm text-slate-600">
          Next you see the crypto amount at a locked rate and where to send it.
        </p>
      </section>
    </CheckoutShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.link
      ? `${data.link.title}: pay ${data.link.businessName} | OneHop`
      : "Payment link not found | OneHop",
  },
  {
    name: "description",
    content: data?.link
      ? `Pay ${data.link.businessName} in crypto with OneHop.`
      : "This payment link does not exist or is no longer active.",
  },
  { name: "robots", content: "noindex" },
];
