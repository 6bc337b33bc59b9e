import { formatPercent } from "~/utils/format";

/**
 * The cryptocurrencies the site shows, in the order the product lists them. Only the four `live`
 * ones (Bitcoin, Ethereum, USDT and USDC) can be paid at checkout: they get market prices from the
 * rates service, which falls back to `fallbackRateKes`. The others are shown with indicative rates
 * for reference only. `displayRateKes` and `change24hBps` are fixed display values (decimal
 * strings / basis points).
 *
 * Binance USD (BUSD) is not listed: its issuer stopped minting it in February 2023 and Binance
 * ended support in December 2023 (issue 30, item 10).
 */

export type CryptoSymbol =
  | "BTC"
  | "ETH"
  | "USDT"
  | "USDC"
  | "BNB"
  | "XRP"
  | "ADA"
  | "SOL"
  | "DOGE"
  | "DOT"
  | "DAI"
  | "MATIC"
  | "SHIB"
  | "TRX"
  | "AVAX"
  | "LEO"
  | "LTC"
  | "XLM"
  | "BCH";

export interface Cryptocurrency {
  symbol: CryptoSymbol;
  name: string;
  /** CoinGecko id, used by the market-data client for live assets. */
  coingeckoId: string;
  /** Networks it lives on (for the four payable assets: the networks checkout accepts). */
  networks: readonly string[];
  /** Price in KES used for display (and as the fallback for live assets): a decimal string. */
  displayRateKes: string;
  /** 24h change in basis points for display: 235 = +2.35%. */
  change24hBps: number;
  description: string;
  live: boolean;
}

export const cryptocurrencies = [
  {
    symbol: "BTC",
    name: "Bitcoin",
    coingeckoId: "bitcoin",
    networks: ["Bitcoin"],
    displayRateKes: "11650000",
    change24hBps: 235,
    live: true,
    description:
      "The first and most widely held cryptocurrency: a scarce, decentralised store of value accepted worldwide.",
  },
  {
    symbol: "ETH",
    name: "Ethereum",
    coingeckoId: "ethereum",
    networks: ["Ethereum"],
    displayRateKes: "398000",
    change24hBps: 182,
    live: true,
    description:
      "The leading smart-contract platform, home to most stablecoins and decentralised finance.",
  },
  {
    symbol: "USDT",
    name: "Tether",
    coingeckoId: "tether",
    networks: ["Ethereum (ERC-20)", "Tron (TRC-20)"],
    displayRateKes: "129.20",
    change24hBps: 1,
    live: true,
    description:
      "The most traded US dollar stablecoin, popular for remittances and trade settlement across Africa.",
  },
  {
    symbol: "USDC",
    name: "USD Coin",
    coingeckoId: "usd-coin",
    networks: ["Ethereum (ERC-20)", "Base"],
    displayRateKes: "129.15",
    change24hBps: -1,
    live: true,
    description:
      "A fully reserved US dollar stablecoin with monthly attestations, favoured by businesses.",
  },
  {
    symbol: "BNB",
    name: "BNB",
    coingeckoId: "binancecoin",
    networks: ["BNB Smart Chain"],
    displayRateKes: "116400",
    change24hBps: 95,
    live: false,
    description: "The native asset of BNB Chain, used for fees and payments across its ecosystem.",
  },
  {
    symbol: "XRP",
    name: "XRP",
    coingeckoId: "ripple",
    networks: ["XRP Ledger"],
    displayRateKes: "284",
    change24hBps: -142,
    live: false,
    description: "Fast, low-cost settlement asset designed for cross-border payments.",
  },
  {
    symbol: "ADA",
    name: "Cardano",
    coingeckoId: "cardano",
    networks: ["Cardano"],
    displayRateKes: "77.50",
    change24hBps: 310,
    live: false,
    description:
      "A proof-of-stake blockchain built with a research-first approach and active in African projects.",
  },
  {
    symbol: "SOL",
    name: "Solana",
    coingeckoId: "solana",
    networks: ["Solana"],
    displayRateKes: "23250",
    change24hBps: 415,
    live: false,
    description: "A high-throughput chain with sub-second finality and very low fees.",
  },
  {
    symbol: "DOGE",
    name: "Dogecoin",
    coingeckoId: "dogecoin",
    networks: ["Dogecoin"],
    displayRateKes: "25.80",
    change24hBps: -205,
    live: false,
    description: "A widely recognised payments coin with fast blocks and a large community.",
  },
  {
    symbol: "DOT",
    name: "Polkadot",
    coingeckoId: "polkadot",
    networks: ["Polkadot"],
    displayRateKes: "516",
    change24hBps: 128,
    live: false,
    description: "A network connecting specialised blockchains into one interoperable system.",
  },
  {
    symbol: "DAI",
    name: "Dai",
    coingeckoId: "dai",
    networks: ["Ethereum (ERC-20)"],
    displayRateKes: "129.05",
    change24hBps: 2,
    live: false,
    description: "A decentralised, over-collateralised US dollar stablecoin.",
  },
  {
    symbol: "MATIC",
    name: "Polygon",
    coingeckoId: "matic-network",
    networks: ["Polygon"],
    displayRateKes: "38.70",
    change24hBps: 254,
    live: false,
    description: "The asset of the Polygon network, a low-fee Ethereum scaling platform.",
  },
  {
    symbol: "SHIB",
    name: "Shiba Inu",
    coingeckoId: "shiba-inu",
    networks: ["Ethereum (ERC-20)"],
    displayRateKes: "0.0017",
    change24hBps: -318,
    live: false,
    description: "An Ethereum token with a large retail following; accepted as a payment asset.",
  },
  {
    symbol: "TRX",
    name: "TRON",
    coingeckoId: "tron",
    networks: ["Tron"],
    displayRateKes: "36.10",
    change24hBps: 64,
    live: false,
    description: "The network behind most TRC-20 USDT transfers, known for low fees.",
  },
  {
    symbol: "AVAX",
    name: "Avalanche",
    coingeckoId: "avalanche-2",
    networks: ["Avalanche C-Chain"],
    displayRateKes: "3225",
    change24hBps: 372,
    live: false,
    description: "A fast smart-contract platform with near-instant finality.",
  },
  {
    symbol: "LEO",
    name: "UNUS SED LEO",
    coingeckoId: "leo-token",
    networks: ["Ethereum (ERC-20)"],
    displayRateKes: "1161",
    change24hBps: 18,
    live: false,
    description: "The utility token of the iFinex ecosystem.",
  },
  {
    symbol: "LTC",
    name: "Litecoin",
    coingeckoId: "litecoin",
    networks: ["Litecoin"],
    displayRateKes: "12900",
    change24hBps: -87,
    live: false,
    description:
      "One of the oldest payment-focused cryptocurrencies, with fast and cheap transfers.",
  },
  {
    symbol: "XLM",
    name: "Stellar",
    coingeckoId: "stellar",
    networks: ["Stellar"],
    displayRateKes: "38.70",
    change24hBps: 146,
    live: false,
    description:
      "A payments network built for remittances and tokenised money, including mobile-money corridors.",
  },
  {
    symbol: "BCH",
    name: "Bitcoin Cash",
    coingeckoId: "bitcoin-cash",
    networks: ["Bitcoin Cash"],
    displayRateKes: "64500",
    change24hBps: -53,
    live: false,
    description: "A Bitcoin fork with larger blocks for low-fee everyday payments.",
  },
] as const satisfies readonly Cryptocurrency[];

/** The four assets with live rates and crypto checkout. */
export const liveSymbols = ["BTC", "ETH", "USDT", "USDC"] as const;
export type LiveSymbol = (typeof liveSymbols)[number];

/** The assets a customer can pay with at checkout (live rates). */
export const payableCryptocurrencies = cryptocurrencies.filter((coin) => coin.live);

/** The assets shown with indicative rates only: they cannot be paid at checkout. */
export const indicativeCryptocurrencies = cryptocurrencies.filter((coin) => !coin.live);

/** How every page marks the two kinds. */
export const cryptoAvailability = {
  payable: "Accepted at checkout",
  indicative: "Rates shown for reference",
} as const;

export function availabilityLabel(coin: Pick<Cryptocurrency, "live">): string {
  return coin.live ? cryptoAvailability.payable : cryptoAvailability.indicative;
}

/** What people call the payable assets in a sentence: stablecoins by their symbol. */
const everydayNames: Record<LiveSymbol, string> = {
  BTC: "Bitcoin",
  ETH: "Ethereum",
  USDT: "USDT",
  USDC: "USDC",
};

/** The payable assets as people call them: ["Bitcoin", "Ethereum", "USDT", "USDC"]. */
export const payableNameList: readonly string[] = liveSymbols.map(
  (symbol) => everydayNames[symbol],
);

/** "Bitcoin, Ethereum, USDT and USDC": the payable assets in a sentence. */
export const payableNames = `${payableNameList.slice(0, -1).join(", ")} and ${payableNameList.slice(-1).join("")}`;

export function findCryptocurrency(symbol: string): Cryptocurrency | undefined {
  return cryptocurrencies.find((coin) => coin.symbol === symbol);
}

/** "+2.35%" / "-1.42%" / "0.00%" from basis points. */
export const formatChangeBps = (bps: number): string =>
  formatPercent(bps, { sign: true, fixed: true });
