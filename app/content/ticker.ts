/** The five market statistics of the scrolling ticker, each with its source label. */
import { defineMessages } from "~/i18n/messages";

export interface TickerStat {
  value: string;
  label: string;
  source: string;
}

/** What the statistics say, in both languages (issue 33); figures and most sources are names. */
export const tickerStatMessages = defineMessages(
  {
    stablecoinMarketCap: "Global stablecoin market cap by May 2025 (up from $5B in 2020)",
    stablecoinVolume: "Stablecoin transaction volume in 2025",
    africaStablecoinShare: "Of crypto transaction volume in Sub-Saharan Africa is stablecoins",
    kenyaAdoption: "Of Kenyan respondents adopted stablecoins (remittances 41%, low fees 85.7%)",
    africaGrowth: "Crypto adoption growth in Africa in 2025",
    yellowCardSurvey: "Yellow Card survey",
  },
  {
    stablecoinMarketCap:
      "Thamani ya soko la stablecoin duniani kufikia Mei 2025 (kutoka $5B mwaka 2020)",
    stablecoinVolume: "Kiasi cha miamala ya stablecoin mwaka 2025",
    africaStablecoinShare:
      "ya kiasi cha miamala ya crypto Afrika Kusini mwa Jangwa la Sahara ni stablecoin",
    kenyaAdoption:
      "ya Wakenya waliohojiwa wameanza kutumia stablecoin (kutuma pesa 41%, ada ndogo 85.7%)",
    africaGrowth: "Ukuaji wa matumizi ya crypto Afrika mwaka 2025",
    yellowCardSurvey: "Utafiti wa Yellow Card",
  },
);

/** The statistics in one language. */
export function tickerStatsIn(t: (typeof tickerStatMessages)["en"]): readonly TickerStat[] {
  return [
    { value: "$230B", label: t.stablecoinMarketCap, source: "DefiLlama" },
    { value: "$15.6T", label: t.stablecoinVolume, source: "Artemis Analytics" },
    { value: "43%", label: t.africaStablecoinShare, source: "Chainalysis" },
    { value: "82.4%", label: t.kenyaAdoption, source: t.yellowCardSurvey },
    { value: "19.4%", label: t.africaGrowth, source: "Chainalysis Global Adoption Index" },
  ];
}

/** The statistics in English (the ticker uses `tickerStatsIn` in the page's language). */
export const tickerStats: readonly TickerStat[] = tickerStatsIn(tickerStatMessages.en);

/** One full loop of the ticker, in seconds. */
export const tickerLoopSeconds = 30;
