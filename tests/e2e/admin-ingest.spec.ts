/**
 * The news curation page, with JavaScript and without: an operator fetches news from the local
 * fixture feeds (the feed simulator the server starts in simulator mode), publishes one curated
 * article and finds it on /blog; the auto-ingest switch; the feed list; the guard.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInAsOperator } from "./auth";
import { expectJsState, expectToast, isJsProject, unique } from "./helpers";

const COINTELEGRAPH = { name: "Cointelegraph", url: "https://cointelegraph.com/rss" };

/**
 * The recorded Cointelegraph feed is served by the simulator; add it unless the seed already did.
 */
async function ensureFeed(page: Page, testInfo: Parameters<typeof expectToast>[1]) {
  const feeds = page.getByRole("list", { name: "Feeds" }).getByTestId("feed");
  if ((await feeds.filter({ hasText: COINTELEGRAPH.url }).count()) > 0) return;
  await page.getByLabel("Outlet name").fill(COINTELEGRAPH.name);
  await page.getByLabel("Feed URL").fill(COINTELEGRAPH.url);
  await page.getByRole("button", { name: "Add Feed" }).click();
  await expectToast(page, testInfo, "Feed Added", COINTELEGRAPH.name);
}

test("an operator fetches the latest news from the fixture feeds and publishes an article that then appears on /blog", async ({
  page,
}, testInfo) => {
  await signInAsOperator(page);
  await page.goto("/admin/ingest");
  await expectJsState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("News curation");
  const criteria = page.getByRole("region", { name: "Curation criteria" });
  await expect(criteria).toContainText("Only items from the last 7 days");
  await expect(criteria).toContainText("No ALL CAPS titles");
  await expect(criteria).toContainText("At most 2 emojis");
  await expect(criteria).toContainText("Minimum content length: 100 characters");
  await expect(criteria).toContainText(
    "stablecoin, on-ramp, off-ramp, merchant payments, settlement, compliance",
  );
  await expect(criteria).toContainText(
    "airdrops, giveaways, meme coins, price predictions, casino, betting, NFTs, sponsored content",
  );

  await ensureFeed(page, testInfo);
  await page.getByRole("button", { name: "Fetch Latest News" }).click();
  await expectToast(page, testInfo, "News Curation Complete");
  const toastText = isJsProject(testInfo)
    ? page.locator("[data-sonner-toast]")
    : page.locator('[role="status"]');
  await expect(toastText.filter({ hasText: "News Curation Complete" }).first()).toContainText(
    /Fetched \d+ articles?, curated \d+\./,
  );

  const lastRun = page.getByRole("region", { name: "Last run" });
  await expect(lastRun.getByTestId("last-run-stats")).toContainText("Fetched");
  const feedRow = lastRun
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: COINTELEGRAPH.name }) });
  await expect(feedRow).toContainText(/OK|Not modified/);
  // The seeded outlets without a recording answer 404 in the simulator: the run is partial, not
  // "succeeded", and names each failing feed (the recorded ones are not among them).
  await expect(lastRun.getByText("Partial", { exact: true })).toBeVisible();
  const failedFeeds = lastRun.getByRole("list", {
    name: /^\d+ of \d+ feeds failed; the others were curated\.$/,
  });
  await expect(failedFeeds.getByRole("listitem")).toContainText(["Bitcoin Magazine: HTTP 404"]);
  await expect(failedFeeds.getByRole("listitem").filter({ hasText: "TechCabal" })).toHaveText(
    "TechCabal: HTTP 404",
  );
  await expect(
    failedFeeds.getByRole("listitem").filter({ hasText: COINTELEGRAPH.name }),
  ).toHaveCount(0);

  // Publish the newest draft.
  const drafts = page
    .getByTestId("curated-article")
    .filter({ has: page.getByRole("button", { name: /^Publish / }) });
  await expect(drafts.first()).toBeVisible();
  const title = ((await drafts.first().locator("p").first().textContent()) ?? "").trim();
  expect(title.length).toBeGreaterThan(10);
  await drafts
    .first()
    .getByRole("button", { name: /^Publish / })
    .click();
  await expectToast(page, testInfo, "Article Published", title);
  await expect(
    page
      .getByTestId("curated-article")
      .filter({ hasText: title })
      .getByRole("button", { name: /^Unpublish / }),
  ).toBeVisible();

  await page.goto("/blog");
  const card = page
    .getByRole("region", { name: "Articles" })
    .getByRole("article")
    .getByRole("link", { name: title });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // The original story is linked, without tracking parameters.
  const source = page
    .getByRole("article")
    .getByRole("link", { name: /opens in a new tab/ })
    .filter({ hasNotText: "Share on" })
    .first();
  await expect(source).toHaveAttribute("href", /^https:\/\/[^?]+$/);
});

test("the auto-ingest switch is stored and turns the daily schedule on and off", async ({
  page,
}, testInfo) => {
  await signInAsOperator(page);
  await page.goto("/admin/ingest");
  await expectJsState(page, testInfo);
  const autoIngest = page.getByRole("switch", { name: "Auto-ingest" });
  await expect(autoIngest).toHaveAttribute("aria-checked", "false");
  await autoIngest.click();
  await expectToast(
    page,
    testInfo,
    "Auto-Ingest Enabled",
    "News will be fetched and curated daily at 07:00 EAT, Monday to Friday.",
  );
  await expect(page.getByRole("switch", { name: "Auto-ingest" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(page.getByText(/Next run \d{1,2} \w{3} \d{4}, 07:00 EAT\./)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Auto-ingest" })).toHaveAttribute(
    "aria-checked",
    "true",
  );

  await page.getByRole("switch", { name: "Auto-ingest" }).click();
  await expectToast(page, testInfo, "Auto-Ingest Disabled");
  await expect(page.getByRole("switch", { name: "Auto-ingest" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await expect(page.getByText(/Next run/)).toHaveCount(0);
});

test("operators add, disable and remove feeds; a bad address is refused with a message", async ({
  page,
}, testInfo) => {
  await signInAsOperator(page);
  await page.goto("/admin/ingest");
  await expectJsState(page, testInfo);
  if (isJsProject(testInfo)) {
    // axe runs its script in the page: JavaScript project only, on the page as loaded (no toast
    // animating).
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(
      blocking.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      ),
    ).toEqual([]);
    await expect(page.locator("h1")).toHaveCount(1);
  }
  await page.getByLabel("Outlet name").fill("Example Outlet");
  await page.getByLabel("Feed URL").fill("not a url");
  await page.getByRole("button", { name: "Add Feed" }).click();
  await expect(page.getByText("Enter a full address, starting with https://")).toBeVisible();

  const name = unique(testInfo, "Outlet");
  const url = `https://feeds.example.org/${name}.xml`;
  await page.getByLabel("Outlet name").fill(name);
  await page.getByLabel("Feed URL").fill(url);
  await page.getByRole("button", { name: "Add Feed" }).click();
  await expectToast(page, testInfo, "Feed Added", name);
  await expect(page.getByLabel("Outlet name")).toHaveValue("");
  const row = page.getByTestId("feed").filter({ hasText: url });
  await expect(row).toContainText("Enabled");

  await row.getByRole("button", { name: `Disable ${name}` }).click();
  await expectToast(page, testInfo, "Feed Disabled", name);
  await expect(page.getByTestId("feed").filter({ hasText: url })).toContainText("Disabled");

  await page
    .getByTestId("feed")
    .filter({ hasText: url })
    .getByRole("button", { name: `Remove ${name}` })
    .click();
  await expectToast(page, testInfo, "Feed Removed", name);
  await expect(page.getByTestId("feed").filter({ hasText: url })).toHaveCount(0);
});

test("signed out, the page sends you to operator sign-in", async ({ page }) => {
  await page.goto("/admin/ingest");
  await expect(page).toHaveURL(/\/admin\/signin\?redirectTo=%2Fadmin%2Fingest$/);
});
