/**
 * Issue 15, item 7: the operators' reconciliation page in a browser, with and without JavaScript.
 * A run and its findings are written into the e2e database the way the nightly job writes them; the
 * admin (signed in with the second factor) sees the run, the open findings with their amounts in
 * their currency and their evidence as a list (the raw record folded away), resolves one with a
 * note (a blank note is refused and said so), finds it under Resolved with who and the note, and
 * filters by status and by run. Then "Run now" runs the real job against the simulators.
 * Axe-checked on the JavaScript project.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signInAsOperator } from "./auth";
import { withE2eDatabase } from "./db";
import {
  expectAccessible,
  expectJsState,
  expectNoSidewaysScroll,
  expectToast,
  isJsProject,
} from "./helpers";

const NOTE_REQUIRED = "Write a note: what the difference was and what you did";

/** A completed run with two open findings (KES and USDT), as the job records them. */
function seedRun(testInfo: TestInfo) {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`.replace(/[^a-z0-9]/g, "");
  const now = Date.now();
  const run = { id: `rcn_e2e${tag}`, day: "2026-11-20" };
  const rail = { id: `rcf_e2er${tag}`, label: `M-Pesa float ${tag}` };
  const custody = { id: `rcf_e2ec${tag}`, label: `USDT at custody ${tag}` };
  withE2eDatabase((db) => {
    db.prepare(
      "insert into reconciliation_runs (id, day, status, started_at, finished_at, checked, findings_count, error) values (?, ?, 'completed', ?, ?, ?, 2, null)",
    ).run(run.id, run.day, now, now + 4_000, JSON.stringify({ rails: 4, assets: 4, transfers: 7 }));
    const finding = db.prepare(
      "insert into reconciliation_findings (id, run_id, kind, book, subject, subject_label, currency, expected, actual, difference, evidence, status, created_at) values (?, ?, ?, 'live', ?, ?, ?, ?, ?, ?, ?, 'open', ?)",
    );
    finding.run(
      rail.id,
      run.id,
      "rail_balance",
      "mpesa",
      rail.label,
      "KES",
      "2000000000",
      "2000050000",
      "50000",
      JSON.stringify({
        ledger: { floats: [{ book: "live", account: "float:mpesa", cents: "2000000000" }] },
        answer: { availableCents: "2000050000" },
        currency: "KES",
      }),
      now + 1,
    );
    finding.run(
      custody.id,
      run.id,
      "custody_balance",
      "USDT",
      custody.label,
      "USDT",
      "1000000000",
      "1012500000",
      "12500000",
      JSON.stringify({ ledger: { accounts: [{ book: "live", units: "1000000000" }] } }),
      now + 2,
    );
  });
  return { run, rail, custody };
}

async function openPage(page: Page, testInfo: TestInfo, query = "") {
  await page.goto(`/admin/reconciliation${query}`);
  await expectJsState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
}

test("the admin reads the findings, resolves one with a note and filters", async ({
  page,
}, testInfo) => {
  const { run, rail, custody } = seedRun(testInfo);
  await signInAsOperator(page);
  await page
    .getByRole("navigation", { name: "Operator console" })
    .getByRole("link", { name: "Reconciliation" })
    .click();
  await expectJsState(page, testInfo);
  await expect(page).toHaveURL(/\/admin\/reconciliation$/);

  // The run, in the laptop's table.
  const runs = page.getByRole("region", { name: "Latest reconciliation runs, newest first" });
  const runRow = runs.getByRole("row").filter({ hasText: run.id });
  await expect(runRow).toContainText("20 Nov 2026");
  await expect(runRow).toContainText("Completed");
  await expect(runRow).toContainText("4 rails, 4 assets, 7 transfers");
  await expect(runRow).toContainText("2 differences");

  // Open findings: amounts in their currency, the evidence as a list, the raw record folded.
  const open = page.getByRole("list", { name: "Open findings" });
  const railCard = open.getByRole("article", { name: `Rail balance: ${rail.label}` });
  await expect(railCard).toContainText("KES 20,000,000.00");
  await expect(railCard).toContainText("KES 20,000,500.00");
  await expect(railCard).toContainText("+KES 500.00");
  const railEvidence = railCard.getByRole("region", { name: "Evidence" });
  await expect(railEvidence.getByRole("term").filter({ hasText: "Available (KES)" })).toBeVisible();
  await expect(
    railEvidence.getByRole("definition").filter({ hasText: /^KES 20,000,500\.00$/ }),
  ).toBeVisible();
  await expect(railEvidence.getByText("float:mpesa", { exact: true })).toBeVisible();
  const raw = railEvidence.getByText(/"availableCents": "2000050000"/);
  await expect(raw).toBeHidden();
  await railEvidence.getByText("Raw evidence").click();
  await expect(raw).toBeVisible();
  const custodyCard = open.getByRole("article", { name: `Custody balance: ${custody.label}` });
  await expect(custodyCard).toContainText("+12.5 USDT");
  await expect(custodyCard).toContainText("1000 USDT");

  await expectAccessible(page, testInfo);

  // A blank note is refused (in the browser with JavaScript, by the server without).
  const note = railCard.getByLabel("Resolution note");
  await note.fill("   ");
  await railCard.getByRole("button", { name: `Resolve Rail balance: ${rail.label}` }).click();
  await expect(
    page.getByRole("article", { name: `Rail balance: ${rail.label}` }).getByText(NOTE_REQUIRED),
  ).toBeVisible();
  if (!isJsProject(testInfo)) await expectToast(page, testInfo, "Finding not resolved");

  const resolvedNote = `Safaricom credited a late top-up (${testInfo.project.name}).`;
  const card = page.getByRole("list", { name: "Open findings" }).getByRole("article", {
    name: `Rail balance: ${rail.label}`,
  });
  await card.getByLabel("Resolution note").fill(resolvedNote);
  await card.getByRole("button", { name: `Resolve Rail balance: ${rail.label}` }).click();
  await expectToast(page, testInfo, "Finding resolved");

  const resolved = page
    .getByRole("list", { name: "Resolved findings" })
    .getByRole("article", { name: `Rail balance: ${rail.label}` });
  await expect(resolved).toContainText("Resolved by E2E Admin on");
  await expect(resolved).toContainText(`Note: ${resolvedNote}`);
  await expect(
    page.getByRole("list", { name: "Open findings" }).getByRole("article", {
      name: `Rail balance: ${rail.label}`,
    }),
  ).toHaveCount(0);

  // Filters: open only, resolved only, one run (shareable addresses).
  const filters = page.getByRole("navigation", { name: "Filter findings" });
  await filters.getByRole("link", { name: /^Open/ }).click();
  await expect(page).toHaveURL(/\?status=open$/);
  await expect(page.getByRole("heading", { name: "Resolved findings" })).toHaveCount(0);
  await expect(
    page.getByRole("article", { name: `Custody balance: ${custody.label}` }),
  ).toBeVisible();
  await filters.getByRole("link", { name: "Resolved" }).click();
  await expect(page).toHaveURL(/\?status=resolved$/);
  await expect(page.getByRole("heading", { name: "Open findings" })).toHaveCount(0);
  await expect(page.getByRole("article", { name: `Rail balance: ${rail.label}` })).toBeVisible();

  await openPage(page, testInfo, `?run=${run.id}`);
  await expect(page.getByText("Run of 20 Nov 2026 only.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Open findings" }).getByRole("article")).toHaveCount(
    1,
  );
  await expect(
    page.getByRole("list", { name: "Resolved findings" }).getByRole("article"),
  ).toHaveCount(1);
});

test("Run now runs the reconciliation and shows that run", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAsOperator(page);
  await openPage(page, testInfo);
  await page.getByRole("button", { name: "Run now" }).click();
  await expect(page).toHaveURL(/\/admin\/reconciliation\?run=rcn_[a-z0-9]+$/, { timeout: 90_000 });
  const runId = new URL(page.url()).searchParams.get("run")!;
  await expectToast(page, testInfo, "Reconciliation complete");
  const runRow = page
    .getByRole("region", { name: "Latest reconciliation runs, newest first" })
    .getByRole("row")
    .filter({ hasText: runId });
  await expect(runRow).toContainText("Completed");
  await expect(runRow.locator('a[aria-current="page"]')).toBeVisible();
});

test("the page fits a phone", async ({ page }, testInfo) => {
  seedRun(testInfo);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsOperator(page, undefined, { waitFor: "url" });
  await openPage(page, testInfo);
  await expect(
    page.getByRole("list", { name: "Latest reconciliation runs, newest first" }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
});
