/**
 * Where the numbers come from: the market-data provider, and the FX source when KES was derived.
 */
import { ExternalLink, textLinkClass } from "~/components/ui";

export function Attribution({
  marketSource,
  derived,
  fallback,
}: {
  marketSource: string | null;
  derived: boolean;
  fallback: boolean;
}) {
  const simulated = marketSource?.endsWith("-simulator") ?? false;
  return (
    <div className="mt-8 space-y-2 text-sm text-slate-700">
      {simulated ? (
        <p>
          Market data: simulated prices from our local CoinGecko-compatible market simulator (this
          server runs in simulator mode; the prices are not real market prices).
        </p>
      ) : (
        <p>
          Market data from{" "}
          <ExternalLink href="https://www.coingecko.com/en/api" className={textLinkClass}>
            CoinGecko
          </ExternalLink>
          , a market-data provider.
        </p>
      )}
      {derived ? (
        <p>
          CoinGecko does not quote Kenyan shillings, so KES prices are calculated from the USD price
          and the USD/KES rate published by{" "}
          {simulated ? (
            "the simulated FX source"
          ) : (
            <ExternalLink href="https://www.exchangerate-api.com" className={textLinkClass}>
              ExchangeRate-API
            </ExternalLink>
          )}
          .
        </p>
      ) : null}
      {fallback ? (
        <p>Fallback rates are fixed reference values kept by OneHop, not market prices.</p>
      ) : null}
      <p>Rates are indicative. The rate for a payment is locked when the payment is created.</p>
    </div>
  );
}
