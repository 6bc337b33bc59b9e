/**
 * "Mode: Test | Live" as radio buttons with a hint under each, for the forms that make something
 * in one mode (an API key, a webhook endpoint, a payment link). Plain radios: no JavaScript needed.
 */
import { FieldError } from "~/components/ui/form";
import { apiModeLabels } from "~/core/api/key-schema";
import { apiModes, type ApiMode } from "~/core/api/vocabulary";

export interface ModeField {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
}

export function ModeChoice({
  field,
  value,
  hints,
}: {
  field: ModeField;
  /** The mode checked at first. */
  value: ApiMode;
  /** What choosing each mode means, in the form's own words. */
  hints: Record<ApiMode, string>;
}) {
  const errors = field.errors?.length ? field.errors : undefined;
  return (
    <fieldset aria-describedby={errors ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">Mode</legend>
      <div className="mt-2 space-y-2">
        {apiModes.map((mode) => (
          <div key={mode} className="flex items-start gap-3">
            <input
              type="radio"
              id={`${field.id}-${mode}`}
              name={field.name}
              value={mode}
              defaultChecked={value === mode}
              aria-describedby={`${field.id}-${mode}-hint`}
              className="mt-1 h-4 w-4 border-slate-500 text-brand-700 focus:ring-brand-700"
            />
            <div>
              <label htmlFor={`${field.id}-${mode}`} className="text-sm text-slate-800">
                {apiModeLabels[mode]}
              </label>
              <p id={`${field.id}-${mode}-hint`} className="text-sm text-slate-600">
                {hints[mode]}
              </p>
            </div>
          </div>
        ))}
      </div>
      <FieldError meta={{ id: field.id, name: field.name, errorId: field.errorId, errors }} />
    </fieldset>
  );
}
