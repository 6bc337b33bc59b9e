/** Shown instead of the cards when no market rate was ever received. */
import { RefreshForm } from "./RefreshForm";
import { ratesMessages } from "~/i18n/catalogs/rates";
import { useMessages } from "~/i18n/use-messages";

export function ServiceUnavailable({ busy }: { busy: boolean }) {
  const ratesCopy = useMessages(ratesMessages).copy;
  return (
    <section
      aria-labelledby="rates-unavailable"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-8 text-center"
    >
      <h3 id="rates-unavailable" className="text-2xl font-bold text-ink">
        {ratesCopy.unavailableTitle}
      </h3>
      <p className="mx-auto mt-3 max-w-xl text-slate-800">{ratesCopy.unavailableText}</p>
      <div className="mt-6 flex justify-center">
        <RefreshForm
          busy={busy}
          label={ratesCopy.tryAgain}
          busyLabel={ratesCopy.tryAgain}
          variant="primary"
        />
      </div>
    </section>
  );
}
