/**
 * Issue 31, item 5 (ADR 0057): a compliance officer makes a case's suspicious transaction report,
 * downloads its goAML XML, files it and records the FRC's reference. With and without JavaScript;
 * axe-clean pages.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { openCase } from "../../app/core/compliance/cases.server";
import { signInAsOperator } from "./auth";
import { withCore, withCoreStore } from "./db";
import { expectAccessible, expectToast, unique } from "./helpers";
import { addReceivedPayment, addReportedMerchant } from "../setup/frc-reports";

test("an officer makes a case's STR, downloads it and marks it filed", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const title = unique(testInfo, "Structuring");
  const merchantId = `MRC-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const paymentId = withCore((db) => {
    addReportedMerchant(db, merchantId);
    return addReceivedPayment(db, {
      merchantId,
      amountKesCents: 4_999_900n,
      at: Date.now() - 3_600_000,
    });
  });
  const caseId = await withCoreStore((store) =>
    store.write((q) =>
      openCase(q, {
        kind: "monitoring_alert",
        severity: "high",
        title,
        merchantId,
        evidence: { payments: [paymentId] },
        holds: [{ target: "payment", targetId: paymentId }],
        now: Date.now(),
      }),
    ),
  );

  await signInAsOperator(page);
  await page.goto(`/admin/compliance/cases/${caseId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Deciding "report" needs the report first.
  await page.getByRole("radio", { name: /^File a report/ }).check();
  await page.getByLabel("Reason").fill("Just under the limit, again and again");
  await page.getByRole("button", { name: "Decide" }).click();
  await expect(page.getByText("Make the suspicious transaction report first")).toBeVisible();

  await page
    .getByLabel("Why the transactions are suspicious")
    .fill("Ten payments of just under KES 50,000 within an hour from one address.");
  await page.getByRole("button", { name: "Make the report" }).click();
  await expectToast(page, testInfo, "Suspicious transaction report made (1 transaction).");
  await expect(
    page.getByRole("heading", { level: 2, name: "Make a suspicious transaction report" }),
  ).toHaveCount(0);
  await expectAccessible(page, testInfo);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /^download STR-/ }).click();
  const file = await downloading;
  const name = file.suggestedFilename();
  expect(name).toMatch(/^STR-\d{4}-\d{2}-\d{2}-frc_[a-z0-9]+\.xml$/);
  const xml = await readFile((await file.path())!, "utf8");
  expect(xml).toContain("<report_code>STR</report_code>");
  expect(xml).toContain(`<transactionnumber>${paymentId}</transactionnumber>`);
  expect(xml).toContain("<incorporation_number>PVT-AB1234CD</incorporation_number>");
  const reportId = name.replace(/^STR-\d{4}-\d{2}-\d{2}-/, "").replace(/\.xml$/, "");

  await page.goto("/admin/compliance/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports to the FRC" })).toBeVisible();
  await expectAccessible(page, testInfo);
  await page.getByRole("link", { name: `Mark filed ${reportId}` }).click();
  await expect(page.getByLabel("Report", { exact: true })).toHaveValue(reportId);
  const reference = `FRC-${Date.now().toString(36).toUpperCase()}`;
  await page.getByLabel("FRC reference").fill(reference);
  await page.getByRole("button", { name: "Mark filed" }).click();
  await expectToast(page, testInfo, `Marked filed with FRC reference ${reference}.`);
  await expect(page.getByText(`Filed: ${reference}`).filter({ visible: true })).toBeVisible();

  // The case: its report filed, and now it can be decided "report".
  await page.goto(`/admin/compliance/cases/${caseId}`);
  await expect(page.getByText(`Filed, FRC reference ${reference}`)).toBeVisible();
  await page.getByRole("radio", { name: /^File a report/ }).check();
  await page.getByLabel("Reason").fill("Reported to the FRC");
  await page.getByRole("button", { name: "Decide" }).click();
  await expectToast(page, testInfo, "Case decided: reported.");
});
