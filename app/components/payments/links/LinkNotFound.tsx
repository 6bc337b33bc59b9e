/**
 * A payment link that does not exist or was turned off: said kindly, with where to get help, in the
 * checkout's bare frame (there is no business to name).
 */
import { LanguageSwitch } from "~/components/layout/LanguageSwitch";
import { company } from "~/content/company";
import { paymentLinkMessages } from "~/i18n/catalogs/payment-link";
import { useMessages } from "~/i18n/use-messages";

export function LinkNotFound() {
  const m = useMessages(paymentLinkMessages).notFound;
  return (
    <div className="flex min-h-screen flex-1 flex-col bg-slate-50">
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto flex max-w-xl justify-end px-2 pt-2">
          <LanguageSwitch />
        </div>
        <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
          <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
          <p className="mt-3 text-slate-700">{m.body}</p>
          <p className="mt-6 text-sm text-slate-700">
            {m.questions}{" "}
            <a
              className="font-semibold text-brand-800 underline"
              href={`mailto:${company.supportEmail}`}
            >
              {company.supportEmail}
            </a>
            .
          </p>
        </div>
      </main>
    </div>
  );
}
