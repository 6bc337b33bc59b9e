/**
 * Cryptocurrencies as cards: mark, name, symbol, KES rate, 24h change, whether checkout accepts
 * it, description. The page lists the payable and the indicative ones apart.
 */
import { CoinMark } from "~/components/ui/CoinMark";
import { Badge } from "~/components/ui";
import { claimsMessages } from "~/content/claims";
import { formatChangeBps, type CryptoSymbol } from "~/content/cryptocurrencies";
import { inLocale } from "~/i18n/messages";
import type { RateKind } from "~/core/rates/types";
import { formatKesRate } from "~/utils/format";
import { RateKindBadge } from "./RateCards";
import { ratesMessages } from "~/i18n/catalogs/rates";
import { useLocale, useMessages } from "~/i18n/use-messages";

export interface CurrencyEntry {
  symbol: CryptoSymbol;
  name: string;
  description: string;
  priceKes: string;
  /** live/stale/fallback for the four live assets; "reference" for fixed display values. */
  kind: RateKind | "reference";
  asOf: number | null;
  change24hBps: number;
}

function ChangeBadge({ bps }: { bps: number }) {
  const m = useMessages(ratesMessages).cards;
  const tone = bps > 0 ? "success" : bps < 0 ? "danger" : "neutral";
  return (
    <Badge tone={tone}>
      <span className="sr-only">{m.change} </span>
      {formatChangeBps(bps)}
      <span aria-hidden="true">&nbsp;24h</span>
    </Badge>
  );
}

export function CurrencyList({
  coins,
  now,
  label,
}: {
  coins: readonly CurrencyEntry[];
  now: number;
  label: string;
}) {
  const cryptoAvailability = inLocale(claimsMessages, useLocale()).crypto.availability;
  return (
    <ul aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {coins.map((coin) => {
        const headingId = `currency-${coin.symbol.toLowerCase()}`;
        return (
          <li
            key={coin.symbol}
            aria-labelledby={headingId}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <div className="flex items-center gap-3">
              <CoinMark symbol={coin.symbol} />
              <div className="min-w-0">
                <h3 id={headingId} className="truncate text-lg font-semibold text-ink">
                  {coin.name}
                </h3>
                <p className="text-sm text-slate-700">{coin.symbol}</p>
              </div>
            </div>
            <div className="mt-4 flex flex-wrap items-baseline justify-between gap-2">
              <p className="text-xl font-bold tabular-nums text-ink" data-rate={coin.symbol}>
                {formatKesRate(coin.priceKes)}
              </p>
              <ChangeBadge bps={coin.change24hBps} />
            </div>
            <div className="mt-2 flex flex-wrap gap-2">
              {coin.kind === "reference" ? (
                <Badge tone="info">{cryptoAvailability.indicative}</Badge>
              ) : (
                <>
                  <Badge tone="success">{cryptoAvailability.payable}</Badge>
                  <RateKindBadge rate={{ kind: coin.kind, asOf: coin.asOf }} now={now} />
                </>
              )}
            </div>
            <p className="mt-4 text-sm text-slate-700">{coin.description}</p>
          </li>
        );
      })}
    </ul>
  );
}
