/**
 * The marketing pages' copy as their loaders send it, in the request's language (issue 33). A
 * server module: the routes import their copy from here, so none of it (nor the tariff and the
 * formatting it is built with) reaches the pages' JavaScript. Importing the content modules
 * straight into a route kept them in its bundle even though only the loader used them: esbuild's
 * code splitting leaves a bare `import` of their shared chunk behind (about 4 KB gzipped on
 * /features, over the 100 KB budget).
 */
import { indicativeCryptocurrencies, payableCryptocurrencies } from "~/content/cryptocurrencies";
import type { Locale } from "~/i18n/locales";
import { featuresContent } from "./features";
import { homeContent } from "./home";
import { solutionsContent } from "./solutions";

/** The home page (/). */
export function homePage(locale: Locale) {
  const { closingCta, featureCards, homeHero, homeMeta, howItWorks, moneyFlow, performance } =
    homeContent(locale);
  return {
    locale,
    closingCta,
    featureCards,
    homeHero,
    homeMeta,
    howItWorks,
    moneyFlow,
    performance,
  };
}

/** /features. */
export function featuresPage(locale: Locale) {
  return { locale, ...featuresContent(locale), moneyFlow: homeContent(locale).moneyFlow };
}

/** /solutions. */
export function solutionsPage(locale: Locale) {
  return {
    locale,
    ...solutionsContent(locale),
    payableCryptocurrencies,
    indicativeCryptocurrencies,
  };
}
