/**
 * A payment link that does not exist or was turned off: said kindly, with where to get help, in the
 * checkout's bare frame (there is no business to name).
 */
import { company } from "~/content/company";

export function LinkNotFound() {
  return (
    <div className="flex min-h-screen flex-1 flex-col bg-slate-50">
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
          <h1 className="text-3xl font-bold text-ink">Payment link not found</h1>
          <p className="mt-3 text-slate-700">
            This payment link does not exist or is no longer active. Nothing has been charged.
            Please ask the business you are paying for a new link.
          </p>
          <p className="mt-6 text-sm text-slate-700">
            Questions? Write to{" "}
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
