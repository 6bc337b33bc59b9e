/**
 * Form primitives wired for Conform: each field renders its label, the control with the right ARIA
 * (aria-invalid, aria-describedby) and its error message. Server-rendered, so they work without JS.
 */
import { useNavigation } from "@remix-run/react";
import { Fragment, type ComponentProps, type ReactNode } from "react";
import { uiMessages } from "~/i18n/catalogs/ui";
import { useMessages } from "~/i18n/use-messages";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { buttonClass, cx, type ButtonVariant } from "./index";

export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  required?: boolean;
}

/** What the field primitives need from a Conform field (`fields.email`, …). */
export function fieldMeta(
  field: { id: string; name: string; errorId: string; errors?: string[] },
  required = true,
): FieldMeta {
  return { id: field.id, name: field.name, errorId: field.errorId, errors: field.errors, required };
}

/** A Conform list field's initial value (one string or several) as a list of strings. */
export function initialList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" ? [value] : [];
}

/** A field's errors, or undefined when there are none (what FieldError's meta expects). */
export const someErrors = (errors?: string[]) => (errors?.length ? errors : undefined);

function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null;
  return (
    <span className="text-red-700" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/** Full width on a phone, at most 36rem on a laptop (a form field never stretches to 1000 px). */
const controlClass =
  "mt-1 block w-full max-w-xl rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 aria-[invalid=true]:border-red-700";

function Label({ meta, children }: { meta: FieldMeta; children: ReactNode }) {
  return (
    <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
      {children}
      <RequiredMark required={meta.required} />
    </label>
  );
}

export function FieldError({ meta }: { meta: FieldMeta }) {
  return (
    <p id={meta.errorId} className="mt-1 min-h-0 text-sm text-red-800" aria-live="polite">
      {meta.errors?.[0] ?? null}
    </p>
  );
}

function aria(meta: FieldMeta, hintId?: string) {
  const invalid = Boolean(meta.errors?.length);
  return {
    id: meta.id,
    name: meta.name,
    required: meta.required,
    "aria-invalid": invalid || undefined,
    "aria-describedby": cx(invalid && meta.errorId, hintId) || undefined,
  };
}

export function TextField({
  meta,
  label,
  hint,
  className,
  ...input
}: { meta: FieldMeta; label: ReactNode; hint?: ReactNode } & Omit<
  ComponentProps<"input">,
  "id" | "name"
>) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <div className={className}>
      <Label meta={meta}>{label}</Label>
      <input {...input} {...aria(meta, hintId)} className={controlClass} />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError meta={meta} />
    </div>
  );
}

export function TextAreaField({
  meta,
  label,
  className,
  ...input
}: { meta: FieldMeta; label: ReactNode } & Omit<ComponentProps<"textarea">, "id" | "name">) {
  return (
    <div className={className}>
      <Label meta={meta}>{label}</Label>
      <textarea {...input} {...aria(meta)} className={controlClass} />
      <FieldError meta={meta} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  placeholder,
  options,
  groups,
  className,
  ...select
}: {
  meta: FieldMeta;
  label: ReactNode;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  /** Options in labelled groups (`<optgroup>`), after `options`; a group without a label is not
   * grouped. */
  groups?: readonly {
    label: string;
    options: readonly { value: string; label: string }[];
  }[];
} & Omit<ComponentProps<"select">, "id" | "name" | "children">) {
  const optionElements = (list: readonly { value: string; label: string }[]) =>
    list.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
  return (
    <div className={className}>
      <Label meta={meta}>{label}</Label>
      <select {...select} {...aria(meta)} className={controlClass}>
        <option value="">{placeholder}</option>
        {optionElements(options)}
        {groups?.map((group, index) =>
          group.label ? (
            <optgroup key={group.label} label={group.label}>
              {optionElements(group.options)}
            </optgroup>
          ) : (
            <Fragment key={`group-${index}`}>{optionElements(group.options)}</Fragment>
          ),
        )}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

export function CheckboxField({
  meta,
  label,
  className,
  ...input
}: { meta: FieldMeta; label: ReactNode } & Omit<ComponentProps<"input">, "id" | "name" | "type">) {
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...input}
          {...aria(meta)}
          type="checkbox"
          className="mt-1 h-4 w-4 rounded border-slate-500 text-brand-700 focus:ring-brand-700"
        />
        <label htmlFor={meta.id} className="text-sm text-slate-800">
          {label}
          <RequiredMark required={meta.required} />
        </label>
      </div>
      <FieldError meta={meta} />
    </div>
  );
}

/** A submit button that shows `pendingLabel` and is disabled while its form is submitting. */
export function SubmitButton({
  children,
  pendingLabel,
  variant = "primary",
  className,
  name,
  value,
  formAction,
}: {
  children: ReactNode;
  pendingLabel: ReactNode;
  variant?: ButtonVariant;
  className?: string;
  name?: string;
  value?: string;
  formAction?: string;
}) {
  const navigation = useNavigation();
  const mine =
    navigation.state === "submitting" &&
    (name === undefined || navigation.formData?.get(name) === value) &&
    (formAction === undefined || navigation.formAction === formAction);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      formAction={formAction}
      disabled={mine}
      aria-disabled={mine || undefined}
      className={buttonClass(variant, className)}
    >
      {mine ? pendingLabel : children}
    </button>
  );
}

/** Hidden from people, tempting to bots: any value means the post came from a bot. */
export function Honeypot({ name = HONEYPOT_FIELD }: { name?: string }) {
  const m = useMessages(uiMessages);
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`hp-${name}`}>{m.honeypot}</label>
      <input
        id={`hp-${name}`}
        type="text"
        name={name}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
