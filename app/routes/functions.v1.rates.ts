/**
 * GET /functions/v1/rates: `{ rates: { BTC, ETH, USDT, USDC }, timestamp, source, stale }` in KES
 * from the stored snapshot, plus per-asset detail (exact decimal price, live/stale/fallback,
 * derivation). 503 with a JSON error when no market rate exists at all. Cached until the next
 * refresh is due.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ratesCopy } from "~/components/rates/copy";
import { ratesApiCacheControl } from "~/core/rates/cache-control";
import { decimalToNumber } from "~/core/rates/decimal";
import { ratesService } from "~/wiring/rates.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function loader({ request }: LoaderFunctionArgs) {
  const service = ratesService();
  const view = await service.current({ fallback: true });
  const now = Date.now();
  if (view.status === "unavailable") {
    const headers = applyBaseSecurityHeaders(
      new Headers({
        "Cache-Control": "no-store",
        "Retry-After": String(Math.round(service.config.refreshIntervalMs / 1000)),
      }),
      request,
    );
    return Response.json(
      {
        error: "rates_unavailable",
        message: ratesCopy.unavailableText,
        timestamp: new Date(now).toISOString(),
      },
      { status: 503, headers },
    );
  }
  const body = {
    rates: Object.fromEntries(
      view.rates.map((rate) => [rate.symbol, decimalToNumber(rate.priceKes, 2)]),
    ),
    timestamp: iso(view.lastUpdatedAt),
    source: [...new Set(view.rates.map((rate) => rate.source))].join("+"),
    stale: view.status !== "live",
    assets: Object.fromEntries(
      view.rates.map((rate) => [
        rate.symbol,
        {
          price: rate.priceKes,
          kind: rate.kind,
          source: rate.source,
          derived: rate.derived,
          usdKes: rate.usdKes,
          asOf: iso(rate.asOf),
          fetchedAt: iso(rate.fetchedAt),
        },
      ]),
    ),
  };
  const headers = applyBaseSecurityHeaders(
    new Headers({ "Cache-Control": ratesApiCacheControl(view.lastRefresh, service.config, now) }),
    request,
  );
  return Response.json(body, { headers });
}
