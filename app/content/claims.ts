/**
 * Claims the site makes in more than one place, stated once (issue 30, item 10). The home page said
 * "Up to 80% cost savings" and the application page "Save 70% on fees", and "20 supported
 * cryptocurrencies" where four can be paid. Neither savings figure had a basis we could show, so
 * the fee claim is the fact itself, from the tariff; the crypto claim names what checkout accepts.
 *
 * Issue 33: each claim in English and Kiswahili (`claimsMessages`); `claimsIn(locale)` states them
 * in one language, and `claims` is the English, as before.
 */
import type { Locale } from "~/i18n/locales";
import { defineMessages, inLocale } from "~/i18n/messages";
import {
  indicativeCryptocurrencies,
  payableCryptocurrencies,
  payableNameList,
} from "./cryptocurrencies";
import { feeBps, formatBps } from "./tariff";

const collectionFee = formatBps(feeBps.c2b);

/** The claims' words; the figures (the fee, how many coins, their names) are passed in. */
export const claimsMessages = defineMessages(
  {
    fees: {
      title: (fee: string) => `Flat ${fee} on Collections`,
      highlight: (fee: string) => `Flat ${fee} collection fee`,
      body: (fee: string) =>
        `A flat ${fee} on collections, with no setup or monthly fees and a conversion spread under 1%.`,
    },
    crypto: {
      highlight: (count: number) => `${count} cryptocurrencies accepted at checkout`,
      /** "Bitcoin, Ethereum, USDT and USDC": all but the last, then the last. */
      names: (first: string, last: string) => `${first} and ${last}`,
      indicativeNote: (count: number) =>
        `The other ${count} cryptocurrencies are shown with indicative rates for reference: they cannot be paid at checkout.`,
      availability: {
        payable: "Accepted at checkout",
        indicative: "Rates shown for reference",
      },
    },
  },
  {
    fees: {
      title: (fee) => `Ada ya ${fee} tu kwa Makusanyo`,
      highlight: (fee) => `Ada ya makusanyo ni ${fee} tu`,
      body: (fee) =>
        `Ada ya ${fee} tu kwa makusanyo, bila ada ya kujiunga wala ya kila mwezi, na tofauti ya bei ya ubadilishaji iliyo chini ya 1%.`,
    },
    crypto: {
      highlight: (count) => `Sarafu ${count} za crypto zinakubaliwa kwenye ukurasa wa malipo`,
      names: (first, last) => `${first} na ${last}`,
      indicativeNote: (count) =>
        `Sarafu nyingine ${count} za crypto zinaonyeshwa na viwango vya kulinganisha tu: haziwezi kulipwa kwenye ukurasa wa malipo.`,
      availability: {
        payable: "Zinakubaliwa kwenye ukurasa wa malipo",
        indicative: "Viwango vya kulinganisha tu",
      },
    },
  },
);

const firstNames = payableNameList.slice(0, -1).join(", ");
const lastName = payableNameList.at(-1) ?? "";

/** The claims in one language. */
export function claimsIn(locale: Locale) {
  const m = inLocale(claimsMessages, locale);
  return {
    fees: {
      /** A card or benefit title: "Flat 1% on Collections". */
      title: m.fees.title(collectionFee),
      /** A short highlight: "Flat 1% collection fee". */
      highlight: m.fees.highlight(collectionFee),
      body: m.fees.body(collectionFee),
    },
    crypto: {
      /** "4 cryptocurrencies accepted at checkout". */
      highlight: m.crypto.highlight(payableCryptocurrencies.length),
      /** "Bitcoin, Ethereum, USDT and USDC". */
      payableNames: m.crypto.names(firstNames, lastName),
      /** The sentence that tells the indicative assets apart, wherever they are listed. */
      indicativeNote: m.crypto.indicativeNote(indicativeCryptocurrencies.length),
      availability: m.crypto.availability,
    },
  };
}

/** The claims in English. */
export const claims = claimsIn("en");
