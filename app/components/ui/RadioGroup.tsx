/**
 * One choice among a few, as radio buttons with a hint under each (a payout schedule, a key's
 * mode). Plain radios in a fieldset: no JavaScript needed; the error of the field under them.
 */
import { FieldError } from "./form";

export function RadioGroup<T extends string>({
  field,
  legend,
  values,
  labels,
  hints,
  checked,
}: {
  field: { id: string; name: string; errorId: string; errors?: string[] };
  legend: string;
  values: readonly T[];
  labels: Record<T, string>;
  hints: Record<T, string>;
  checked: T;
}) {
  const errors = field.errors?.length ? field.errors : undefined;
  return (
    <fieldset aria-describedby={errors ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 space-y-2">
        {values.map((value) => (
          <div key={value} className="flex items-start gap-3">
            <input
              type="radio"
              id={`${field.id}-${value}`}
              name={field.name}
              value={value}
              defaultChecked={checked === value}
              aria-describedby={`${field.id}-${value}-hint`}
              className="mt-1 h-4 w-4 border-slate-500 text-brand-700 focus:ring-brand-700"
            />
            <div>
              <label htmlFor={`${field.id}-${value}`} className="text-sm text-slate-800">
                {labels[value]}
              </label>
              <p id={`${field.id}-${value}-hint`} className="text-sm text-slate-600">
                {hints[value]}
              </p>
            </div>
          </div>
        ))}
      </div>
      <FieldError meta={{ id: field.id, name: field.name, errorId: field.errorId, errors }} />
    </fieldset>
  );
}
