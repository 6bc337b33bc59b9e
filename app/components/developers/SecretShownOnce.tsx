/**
 * A secret shown once, in the action's response only (the server keeps a hash or a sealed copy):
 * an API key or a webhook signing secret. A read-only field to select and copy (without
 * JavaScript too), a copy button with it, and focus moved to it once JavaScript runs.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { CopyButton } from "~/components/ui/CopyButton";

export function SecretShownOnce({
  id,
  heading,
  explanation,
  label,
  secret,
  copyLabel,
  copiedLabel,
  warning,
  children,
}: {
  /** The field's id (and, with "-heading", the section's label). */
  id: string;
  heading: ReactNode;
  explanation: string;
  /** The field's label: "API key", "Signing secret". */
  label: string;
  secret: string;
  copyLabel: string;
  copiedLabel: string;
  /** "Copy it now: you will not see it again." */
  warning: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  // With JavaScript, take the member to the secret (without it the page loads with it at the top).
  useEffect(() => ref.current?.focus(), [secret]);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border-2 border-brand-700 bg-brand-50 p-6"
    >
      <h2
        id={`${id}-heading`}
        ref={ref}
        tabIndex={-1}
        className="text-xl font-semibold text-ink focus:outline-none"
      >
        {heading}
      </h2>
      <p className="mt-2 font-semibold text-ink">{warning}</p>
      <p className="mt-1 text-slate-800">{explanation}</p>
      {children}
      <label htmlFor={id} className="mt-4 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap gap-3">
        <input
          id={id}
          type="text"
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
          className="block min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <CopyButton text={secret} label={copyLabel} copiedLabel={copiedLabel} what={label} />
      </div>
    </section>
  );
}
