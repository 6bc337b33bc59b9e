/**
 * A copy button for text that is already on the page (selectable without JavaScript): rendered
 * only once JavaScript runs and the browser offers a clipboard.
 */
import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui";

export function CopyText({ text, label, what }: { text: string; label: string; what: string }) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => setReady(Boolean(navigator.clipboard)), []);
  if (!ready) return null;
  return (
    <>
      <button
        type="button"
        className={buttonClass("secondary", "shrink-0")}
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setCopied("copied"),
            () => setCopied("failed"),
          )
        }
      >
        {copied === "copied" ? "Copied" : label}
      </button>
      <span className="sr-only" aria-live="polite">
        {copied === "copied"
          ? `${what} copied`
          : copied === "failed"
            ? `Could not copy: select the ${what.toLowerCase()} and copy it`
            : ""}
      </span>
    </>
  );
}
