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
  return (
    <span
      className={cx(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
        active ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800",
      )}
    >
      {active ? "Active" : "Inactive"}
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
            {link.mode === "test" ? "Test" : "Live"}
          </span>
          <StateBadge active={link.active} />
        </div>
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">Amount</dt>
          <dd className="font-medium text-ink">{linkAmountLabel(link.amountKesCents)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Asset</dt>
          <dd className="font-medium text-ink">{linkAssetLabel(link.asset)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Created</dt>
          <dd className="font-medium text-ink">{formatEatDateTime(link.createdAt)}</dd>
        </div>
        {link.successUrl ? (
          <div className="sm:col-span-3">
            <dt className="text-sm text-slate-600">After paying, customers return to</dt>
            <dd className="break-all text-ink">{link.successUrl}</dd>
          </div>
        ) : null}
        {link.cancelUrl ? (
          <div className="sm:col-span-3">
            <dt className="text-sm text-slate-600">Cancel returns to</dt>
            <dd className="break-all text-ink">{link.cancelUrl}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-4">
        <p className="text-sm text-slate-600">Link</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <code id={urlId} className="select-all break-all font-mono text-ink">
            {link.url}
          </code>
          <CopyButton text={link.url} label="Copy link" what="Link" />
        </div>
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold text-brand-800">
          &quot;Pay with OneHop&quot; button for your website
        </summary>
        <p className="mt-2 text-sm text-slate-700">
          Paste this HTML where the button should appear. It is a plain link: it works without
          JavaScript and keeps its look on any site.
        </p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100">
          <code className="select-all">{html}</code>
        </pre>
        <div className="mt-2">
          <CopyButton text={html} label="Copy HTML" what="Button HTML" />
        </div>
        <p className="mt-3 text-sm text-slate-600">Preview</p>
        <div className="mt-1 rounded-lg border border-dashed border-slate-300 p-4">
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
            {link.active ? "Deactivate" : "Activate"}
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
  if (links.length === 0) return <p className="text-slate-700">No payment links yet.</p>;
  return (
    <ul className="space-y-4">
      {links.map((link) => (
        <LinkCard key={link.id} link={link} canManage={canManage} formAction={formAction} />
      ))}
    </ul>
  );
}
