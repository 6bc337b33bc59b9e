/**
 * A copy button for the checkout, driven by public/checkout.js: rendered hidden (no JavaScript, no
 * button; the text stays selectable), shown by the script, which copies the text of the element
 * `target` names.
 */
export function CopyButton({
  target,
  label,
  copied,
}: {
  target: string;
  label: string;
  /** What the button says once copied, in the page's language. */
  copied: string;
}) {
  return (
    <button
      type="button"
      hidden
      data-copy={target}
      data-copied={copied}
      aria-controls={target}
      className="shrink-0 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-brand-700 hover:bg-brand-50"
    >
      {label}
    </button>
  );
}
