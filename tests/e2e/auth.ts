import { expect, request as apiRequest, type APIRequestContext, type Page } from "@playwright/test";
import { withE2eDatabase } from "./db";

/** The admin seeded from OPERATOR_BOOTSTRAP_* in playwright.config.ts. */
export const E2E_ADMIN = {
  email: "e2e-admin@onehop.test",
  password: "e2e-admin-password-2024",
} as const;

/**
 * The e2e admin's TOTP secret (base32). Two-factor sign-in is mandatory for operators (issue 12):
 * `ensureOperatorTwoFactor` turns it on in the e2e database with this secret.
 */
export const E2E_ADMIN_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** The demo merchant seeded by scripts/seed.ts. */
export const DEMO_MERCHANT = {
  merchantId: "MRC-K3NYA2",
  username: "demo",
  password: "onehop-demo-2024",
} as const;

/** The key the e2e server seals TOTP secrets with (derived from its SESSION_SECRET). */
async function e2eTotpKey(): Promise<Buffer> {
  const { deriveTotpKey } = await import("../../app/core/accounts/totp.server");
  const secret = process.env.E2E_SESSION_SECRET;
  if (!secret) throw new Error("E2E_SESSION_SECRET is not set (see playwright.config.ts)");
  return deriveTotpKey(secret);
}

/**
 * Two-factor sign-in on for an operator, straight in the e2e database (once; later calls keep it).
 * The e2e admin is created at start-up with a password only.
 */
export async function ensureOperatorTwoFactor(
  email: string = E2E_ADMIN.email,
  secret: string = E2E_ADMIN_TOTP_SECRET,
): Promise<void> {
  const { sealSecret } = await import("../../app/core/accounts/totp.server");
  const sealed = sealSecret(secret, await e2eTotpKey());
  withE2eDatabase((db) => {
    db.prepare(
      "update operators set totp_secret = ?, totp_enabled_at = ? where email = ? and totp_enabled_at is null",
    ).run(sealed, Date.now(), email);
  });
}

/**
 * A fresh one-time recovery code for an operator, written (hashed) into the e2e database. The
 * sign-in helpers use one per sign-in: a TOTP code is accepted once per 30-second step (replays are
 * refused), so several sign-ins in one step would fail, while recovery codes are independent and
 * go through the real second sign-in step. No waiting, no clock.
 */
export async function mintRecoveryCode(email: string = E2E_ADMIN.email): Promise<string> {
  const { hashRecoveryCode, newRecoveryCodes } =
    await import("../../app/core/accounts/recovery-codes.server");
  const [code] = newRecoveryCodes(1) as [string];
  withE2eDatabase((db) => {
    const operator = db.prepare("select id from operators where email = ?").get(email) as
      { id: string } | undefined;
    if (!operator) throw new Error(`no operator ${email} in the e2e database`);
    db.prepare(
      "insert into recovery_codes (subject_type, subject_id, code_hash, created_at) values ('operator', ?, ?, ?)",
    ).run(operator.id, hashRecoveryCode(code), Date.now());
  });
  return code;
}

/** This run's server, as a browser's Origin header names it (playwright.config.ts). */
function e2eOrigin(): string {
  return `http://localhost:${process.env.E2E_PORT}`;
}

/**
 * A sign-in form posted on `client` (a page's `page.request`), as the browser posts it (our
 * Origin, the form's fields, the honeypot empty): the session cookie lands in its cookie jar. One
 * POST instead of loading the form and submitting it: the form itself is walked by the specs of
 * sign-in (merchant-onboarding, merchant-security, team, two-factor, password-recovery, shell).
 * Returns where the server sends the browser next.
 */
async function postSignInForm(
  client: APIRequestContext,
  path: string,
  form: Record<string, string>,
  what: string,
): Promise<string> {
  const response = await client.post(path, {
    form,
    // A fresh connection: a kept-alive one left idle while the test ran may be closed by the
    // server (its keep-alive timeout) just as this POST goes out, which Node does not retry.
    headers: { Origin: e2eOrigin(), Connection: "close" },
    maxRedirects: 0,
  });
  expect(response.status(), `${what}: ${(await response.text()).slice(0, 300)}`).toBe(302);
  const location = response.headers()["location"];
  if (!location) throw new Error(`${what}: a redirect without a Location`);
  return location;
}

/**
 * An operator's sign-in posted on `client`: password, then the second step with a fresh recovery
 * code. Returns the console's home the server sends the operator to.
 */
async function postOperatorSignIn(
  client: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<string> {
  await ensureOperatorTwoFactor(credentials.email);
  const verify = await postSignInForm(
    client,
    "/admin/signin",
    { email: credentials.email, password: credentials.password, redirectTo: "" },
    "operator sign-in",
  );
  return postSignInForm(
    client,
    verify,
    { code: await mintRecoveryCode(credentials.email) },
    "operator second step",
  );
}

/**
 * Sign in as an operator: password, then the second step with a fresh recovery code, posted as
 * the pages post them; ends on the console's home. `waitFor: "url"` waits for the page only (on a
 * phone the console's navigation is folded into a menu).
 */
export async function signInAsOperator(
  page: Page,
  credentials: { email: string; password: string } = E2E_ADMIN,
  options: { waitFor?: "navigation" | "url" } = {},
) {
  await page.goto(await postOperatorSignIn(page.request, credentials));
  if (options.waitFor === "url") await expect(page).not.toHaveURL(/\/admin\/signin/);
  else await expect(page.getByRole("navigation", { name: "Operator console" })).toBeVisible();
}

let operatorApiContext: Promise<APIRequestContext> | undefined;

/**
 * An HTTP client signed in as the e2e admin, for the simulator control routes (/simulator/*), which
 * need an operator session. One per worker, with its own cookies: no page's session changes.
 */
export function operatorApi(): Promise<APIRequestContext> {
  operatorApiContext ??= (async () => {
    const baseURL = e2eOrigin();
    // Our Origin on every post, as a browser sends it: a signed-in post without one is refused.
    // No kept-alive connection either (see postSignInForm): calls come between a test's steps.
    const context = await apiRequest.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: baseURL, Connection: "close" },
    });
    await postOperatorSignIn(context, E2E_ADMIN);
    return context;
  })();
  return operatorApiContext;
}

/**
 * Sign in as a merchant's member (the sign-in form posted as the page posts it, see
 * `postSignInForm`); ends on the dashboard.
 */
export async function signInAsMerchant(
  page: Page,
  credentials: { merchantId: string; username: string; password: string } = DEMO_MERCHANT,
) {
  const next = await postSignInForm(
    page.request,
    "/merchant-signin",
    {
      merchantId: credentials.merchantId,
      username: credentials.username,
      password: credentials.password,
      redirectTo: "/merchant/dashboard",
      company_fax: "",
    },
    "merchant sign-in",
  );
  await page.goto(next);
  await expect(page.getByRole("heading", { level: 1, name: "Merchant Dashboard" })).toBeVisible();
}
