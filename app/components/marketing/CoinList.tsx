/**
 * Cryptocurrencies as a list, each with its mark (our own SVG, decorative) beside the name and
 * symbol, which are the text. The page lists the payable and the indicative ones apart.
 */
import { CoinMark } from "~/components/ui/CoinMark";
import type { Cryptocurrency } from "~/content/cryptocurrencies";

export function CoinList({ coins, label }: { coins: readonly Cryptocurrency[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {coins.map((coin) => (
        <li
          key={coin.symbol}
          className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
        >
          <CoinMark symbol={coin.symbol} />
          <span className="min-w-0">
            <span className="block truncate font-semibold text-ink">{coin.name}</span>
            <span className="block text-sm text-slate-700">{coin.symbol}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
