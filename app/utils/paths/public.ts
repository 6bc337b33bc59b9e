/** The public site's addresses: its pages, applying and signing in, the API's documentation. */

/** A path with a query string, leaving out the values not given: `withQuery("/blog", { tag })`. */
export const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const pairs = Object.entries(query).filter(
    (pair): pair is [string, string] => pair[1] !== undefined,
  );
  if (pairs.length === 0) return path;
  return `${path}?${pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&")}`;
};

export const home = "/";
/** POST: the language switch (sets the language cookie, back to `returnTo`). */
export const language = "/language";
export const about = "/about";
export const features = "/features";
export const solutions = "/solutions";
export const security = "/security";
export const compliance = "/compliance";
export const onboarding = "/onboarding";
export const tariffSchedule = "/tariff-schedule";
export const exchangeRates = "/exchange-rates";
export const supportedCurrencies = "/supported-currencies";
export const terms = "/terms";
export const privacy = "/privacy";
export const blog = "/blog";
export const blogDisclaimer = "/blog/disclaimer";
export const blogArticle = (slug: string) => `/blog/${slug}`;
/** The blog filtered by one tag (tags are matched in lower case). */
export const blogTag = (tag: string) => withQuery("/blog", { tag: tag.toLowerCase() });
export const getStarted = "/get-started";
/** The application page after a successful application, showing its reference. */
export const applicationSubmitted = (reference: string) =>
  withQuery("/get-started", { submitted: reference });
export const merchantSignIn = "/merchant-signin";
/** The sign-in page, coming back to `redirectTo` afterwards or with the merchant ID filled in. */
export const merchantSignInWith = (query: { redirectTo?: string; merchantId?: string }) =>
  withQuery("/merchant-signin", query);
/** The second sign-in step (a TOTP or recovery code) after the password (issue 12). */
export const merchantSignInVerify = "/merchant-signin/verify";
export const merchantSignInVerifyWith = (query: { redirectTo?: string }) =>
  withQuery("/merchant-signin/verify", query);
export const merchantForgotPassword = "/merchant-signin/forgot";
/** A password-reset link, for a merchant user or an operator (the token says which). */
export const resetPassword = (token: string) => `/reset-password/${token}`;
/** An invitation to a merchant's team: choose a username and password. */
export const merchantInvitation = (token: string) => `/merchant/invitations/${token}`;
export const apiBase = "/api/v1";
export const openApiDocument = "/api/v1/openapi.json";
export const docs = "/docs";
export const docsQuickstart = "/docs/quickstart";
export const docsWebhooks = "/docs/webhooks";
export const docsTestMode = "/docs/test-mode";
/** One endpoint's section of the API reference (the anchor is its operation id). */
export const docsReference = "/docs/api";
/** The signed-in merchant's first page: where signing in leads, the public header's "Dashboard". */
export const merchantDashboard = "/merchant/dashboard";
