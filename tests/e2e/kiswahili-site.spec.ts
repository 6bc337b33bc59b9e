/**
 * Issue 33: the public site in Kiswahili. A browser that asks for Kiswahili gets it (lang,
 * Content-Language, the shell's words) from the same cached URLs an English browser gets English
 * from; the switch at the foot of every page changes it and comes back to the same page; every
 * public page is axe clean in Kiswahili, with and without JavaScript.
 */
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { expectAccessible, expectNoSidewaysScroll, isJsProject } from "./helpers";

async function browserIn(
  browser: Browser,
  testInfo: TestInfo,
  baseURL: string | undefined,
  locale: string,
): Promise<Page> {
  const context = await browser.newContext({
    locale,
    javaScriptEnabled: isJsProject(testInfo),
    baseURL,
  });
  return context.newPage();
}

const PUBLIC_PAGES = [
  "/",
  "/features",
  "/solutions",
  "/tariff-schedule",
  "/exchange-rates",
  "/supported-currencies",
  "/get-started",
  "/merchant-signin",
  "/blog",
  "/terms",
  "/docs",
  "/about",
  "/security",
];

test("each language gets its own copy of a cached page, and the switch comes back to it", async ({
  browser,
  baseURL,
}, testInfo) => {
  const english = await browserIn(browser, testInfo, baseURL, "en-GB");
  const kiswahili = await browserIn(browser, testInfo, baseURL, "sw-KE");
  // English first: the page is cached in English; the Kiswahili reader still gets Kiswahili.
  const first = await english.goto("/features");
  expect(first?.headers()["content-language"]).toBe("en-KE");
  expect(first?.headers()["vary"]).toBe("Accept-Encoding, Accept-Language, Cookie");
  await expect(english.locator("html")).toHaveAttribute("lang", "en-KE");
  const sw = await kiswahili.goto("/features");
  expect(sw?.headers()["content-language"]).toBe("sw-KE");
  await expect(kiswahili.locator("html")).toHaveAttribute("lang", "sw-KE");
  await expect(
    kiswahili.getByRole("contentinfo").getByRole("link", { name: "Kuhusu" }),
  ).toBeVisible();
  // And again (not from the browser's own cache): from the server's cache, still in Kiswahili.
  const again = await kiswahili.request.get("/features", {
    headers: { "Accept-Language": "sw-KE,sw;q=0.9" },
  });
  expect(again.headers()["x-page-cache"]).toBe("hit");
  expect(again.headers()["content-language"]).toBe("sw-KE");
  expect(await again.text()).toContain('<html lang="sw-KE"');
  await expect(english.getByRole("contentinfo").getByRole("link", { name: "About" })).toBeVisible();

  // The switch at the foot of the page: English, on the same page, then Kiswahili again.
  const footer = kiswahili.getByRole("contentinfo");
  await footer
    .getByRole("form", { name: "Lugha" })
    .getByRole("button", { name: "English" })
    .click();
  await expect(kiswahili.locator("html")).toHaveAttribute("lang", "en-KE");
  expect(new URL(kiswahili.url()).pathname).toBe("/features");
  await kiswahili
    .getByRole("contentinfo")
    .getByRole("form", { name: "Language" })
    .getByRole("button", { name: "Kiswahili" })
    .click();
  await expect(kiswahili.locator("html")).toHaveAttribute("lang", "sw-KE");
  await expect(
    kiswahili.getByRole("contentinfo").getByRole("button", { name: /^Kiswahili/ }),
  ).toHaveAttribute("aria-current", "true");
  await english.context().close();
  await kiswahili.context().close();
});

test("every public page in Kiswahili: lang, the shell's words, axe clean", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const page = await browserIn(browser, testInfo, baseURL, "sw-KE");
  for (const path of PUBLIC_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("html"), path).toHaveAttribute("lang", "sw-KE");
    await expect(page.getByRole("link", { name: "Ruka hadi kwenye maudhui" }), path).toHaveCount(1);
    await expect(
      page.getByRole("contentinfo").getByRole("form", { name: "Lugha" }),
      path,
    ).toBeVisible();
    await expectAccessible(page, testInfo);
  }
  const missing = await page.goto("/hakuna-ukurasa-huu");
  expect(missing?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "Samahani! Ukurasa haupatikani" }),
  ).toBeVisible();
  await expect(page).toHaveTitle("Ukurasa haupatikani | OneHop");
  await expectAccessible(page, testInfo);
  await page.context().close();
});

test("signing in in Kiswahili: the labels and a refusal in Kiswahili", async ({
  browser,
  baseURL,
}, testInfo) => {
  const page = await browserIn(browser, testInfo, baseURL, "sw-KE");
  await page.goto("/merchant-signin");
  await page.getByLabel("Kitambulisho cha mfanyabiashara").fill("MRC-K3NYA2");
  await page.getByLabel("Jina la mtumiaji").fill("hakuna-mtu-huyu");
  await page.getByLabel("Nenosiri").fill("not the password at all");
  await page.getByRole("button", { name: "Ingia" }).last().click();
  await expect(page.getByText("Imeshindikana kuingia").first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "sw-KE");
  await page.context().close();
});

test("on a 360 px phone, the Kiswahili pages fit the screen", async ({
  browser,
  baseURL,
}, testInfo) => {
  const context = await browser.newContext({
    locale: "sw-KE",
    javaScriptEnabled: isJsProject(testInfo),
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    baseURL,
  });
  const page = await context.newPage();
  for (const path of [
    "/",
    "/features",
    "/tariff-schedule",
    "/exchange-rates",
    "/get-started",
    "/merchant-signin",
  ]) {
    await page.goto(path);
    await expect(page.locator("html"), path).toHaveAttribute("lang", "sw-KE");
    await expectNoSidewaysScroll(page);
  }
  await context.close();
});
