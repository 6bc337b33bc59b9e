/**
 * The supported cryptocurrencies as a list, each with our own simple mark: a coloured circle with
 * the symbol's first letter. The mark is decorative; the name and symbol are the text.
 */
import type { Cryptocurrency } from "~/content/cryptocurrencies";

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const value = hex.replace("#", "");
  const channels = [0, 2, 4].map((start) => parseInt(value.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of white text on the colour. */
export function whiteContrast(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/** White letters where they reach AA (4.5:1), otherwise dark ink letters. */
function markTextColor(hex: string): string {
  return whiteContrast(hex) >= 4.5 ? "#ffffff" : "#0f172a";
}

export function CoinMark({ coin }: { coin: Pick<Cryptocurrency, "symbol" | "color"> }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-base font-bold"
      style={{ backgroundColor: coin.color, color: markTextColor(coin.color) }}
    >
      {coin.symbol.charAt(0)}
    </span>
  );
}

export function CoinList({ coins, label }: { coins: readonly Cryptocurrency[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {coins.map((coin) => (
        <li
          key={coin.symbol}
          className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
        >
          <CoinMark coin={coin} />
          <span className="min-w-0">
            <span className="block truncate font-semibold text-ink">{coin.name}</span>
            <span className="block text-sm text-slate-700">
              {coin.symbol}
              {coin.live ? (
                <span className="ml-2 font-medium text-brand-800">Live rates</span>
              ) : null}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
