import { defineMessages } from "../messages";

/** /exchange-rates: the page's own words (its components' are in ./rates.ts). */
export const exchangeRatesMessages = defineMessages(
  {
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
  {
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
);
