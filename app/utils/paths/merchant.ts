/** The merchant app's addresses (signed in). */
import { withQuery } from "./public";

export const merchantPayments = "/merchant/payments";
export const newMerchantPayment = "/merchant/payments/new";
export const merchantPayment = (id: string) => `/merchant/payments/${id}`;
/** Refund a payment (issue 15, item 5); `held`: refund what is held for the customer. */
export const merchantPaymentRefund = (id: string, query: { held?: "1" } = {}) =>
  withQuery(`/merchant/payments/${id}/refund`, query);
/** The refund form filled in from an address query (back from confirming it is them). */
export const merchantPaymentRefundWith = (id: string, query: string) =>
  query ? `/merchant/payments/${id}/refund?${query}` : `/merchant/payments/${id}/refund`;
export const merchantPaymentsExport = "/merchant/payments/export.csv";
/** The cashier's till (issue 32, item 5), and a sale on it (a refresh keeps the sale). */
export const merchantTill = "/merchant/till";
export const merchantTillSale = (paymentId: string) =>
  withQuery("/merchant/till", { sale: paymentId });
export const merchantStatements = "/merchant/statements";
export const merchantStatementsCsv = "/merchant/statements.csv";
export const merchantStatementsPrint = "/merchant/statements/print";
/** Monthly fee invoices: each fee and its excise duty (ADR 0059). */
export const merchantFeeInvoices = "/merchant/fee-invoices";
export const merchantFeeInvoicesCsv = "/merchant/fee-invoices.csv";
export const merchantFeeInvoicesPrint = "/merchant/fee-invoices/print";
/** Payouts to third parties (issue 15): batches, one payout, a CSV upload. */
export const merchantPayouts = "/merchant/payouts";
export const newMerchantPayout = "/merchant/payouts/new";
export const merchantTopUp = "/merchant/payouts/top-up";
export const merchantPayoutTemplate = "/merchant/payouts/template.csv";
export const merchantPayoutBatch = (id: string) => `/merchant/payouts/${id}`;
export const merchantPayoutResults = (id: string) => `/merchant/payouts/${id}/results.csv`;
export const merchantSettings = "/merchant/settings";
/** Download your data, ask for erasure (issue 31, item 9). */
export const merchantData = "/merchant/settings/data";
/** The export: `?format=json`, or `?format=csv&section=payments`. */
export const merchantDataExport = (query: string) => `/merchant/settings/data/export?${query}`;
/** The business's directors and beneficial owners (issue 31, item 6). */
export const merchantBusinessOwners = "/merchant/settings/business-owners";
export const merchantTeam = "/merchant/team";
/** Sessions, recent security events, notification choices. */
export const merchantSecurity = "/merchant/security";
export const merchantTwoFactor = "/merchant/security/two-factor";
export const merchantPassword = "/merchant/security/password";
/** Confirm the second factor (or password) before a sensitive action, then back. */
export const merchantConfirm = "/merchant/confirm";
export const merchantConfirmWith = (query: { redirectTo: string }) =>
  withQuery("/merchant/confirm", query);
/** API keys, webhook endpoints and their delivery logs (issue 13). */
export const merchantDevelopers = "/merchant/developers";
export const merchantWebhooks = "/merchant/developers/webhooks";
export const merchantWebhookEndpoint = (id: string) => `/merchant/developers/webhooks/${id}`;
/** Reusable payment links and their "Pay with OneHop" buttons (issue 13, item 6). */
export const merchantPaymentLinks = "/merchant/payment-links";
export const merchantSetPassword = "/merchant/set-password";
export const merchantSignOut = "/merchant/signout";
