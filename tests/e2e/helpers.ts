import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const isJsProject = (testInfo: TestInfo) => testInfo.project.name === "js";

/** With JavaScript on, wait until React has hydrated; with it off, prove it really is off. */
export async function expectJsState(page: Page, testInfo: TestInfo) {
  if (isJsProject(testInfo)) {
    await page.waitForFunction(
      () => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined,
    );
  } else {
    const hasRemix = await page.evaluate(
      () => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined,
    );
    expect(hasRemix).toBe(false);
  }
}

/** The toast a user sees: sonner's with JavaScript, the server's status/alert banner without it. */
export async function expectToast(
  page: Page,
  testInfo: TestInfo,
  title: string,
  description?: string,
) {
  const region = isJsProject(testInfo)
    ? page.locator("[data-sonner-toast]").filter({ hasText: title })
    : page.locator('[role="alert"], [role="status"]').filter({ hasText: title });
  await expect(region.first()).toBeVisible();
  if (description) await expect(region.first()).toContainText(description);
}

/**
 * No toast (with JavaScript) nor flash banner (without) titled `title` on the page. A toast of the
 * page before goes as the page changes (its exit animation takes a moment): the check allows that
 * moment, well short of the seconds a toast stays by itself, so a toast carried over still fails.
 */
export async function expectNoToast(page: Page, testInfo: TestInfo, title: string) {
  const region = isJsProject(testInfo)
    ? page.locator("[data-sonner-toast]").filter({ hasText: title })
    : page.locator('[role="alert"], [role="status"]').filter({ hasText: title });
  await expect(region).toHaveCount(0, { timeout: 1_500 });
}

/** A value unique to this test run and project, for e-mails and names. */
export function unique(testInfo: TestInfo, prefix: string): string {
  return `${prefix}-${testInfo.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * Until `text` shows on a payment page: by itself with JavaScript (the page polls), through
 * "Refresh status" without.
 */
export async function expectPageUpdates(
  page: Page,
  testInfo: TestInfo,
  text: string,
  options: { exact?: boolean; refreshLabel?: string } = {},
) {
  const target = page.getByText(text, { exact: options.exact }).first();
  if (isJsProject(testInfo)) {
    await expect(target).toBeVisible({ timeout: 20_000 });
    return;
  }
  await expect(async () => {
    const refresh = page.getByRole("link", { name: options.refreshLabel ?? "Refresh status" });
    if (await refresh.count()) await refresh.first().click();
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * The page fits the window's width: nothing makes it scroll sideways (a phone's main check). With
 * isMobile the browser widens its layout viewport to fit wide content, so window.innerWidth grows
 * with the overflow (827 for a 390 px phone): the width the test asked for is the bound too.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  const width = Math.min(innerWidth, page.viewportSize()?.width ?? innerWidth);
  expect(scrollWidth, "the page scrolls sideways").toBeLessThanOrEqual(width);
}

/**
 * No serious or critical axe violation on the page as it is now. axe runs its script in the page,
 * so it runs in the JavaScript project only (as a11y.spec.ts does).
 */
export async function expectAccessible(page: Page, testInfo: TestInfo) {
  if (!isJsProject(testInfo)) return;
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    blocking.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}
