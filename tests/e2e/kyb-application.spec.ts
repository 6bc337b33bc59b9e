/**
 * Issue 11, item 14: the application takes a registration number and KYB documents (what
 * /onboarding promises); the operator sees both and downloads the document. With JavaScript and
 * without, on a laptop and on a phone.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAsOperator } from "./auth";
import { withE2eDatabase } from "./db";
import { expectJsState, isJsProject, unique } from "./helpers";
import { fillDirector } from "./parties-form";

const PDF_PATH = path.resolve("tests/fixtures/kyb-certificate.pdf");
const PDF = readFileSync(PDF_PATH);

/**
 * Every e2e application comes from 127.0.0.1, and the form takes 5 an hour per client: this spec's
 * applications must not use up the other specs' allowance (setup, not what is tested).
 */
function forgetApplicationThrottle() {
  withE2eDatabase((db) => db.prepare("delete from rate_limits where key like 'apply:%'").run());
}

async function fillApplication(page: Page, testInfo: TestInfo, email: string, name: string) {
  await page.getByLabel("Business Name").fill(name);
  await page.getByLabel("Business Type").selectOption("retail");
  await page.getByLabel("Registration Number").fill("bn-ab1234cd");
  await page.getByLabel("Contact Name").fill("Njeri Mwangi");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Phone Number").fill("0712 345 678");
  await fillDirector(page, "Njeri Mwangi");
  await page.getByLabel("Country of Operation").selectOption("KE");
  if (!isJsProject(testInfo)) await page.getByRole("button", { name: "Show cities" }).click();
  await page.getByRole("combobox", { name: /^City/ }).selectOption("Mombasa");
  await page.getByLabel(/I agree to the/).check();
}

async function submitAndReadReference(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Submit Application" }).click();
  const status = page.getByRole("status").filter({ hasText: "Your application reference is" });
  await expect(status).toBeVisible();
  return (await status.locator("strong").textContent())?.trim() ?? "";
}

for (const viewport of ["laptop", "phone"] as const) {
  test.describe(`KYB application (${viewport})`, () => {
    if (viewport === "phone")
      test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test.beforeEach(forgetApplicationThrottle);
    test.afterEach(forgetApplicationThrottle);

    test("apply with a registration number and a PDF; the operator sees both and downloads it", async ({
      page,
      browser,
    }, testInfo) => {
      const email = `${unique(testInfo, `kyb-${viewport}`)}@duka.example.co.ke`;
      const name = `Pwani Hardware ${unique(testInfo, viewport)}`;
      await page.goto("/get-started");
      await expectJsState(page, testInfo);
      await fillApplication(page, testInfo, email, name);
      await page.getByLabel("Business Registration Documents").setInputFiles(PDF_PATH);
      const reference = await submitAndReadReference(page);
      expect(reference).toMatch(/^APP-[A-Z0-9]{8}$/);

      // The operator reviews on a laptop whatever the applicant used.
      const operatorContext = await browser.newContext({
        javaScriptEnabled: isJsProject(testInfo),
        acceptDownloads: true,
        viewport: { width: 1280, height: 800 },
        isMobile: false,
        hasTouch: false,
      });
      const operator = await operatorContext.newPage();
      await signInAsOperator(operator);
      await operator.goto("/admin/applications?status=submitted");
      // Exactly: a possible duplicate elsewhere on the queue links to "application APP-…" too.
      await operator.getByRole("link", { name: reference, exact: true }).click();
      await expect(operator.getByText(name)).toBeVisible();
      // Stored upper case, shown as such.
      await expect(operator.getByText("BN-AB1234CD", { exact: true })).toBeVisible();
      const documents = operator.getByRole("list", { name: "KYB documents" });
      await expect(documents.getByRole("listitem")).toHaveCount(1);
      await expect(documents).toContainText("kyb-certificate.pdf");
      await expect(documents).toContainText(`${PDF.byteLength} bytes`);
      await expect(documents).toContainText("application/pdf");
      await expect(documents).toContainText("Not virus-scanned yet");

      const link = documents.getByRole("link", { name: "kyb-certificate.pdf" });
      const href = (await link.getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/admin\/applications\/[^/]+\/documents\/[^/]+$/);
      const downloading = operator.waitForEvent("download");
      await link.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("kyb-certificate.pdf");
      expect(readFileSync((await download.path())!)).toEqual(PDF);
      await operatorContext.close();

      // Not for anyone without an operator session.
      const anonymous = await page.request.get(href, { maxRedirects: 0 });
      expect(anonymous.status()).not.toBe(200);
      expect(anonymous.headers()["content-disposition"]).toBeUndefined();
    });

    test("a file that is not a PDF, JPEG or PNG is refused; the typed values stay", async ({
      page,
    }, testInfo) => {
      const email = `${unique(testInfo, `kyb-bad-${viewport}`)}@duka.example.co.ke`;
      const name = `Lamu Traders ${unique(testInfo, viewport)}`;
      await page.goto("/get-started");
      await expectJsState(page, testInfo);
      await fillApplication(page, testInfo, email, name);
      await page.getByLabel("Business Registration Documents").setInputFiles({
        name: "certificate.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("MZ this is a program, not a certificate"),
      });
      await page.getByRole("button", { name: "Submit Application" }).click();
      // By the field, and as a link to it in the summary at the top.
      const error = page.getByText(
        '"certificate.pdf" is not a PDF, JPEG or PNG file. Choose your documents again.',
      );
      await expect(error).toHaveCount(2);
      await expect(
        page.getByRole("alert").getByRole("link", { name: /"certificate\.pdf" is not a PDF/ }),
      ).toHaveAttribute("href", "#merchant-application-documents");
      await expect(page.getByLabel("Business Registration Documents")).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(page.getByLabel("Business Name")).toHaveValue(name);
      await expect(page.getByLabel("Registration Number")).toHaveValue("bn-ab1234cd");
      await expect(page.getByLabel("Email Address")).toHaveValue(email);
    });
  });
}
