/**
 * Refresh and Try Again: plain POST forms to the exchange-rates action, so they work without
 * JavaScript; with it the button reads "Updating..." while the refresh runs.
 */
import { Form } from "@remix-run/react";
import { buttonClass, type ButtonVariant } from "~/components/ui";
import { REFRESH_ACTION } from "./copy";
import { ratesMessages } from "~/i18n/catalogs/rates";
import { useMessages } from "~/i18n/use-messages";

export function RefreshForm({
  busy,
  label,
  busyLabel,
  variant = "secondary",
}: {
  busy: boolean;
  label?: string;
  busyLabel?: string;
  variant?: ButtonVariant;
}) {
  const m = useMessages(ratesMessages).copy;
  return (
    <Form method="post" action={REFRESH_ACTION} preventScrollReset>
      <button
        type="submit"
        className={buttonClass(variant)}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? (busyLabel ?? m.refreshing) : (label ?? m.refresh)}
      </button>
    </Form>
  );
}
