/**
 * Each cryptocurrency's one-line description in English and Kiswahili (issue 33), for
 * /supported-currencies, whose loader sends it. The English is `cryptocurrencies[].description`,
 * unchanged; the Kiswahili is here, keyed by symbol (tsc checks that every coin has one).
 */
import type { Locale } from "~/i18n/locales";
import { defineMessages, inLocale } from "~/i18n/messages";
import { cryptocurrencies, type CryptoSymbol } from "./cryptocurrencies";

const english = Object.fromEntries(
  cryptocurrencies.map((coin) => [coin.symbol, coin.description]),
) as Record<CryptoSymbol, string>;

export const coinDescriptionMessages = defineMessages(english, {
  BTC: "Sarafu ya kwanza ya crypto na inayomilikiwa na watu wengi zaidi: hifadhi ya thamani adimu, isiyo chini ya mamlaka moja, inayokubaliwa duniani kote.",
  ETH: "Jukwaa kuu la mikataba-erevu, nyumbani kwa stablecoin nyingi na huduma za fedha zisizo chini ya mamlaka moja.",
  USDT: "Stablecoin ya dola ya Marekani inayouzwa na kununuliwa zaidi, maarufu kwa kutuma pesa nyumbani na malipo ya biashara kote Afrika.",
  USDC: "Stablecoin ya dola ya Marekani yenye akiba kamili na ukaguzi wa kila mwezi, inayopendelewa na biashara.",
  BNB: "Sarafu asilia ya BNB Chain, inayotumika kulipia gharama na malipo ndani ya mfumo wake.",
  XRP: "Sarafu ya ulipaji wa haraka na wa gharama nafuu, iliyoundwa kwa malipo ya kimataifa.",
  ADA: "Blockchain ya proof-of-stake iliyojengwa kwa kuanza na utafiti, na inayotumika katika miradi ya Afrika.",
  SOL: "Mtandao unaopitisha miamala mingi, unaothibitisha kwa chini ya sekunde moja na kwa gharama ndogo sana.",
  DOGE: "Sarafu ya malipo inayojulikana sana, yenye vitalu vya haraka na jamii kubwa ya watumiaji.",
  DOT: "Mtandao unaounganisha blockchain maalum kuwa mfumo mmoja unaoshirikiana.",
  DAI: "Stablecoin ya dola ya Marekani isiyo chini ya mamlaka moja, yenye dhamana inayozidi thamani yake.",
  MATIC: "Sarafu ya mtandao wa Polygon, jukwaa la gharama nafuu linalopanua uwezo wa Ethereum.",
  SHIB: "Tokeni ya Ethereum yenye wafuasi wengi wa kawaida; inakubaliwa kama sarafu ya malipo.",
  TRX: "Mtandao unaobeba uhamisho mwingi wa USDT wa TRC-20, unaojulikana kwa gharama ndogo.",
  AVAX: "Jukwaa la haraka la mikataba-erevu linalothibitisha karibu papo hapo.",
  LEO: "Tokeni ya huduma ya mfumo wa iFinex.",
  LTC: "Mojawapo ya sarafu kongwe za crypto zilizoundwa kwa malipo, yenye uhamisho wa haraka na nafuu.",
  XLM: "Mtandao wa malipo uliojengwa kwa kutuma pesa nyumbani na pesa za kidijitali, ikiwemo njia za pesa za simu.",
  BCH: "Tawi la Bitcoin lenye vitalu vikubwa zaidi kwa malipo ya kila siku ya gharama ndogo.",
});

/** A coin's description in one language. */
export function coinDescription(symbol: CryptoSymbol, locale: Locale): string {
  return inLocale(coinDescriptionMessages, locale)[symbol];
}
