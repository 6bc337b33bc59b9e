/**
 * Where the numbers come from: the market-data provider, and the FX source when KES was derived.
 */
import { ExternalLink, textLinkClass } from "~/components/ui";
import { ratesMessages } from "~/i18n/catalogs/rates";
import { useMessages } from "~/i18n/use-messages";

export function Attribution({
  marketSource,
  derived,
  fallback,
}: {
  marketSource: string | null;
  derived: boolean;
  fallback: boolean;
}) {
  const m = useMessages(ratesMessages).attribution;
  const simulated = marketSource?.endsWith("-simulator") ?? false;
  return (
    <div className="mt-8 space-y-2 text-sm text-slate-700">
      {simulated ? (
        <p>{m.simulated}</p>
      ) : (
        <p>
          {m.from}{" "}
          <ExternalLink href="https://www.coingecko.com/en/api" className={textLinkClass}>
            CoinGecko
          </ExternalLink>
          {m.provider}
        </p>
      )}
      {derived ? (
        <p>
          {m.derived}{" "}
          {simulated ? (
            m.simulatedFx
          ) : (
            <ExternalLink href="https://www.exchangerate-api.com" className={textLinkClass}>
              ExchangeRate-API
            </ExternalLink>
          )}
          .
        </p>
      ) : null}
      {fallback ? <p>{m.fallback}</p> : null}
      <p>{m.indicative}</p>
    </div>
  );
}
