/**
 * The blockchain networks OneHop collects on (issue 14, item 8; docs/decisions/0031-networks.md):
 * the vocabulary of network ids, which networks each asset is accepted on and its default, each
 * network's confirmation count, display labels, token contracts and block-explorer links.
 * Isomorphic and pure: no database, no node: APIs, no server modules.
 *
 * `payments.network` stores a network id from here (migration 0014 turned the old display labels
 * into ids); show it with `networkLabel`.
 */
import type { QuoteAsset } from "~/core/payments/quote";
import { networkMessages } from "~/i18n/catalogs/networks";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";

/** The networks we accept payments on. Polygon is not one of them (ADR 0031). */
export const networkIds = ["bitcoin", "ethereum", "tron", "base"] as const;
export type NetworkId = (typeof networkIds)[number];

export function isNetworkId(value: unknown): value is NetworkId {
  return typeof value === "string" && (networkIds as readonly string[]).includes(value);
}

/**
 * Networks people name that we do not support, with the reason a caller is told. A name in
 * neither list is answered as unknown.
 */
export const unsupportedNetworks: Readonly<Record<string, string>> = {
  polygon: "Polygon is not supported (we accept USDC on Ethereum and Base)",
};

/** The kind of address a network has: how it is validated and generated. */
export type AddressFormat = "bitcoin" | "evm" | "tron";

export interface NetworkInfo {
  id: NetworkId;
  /** The network's name, e.g. "Tron". */
  name: string;
  /** How its tokens are called (the standard), e.g. "TRC-20"; null for Bitcoin. */
  tokenStandard: string | null;
  addressFormat: AddressFormat;
  /** Confirmations at which a deposit counts on this network (ADR 0031). */
  confirmations: number;
  /** EIP-155 chain id for EVM networks (EIP-681 payment URIs). */
  chainId: number | null;
  /** Block explorers: live (mainnet) and test (the testnet a custody sandbox uses). */
  explorer: { live: ExplorerUrls; test: ExplorerUrls };
}

interface ExplorerUrls {
  address: string;
  tx: string;
}

export const networks: Readonly<Record<NetworkId, NetworkInfo>> = {
  bitcoin: {
    id: "bitcoin",
    name: "Bitcoin",
    tokenStandard: null,
    addressFormat: "bitcoin",
    confirmations: 3,
    chainId: null,
    explorer: {
      live: { address: "https://mempool.space/address/", tx: "https://mempool.space/tx/" },
      test: {
        address: "https://mempool.space/testnet4/address/",
        tx: "https://mempool.space/testnet4/tx/",
      },
    },
  },
  ethereum: {
    id: "ethereum",
    name: "Ethereum",
    tokenStandard: "ERC-20",
    addressFormat: "evm",
    confirmations: 12,
    chainId: 1,
    explorer: {
      live: { address: "https://etherscan.io/address/", tx: "https://etherscan.io/tx/" },
      test: {
        address: "https://sepolia.etherscan.io/address/",
        tx: "https://sepolia.etherscan.io/tx/",
      },
    },
  },
  tron: {
    id: "tron",
    name: "Tron",
    tokenStandard: "TRC-20",
    addressFormat: "tron",
    confirmations: 19,
    chainId: null,
    explorer: {
      live: {
        address: "https://tronscan.org/#/address/",
        tx: "https://tronscan.org/#/transaction/",
      },
      test: {
        address: "https://nile.tronscan.org/#/address/",
        tx: "https://nile.tronscan.org/#/transaction/",
      },
    },
  },
  base: {
    id: "base",
    name: "Base",
    tokenStandard: "ERC-20",
    addressFormat: "evm",
    confirmations: 12,
    chainId: 8453,
    explorer: {
      live: { address: "https://basescan.org/address/", tx: "https://basescan.org/tx/" },
      test: {
        address: "https://sepolia.basescan.org/address/",
        tx: "https://sepolia.basescan.org/tx/",
      },
    },
  },
};

/**
 * The networks each asset is accepted on, the default first: the network a new payment opens on
 * when nobody chose one. USDT opens on Tron, where sending it costs cents rather than the dollars
 * an Ethereum transfer can (issue 30, item 3).
 */
export const assetNetworks: Readonly<Record<QuoteAsset, readonly [NetworkId, ...NetworkId[]]>> = {
  BTC: ["bitcoin"],
  ETH: ["ethereum"],
  USDT: ["tron", "ethereum"],
  USDC: ["ethereum", "base"],
};

/** The network an asset is paid on when nobody chose one (its only or its first network). */
export function defaultNetwork(asset: QuoteAsset): NetworkId {
  return assetNetworks[asset][0];
}

/**
 * The network a token's symbol meant before it had several (ADR 0031): Ethereum. Payments stored
 * then, address-pool rows without a network and custody asset-id overrides by symbol
 * (`USDT: "USDT_ERC20_TEST"`) keep meaning it. Settings by symbol (`CONFIRMATIONS_USDT`, a pool
 * size `live:USDT`) follow the asset's default network instead: the network its payments are on.
 */
const homeNetworks: Readonly<Record<QuoteAsset, NetworkId>> = {
  BTC: "bitcoin",
  ETH: "ethereum",
  USDT: "ethereum",
  USDC: "ethereum",
};

export function homeNetwork(asset: QuoteAsset): NetworkId {
  return homeNetworks[asset];
}

export function networksFor(asset: QuoteAsset): readonly NetworkId[] {
  return assetNetworks[asset];
}

export function assetHasNetwork(asset: QuoteAsset, network: string): network is NetworkId {
  return (assetNetworks[asset] as readonly string[]).includes(network);
}

/** More than one network: the customer (or the merchant, or the API) has a choice to make. */
export function hasNetworkChoice(asset: QuoteAsset): boolean {
  return assetNetworks[asset].length > 1;
}

/**
 * Why `network` cannot carry `asset`, naming the allowed ones; null when it can. For API and form
 * errors.
 */
export function networkRefusal(asset: QuoteAsset, network: string): string | null {
  if (assetHasNetwork(asset, network)) return null;
  const allowed = assetNetworks[asset].map((id) => `"${id}"`).join(" or ");
  const known = isNetworkId(network)
    ? `${asset} is not accepted on ${networks[network].name}`
    : (unsupportedNetworks[network] ?? `"${network}" is not a network we know`);
  return `${known}: ${asset} is paid on ${allowed}.`;
}

/** The token contracts we accept, per asset and network, with their on-chain decimals. */
export const tokenContracts: Readonly<
  Partial<Record<QuoteAsset, Partial<Record<NetworkId, { contract: string; decimals: number }>>>>
> = {
  USDT: {
    ethereum: { contract: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 },
    tron: { contract: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", decimals: 6 },
  },
  USDC: {
    ethereum: { contract: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", decimals: 6 },
    base: { contract: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", decimals: 6 },
  },
};

export function tokenContract(
  asset: QuoteAsset,
  network: NetworkId,
): { contract: string; decimals: number } | null {
  return tokenContracts[asset]?.[network] ?? null;
}

/**
 * What a person reads: "Bitcoin", "Ethereum" (for Ether), "Ethereum (ERC-20)", "Tron (TRC-20)",
 * "Base" (USDC on Base is Circle's native USDC: no bridge standard to name). Without an asset, the
 * network's name.
 */
export function networkLabel(network: NetworkId, asset?: QuoteAsset): string {
  const info = networks[network];
  if (!asset || !tokenContract(asset, network) || network === "base") return info.name;
  return `${info.name} (${info.tokenStandard})`;
}

/**
 * The label of a stored `payments.network`: a network id (or, for rows written before migration
 * 0014, the label itself, shown as it is).
 */
export function displayNetwork(stored: string, asset?: string): string {
  if (!isNetworkId(stored)) return stored;
  return networkLabel(stored, isQuoteAsset(asset) ? asset : undefined);
}

/** The stored `payments.network` as an id: ids as they are, the old labels mapped back. */
export function storedNetworkId(stored: string, asset: QuoteAsset): NetworkId {
  if (isNetworkId(stored)) return stored;
  return homeNetwork(asset);
}

function isQuoteAsset(value: unknown): value is QuoteAsset {
  return value === "BTC" || value === "ETH" || value === "USDT" || value === "USDC";
}

/** The warning every checkout shows next to the address. */
export function wrongNetworkWarning(
  network: NetworkId,
  asset?: QuoteAsset,
  locale: Locale = "en",
): string {
  return inLocale(networkMessages, locale).sendOnlyOn(networkLabel(network, asset));
}
