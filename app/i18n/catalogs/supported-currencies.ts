import { company } from "~/content/company";
import { defineMessages } from "../messages";

/** /supported-currencies: the page's own words (its components' are in ./rates.ts). */
export const currenciesMessages = defineMessages(
  {
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
  {
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
);
