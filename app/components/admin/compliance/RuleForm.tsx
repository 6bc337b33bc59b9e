/**
 * One monitoring rule's form (/admin/compliance/monitoring): on or off and its thresholds, saved
 * with a plain post (works without JavaScript); the server's messages under each field.
 */
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/form";
import {
  thresholdUnitLabels,
  type RuleDefinition,
  type Thresholds,
} from "~/core/compliance/monitoring/rules";

export interface RuleFormProps {
  definition: RuleDefinition;
  enabled: boolean;
  thresholds: Thresholds;
  /** Who last changed it and when (words), or null for the defaults. */
  changed: string | null;
  /** The values and messages of a refused save of this rule. */
  refused?: { values: Record<string, string>; errors: Record<string, string> };
}

export function RuleForm({ definition, enabled, thresholds, changed, refused }: RuleFormProps) {
  const id = `rule-${definition.key}`;
  const errors = refused?.errors ?? {};
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {definition.title}
      </h3>
      <p className="mt-1 max-w-3xl text-slate-700">{definition.description}</p>
      <p className="mt-1 text-sm text-slate-600">{changed ?? "Defaults, never changed."}</p>
      <Form method="post" className="mt-4 space-y-4" key={refused ? "refused" : "saved"}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="rule" value={definition.key} />
        <label className="flex items-center gap-2 font-medium text-slate-800">
          <input
            type="checkbox"
            name="enabled"
            defaultChecked={refused ? refused.values.enabled === "on" : enabled}
            className="h-5 w-5"
          />
          Rule on
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          {definition.thresholds.map((threshold) => {
            const field = `${id}-${threshold.key}`;
            const error = errors[threshold.key];
            const unit = thresholdUnitLabels[threshold.unit];
            return (
              <div key={threshold.key}>
                <label htmlFor={field} className="block text-sm font-medium text-slate-800">
                  {threshold.label}
                  {unit ? ` (${unit})` : ""}
                </label>
                <input
                  id={field}
                  name={threshold.key}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  defaultValue={refused?.values[threshold.key] ?? String(thresholds[threshold.key])}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${field}-error ${field}-hint` : `${field}-hint`}
                  className="mt-1 w-full max-w-xs rounded-lg border border-slate-400 px-3 py-2"
                />
                <p id={`${field}-hint`} className="mt-1 text-sm text-slate-600">
                  {threshold.hint}
                </p>
                {error ? (
                  <p id={`${field}-error`} className="mt-1 text-sm text-red-800" role="alert">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <SubmitButton pendingLabel="Saving…" name="rule" value={definition.key}>
          Save
        </SubmitButton>
      </Form>
    </section>
  );
}
