import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/form";
import type { DestinationView } from "~/core/destinations/views";
import { settingsMessages } from "~/i18n/catalogs/settings";
import { useMessages } from "~/i18n/use-messages";

/**
 * Split shares (whole percent per verified destination, adding up to 100, or all empty for "the
 * default takes everything") and failover to another verified destination when a rail is down.
 */
export function SplitRulesForm({
  destinations,
  failover,
  error,
}: {
  destinations: DestinationView[];
  failover: boolean;
  error: string | null;
}) {
  const { splits: m, rails } = useMessages(settingsMessages);
  return (
    <Form method="post" className="mt-4 space-y-4" aria-describedby="split-help">
      <p id="split-help" className="text-sm text-slate-700">
        {m.help}
      </p>
      {destinations.map((d) => (
        <div key={d.id} className="flex items-center gap-3">
          <label htmlFor={`split-${d.id}`} className="min-w-0 flex-1 text-sm text-slate-800">
            {m.shareFor(`${rails[d.rail]} ${d.address}`)}
          </label>
          <input
            id={`split-${d.id}`}
            name={`split.${d.id}`}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={3}
            defaultValue={d.splitPercent ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "split-error" : undefined}
            className="w-20 rounded-lg border border-slate-400 px-3 py-2"
          />
        </div>
      ))}
      {error ? (
        <p id="split-error" role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex items-start gap-3">
        <input
          id="failover"
          name="failover"
          type="checkbox"
          defaultChecked={failover}
          className="mt-1 h-4 w-4 rounded border-slate-500 text-brand-700 focus:ring-brand-700"
        />
        <label htmlFor="failover" className="text-sm text-slate-800">
          {m.failover}
        </label>
      </div>
      <SubmitButton name="intent" value="splits" pendingLabel={m.saving} variant="secondary">
        {m.save}
      </SubmitButton>
    </Form>
  );
}
