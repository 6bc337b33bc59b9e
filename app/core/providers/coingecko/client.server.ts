/**
 * The live CoinGecko client (`MarketData`): `GET {base}/simple/price` with an optional demo or pro
 * API key, a timeout and a zod-validated answer. The same code talks to api.coingecko.com, the
 * recorded fixture server in the tests and the local simulator; only the base URL and key differ.
 */
import type { MarketData, MarketPrices } from "~/core/rates/types";
import { getJson, ProviderError } from "./http.server";
import { errorEnvelopeMessage, readSimplePrice, simplePriceBody } from "./simple-price";

export type CoinGeckoKeyKind = "demo" | "pro";

export interface CoinGeckoOptions {
  /** e.g. https://api.coingecko.com/api/v3 (pro: https://pro-api.coingecko.com/api/v3). */
  baseUrl: string;
  apiKey?: string;
  apiKeyKind?: CoinGeckoKeyKind;
  timeoutMs: number;
  /** Source id stored with snapshots. Default "coingecko". */
  source?: string;
}

export const COINGECKO_PUBLIC_BASE_URL = "https://api.coingecko.com/api/v3";
export const COINGECKO_PRO_BASE_URL = "https://pro-api.coingecko.com/api/v3";

/** Vs currencies we ask for: KES when CoinGecko has it, USD to derive KES when it does not. */
export const VS_CURRENCIES = ["usd", "kes"] as const;

function endpoint(baseUrl: string, path: string): URL {
  return new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
}

export function createCoinGeckoClient(options: CoinGeckoOptions): MarketData {
  const label = "CoinGecko";
  const headers: Record<string, string> = {};
  if (options.apiKey) {
    headers[options.apiKeyKind === "pro" ? "x-cg-pro-api-key" : "x-cg-demo-api-key"] =
      options.apiKey;
  }
  return {
    source: options.source ?? "coingecko",
    async fetchPrices(ids: readonly string[]): Promise<MarketPrices> {
      const url = endpoint(options.baseUrl, "simple/price");
      url.searchParams.set("ids", ids.join(","));
      url.searchParams.set("vs_currencies", VS_CURRENCIES.join(","));
      url.searchParams.set("include_last_updated_at", "true");
      url.searchParams.set("precision", "full");
      const body = await getJson(url, { label, timeoutMs: options.timeoutMs, headers });
      const envelope = errorEnvelopeMessage(body);
      if (envelope)
        throw new ProviderError("http", `${label} answered with an error (${envelope})`);
      const parsed = simplePriceBody.safeParse(body);
      if (!parsed.success) {
        throw new ProviderError(
          "invalid_response",
          `${label} sent JSON that is not a /simple/price object`,
        );
      }
      return readSimplePrice(parsed.data, ids);
    },
  };
}
