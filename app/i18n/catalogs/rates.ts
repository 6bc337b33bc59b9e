import { ratesCopy } from "~/components/rates/copy";
import { company } from "~/content/company";
import { defineMessages } from "../messages";

/**
 * The rates pages (/exchange-rates, /supported-currencies) and their components. The English of the
 * spec's fixed texts stays in app/components/rates/copy.ts (the JSON API reads it too).
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
    exchange: {
      meta: {
        title: "Exchange Rates",
        description:
          "Live Bitcoin, Ethereum, USDT and USDC prices in Kenyan shillings (KES), refreshed every 60 seconds, with the time of the last update in Nairobi time.",
      },
      eyebrow: "Live market data",
      title: "Exchange Rates",
      lead: (seconds: number) =>
        `What Bitcoin, Ethereum, USDT and USDC are worth in Kenyan shillings right now. Rates refresh every ${seconds} seconds.`,
      lastUpdated: (stamp: string) => `Last updated ${stamp}`,
      section: "Rates in Kenyan shillings",
    },
    currencies: {
      meta: {
        title: "Supported Currencies",
        description: (coins: string, count: number, minimum: string) =>
          `${coins} are accepted at OneHop checkout, with live KES rates; ${count} more are shown with indicative rates for reference. Minimum conversion ${minimum}.`,
      },
      eyebrow: "Accept crypto, settle in KES",
      title: "Supported Currencies",
      lead: (coins: string, note: string) =>
        `Your customers can pay with ${coins}, converted and settled to M-Pesa, Airtel Money, T-Kash or your bank in Kenyan shillings. ${note}`,
      viewRates: "View Live Rates",
      getStarted: "Get Started",
      acceptedIntro: (coins: string, seconds: number) =>
        `${coins}: market rates, refreshed every ${seconds} seconds.`,
      licence: company.licenceName,
      liveUpdated: (stamp: string) => `Live rates last updated ${stamp}`,
      liveUnavailable: "Live rates unavailable: fallback rates shown",
      referenceIntro: (note: string) =>
        `${note} Their rates and all 24-hour changes are indicative values.`,
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
    exchange: {
      meta: {
        title: "Viwango vya Ubadilishaji",
        description:
          "Bei za sasa za Bitcoin, Ethereum, USDT na USDC kwa shilingi za Kenya (KES), zinazosasishwa kila sekunde 60, pamoja na saa ya usasishaji wa mwisho kwa saa za Nairobi.",
      },
      eyebrow: "Bei za soko za sasa",
      title: "Viwango vya Ubadilishaji",
      lead: (seconds) =>
        `Thamani ya Bitcoin, Ethereum, USDT na USDC kwa shilingi za Kenya sasa hivi. Viwango vinasasishwa kila sekunde ${seconds}.`,
      lastUpdated: (stamp) => `Ilisasishwa mwisho ${stamp}`,
      section: "Viwango kwa shilingi za Kenya",
    },
    currencies: {
      meta: {
        title: "Sarafu Tunazokubali",
        description: (coins, count, minimum) =>
          `${coins} zinakubaliwa kwenye ukurasa wa malipo wa OneHop, kwa viwango vya sasa vya KES; nyingine ${count} zinaonyeshwa na viwango vya kulinganisha tu. Kiwango cha chini cha ubadilishaji ni ${minimum}.`,
      },
      eyebrow: "Pokea crypto, ulipwe kwa KES",
      title: "Sarafu Tunazokubali",
      lead: (coins, note) =>
        `Wateja wako wanaweza kulipa kwa ${coins}, zinazobadilishwa na kulipwa kwako kwenye M-Pesa, Airtel Money, T-Kash au benki yako kwa shilingi za Kenya. ${note}`,
      viewRates: "Tazama Viwango vya Sasa",
      getStarted: "Anza",
      acceptedIntro: (coins, seconds) =>
        `${coins}: viwango vya soko, vinavyosasishwa kila sekunde ${seconds}.`,
      licence: "Leseni ya Biashara ya Huduma za Fedha",
      liveUpdated: (stamp) => `Viwango vya sasa vilisasishwa mwisho ${stamp}`,
      liveUnavailable: "Viwango vya sasa havipatikani: tunaonyesha viwango vya akiba",
      referenceIntro: (note) =>
        `${note} Viwango vyake na mabadiliko yote ya saa 24 ni vya kulinganisha tu.`,
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
