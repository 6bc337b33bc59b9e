import { ratesCopy } from "~/components/rates/copy";
import { defineMessages } from "../messages";

/**
 * The rates pages' shared components (cards, notices, refresh, attribution). Each page's own
 * words are in ./exchange-rates.ts and ./supported-currencies.ts, so neither page carries the
 * other's. The English of the spec's fixed texts stays in app/components/rates/copy.ts (the JSON
 * API reads it too).
 */
export const ratesMessages = defineMessages(
  {
    copy: {
      refresh: ratesCopy.refresh,
      refreshing: ratesCopy.refreshing,
      unavailableTitle: ratesCopy.unavailableTitle,
      unavailableText: ratesCopy.unavailableText,
      tryAgain: ratesCopy.tryAgain,
      failureToast: {
        message: ratesCopy.failureToast.message,
        description: ratesCopy.failureToast.description,
      },
      minimumConversionLabel: ratesCopy.minimumConversionLabel,
    },
    cards: {
      live: "Live",
      stale: (stamp: string) => `Stale: as of ${stamp}`,
      unknown: "unknown",
      fallback: "Fallback rate",
      perCoin: (symbol: string) => `per 1 ${symbol}`,
      list: "Exchange rates in Kenyan shillings",
      loading: "Loading exchange rates",
      change: "24h change",
    },
    notice: {
      notLive: "Not live:",
      stale: (stamp: string) => `Rates marked stale are the last ones we received, at ${stamp}.`,
      fallback:
        "Rates marked fallback are indicative reference values: no market price has been received for them yet.",
      failing: (seconds: number) =>
        `Our market-data provider is not answering; we try again every ${seconds} seconds.`,
      refresh: (seconds: number) => `We refresh every ${seconds} seconds.`,
    },
    attribution: {
      simulated:
        "Market data: simulated prices from our local CoinGecko-compatible market simulator (this server runs in simulator mode; the prices are not real market prices).",
      from: "Market data from",
      provider: ", a market-data provider.",
      derived:
        "CoinGecko does not quote Kenyan shillings, so KES prices are calculated from the USD price and the USD/KES rate published by",
      simulatedFx: "the simulated FX source",
      fallback: "Fallback rates are fixed reference values kept by OneHop, not market prices.",
      indicative:
        "Rates are indicative. The rate for a payment is locked when the payment is created.",
    },
  },
  {
    copy: {
      refresh: "Sasisha",
      refreshing: "Inasasisha...",
      unavailableTitle: "Huduma Haipatikani",
      unavailableText:
        "Kwa sasa hatuwezi kupata viwango vya ubadilishaji. Tafadhali jaribu tena baadaye.",
      tryAgain: "Jaribu Tena",
      failureToast: {
        message: "Imeshindikana kupata viwango",
        description: "Tuna tatizo la mtandao. Tunajaribu tena...",
      },
      minimumConversionLabel: "Kiwango cha chini cha ubadilishaji",
    },
    cards: {
      live: "Sasa",
      stale: (stamp) => `Cha zamani: cha ${stamp}`,
      unknown: "haijulikani",
      fallback: "Kiwango cha akiba",
      perCoin: (symbol) => `kwa 1 ${symbol}`,
      list: "Viwango vya ubadilishaji kwa shilingi za Kenya",
      loading: "Viwango vya ubadilishaji vinapakiwa",
      change: "Mabadiliko ya saa 24",
    },
    notice: {
      notLive: "Si vya sasa:",
      stale: (stamp) =>
        `Viwango vilivyoandikwa "cha zamani" ni vya mwisho tulivyopokea, saa ${stamp}.`,
      fallback:
        'Viwango vilivyoandikwa "akiba" ni vya kulinganisha tu: bado hatujapokea bei ya soko kwa sarafu hizo.',
      failing: (seconds) =>
        `Mtoa huduma wetu wa bei za soko hajibu; tunajaribu tena kila sekunde ${seconds}.`,
      refresh: (seconds) => `Tunasasisha kila sekunde ${seconds}.`,
    },
    attribution: {
      simulated:
        "Bei za soko: bei za mfano kutoka kwa kiigaji chetu cha soko kinachofanana na CoinGecko (seva hii inaendeshwa kwa hali ya kiigaji; bei hizi si bei halisi za soko).",
      from: "Bei za soko kutoka",
      provider: ", mtoa huduma wa bei za soko.",
      derived:
        "CoinGecko haitoi bei kwa shilingi za Kenya, kwa hiyo bei za KES zinahesabiwa kutoka bei ya USD na kiwango cha USD/KES kinachochapishwa na",
      simulatedFx: "chanzo cha mfano cha viwango vya fedha za kigeni",
      fallback:
        "Viwango vya akiba ni viwango vya kulinganisha vilivyowekwa na OneHop, si bei za soko.",
      indicative:
        "Viwango hivi ni vya kukadiria. Kiwango cha malipo kinafungwa malipo yanapoundwa.",
    },
  },
);
