/**
 * What the checkout says once the customer's part is over without a payment to show: expired, an
 * exception. A paid one shows its receipt (Receipt.tsx).
 */
import { company } from "~/content/company";
import { checkoutMessages } from "~/i18n/catalogs/checkout";
import { useMessages } from "~/i18n/use-messages";

export function CheckoutOutcome({
  status,
  missing,
  asset,
}: {
  status: string;
  missing: string | null;
  asset: string;
}) {
  const m = useMessages(checkoutMessages).outcomes;
  const messages: Record<string, { title: string; body: string; tone: string }> = {
    expired: { ...m.expired, tone: "bg-slate-100 text-slate-900" },
    underpaid: {
      title: m.underpaid.title,
      body: m.underpaid.body(missing ?? m.underpaid.some, asset),
      tone: "bg-red-50 text-red-900",
    },
    overpaid: { ...m.overpaid, tone: "bg-amber-50 text-amber-900" },
    paid_after_expiry: { ...m.paid_after_expiry, tone: "bg-amber-50 text-amber-900" },
    held: {
      title: m.held.title,
      body: m.held.body(company.supportEmail),
      tone: "bg-amber-50 text-amber-900",
    },
    canceled: { ...m.canceled, tone: "bg-slate-100 text-slate-900" },
    failed: {
      title: m.failed.title,
      body: m.failed.body(company.supportEmail),
      tone: "bg-red-50 text-red-900",
    },
  };
  const message = messages[status];
  if (!message) return null;
  return (
    <div role="status" className={`rounded-2xl p-6 ${message.tone}`}>
      <p className="text-2xl font-bold">{message.title}</p>
      <p className="mt-2">{message.body}</p>
    </div>
  );
}
