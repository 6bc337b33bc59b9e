/**
 * Payment links (/merchant/payment-links, issue 13 item 6): the merchant's reusable links in the
 * data mode the page shows (live, or test with `?mode=test`), each with its address, its "Pay with
 * OneHop" button HTML and Deactivate/Activate; and "Create payment link" in that mode. Members who
 * read payments see the list; creating and (de)activating needs "payments:create". The rules live
 * in core/payments/links.server.ts.
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
import { DataModeSwitch } from "~/components/developers/DataModeSwitch";
import { CreatePaymentLinkForm } from "~/components/payments/links/CreatePaymentLinkForm";
import { PaymentLinkList } from "~/components/payments/links/PaymentLinkList";
import { Container } from "~/components/ui";
import { cryptoLimits } from "~/content/tariff";
import { can } from "~/core/accounts/permissions";
import { dataModeOf, withDataMode } from "~/core/api/mode";
import { paymentLinkLimits, paymentLinkSchema } from "~/core/payments/link-schema";
import { PaymentLinkError } from "~/core/payments/links.server";
import { requirePermission } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { replyWithinLimits } from "~/utils/form-reply";
import { notFound, privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { paymentLinks } from "~/wiring/payment-links.server";
import { domainErrorStatus } from "~/utils/domain-errors.server";

type ActionData = { lastResult: SubmissionResult<string[]> };

const siteUrl = () => env.PUBLIC_SITE_URL.replace(/\/$/, "");

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "payments:read");
  const mode = dataModeOf(new URL(request.url).searchParams);
  const site = siteUrl();
  return {
    mode,
    canManage: can(merchant.role, "payments:create"),
    minimumKes: cryptoLimits.minimum,
    maximumKes: cryptoLimits.reviewMaxPerTransaction,
    links: (await paymentLinks().list({ merchantId: merchant.merchantId, mode })).map((link) => ({
      id: link.id,
      title: link.title,
      description: link.description,
      mode: link.mode,
      amountKesCents: link.amountKesCents === null ? null : link.amountKesCents.toString(),
      asset: link.asset,
      active: link.active,
      url: `${site}${paths.paymentLink(link.id)}`,
      successUrl: link.successUrl,
      cancelUrl: link.cancelUrl,
      createdAt: link.createdAt,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "payments:create");
  const mode = dataModeOf(new URL(request.url).searchParams);
  const here = withDataMode(paths.merchantPaymentLinks, mode);
  const scope = { merchantId: merchant.merchantId, mode };
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "activate" || intent === "deactivate") {
    const active = intent === "activate";
    const changed = await paymentLinks().setActive(
      { ...scope, actorId: merchant.userId },
      String(formData.get("linkId") ?? "").slice(0, 40),
      active,
    );
    if (!changed) throw notFound("Payment link not found");
    return redirectWithSuccess(here, {
      message: active ? "Payment link activated" : "Payment link deactivated",
      description: active
        ? "Customers can pay through it again."
        : "Customers who open it now see that it is no longer active.",
    });
  }

  const submission = parseWithZod(formData, { schema: paymentLinkSchema(mode) });
  if (submission.status !== "success")
    return data<ActionData>(
      { lastResult: replyWithinLimits(submission.reply(), paymentLinkLimits) },
      { status: 400 },
    );
  try {
    await paymentLinks().create({ ...scope, createdBy: merchant.userId }, submission.value);
  } catch (error) {
    if (!(error instanceof PaymentLinkError)) throw error;
    return data<ActionData>(
      {
        lastResult: replyWithinLimits(
          submission.reply({ fieldErrors: { [error.field ?? "title"]: [error.message] } }),
          paymentLinkLimits,
        ),
      },
      { status: domainErrorStatus(error) },
    );
  }
  return redirectWithSuccess(here, {
    message: "Payment link created",
    description: "Share its address or paste its button into your website.",
  });
}

export default function PaymentLinks() {
  const { mode, canManage, links, minimumKes, maximumKes } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const formAction = withDataMode(paths.merchantPaymentLinks, mode);
  return (
    <Container className="max-w-4xl py-12">
      <h1 className="text-3xl font-bold text-ink">Payment links</h1>
      <p className="mt-2 text-slate-700">
        A payment link is one address for many customers: each visitor gets a fresh checkout with
        its own locked rate and deposit address. Send it in a message, or paste its &quot;Pay with
        OneHop&quot; button into your website. For payments from your own code, see{" "}
        <Link to={paths.docs} className="font-semibold text-brand-800 underline">
          the API documentation
        </Link>
        .
      </p>
      <DataModeSwitch mode={mode} path={paths.merchantPaymentLinks} className="mt-4" />

      <section aria-labelledby="links-heading" className="mt-10">
        <h2 id="links-heading" className="text-xl font-semibold text-ink">
          {mode === "test" ? "Test payment links" : "Your payment links"}
        </h2>
        <div className="mt-4">
          <PaymentLinkList links={links} canManage={canManage} formAction={formAction} />
        </div>
      </section>

      {canManage ? (
        <section
          aria-labelledby="create-link-heading"
          className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="create-link-heading" className="text-xl font-semibold text-ink">
            {mode === "test" ? "Create test payment link" : "Create payment link"}
          </h2>
          <p className="mt-1 text-slate-700">
            {mode === "test"
              ? "A test link takes payments against the simulators: no real money."
              : "A live link takes real payments, settled to your M-Pesa number."}
          </p>
          <div className="mt-5">
            <CreatePaymentLinkForm
              // A new form after each creation (the action redirects here).
              key={links.length}
              action={formAction}
              mode={mode}
              minimumKes={minimumKes}
              maximumKes={maximumKes}
              lastResult={actionData?.lastResult}
            />
          </div>
        </section>
      ) : null}
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Payment links",
    description: "Reusable payment links and Pay with OneHop buttons.",
    path: paths.merchantPaymentLinks,
    noindex: true,
  });
