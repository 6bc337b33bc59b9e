/** The operator console's addresses. */
import { withQuery } from "./public";

export const admin = "/admin";
export const adminSignIn = "/admin/signin";
/** The operator sign-in page, coming back to `redirectTo` afterwards. */
export const adminSignInWith = (query: { redirectTo: string }) => withQuery("/admin/signin", query);
export const adminSignOut = "/admin/signout";
export const adminSignInVerify = "/admin/signin/verify";
export const adminSignInVerifyWith = (query: { redirectTo?: string }) =>
  withQuery("/admin/signin/verify", query);
export const adminForgotPassword = "/admin/signin/forgot";
/** Operators must have a second factor: set it up here before anything else. */
export const adminTwoFactor = "/admin/two-factor";
export const adminSecurity = "/admin/security";
export const adminPassword = "/admin/security/password";
export const adminApplications = "/admin/applications";
export const adminApplication = (id: string) => `/admin/applications/${id}`;
/** A KYB document of an application, downloaded by an operator (issue 11, item 14). */
export const adminApplicationDocument = (applicationId: string, documentId: string) =>
  `/admin/applications/${applicationId}/documents/${documentId}`;
export const adminIngest = "/admin/ingest";
export const adminPayments = "/admin/payments";
export const adminRails = "/admin/rails";
export const adminTopUps = "/admin/top-ups";
/** The daily reconciliation's runs and findings (issue 15, item 7). */
export const adminReconciliation = "/admin/reconciliation";
export const adminPayment = (id: string) => `/admin/payments/${id}`;
/** Compliance (issue 31): the sanctions lists' snapshots and imports, and the case queue. */
export const adminSanctions = "/admin/compliance/sanctions";
export const adminCases = "/admin/compliance/cases";
export const adminCase = (id: string) => `/admin/compliance/cases/${id}`;
/** The monitoring rules and their alerts (issue 31, item 3). */
export const adminMonitoring = "/admin/compliance/monitoring";
export const adminReports = "/admin/compliance/reports";
export const adminReportDownload = (id: string) => `/admin/compliance/reports/${id}/download`;
/** Merchants whose KYB review is due or soon due (issue 31, item 6). */
export const adminKybReviews = "/admin/compliance/kyb-reviews";
/** The monthly excise duty report (issue 31, item 7; ADR 0059). */
export const adminExcise = "/admin/compliance/excise";
export const adminExciseCsv = "/admin/compliance/excise.csv";
