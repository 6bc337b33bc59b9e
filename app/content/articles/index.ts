/** The 11 built-in blog articles, newest first. Curated news items come from the server instead. */
import { article as checkoutPluginsAndSdks } from "./checkout-plugins-and-sdks";
import { article as crossBorderPaymentsAndRemittances } from "./cross-border-payments-and-remittances-into-kenya";
import { article as dataProtectionActPaymentData } from "./data-protection-act-payment-data";
import { article as financeAct2025DigitalAssetTax } from "./finance-act-2025-digital-asset-tax";
import { article as howMpesaSettlementWorks } from "./how-mpesa-settlement-works-with-onehop";
import { article as newMerchantDashboard } from "./new-merchant-dashboard";
import { article as payoutRailRulesPesalink } from "./payout-rail-rules-pesalink";
import { article as stablecoinsForKenyanMerchants } from "./stablecoins-for-kenyan-merchants";
import { article as treasuryAutomaticConversion } from "./treasury-automatic-conversion-t1-payouts";
import type { Article } from "./types";
import { article as usdtOnTronTrc20 } from "./usdt-on-tron-trc20";
import { article as vaspAct2025 } from "./vasp-act-2025-what-it-means-for-merchants";

export type { Article, ArticleAuthor, ArticleCategory, ArticleStatus } from "./types";
export { authors } from "./authors";

export const builtInArticles: readonly Article[] = [
  checkoutPluginsAndSdks,
  dataProtectionActPaymentData,
  payoutRailRulesPesalink,
  crossBorderPaymentsAndRemittances,
  newMerchantDashboard,
  vaspAct2025,
  treasuryAutomaticConversion,
  financeAct2025DigitalAssetTax,
  stablecoinsForKenyanMerchants,
  usdtOnTronTrc20,
  howMpesaSettlementWorks,
];
