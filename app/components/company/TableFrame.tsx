/**
 * A bordered, horizontally scrollable frame around a real <table>. The frame is focusable so keyboard
 * users can scroll a wide table on a small screen; it is named after the table's caption.
 */
import type { ReactNode } from "react";
import { cx } from "~/components/ui";

export function TableFrame({
  captionId,
  children,
  className,
}: {
  /** id of the table's <caption>, which names the scroll region. */
  captionId: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={cx("overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm", className)}
    >
      {children}
    </div>
  );
}

/** Shared class names so every tariff table looks the same. */
export const table = {
  table: "w-full min-w-[36rem] border-collapse text-left text-sm",
  /** For two-column tables that fit a narrow column without scrolling. */
  narrowTable: "w-full border-collapse text-left text-sm",
  caption: "px-5 pb-2 pt-4 text-left text-base font-semibold text-ink",
  headRow: "border-y border-slate-200 bg-slate-50",
  colHeader: "px-5 py-3 text-xs font-semibold uppercase tracking-wide text-slate-700",
  row: "border-b border-slate-200 last:border-b-0 align-top",
  rowHeader: "px-5 py-4 font-semibold text-ink",
  cell: "px-5 py-4 text-slate-700",
  figure: "px-5 py-4 font-semibold tabular-nums text-ink whitespace-nowrap",
} as const;
