/** The four rate cards, and the skeleton of four cards shown while rates load on the client. */
import { keepTogether } from "~/components/ui/keep-together";
import { CoinMark } from "~/components/ui/CoinMark";
import { Badge } from "~/components/ui";
import type { Rate } from "~/core/rates/types";
import { formatEatStamp, formatKesRate } from "~/utils/format";
import { ratesMessages } from "~/i18n/catalogs/rates";
import { useLocale, useMessages } from "~/i18n/use-messages";

export type RateCardData = Pick<Rate, "symbol" | "name" | "priceKes" | "kind" | "asOf">;

export function RateKindBadge({ rate, now }: { rate: Pick<Rate, "kind" | "asOf">; now: number }) {
  const locale = useLocale();
  const m = useMessages(ratesMessages).cards;
  if (rate.kind === "live") return <Badge tone="success">{m.live}</Badge>;
  if (rate.kind === "stale") {
    return (
      <Badge tone="warning">
        {m.stale(rate.asOf === null ? m.unknown : formatEatStamp(rate.asOf, now, locale))}
      </Badge>
    );
  }
  return <Badge tone="neutral">{m.fallback}</Badge>;
}

function RateCard({ rate, now }: { rate: RateCardData; now: number }) {
  const headingId = `rate-${rate.symbol.toLowerCase()}`;
  const m = useMessages(ratesMessages).cards;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <CoinMark symbol={rate.symbol} />
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-ink">
            {rate.name}
          </h3>
          <p className="text-sm text-slate-700">{rate.symbol}</p>
        </div>
      </div>
      {/* One line (keepTogether), so four cards across a laptop take the smaller size. */}
      <p
        className="mt-5 text-2xl font-bold tabular-nums text-ink sm:text-3xl lg:text-lg"
        data-rate={rate.symbol}
      >
        {keepTogether(formatKesRate(rate.priceKes))}
      </p>
      <p className="text-sm text-slate-700">{m.perCoin(rate.symbol)}</p>
      <div className="mt-4">
        <RateKindBadge rate={rate} now={now} />
      </div>
    </li>
  );
}

export function RateCards({ rates, now }: { rates: readonly RateCardData[]; now: number }) {
  const m = useMessages(ratesMessages).cards;
  return (
    <ul aria-label={m.list} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {rates.map((rate) => (
        <RateCard key={rate.symbol} rate={rate} now={now} />
      ))}
    </ul>
  );
}

export function RatesSkeleton() {
  const m = useMessages(ratesMessages).cards;
  return (
    <ul
      aria-label={m.loading}
      aria-busy="true"
      className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
    >
      {[0, 1, 2, 3].map((index) => (
        <li
          key={index}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          data-skeleton=""
        >
          <div className="flex animate-pulse items-center gap-3 motion-reduce:animate-none">
            <span className="h-10 w-10 rounded-full bg-slate-200" />
            <span className="h-5 w-24 rounded bg-slate-200" />
          </div>
          <span className="mt-6 block h-8 w-40 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
          <span className="mt-3 block h-4 w-20 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
        </li>
      ))}
    </ul>
  );
}
