/**
 * The customer chooses the coin (issue 30, item 3; ADR 0052). A payment created in KES only (the
 * merchant's "Customer chooses", the API without `asset`) opens in OPENING_COIN on its default
 * network; until something arrives and while the quote holds, the customer may move it to any coin
 * on any of its networks, at that coin's rate then. Isomorphic and pure.
 */
import { assetNetworks, networkLabel, type NetworkId } from "~/core/networks/networks";
import { networkMessages } from "~/i18n/catalogs/networks";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import type { QuoteAsset } from "./quote";

/** The coins a payment can be made in, in the order the merchant's form and checkout list them. */
export const paymentAssets = [
  "USDT",
  "USDC",
  "BTC",
  "ETH",
] as const satisfies readonly QuoteAsset[];

/** The coin a payment made in KES only opens in: a stablecoin, on its cheap default network. */
export const OPENING_COIN: QuoteAsset = "USDT";

export interface CoinOption {
  asset: QuoteAsset;
  network: NetworkId;
}

/** Every coin on every network, each asset's default network first. */
export const coinOptions: readonly CoinOption[] = paymentAssets.flatMap((asset) =>
  assetNetworks[asset].map((network) => ({ asset, network })),
);

/** A coin option as a form value: `USDT:tron`. */
export const coinOptionValue = (option: CoinOption) => `${option.asset}:${option.network}`;

/** The option a form value names, or null for anything else (never throws). */
export function parseCoinOption(value: unknown): CoinOption | null {
  if (typeof value !== "string" || value.length > 20) return null;
  return coinOptions.find((option) => coinOptionValue(option) === value) ?? null;
}

/** What the customer reads: "USDT on Tron (TRC-20)", "BTC on Bitcoin". */
export const coinOptionLabel = (option: CoinOption, locale: Locale = "en") =>
  inLocale(networkMessages, locale).coinOn(
    option.asset,
    networkLabel(option.network, option.asset),
  );
