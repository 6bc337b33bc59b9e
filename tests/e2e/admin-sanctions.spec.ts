/**
 * Issue 31, item 1: an operator imports the UN Consolidated List from the sanctions lists page,
 * with and without JavaScript. The real published sample (tests/fixtures/compliance), with one more
 * record per project so each run is a new file: the snapshot shows with its counts and what it
 * added; a tiny list is rejected with its reason and the active snapshot stays. Axe-checked.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAsOperator } from "./auth";
import { expectAccessible, expectJsState, expectToast } from "./helpers";

const UN = readFileSync(
  path.resolve("tests/fixtures/compliance/un/consolidated-list-sample.xml"),
  "utf8",
);

/** The sample with one more individual (a copy of its first) under a reference of this run. */
function unListFor(testInfo: TestInfo) {
  const uid = `ZZi.${testInfo.project.name}${Date.now().toString(36)}`;
  const name = `E2E LISTED ${testInfo.project.name.toUpperCase()}`;
  const start = UN.indexOf("<INDIVIDUAL>");
  const record = UN.slice(start, UN.indexOf("</INDIVIDUAL>", start) + "</INDIVIDUAL>".length)
    .replace("CDi.001", uid)
    .replace("<FIRST_NAME>ERIC</FIRST_NAME>", `<FIRST_NAME>${name}</FIRST_NAME>`);
  return {
    uid,
    name: `${name} BADEGE`,
    xml: UN.replace("</INDIVIDUALS>", `${record}\n</INDIVIDUALS>`),
  };
}

async function upload(page: Page, testInfo: TestInfo, name: string, content: string) {
  const form = page.getByRole("region", { name: "Import now" });
  await form.getByLabel("List").selectOption({ label: "UN Security Council Consolidated List" });
  await form.getByLabel("File").setInputFiles({
    name,
    mimeType: "application/xml",
    buffer: Buffer.from(content, "utf8"),
  });
  await form.getByRole("button", { name: "Import" }).click();
  await expectJsState(page, testInfo);
}

test("an operator imports the UN list, sees the snapshot, and a tiny list is rejected", async ({
  page,
}, testInfo) => {
  await signInAsOperator(page);
  await expect(
    page
      .getByRole("navigation", { name: "Operator console" })
      .getByRole("link", { name: "Sanctions lists" }),
  ).toHaveAttribute("href", "/admin/compliance/sanctions");
  await page.goto("/admin/compliance/sanctions");
  await expectJsState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "Sanctions lists" })).toBeVisible();
  await expectAccessible(page, testInfo);

  // The published sample first (a new snapshot, or "No change" when it is the active one), then
  // the same with one more record: its import adds that record.
  await upload(page, testInfo, "consolidated.xml", UN);
  await expect(page).toHaveURL(/\?snapshot=sls_/);
  await page.goto("/admin/compliance/sanctions");
  await expectJsState(page, testInfo);
  const list = unListFor(testInfo);
  await upload(page, testInfo, "consolidated.xml", list.xml);
  await expectToast(page, testInfo, "List imported", "10 entries, now in use.");
  const result = page.getByRole("region", { name: /^Your import: UN Security Council/ });
  await expect(result).toContainText("Active");
  await expect(result.getByRole("definition").filter({ hasText: /^10$/ }).first()).toBeVisible();
  await expect(result).toContainText("27 Feb 2026");
  await expect(result).toContainText("consolidated.xml");
  await expect(result).toContainText("Upload by E2E Admin");
  await expect(result).toContainText("1 added");
  await expect(result.getByRole("listitem").filter({ hasText: list.name })).toBeVisible();
  const unList = page.getByRole("region", {
    name: "UN Security Council Consolidated List",
    exact: true,
  });
  await expect(unList).toContainText("Active snapshot");
  await expect(unList).toContainText(list.name);
  await expectAccessible(page, testInfo);

  const tiny =
    '<?xml version="1.0"?><CONSOLIDATED_LIST dateGenerated="2026-03-01T00:00:00Z"><INDIVIDUALS>' +
    "<INDIVIDUAL><FIRST_NAME>ONLY</FIRST_NAME><SECOND_NAME>ONE</SECOND_NAME><UN_LIST_TYPE>DRC</UN_LIST_TYPE>" +
    "<REFERENCE_NUMBER>CDi.999</REFERENCE_NUMBER></INDIVIDUAL></INDIVIDUALS><ENTITIES/></CONSOLIDATED_LIST>";
  await upload(page, testInfo, "tiny.xml", tiny);
  await expectToast(page, testInfo, "List rejected");
  const rejected = page.getByRole("region", { name: /^Your import: UN Security Council/ });
  await expect(rejected).toContainText("Rejected");
  await expect(rejected).toContainText(
    /The list has 1 entry, fewer than 90% of the \d+ in the active snapshot/,
  );
  // The active snapshot is still the full list.
  await expect(
    page.getByRole("table", {
      name: "Recent snapshots of the UN Security Council Consolidated List",
    }),
  ).toContainText("Rejected");
  await expect(unList).toContainText(list.name);
  await expectAccessible(page, testInfo);
});
