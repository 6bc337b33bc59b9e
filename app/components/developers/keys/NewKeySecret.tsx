/**
 * A new API key, shown once (the action's response; the server keeps only its hash): a read-only
 * field the member can select and copy without JavaScript, and a copy button with it.
 */
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui";
import type { ApiMode } from "~/core/api/vocabulary";
import { ModeBadge } from "./ApiKeyList";

export interface CreatedKey {
  name: string;
  mode: ApiMode;
  secret: string;
}

function CopyButton({ text }: { text: string }) {
  // Rendered once JavaScript runs: without it there is nothing to click, the field is selectable.
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => setReady(Boolean(navigator.clipboard)), []);
  if (!ready) return null;
  return (
    <>
      <button
        type="button"
        className={buttonClass("secondary")}
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setCopied("copied"),
            () => setCopied("failed"),
          )
        }
      >
        {copied === "copied" ? "Copied" : "Copy key"}
      </button>
      <span className="sr-only" aria-live="polite">
        {copied === "copied"
          ? "API key copied"
          : copied === "failed"
            ? "Could not copy: select the key and copy it"
            : ""}
      </span>
    </>
  );
}

export function NewKeySecret({ created }: { created: CreatedKey }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript, take the member to the key (without it the page loads with it at the top).
  useEffect(() => heading.current?.focus(), [created.secret]);
  return (
    <section
      aria-labelledby="new-key-heading"
      className="rounded-2xl border-2 border-brand-700 bg-brand-50 p-6"
    >
      <h2
        id="new-key-heading"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold text-ink focus:outline-none"
      >
        Your new API key: {created.name} <ModeBadge mode={created.mode} />
      </h2>
      <p className="mt-2 font-semibold text-ink">Copy it now: you will not see it again.</p>
      <p className="mt-1 text-slate-800">
        We keep only a fingerprint of it. If you lose it, revoke it and create another.
      </p>
      <label htmlFor="new-key-secret" className="mt-4 block text-sm font-medium text-slate-800">
        API key
      </label>
      <div className="mt-1 flex flex-wrap gap-3">
        <input
          id="new-key-secret"
          type="text"
          readOnly
          value={created.secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
          className="block min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <CopyButton text={created.secret} />
      </div>
    </section>
  );
}
