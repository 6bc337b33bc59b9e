/**
 * Says plainly when what is shown is not live: stale prices (with their time), fallback rates, or a
 * failed last refresh. Server-rendered, so visitors without JavaScript see it too.
 */
import type { RateKind } from "~/core/rates/types";
import { formatEatStamp } from "~/utils/format";
import { ratesMessages } from "~/i18n/catalogs/rates";
import { useLocale, useMessages } from "~/i18n/use-messages";
import type { Locale } from "~/i18n/locales";
import type { Translation } from "~/i18n/messages";

export interface NoticeInput {
  kinds: readonly RateKind[];
  lastUpdatedAt: number | null;
  lastRefreshFailed: boolean;
  refreshSeconds: number;
  now: number;
}

type NoticeWords = Translation<(typeof ratesMessages)["en"]>["notice"];

/** The notice in words (English unless the page's words and language are given). */
export function ratesNoticeText(
  input: NoticeInput,
  m: NoticeWords = ratesMessages.en.notice,
  locale: Locale = "en",
): string | null {
  const stale = input.kinds.includes("stale");
  const fallback = input.kinds.includes("fallback");
  if (!stale && !fallback) return null;
  const parts: string[] = [];
  if (stale && input.lastUpdatedAt !== null) {
    parts.push(m.stale(formatEatStamp(input.lastUpdatedAt, input.now, locale)));
  }
  if (fallback) parts.push(m.fallback);
  parts.push(
    input.lastRefreshFailed ? m.failing(input.refreshSeconds) : m.refresh(input.refreshSeconds),
  );
  return parts.join(" ");
}

export function RatesNotice(props: NoticeInput) {
  const locale = useLocale();
  const m = useMessages(ratesMessages).notice;
  const text = ratesNoticeText(props, m, locale);
  if (!text) return null;
  return (
    <p
      role="status"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <strong className="font-semibold">{m.notLive} </strong>
      {text}
    </p>
  );
}
