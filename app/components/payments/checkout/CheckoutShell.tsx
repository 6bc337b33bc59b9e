/**
 * The checkout's own frame (route handle chrome "bare": no marketing header, ticker or footer):
 * the merchant's name with its initial at the top, the page's one <main>, and a small "Secured by
 * OneHop" footer with the support contact.
 */
import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icons";
import { LanguageSwitch } from "~/components/layout/LanguageSwitch";
import { company } from "~/content/company";
import { checkoutMessages } from "~/i18n/catalogs/checkout";
import { useMessages } from "~/i18n/use-messages";

export function merchantInitial(businessName: string): string {
  const letter = businessName.trim().match(/[\p{L}\p{N}]/u)?.[0];
  return (letter ?? "?").toLocaleUpperCase("en-KE");
}

export function CheckoutShell({
  businessName,
  children,
}: {
  businessName: string;
  children: ReactNode;
}) {
  const m = useMessages(checkoutMessages).shell;
  return (
    <div className="flex min-h-screen flex-1 flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-xl items-center gap-3 px-4 py-4">
          <span
            aria-hidden="true"
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
          >
            {merchantInitial(businessName)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
              {m.paymentTo}
            </p>
            <p className="truncate text-lg font-semibold text-ink">{businessName}</p>
          </div>
        </div>
        <div className="mx-auto -mt-2 flex max-w-xl justify-end px-2 pb-1">
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto max-w-xl px-4 py-6 sm:py-10">{children}</div>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm text-slate-700">
          <p className="flex items-center gap-1.5 font-medium">
            <Icon name="lock" className="h-4 w-4 shrink-0 text-brand-700" />
            {m.securedBy(company.brand)}
          </p>
          <p>
            {m.help}{" "}
            <a
              className="font-semibold text-brand-800 underline"
              href={`mailto:${company.supportEmail}`}
            >
              {company.supportEmail}
            </a>{" "}
            ·{" "}
            <a className="font-semibold text-brand-800 underline" href={company.phoneHref}>
              {company.phone}
            </a>
          </p>
        </div>
      </footer>
    </div>
  );
}
