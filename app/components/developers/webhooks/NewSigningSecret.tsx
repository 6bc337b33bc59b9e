/**
 * A webhook signing secret, shown once (in the action's response only; the server keeps it
 * sealed): a read-only field to select and copy, without JavaScript too.
 */
import { useEffect, useRef } from "react";

export function NewSigningSecret({
  secret,
  heading,
  children,
}: {
  secret: string;
  heading: string;
  children?: React.ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), [secret]);
  return (
    <section
      aria-labelledby="new-secret-heading"
      className="rounded-2xl border-2 border-brand-700 bg-brand-50 p-6"
    >
      <h2
        id="new-secret-heading"
        ref={ref}
        tabIndex={-1}
        className="text-xl font-semibold text-ink focus:outline-none"
      >
        {heading}
      </h2>
      <p className="mt-2 font-semibold text-ink">Copy it now: you will not see it again.</p>
      <p className="mt-1 text-slate-800">
        Your server checks the OneHop-Signature header of every webhook with it.
      </p>
      {children}
      <label htmlFor="new-signing-secret" className="mt-4 block text-sm font-medium text-slate-800">
        Signing secret
      </label>
      <input
        id="new-signing-secret"
        type="text"
        readOnly
        value={secret}
        spellCheck={false}
        autoComplete="off"
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
      />
    </section>
  );
}
