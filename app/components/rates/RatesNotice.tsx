/**
 * Says plainly when what is shown is not live: stale prices (with their time), fallback rates, or a
 * failed last refresh. Server-rendered, so visitors without JavaScript see it too.
 */
import type { RateKind } from "~/core/rates/types";
import { formatEatStamp } from "~/utils/format";

export interface NoticeInput {
  kinds: readonly RateKind[];
  lastUpdatedAt: number | null;
  lastRefreshFailed: boolean;
  refreshSeconds: number;
  now: number;
}

export function ratesNoticeText(input: NoticeInput): string | null {
  const stale = input.kinds.includes("stale");
  const fallback = input.kinds.includes("fallback");
  if (!stale && !fallback) return null;
  const parts: string[] = [];
  if (stale && input.lastUpdatedAt !== null) {
    parts.push(
      `Rates marked stale are the last ones we received, at ${formatEatStamp(input.lastUpdatedAt, input.now)}.`,
    );
  }
  if (fallback)
    parts.push(
      "Rates marked fallback are indicative reference values: no market price has been received for them yet.",
    );
  parts.push(
    input.lastRefreshFailed
      ? `Our market-data provider is not answering; we try again every ${input.refreshSeconds} seconds.`
      : `We refresh every ${input.refreshSeconds} seconds.`,
  );
  return parts.join(" ");
}

export function RatesNotice(props: NoticeInput) {
  const text = ratesNoticeText(props);
  if (!text) return null;
  return (
    <p
      role="status"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <strong className="font-semibold">Not live: </strong>
      {text}
    </p>
  );
}
