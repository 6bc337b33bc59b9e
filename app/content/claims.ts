/**
 * Claims the site makes in more than one place, stated once (issue 30, item 10). The home page said
 * "Up to 80% cost savings" and the application page "Save 70% on fees", and "20 supported
 * cryptocurrencies" where four can be paid. Neither savings figure had a basis we could show, so
 * the fee claim is the fact itself, from the tariff; the crypto claim names what checkout accepts.
 */
import {
  cryptoAvailability,
  indicativeCryptocurrencies,
  payableCryptocurrencies,
  payableNames,
} from "./cryptocurrencies";
import { feeBps, formatBps } from "./tariff";

const collectionFee = formatBps(feeBps.c2b);

export const claims = {
  fees: {
    /** A card or benefit title: "Flat 1% on Collections". */
    title: `Flat ${collectionFee} on Collections`,
    /** A short highlight: "Flat 1% collection fee". */
    highlight: `Flat ${collectionFee} collection fee`,
    body: `A flat ${collectionFee} on collections, with no setup or monthly fees and a conversion spread under 1%.`,
  },
  crypto: {
    /** "4 cryptocurrencies accepted at checkout". */
    highlight: `${payableCryptocurrencies.length} cryptocurrencies accepted at checkout`,
    /** "Bitcoin, Ethereum, USDT and USDC". */
    payableNames,
    /** The sentence that tells the indicative assets apart, wherever they are listed. */
    indicativeNote: `The other ${indicativeCryptocurrencies.length} cryptocurrencies are shown with indicative rates for reference: they cannot be paid at checkout.`,
    availability: cryptoAvailability,
  },
} as const;
