/**
 * The marketing pages' copy as their loaders send it. A server module: the routes import their
 * copy from here, so none of it (nor the tariff and the formatting it is built with) reaches the
 * pages' JavaScript. Importing the content modules straight into a route kept them in its bundle
 * even though only the loader used them: esbuild's code splitting leaves a bare `import` of their
 * shared chunk behind (about 4 KB gzipped on /features, over the 100 KB budget).
 */
import { indicativeCryptocurrencies, payableCryptocurrencies } from "~/content/cryptocurrencies";
import { settlementTimes } from "~/content/tariff";
import {
  featuresClosing,
  featuresFlow,
  featuresHero,
  featuresMeta,
  integrations,
  offerings,
  pricing,
  settlement,
} from "./features";
import {
  closingCta,
  featureCards,
  homeHero,
  homeMeta,
  howItWorks,
  moneyFlow,
  performance,
} from "./home";
import {
  coinsSection,
  flowsSection,
  paymentFlows,
  solutionCards,
  solutionsClosing,
  solutionsHero,
  solutionsMeta,
} from "./solutions";

/** The home page (/). */
export const homePage = {
  closingCta,
  featureCards,
  homeHero,
  homeMeta,
  howItWorks,
  moneyFlow,
  performance,
};

/** /features. */
export const featuresPage = {
  featuresClosing,
  featuresFlow,
  featuresHero,
  featuresMeta,
  integrations,
  offerings,
  pricing,
  settlement,
  moneyFlow,
  settlementTimes,
};

/** /solutions. */
export const solutionsPage = {
  coinsSection,
  flowsSection,
  paymentFlows,
  solutionCards,
  solutionsClosing,
  solutionsHero,
  solutionsMeta,
  payableCryptocurrencies,
  indicativeCryptocurrencies,
};
