import type { CSSProperties } from "react";
import { tickerLoopSeconds, tickerStats, type TickerStat } from "~/content/ticker";

function StatList({ copy }: { copy?: boolean }) {
  return (
    <ul
      className={copy ? "ticker-copy flex shrink-0" : "flex shrink-0 flex-wrap"}
      aria-hidden={copy ? true : undefined}
    >
      {tickerStats.map((stat: TickerStat) => (
        <li
          key={stat.value}
          className="flex items-baseline gap-2 whitespace-nowrap px-6 py-3 text-sm"
        >
          <strong className="font-bold text-brand-200">{stat.value}</strong>
          <span className="text-slate-100">{stat.label}</span>
          <span className="text-xs text-slate-300">Source: {stat.source}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The market-statistics ticker: a CSS loop (no JavaScript). Screen readers read the list once (the
 * second copy that makes the loop seamless is aria-hidden); it pauses on hover, focus or with the
 * Pause checkbox, and stands still for prefers-reduced-motion.
 */
export function Ticker() {
  return (
    <section aria-labelledby="ticker-title" className="ticker relative bg-ink">
      <h2 id="ticker-title" className="sr-only">
        Market statistics
      </h2>
      <input id="ticker-pause" type="checkbox" className="ticker-pause peer sr-only" />
      <label
        htmlFor="ticker-pause"
        className="absolute right-2 top-1/2 z-10 -translate-y-1/2 cursor-pointer rounded bg-slate-700 px-2 py-1 text-xs font-semibold text-white peer-checked:bg-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-white"
      >
        Pause ticker
      </label>
      <div className="ticker-viewport overflow-hidden pr-28">
        <div
          className="ticker-track flex w-max"
          style={{ "--ticker-duration": `${tickerLoopSeconds}s` } as CSSProperties}
        >
          <StatList />
          <StatList copy />
        </div>
      </div>
    </section>
  );
}
