/**
 * Supported currencies (/supported-currencies): the assets in the spec's order, in two lists. BTC,
 * ETH, USDT and USDC are accepted at checkout and carry rates from the rates service (live, stale
 * or fallback, and marked so); the others are shown for reference: their rates and every 24h change
 * are fixed display values from app/content/cryptocurrencies.ts (issue 30, item 10).
 */
import { data, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatEatStamp } from "~/utils/format";
import { CurrencyList, type CurrencyEntry } from "~/components/rates/CurrencyList";
import { RatesNotice } from "~/components/rates/RatesNotice";
import { ratesCopy } from "~/components/rates/copy";
import { Badge, ButtonLink, PageHero, Section } from "~/components/ui";
import { company } from "~/content/company";
import { claims } from "~/content/claims";
import {
  cryptocurrencies,
  indicativeCryptocurrencies,
  type CryptoSymbol,
} from "~/content/cryptocurrencies";
import { cryptoLimits } from "~/content/tariff";
import { ratesPageCacheControl } from "~/core/rates/cache-control";
import { ratesService } from "~/wiring/rates.server";
import { formatKes } from "~/utils/format";
import { loaderCacheHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { seo } from "~/utils/seo";

export async function loader() {
  const service = ratesService();
  const view = await service.current({ fallback: true });
  const now = Date.now();
  const rates = new Map(view.rates.map((rate) => [rate.symbol as CryptoSymbol, rate]));
  const coins: (CurrencyEntry & { live: boolean })[] = cryptocurrencies.map((coin) => {
    const rate = rates.get(coin.symbol);
    return {
      symbol: coin.symbol,
      live: coin.live,
      name: coin.name,
      description: coin.description,
      priceKes: rate?.priceKes ?? coin.displayRateKes,
      kind: rate?.kind ?? "reference",
      asOf: rate?.asOf ?? null,
      change24hBps: coin.change24hBps,
    };
  });
  return data(
    {
      coins,
      liveKinds: view.rates.map((rate) => rate.kind),
      lastUpdatedAt: view.lastUpdatedAt,
      lastRefreshFailed: view.lastRefresh?.outcome === "failed",
      refreshSeconds: Math.round(service.config.refreshIntervalMs / 1000),
      now,
    },
    { headers: { "Cache-Control": ratesPageCacheControl(view.lastRefresh, service.config, now) } },
  );
}

export const headers = loaderCacheHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Supported Currencies",
    description: `${claims.crypto.payableNames} are accepted at OneHop checkout, with live KES rates; ${indicativeCryptocurrencies.length} more are shown with indicative rates for reference. Minimum conversion ${formatKes(cryptoLimits.minimum)}.`,
    path: paths.supportedCurrencies,
  });

export default function SupportedCurrenciesPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Accept crypto, settle in KES"
        title="Supported Currencies"
        lead={`Your customers can pay with ${claims.crypto.payableNames}, converted and settled to M-Pesa, Airtel Money, T-Kash or your bank in Kenyan shillings. ${claims.crypto.indicativeNote}`}
      >
        <ButtonLink to={paths.exchangeRates}>View Live Rates</ButtonLink>
        <ButtonLink to={paths.getStarted} variant="secondary">
          Get Started
        </ButtonLink>
      </PageHero>

      <Section
        id="accepted"
        title={claims.crypto.availability.payable}
        intro={`${claims.crypto.payableNames}: market rates, refreshed every ${view.refreshSeconds} seconds.`}
      >
        <ul className="mb-8 grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-ink sm:grid-cols-3">
          <li className="font-semibold">
            {ratesCopy.minimumConversionLabel}: {formatKes(cryptoLimits.minimum)}
          </li>
          <li>
            {company.licenceName}: <span className="font-semibold">{company.licenceNumber}</span>
          </li>
          <li>
            {view.lastUpdatedAt !== null ? (
              <>Live rates last updated {formatEatStamp(view.lastUpdatedAt, view.now)}</>
            ) : (
              <Badge tone="warning">Live rates unavailable: fallback rates shown</Badge>
            )}
          </li>
        </ul>
        <RatesNotice
          kinds={view.liveKinds}
          lastUpdatedAt={view.lastUpdatedAt}
          lastRefreshFailed={view.lastRefreshFailed}
          refreshSeconds={view.refreshSeconds}
          now={view.now}
        />
        <CurrencyList
          coins={view.coins.filter((coin) => coin.live)}
          now={view.now}
          label={claims.crypto.availability.payable}
        />
      </Section>
      <Section
        id="reference"
        title={claims.crypto.availability.indicative}
        intro={`${claims.crypto.indicativeNote} Their rates and all 24-hour changes are indicative values.`}
        tone="muted"
      >
        <CurrencyList
          coins={view.coins.filter((coin) => !coin.live)}
          now={view.now}
          label={claims.crypto.availability.indicative}
        />
      </Section>
    </>
  );
}
