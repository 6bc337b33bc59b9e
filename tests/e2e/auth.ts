import { expect, request as apiRequest, type APIRequestContext, type Page } from "@playwright/test";

/** The admin seeded from OPERATOR_BOOTSTRAP_* in playwright.config.ts. */
export const E2E_ADMIN = {
  email: "e2e-admin@onehop.test",
  password: "e2e-admin-password-2024",
} as const;

/** The demo merchant seeded by scripts/seed.ts. */
export const DEMO_MERCHANT = {
  merchantId: "MRC-K3NYA2",
  username: "demo",
  password: "onehop-demo-2024",
} as const;

export async function signInAsOperator(
  page: Page,
  credentials: { email: string; password: string } = E2E_ADMIN,
) {
  await page.goto("/admin/signin");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("navigation", { name: "Operator console" })).toBeVisible();
}

let operatorApiContext: Promise<APIRequestContext> | undefined;

/**
 * An HTTP client signed in as the e2e admin, for the simulator control routes (/simulator/*), which
 * need an operator session. One per worker, with its own cookies: no page's session changes.
 */
export function operatorApi(): Promise<APIRequestContext> {
  operatorApiContext ??= (async () => {
    const context = await apiRequest.newContext({
      baseURL: `http://localhost:${process.env.E2E_PORT}`,
    });
    const response = await context.post("/admin/signin", {
      form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
      maxRedirects: 0,
    });
    expect(response.status(), "operator sign-in for the simulator controls").toBe(302);
    return context;
  })();
  return operatorApiContext;
}

export async function signInAsMerchant(
  page: Page,
  credentials: { merchantId: string; username: string; password: string } = DEMO_MERCHANT,
) {
  await page.goto("/merchant-signin");
  await page.getByLabel("Merchant ID").fill(credentials.merchantId);
  await page.getByLabel("Username").fill(credentials.username);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merchant Dashboard" })).toBeVisible();
}
