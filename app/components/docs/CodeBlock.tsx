/**
 * A code example: `<pre><code>` in the server HTML, readable and selectable without JavaScript.
 * Once React runs (and the browser offers a clipboard), a "Copy" button appears beside it.
 */
import { useEffect, useState } from "react";

export function CodeBlock({ code, caption }: { code: string; caption?: string }) {
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setCanCopy(typeof navigator !== "undefined" && navigator.clipboard !== undefined);
  }, []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <figure className="mt-4 overflow-hidden rounded-lg border border-slate-700 bg-slate-900">
      <figcaption className="flex min-h-9 items-center justify-between gap-4 border-b border-slate-700 px-4 py-1.5 text-xs font-semibold text-slate-100">
        <span>{caption ?? "Code"}</span>
        {canCopy ? (
          <button
            type="button"
            className="rounded px-2 py-1 font-semibold text-slate-100 ring-1 ring-slate-500 hover:bg-slate-700 focus:outline-none focus:ring-2 focus:ring-white"
            onClick={() => {
              void navigator.clipboard.writeText(code).then(() => setCopied(true));
            }}
          >
            {copied ? "Copied" : "Copy"}
            {caption ? <span className="sr-only"> {caption}</span> : null}
          </button>
        ) : null}
        <span className="sr-only" aria-live="polite">
          {copied ? "Copied to the clipboard" : ""}
        </span>
      </figcaption>
      {/* Focusable so a keyboard can scroll a long line (axe: scrollable-region-focusable). */}
      <pre tabIndex={0} className="overflow-x-auto p-4 text-sm leading-6 text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
