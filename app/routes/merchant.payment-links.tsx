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
import {
  CreatePaymentLinkForm,
  paymentLinkFormSchema,
} from "~/components/payments/links/CreatePaymentLinkForm";
import { PaymentLinkList } from "~/components/payments/links/PaymentLinkList";
import { Container } from "~/components/ui";
import { cryptoLimits } from "~/content/tariff";
import { can } from "~/core/accounts/permissions";
import { dataModeOf, withDataMode } from "~/core/api/mode";
import { paymentLinkLimits } from "~/core/payments/link-schema";
import { PaymentLinkError } from "~/core/payments/links.server";
import { requirePermission } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { replyWithinLimits } from "~/utils/form-reply";
import { notFound, privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { paymentLinks } from "~/wiring/payment-links.server";
import { domainErrorStatus } from "~/utils/domain-errors.server";
import { merchantPaymentLinksMessages } from "~/i18n/catalogs/merchant-payment-links";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";

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
  const locale = requestLocale(request);
  const m = inLocale(merchantPaymentLinksMessages, locale).toasts;

  if (intent === "activate" || intent === "deactivate") {
    const active = intent === "activate";
    const changed = await paymentLinks().setActive(
      { ...scope, actorId: merchant.userId },
      String(formData.get("linkId") ?? "").slice(0, 40),
      active,
    );
    if (!changed) throw notFound("Payment link not found");
    return redirectWithSuccess(here, {
      message: active ? m.activated : m.deactivated,
      description: active ? m.activatedDescription : m.deactivatedDescription,
    });
  }

  const submission = parseWithZod(formData, { schema: paymentLinkFormSchema(mode, locale) });
  if (submission.status !== "success")
    return data<ActionData>(
      { lastResult: replyWithinLimits(submission.reply(), paymentLinkLimits) },
      { status: 400 },
    );
  try {
    await paymentLinks().create({ ...scope, createdBy: merchant.userId }, submission.value);
  } catch (error) {
    if (!(error instanceof PaymentLinkError)) throw error;
    // Core's refusal (English): the form's own checks in the page's language come first.
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
    message: m.created,
    description: m.createdDescription,
  });
}

export default function PaymentLinks() {
  const { mode, canManage, links, minimumKes, maximumKes } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const formAction = withDataMode(paths.merchantPaymentLinks, mode);
  const m = useMessages(merchantPaymentLinksMessages);
  return (
    <Container className="max-w-4xl py-12">
      <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-2 text-slate-700">
        {m.intro}{" "}
        <Link to={paths.docs} className="font-semibold text-brand-800 underline">
          {m.apiDocs}
        </Link>
        .
      </p>
      <DataModeSwitch mode={mode} path={paths.merchantPaymentLinks} className="mt-4" />

      <section aria-labelledby="links-heading" className="mt-10">
        <h2 id="links-heading" className="text-xl font-semibold text-ink">
          {mode === "test" ? m.testLinks : m.yourLinks}
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
            {mode === "test" ? m.createTest : m.create}
          </h2>
          <p className="mt-1 text-slate-700">{mode === "test" ? m.testNote : m.liveNote}</p>
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
    title: inLocale(merchantPaymentLinksMessages, matchesLocale(matches)).title,
    description: inLocale(merchantPaymentLinksMessages, matchesLocale(matches)).metaDescription,
    path: paths.merchantPaymentLinks,
    noindex: true,
  });
