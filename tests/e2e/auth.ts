import { expect, type Page } from "@playwright/test";

/** The admin seeded from OPERATOR_BOOTSTRAP_* in playwright.config.ts. */
export const E2E_ADMIN = { email: "e2e-admin@onehop.test", password: "e2e-admin-password-2024" } as const;

/** The demo merchant seeded by scripts/seed.ts. */
export const DEMO_MERCHANT = { merchantId: "MRC-K3NYA2", username: "demo", password: "onehop-demo-2024" } as const;

export async function signInAsOperator(page: Page, credentials: { email: string; password: string } = E2E_ADMIN) {
  await page.goto("/admin/signin");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("navigation", { name: "Operator console" })).toBeVisible();
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
