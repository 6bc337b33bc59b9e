/**
 * A paid payment's printable receipt (issue 30, item 3): the checkout's frame, the receipt's
 * details and nothing to click but the way back (hidden when printed). Server HTML only. A payment
 * not paid (yet) has no receipt: 404 with the way to its checkout.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckoutShell } from "~/components/payments/checkout/CheckoutShell";
import { ReceiptDetails } from "~/components/payments/checkout/Receipt";
import { company } from "~/content/company";
import { receiptMessages } from "~/i18n/catalogs/receipt";
import { inLocale } from "~/i18n/messages";
import { matchesLocale } from "~/i18n/match-locale";
import { useMessages } from "~/i18n/use-messages";
import { invariantResponse, PRIVATE_NO_STORE } from "~/utils/http";
import * as paths from "~/utils/paths";
import type { RouteHandle } from "~/utils/route-handle";
import { checkout } from "~/wiring/checkout.server";

export const handle: RouteHandle = { chrome: "bare", scripts: false };

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await checkout().payment(params.id ?? "");
  invariantResponse(found, "Payment not found");
  const receipt = await checkout().receipt(found.payment, found.businessName);
  invariantResponse(receipt, "This payment has no receipt yet: it has not been paid.");
  return { receipt };
}

export const headers = () => ({
  "Cache-Control": PRIVATE_NO_STORE,
  "Referrer-Policy": "same-origin",
});

export default function PaymentReceipt() {
  const { receipt } = useLoaderData<typeof loader>();
  const m = useMessages(receiptMessages);
  return (
    <CheckoutShell businessName={receipt.businessName}>
      <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-1 text-slate-800">{m.confirmedTo(receipt.businessName)}</p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 print:border-0 print:p-0 print:shadow-none">
        <ReceiptDetails receipt={receipt} />
      </div>
      <p className="mt-6 text-sm text-slate-700">
        {m.collectedBy(company.brand, receipt.businessName)}
      </p>
      <p className="mt-4 print:hidden">
        <a
          href={paths.checkout(receipt.paymentId)}
          className="font-semibold text-brand-800 underline"
        >
          {m.backToPayment}
        </a>
      </p>
    </CheckoutShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const m = inLocale(receiptMessages, matchesLocale(matches));
  return [
    { title: data ? m.metaTitle(data.receipt.businessName) : m.fallbackMetaTitle },
    { name: "robots", content: "noindex" },
  ];
};
