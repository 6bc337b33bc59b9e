/**
 * Your data (issue 31, item 9; ADR 0060) in a browser, with JavaScript and without: from Settings
 * an owner opens "Your data", downloads the JSON export (every section, no secret) and a CSV
 * section, asks for erasure (refused without the confirmation), and reads in the page what was
 * removed and what is kept until when. axe on the page.
 */
import { expect, test } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant } from "./db";
import { expectAccessible, expectToast } from "./helpers";

test("an owner downloads the export and asks for erasure", async ({ page }, testInfo) => {
  const merchant = await createTestMerchant();
  await signInAsMerchant(page, merchant);
  await page.goto("/merchant/settings");
  await page.getByRole("link", { name: "Your data: download it or ask for erasure" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();
  await expect(page.getByText("We keep until 7 years after your account closes")).toBeVisible();
  await expectAccessible(page, testInfo);

  // The JSON export: a download with every section, the business's own, no password hash.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download everything (JSON)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^onehop-data-${merchant.merchantId}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const { createReadStream } = await import("node:fs");
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream((await download.path())!))
    chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  expect(text).not.toContain("password_hash");
  const doc = JSON.parse(text) as { sections: Record<string, Record<string, unknown>[]> };
  expect(doc.sections.members!.map((member) => member.username)).toEqual(["owner"]);
  expect(doc.sections.business).toContainEqual({ field: "id", value: merchant.merchantId });

  // A CSV section.
  const csvHref = await page.getByRole("link", { name: "Payments (CSV)" }).getAttribute("href");
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toContain("attachment;");
  expect(await csv.text()).toMatch(/^\uFEFF?id,mode,reference,/);

  // Erasure needs the confirmation.
  const erase = page.getByRole("button", { name: "Erase what can be erased" });
  await erase.click();
  await expect(page.getByText("Tick the box to confirm")).toBeVisible();
  await page.getByLabel("I understand that what is removed cannot be brought back.").check();
  await page.getByRole("button", { name: "Erase what can be erased" }).click();
  await expectToast(page, testInfo, "Erasure done");
  const result = page.getByRole("status").filter({ hasText: "Your erasure request of" });
  await expect(result).toContainText("Marketing consent (newsletter)");
  await expect(result).toContainText(
    "Kept until 7 years after your account closes, as the law requires:",
  );
  await expect(result).toContainText("Payments and their events");
  await expect(page.getByRole("region", { name: "Your requests" })).toContainText("Erasure");
});
