import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { withE2eDatabase } from "./db";
import { publicRoutes } from "./routes";

for (const path of [...publicRoutes, "/no-such-page"]) {
  test(`axe finds no serious or critical violation on ${path}, which has one h1`, async ({
    page,
  }) => {
    // axe reads every node: on the largest page (/docs/api, about 6,000 nodes) it takes 35 s on a
    // loaded 2-core machine (measured on the code before and after issue 27 alike).
    test.slow();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(errors, "errors in the page once JavaScript runs").toEqual([]);
    await expect(page.locator("h1")).toHaveCount(1);
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(
      blocking.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      ),
    ).toEqual([]);
  });
}

// A payment link's public page (issue 13, item 6): one of the demo merchant's, and an unknown one.
test("axe finds no serious or critical violation on a payment link's page", async ({ page }) => {
  const id = "lnk_axebeans2222";
  withE2eDatabase((db) =>
    db
      .prepare(
        "insert or ignore into payment_links (id, merchant_id, mode, title, description, active, created_at, updated_at) values (?, 'MRC-K3NYA2', 'test', 'A11y beans', 'Any amount', 1, ?, ?)",
      )
      .run(id, Date.now(), Date.now()),
  );
  for (const path of [`/pay/link/${id}`, "/pay/link/lnk_zzzzzzzzzzzz"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("h1")).toHaveCount(1);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${path} ${v.id}: ${v.help}`),
    ).toEqual([]);
  }
});
