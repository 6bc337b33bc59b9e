/**
 * Supported currencies (/supported-currencies): the assets in the spec's order, in two lists. BTC,
 * ETH, USDT and USDC are accepted at checkout and carry rates from the rates service (live, stale
 * or fallback, and marked so); the others are shown for reference: their rates and every 24h change
 * are fixed display values from app/content/cryptocurrencies.ts (issue 30, item 10).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatEatStamp } from "~/utils/format";
import { CurrencyList, type CurrencyEntry } from "~/components/rates/CurrencyList";
import { RatesNotice } from "~/components/rates/RatesNotice";
import { Badge, ButtonLink, PageHero, Section } from "~/components/ui";
import { company } from "~/content/company";
import { claimsIn } from "~/content/claims";
import {
  cryptocurrencies,
  indicativeCryptocurrencies,
  type CryptoSymbol,
} from "~/content/cryptocurrencies";
import { coinDescription } from "~/content/cryptocurrency-descriptions";
import { cryptoLimits } from "~/content/tariff";
import { ratesPageCacheControl } from "~/core/rates/cache-control";
import { ratesMessages } from "~/i18n/catalogs/rates";
import { currenciesMessages } from "~/i18n/catalogs/supported-currencies";
import { inLocale } from "~/i18n/messages";
import { matchesLocale } from "~/i18n/match-locale";
import { requestLocale } from "~/i18n/negotiate";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { ratesService } from "~/wiring/rates.server";
import { formatKes } from "~/utils/format";
import { loaderCacheHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = requestLocale(request);
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
      description: coinDescription(coin.symbol, locale),
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

export const meta: MetaFunction = ({ matches }) => {
  const locale = matchesLocale(matches);
  const { title, description } = inLocale(currenciesMessages, locale).meta;
  return seo(matches, {
    title,
    description: description(
      claimsIn(locale).crypto.payableNames,
      indicativeCryptocurrencies.length,
      formatKes(cryptoLimits.minimum),
    ),
    path: paths.supportedCurrencies,
  });
};

export default function SupportedCurrenciesPage() {
  const view = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { copy } = useMessages(ratesMessages);
  const m = useMessages(currenciesMessages);
  const claims = claimsIn(locale);
  return (
    <>
      <PageHero
        eyebrow={m.eyebrow}
        title={m.title}
        lead={m.lead(claims.crypto.payableNames, claims.crypto.indicativeNote)}
      >
        <ButtonLink to={paths.exchangeRates}>{m.viewRates}</ButtonLink>
        <ButtonLink to={paths.getStarted} variant="secondary">
          {m.getStarted}
        </ButtonLink>
      </PageHero>

      <Section
        id="accepted"
        title={claims.crypto.availability.payable}
        intro={m.acceptedIntro(claims.crypto.payableNames, view.refreshSeconds)}
      >
        <ul className="mb-8 grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-ink sm:grid-cols-3">
          <li className="font-semibold">
            {copy.minimumConversionLabel}: {formatKes(cryptoLimits.minimum)}
          </li>
          <li>
            {m.licence}: <span className="font-semibold">{company.licenceNumber}</span>
          </li>
          <li>
            {view.lastUpdatedAt !== null ? (
              <>{m.liveUpdated(formatEatStamp(view.lastUpdatedAt, view.now, locale))}</>
            ) : (
              <Badge tone="warning">{m.liveUnavailable}</Badge>
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
        intro={m.referenceIntro(claims.crypto.indicativeNote)}
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
