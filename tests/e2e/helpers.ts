import { expect, type Page, type TestInfo } from "@playwright/test";

export const isJsProject = (testInfo: TestInfo) => testInfo.project.name === "js";

/** With JavaScript on, wait until React has hydrated; with it off, prove it really is off. */
export async function expectJsState(page: Page, testInfo: TestInfo) {
  if (isJsProject(testInfo)) {
    await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
  } else {
    const hasRemix = await page.evaluate(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
    expect(hasRemix).toBe(false);
  }
}
