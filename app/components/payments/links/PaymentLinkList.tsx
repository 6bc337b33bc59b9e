/**
 * The merchant's payment links: for each, what it asks (title, amount, asset), its mode and state,
 * its address (selectable, with a copy button once JavaScript runs), the "Pay with OneHop" button
 * to paste into a website (its HTML and a preview), and Deactivate/Activate (plain POST forms).
 */
import { Form } from "@remix-run/react";
import { buttonClass, cx } from "~/components/ui";
import type { ApiMode } from "~/core/api/vocabulary";
import { formatEatDateTime } from "~/utils/format";
import { CopyButton } from "~/components/ui/CopyButton";
import { merchantPaymentLinksMessages } from "~/i18n/catalogs/merchant-payment-links";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { linkAmountLabel, linkAssetLabel, payButtonHtml, payButtonStyle } from "./labels";

export interface PaymentLinkItem {
  id: string;
  title: string;
  description: string | null;
  mode: ApiMode;
  amountKesCents: string | null;
  asset: string | null;
  active: boolean;
  /** The link's absolute address (the public site's). */
  url: string;
  successUrl: string | null;
  cancelUrl: string | null;
  createdAt: number;
}

function StateBadge({ active }: { active: boolean }) {
  const m = useMessages(merchantPaymentLinksMessages).list;
  return (
    <span
      className={cx(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
        active ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800",
      )}
    >
      {active ? m.active : m.inactive}
    </span>
  );
}

function LinkCard({
  link,
  canManage,
  formAction,
}: {
  link: PaymentLinkItem;
  canManage: boolean;
  formAction: string;
}) {
  const m = useMessages(merchantPaymentLinksMessages).list;
  const locale = useLocale();
  const urlId = `link-url-${link.id}`;
  const html = payButtonHtml(link.url);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold text-ink">{link.title}</h3>
          {link.description ? <p className="text-slate-700">{link.description}</p> : null}
        </div>
        <div className="flex items-center gap-2">
          <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
            {link.mode === "test" ? m.test : m.live}
          </span>
          <StateBadge active={link.active} />
        </div>
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">{m.amount}</dt>
          <dd className="font-medium text-ink">{linkAmountLabel(link.amountKesCents, m)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{m.asset}</dt>
          <dd className="font-medium text-ink">{linkAssetLabel(link.asset, m)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{m.created}</dt>
          <dd className="font-medium text-ink">{formatEatDateTime(link.createdAt, locale)}</dd>
        </div>
        {link.successUrl ? (
          <div className="sm:col-span-3">
            <dt className="text-sm text-slate-600">{m.successReturn}</dt>
            <dd className="break-all text-ink">{link.successUrl}</dd>
          </div>
        ) : null}
        {link.cancelUrl ? (
          <div className="sm:col-span-3">
            <dt className="text-sm text-slate-600">{m.cancelReturn}</dt>
            <dd className="break-all text-ink">{link.cancelUrl}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-4">
        <p className="text-sm text-slate-600">{m.link}</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <code id={urlId} className="select-all break-all font-mono text-ink">
            {link.url}
          </code>
          <CopyButton text={link.url} label={m.copyLink} copiedLabel={m.copied} what={m.link} />
        </div>
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold text-brand-800">{m.buttonTitle}</summary>
        <p className="mt-2 text-sm text-slate-700">{m.buttonHelp}</p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100">
          <code className="select-all">{html}</code>
        </pre>
        <div className="mt-2">
          <CopyButton text={html} label={m.copyHtml} copiedLabel={m.copied} what={m.buttonHtml} />
        </div>
        <p className="mt-3 text-sm text-slate-600">{m.preview}</p>
        <div className="mt-1 rounded-lg border border-dashed border-slate-300 p-4">
          {/* The button's own label, as pasted into the merchant's website: kept in English. */}
          <a href={link.url} style={payButtonStyle}>
            Pay with OneHop
          </a>
        </div>
      </details>
      {canManage ? (
        <Form method="post" action={formAction} className="mt-4">
          <input type="hidden" name="linkId" value={link.id} />
          <button
            type="submit"
            name="intent"
            value={link.active ? "deactivate" : "activate"}
            className={buttonClass(link.active ? "secondary" : "primary")}
          >
            {link.active ? m.deactivate : m.activate}
            <span className="sr-only">{` ${link.title}`}</span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}

export function PaymentLinkList({
  links,
  canManage,
  formAction,
}: {
  links: readonly PaymentLinkItem[];
  canManage: boolean;
  formAction: string;
}) {
  const m = useMessages(merchantPaymentLinksMessages).list;
  if (links.length === 0) return <p className="text-slate-700">{m.none}</p>;
  return (
    <ul className="space-y-4">
      {links.map((link) => (
        <LinkCard key={link.id} link={link} canManage={canManage} formAction={formAction} />
      ))}
    </ul>
  );
}
