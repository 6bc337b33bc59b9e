/**
 * A code example: `<pre><code>` in the server HTML, readable and selectable without JavaScript.
 * Once React runs (and the browser offers a clipboard), a "Copy" button appears beside it.
 */
import { CopyButton } from "~/components/ui/CopyButton";

export function CodeBlock({ code, caption }: { code: string; caption?: string }) {
  return (
    <figure className="mt-4 overflow-hidden rounded-lg border border-slate-700 bg-slate-900">
      <figcaption className="flex min-h-9 items-center justify-between gap-4 border-b border-slate-700 px-4 py-1.5 text-xs font-semibold text-slate-100">
        <span>{caption ?? "Code"}</span>
        <CopyButton
          text={code}
          label="Copy"
          what={caption ?? "Code"}
          className="rounded px-2 py-1 font-semibold text-slate-100 ring-1 ring-slate-500 hover:bg-slate-700 focus:outline-none focus:ring-2 focus:ring-white"
        />
      </figcaption>
      {/* Focusable so a keyboard can scroll a long line (axe: scrollable-region-focusable). */}
      <pre tabIndex={0} className="overflow-x-auto p-4 text-sm leading-6 text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
