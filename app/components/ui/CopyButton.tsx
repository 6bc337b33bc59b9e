/**
 * Copy text that is already on the page (selectable without JavaScript): the button appears only
 * once JavaScript runs and the browser offers a clipboard, says "Copied" for two seconds, and tells
 * screen readers what happened.
 */
import { useEffect, useState } from "react";
import { uiMessages } from "~/i18n/catalogs/ui";
import { useMessages } from "~/i18n/use-messages";
import { buttonClass } from "./index";

export function CopyButton({
  text,
  label,
  copiedLabel,
  what,
  className,
}: {
  text: string;
  label: string;
  /** Default: "Copied" in the page's language. */
  copiedLabel?: string;
  /** What is copied, for screen readers: "API key", "Checkout link". */
  what: string;
  /** Replaces the secondary button style. */
  className?: string;
}) {
  const m = useMessages(uiMessages).copy;
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => setReady(Boolean(navigator.clipboard)), []);
  useEffect(() => {
    if (copied === "idle") return;
    const timer = setTimeout(() => setCopied("idle"), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!ready) return null;
  return (
    <>
      <button
        type="button"
        className={className ?? buttonClass("secondary", "shrink-0")}
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setCopied("copied"),
            () => setCopied("failed"),
          )
        }
      >
        {copied === "copied" ? (copiedLabel ?? m.copied) : label}
      </button>
      <span className="sr-only" aria-live="polite">
        {copied === "copied" ? m.done(what) : copied === "failed" ? m.failed(what) : ""}
      </span>
    </>
  );
}
