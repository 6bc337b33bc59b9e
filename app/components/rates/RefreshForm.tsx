/**
 * Refresh and Try Again: plain POST forms to the exchange-rates action, so they work without
 * JavaScript; with it the button reads "Updating..." while the refresh runs.
 */
import { Form } from "@remix-run/react";
import { buttonClass, type ButtonVariant } from "~/components/ui";
import { ratesCopy, REFRESH_ACTION } from "./copy";

export function RefreshForm({
  busy,
  label = ratesCopy.refresh,
  busyLabel = ratesCopy.refreshing,
  variant = "secondary",
}: {
  busy: boolean;
  label?: string;
  busyLabel?: string;
  variant?: ButtonVariant;
}) {
  return (
    <Form method="post" action={REFRESH_ACTION} preventScrollReset>
      <button
        type="submit"
        className={buttonClass(variant)}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? busyLabel : label}
      </button>
    </Form>
  );
}
