/**
 * Every page's address in one place, for links, redirects and forms (isomorphic: components, routes
 * and content use it alike). Parametrised addresses are functions: `paths.merchantPayment(id)`.
 * Tests keep literal URLs: they check what the user sees.
 */

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const pairs = Object.entries(query).filter(
    (pair): pair is [string, string] => pair[1] !== undefined,
  );
  if (pairs.length === 0) return path;
  return `${path}?${pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&")}`;
};

export const paths = {
  home: "/",
  /** POST: the language switch (sets the language cookie, back to `returnTo`). */
  language: "/language",

  // Public pages.
  about: "/about",
  features: "/features",
  solutions: "/solutions",
  security: "/security",
  compliance: "/compliance",
  onboarding: "/onboarding",
  tariffSchedule: "/tariff-schedule",
  exchangeRates: "/exchange-rates",
  supportedCurrencies: "/supported-currencies",
  terms: "/terms",
  privacy: "/privacy",
  blog: "/blog",
  blogDisclaimer: "/blog/disclaimer",
  blogArticle: (slug: string) => `/blog/${slug}`,
  /** The blog filtered by one tag (tags are matched in lower case). */
  blogTag: (tag: string) => withQuery("/blog", { tag: tag.toLowerCase() }),

  // Applying and signing in.
  getStarted: "/get-started",
  /** The application page after a successful application, showing its reference. */
  applicationSubmitted: (reference: string) => withQuery("/get-started", { submitted: reference }),
  merchantSignIn: "/merchant-signin",
  /** The sign-in page, coming back to `redirectTo` afterwards or with the merchant ID filled in. */
  merchantSignInWith: (query: { redirectTo?: string; merchantId?: string }) =>
    withQuery("/merchant-signin", query),
  /** The second sign-in step (a TOTP or recovery code) after the password (issue 12). */
  merchantSignInVerify: "/merchant-signin/verify",
  merchantSignInVerifyWith: (query: { redirectTo?: string }) =>
    withQuery("/merchant-signin/verify", query),
  merchantForgotPassword: "/merchant-signin/forgot",
  /** A password-reset link, for a merchant user or an operator (the token says which). */
  resetPassword: (token: string) => `/reset-password/${token}`,
  /** An invitation to a merchant's team: choose a username and password. */
  merchantInvitation: (token: string) => `/merchant/invitations/${token}`,

  // The merchant's own pages.
  merchantDashboard: "/merchant/dashboard",
  merchantPayments: "/merchant/payments",
  newMerchantPayment: "/merchant/payments/new",
  merchantPayment: (id: string) => `/merchant/payments/${id}`,
  /** Refund a payment (issue 15, item 5); `held`: refund what is held for the customer. */
  merchantPaymentRefund: (id: string, query: { held?: "1" } = {}) =>
    withQuery(`/merchant/payments/${id}/refund`, query),
  /** The refund form filled in from an address query (back from confirming it is them). */
  merchantPaymentRefundWith: (id: string, query: string) =>
    query ? `/merchant/payments/${id}/refund?${query}` : `/merchant/payments/${id}/refund`,
  merchantPaymentsExport: "/merchant/payments/export.csv",
  /** The cashier's till (issue 32, item 5), and a sale on it (a refresh keeps the sale). */
  merchantTill: "/merchant/till",
  merchantTillSale: (paymentId: string) => withQuery("/merchant/till", { sale: paymentId }),
  merchantStatements: "/merchant/statements",
  merchantStatementsCsv: "/merchant/statements.csv",
  merchantStatementsPrint: "/merchant/statements/print",
  /** Monthly fee invoices: each fee and its excise duty (ADR 0059). */
  merchantFeeInvoices: "/merchant/fee-invoices",
  merchantFeeInvoicesCsv: "/merchant/fee-invoices.csv",
  merchantFeeInvoicesPrint: "/merchant/fee-invoices/print",
  /** Payouts to third parties (issue 15): batches, one payout, a CSV upload. */
  merchantPayouts: "/merchant/payouts",
  newMerchantPayout: "/merchant/payouts/new",
  merchantTopUp: "/merchant/payouts/top-up",
  merchantPayoutTemplate: "/merchant/payouts/template.csv",
  merchantPayoutBatch: (id: string) => `/merchant/payouts/${id}`,
  merchantPayoutResults: (id: string) => `/merchant/payouts/${id}/results.csv`,
  merchantSettings: "/merchant/settings",
  /** Download your data, ask for erasure (issue 31, item 9). */
  merchantData: "/merchant/settings/data",
  /** The export: `?format=json`, or `?format=csv&section=payments`. */
  merchantDataExport: (query: string) => `/merchant/settings/data/export?${query}`,
  /** The business's directors and beneficial owners (issue 31, item 6). */
  merchantBusinessOwners: "/merchant/settings/business-owners",
  merchantTeam: "/merchant/team",
  /** Sessions, recent security events, notification choices. */
  merchantSecurity: "/merchant/security",
  merchantTwoFactor: "/merchant/security/two-factor",
  merchantPassword: "/merchant/security/password",
  /** Confirm the second factor (or password) before a sensitive action, then back. */
  merchantConfirm: "/merchant/confirm",
  merchantConfirmWith: (query: { redirectTo: string }) => withQuery("/merchant/confirm", query),
  /** API keys, webhook endpoints and their delivery logs (issue 13). */
  merchantDevelopers: "/merchant/developers",
  merchantWebhooks: "/merchant/developers/webhooks",
  merchantWebhookEndpoint: (id: string) => `/merchant/developers/webhooks/${id}`,
  /** Reusable payment links and their "Pay with OneHop" buttons (issue 13, item 6). */
  merchantPaymentLinks: "/merchant/payment-links",
  merchantSetPassword: "/merchant/set-password",
  merchantSignOut: "/merchant/signout",

  // The API and its documentation (issue 13).
  apiBase: "/api/v1",
  openApiDocument: "/api/v1/openapi.json",
  docs: "/docs",
  docsQuickstart: "/docs/quickstart",
  docsWebhooks: "/docs/webhooks",
  docsTestMode: "/docs/test-mode",
  /** One endpoint's section of the API reference (the anchor is its operation id). */
  docsReference: "/docs/api",

  /** The customer's checkout page for one payment. */
  checkout: (id: string) => `/pay/${id}`,
  /** The checkout's status as JSON (polled by its script). */
  checkoutStatus: (id: string) => `/pay/${id}/status`,
  /** A paid payment's printable receipt. */
  checkoutReceipt: (id: string) => `/pay/${id}/receipt`,
  /** A merchant's payment link: every visitor gets a fresh checkout. */
  paymentLink: (id: string) => `/pay/link/${id}`,

  // The operator console.
  admin: "/admin",
  adminSignIn: "/admin/signin",
  /** The operator sign-in page, coming back to `redirectTo` afterwards. */
  adminSignInWith: (query: { redirectTo: string }) => withQuery("/admin/signin", query),
  adminSignOut: "/admin/signout",
  adminSignInVerify: "/admin/signin/verify",
  adminSignInVerifyWith: (query: { redirectTo?: string }) =>
    withQuery("/admin/signin/verify", query),
  adminForgotPassword: "/admin/signin/forgot",
  /** Operators must have a second factor: set it up here before anything else. */
  adminTwoFactor: "/admin/two-factor",
  adminSecurity: "/admin/security",
  adminPassword: "/admin/security/password",
  adminApplications: "/admin/applications",
  adminApplication: (id: string) => `/admin/applications/${id}`,
  /** A KYB document of an application, downloaded by an operator (issue 11, item 14). */
  adminApplicationDocument: (applicationId: string, documentId: string) =>
    `/admin/applications/${applicationId}/documents/${documentId}`,
  adminIngest: "/admin/ingest",
  adminPayments: "/admin/payments",
  adminRails: "/admin/rails",
  adminTopUps: "/admin/top-ups",
  /** The daily reconciliation's runs and findings (issue 15, item 7). */
  adminReconciliation: "/admin/reconciliation",
  adminPayment: (id: string) => `/admin/payments/${id}`,
  /** Compliance (issue 31): the sanctions lists' snapshots and imports, and the case queue. */
  adminSanctions: "/admin/compliance/sanctions",
  adminCases: "/admin/compliance/cases",
  adminCase: (id: string) => `/admin/compliance/cases/${id}`,
  /** The monitoring rules and their alerts (issue 31, item 3). */
  adminMonitoring: "/admin/compliance/monitoring",
  adminReports: "/admin/compliance/reports",
  adminReportDownload: (id: string) => `/admin/compliance/reports/${id}/download`,
  /** Merchants whose KYB review is due or soon due (issue 31, item 6). */
  adminKybReviews: "/admin/compliance/kyb-reviews",
  /** The monthly excise duty report (issue 31, item 7; ADR 0059). */
  adminExcise: "/admin/compliance/excise",
  adminExciseCsv: "/admin/compliance/excise.csv",
} as const;
