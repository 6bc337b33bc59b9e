import { useEffect, useState, type CSSProperties } from "react";
import { cx } from "~/components/ui";
import { tickerLoopSeconds, tickerStatMessages, tickerStatsIn } from "~/content/ticker";
import { tickerMessages } from "~/i18n/catalogs/shell";
import { useMessages } from "~/i18n/use-messages";

function StatList({ copy }: { copy?: boolean }) {
  const m = useMessages(tickerMessages);
  const tickerStats = tickerStatsIn(useMessages(tickerStatMessages));
  return (
    <ul
      className={copy ? "ticker-copy flex shrink-0" : "flex shrink-0 flex-wrap"}
      aria-hidden={copy ? true : undefined}
    >
      {tickerStats.map((stat) => (
        <li
          key={stat.value}
          className="flex items-baseline gap-2 whitespace-nowrap px-6 py-3 text-sm"
        >
          <strong className="font-bold text-brand-200">{stat.value}</strong>
          <span className="text-slate-100">{stat.label}</span>
          <span className="text-xs text-slate-300">{m.source(stat.source)}</span>
        </li>
      ))}
    </ul>
  );
}

const controlClass =
  "ticker-control shrink-0 cursor-pointer whitespace-nowrap rounded px-2 py-1 text-xs font-semibold text-white";

/**
 * The market-statistics ticker: a CSS loop. Screen readers read the list once (the second copy that
 * makes the loop seamless is aria-hidden). It pauses while the pointer is over the statistics, and
 * stands still (no control shown) for prefers-reduced-motion. The control sits beside the
 * statistics, never over them. Without JavaScript it is a "Pause ticker" checkbox (CSS pauses the
 * loop while it is ticked); once hydrated it becomes a button that says what it will do: "Pause
 * ticker" or "Play ticker".
 */
export function Ticker() {
  const m = useMessages(tickerMessages);
  const [hydrated, setHydrated] = useState(false);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    // Keep a choice made with the checkbox before the page hydrated.
    const checkbox = document.getElementById("ticker-pause");
    if (checkbox instanceof HTMLInputElement && checkbox.checked) setPaused(true);
    setHydrated(true);
  }, []);
  return (
    <section
      aria-labelledby="ticker-title"
      className="ticker relative flex items-center gap-2 bg-ink pr-2"
      data-paused={paused ? "" : undefined}
    >
      <h2 id="ticker-title" className="sr-only">
        {m.title}
      </h2>
      {hydrated ? null : (
        <input id="ticker-pause" type="checkbox" className="ticker-pause peer sr-only" />
      )}
      <div className="ticker-viewport min-w-0 flex-1 overflow-hidden">
        <div
          className="ticker-track flex w-max"
          style={{ "--ticker-duration": `${tickerLoopSeconds}s` } as CSSProperties}
        >
          <StatList />
          <StatList copy />
        </div>
      </div>
      {hydrated ? (
        <button
          type="button"
          className={cx(
            controlClass,
            paused ? "bg-brand-800" : "bg-slate-700",
            "focus-visible:outline-white",
          )}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? m.play : m.pause}
        </button>
      ) : (
        <label
          htmlFor="ticker-pause"
          className={cx(
            controlClass,
            "bg-slate-700 peer-checked:bg-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-white",
          )}
        >
          {m.pause}
        </label>
      )}
    </section>
  );
}
