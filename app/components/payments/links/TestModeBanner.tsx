import { paymentLinkMessages } from "~/i18n/catalogs/payment-link";
import { useMessages } from "~/i18n/use-messages";

/** Shown on a test-mode link's page: nothing paid there is real money. */
export function TestModeBanner() {
  const m = useMessages(paymentLinkMessages).testMode;
  return (
    <p
      role="note"
      className="mb-6 rounded-xl border-2 border-amber-500 bg-amber-50 px-4 py-3 font-medium text-amber-950"
    >
      <strong className="font-bold">{m.title}</strong> {m.body}
    </p>
  );
}
