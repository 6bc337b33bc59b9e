/** The five market statistics of the scrolling ticker, each with its source label. */
export interface TickerStat {
  value: string;
  label: string;
  source: string;
}

export const tickerStats: readonly TickerStat[] = [
  {
    value: "$230B",
    label: "Global stablecoin market cap by May 2025 (up from $5B in 2020)",
    source: "DefiLlama",
  },
  { value: "$15.6T", label: "Stablecoin transaction volume in 2025", source: "Artemis Analytics" },
  {
    value: "43%",
    label: "Of crypto transaction volume in Sub-Saharan Africa is stablecoins",
    source: "Chainalysis",
  },
  {
    value: "82.4%",
    label: "Of Kenyan respondents adopted stablecoins (remittances 41%, low fees 85.7%)",
    source: "Yellow Card survey",
  },
  {
    value: "19.4%",
    label: "Crypto adoption growth in Africa in 2025",
    source: "Chainalysis Global Adoption Index",
  },
];

/** One full loop of the ticker, in seconds. */
export const tickerLoopSeconds = 30;
