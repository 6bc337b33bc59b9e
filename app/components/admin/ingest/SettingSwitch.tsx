import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { cx } from "~/components/ui";

/**
 * A stored on/off setting as a switch. It is a submit button in a POST form, so it works without
 * JavaScript; with it, the switch shows the new position while the request is on its way.
 */
export function SettingSwitch({
  intent,
  label,
  checked,
  description,
}: {
  intent: string;
  label: string;
  checked: boolean;
  description: ReactNode;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const shown = pending ? navigation.formData?.get("enabled") === "on" : checked;
  const descriptionId = `${intent}-description`;
  return (
    <Form method="post" preventScrollReset className="flex items-start gap-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="enabled" value={checked ? "off" : "on"} />
      <button
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-describedby={descriptionId}
        disabled={pending}
        className={cx(
          "relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-offset-2",
          shown ? "bg-brand-700" : "bg-slate-400",
        )}
      >
        <span className="sr-only">{label}</span>
        <span
          aria-hidden="true"
          className={cx(
            "inline-block h-5 w-5 rounded-full bg-white shadow transition-transform",
            shown ? "translate-x-6" : "translate-x-1",
          )}
        />
      </button>
      <div>
        <p className="font-semibold text-ink">
          {label}: {shown ? "On" : "Off"}
        </p>
        <p id={descriptionId} className="text-sm text-slate-700">
          {description}
        </p>
      </div>
    </Form>
  );
}
