/**
 * The blog, with JavaScript and without: the list with Latest Headlines (published articles only),
 * topic, category and tag filters as shareable URLs, article pages with Previous/Next, the Kenya
 * Impact and Merchant Takeaways boxes, and the redirect of a draft's link.
 */
import { expect, test, type Page } from "@playwright/test";
import { withE2eDatabase } from "./db";
import { expectAccessible, expectJsState, isJsProject } from "./helpers";

/**
 * Curated articles these tests need regardless of what other specs did: a draft (shown to visitors
 * nowhere; its link redirects) and a published article carrying the Kenya Impact and Merchant
 * Takeaways boxes. Inserted straight into the e2e server's database, idempotently.
 */
const E2E_DRAFT = {
  id: "art_e2e_draft",
  slug: "e2e-draft-mobile-money-stablecoin-pilot",
  title: "Mobile money operators pilot stablecoin settlement for Kenyan merchants",
};

const E2E_BOXES = {
  id: "art_e2e_boxes",
  slug: "e2e-central-bank-stablecoin-settlement-rules",
  title: "Central bank sets stablecoin settlement rules for payment processors",
  kenyaImpact:
    "Kenyan payment processors that settle in stablecoins will need CBK approval under the VASP Act.",
  merchantTakeaways: [
    "Keep pricing in shillings",
    "Ask your provider about its licence application",
  ],
};

function insertBlogFixtures() {
  withE2eDatabase((db) => {
    const insert = db.prepare(`insert or ignore into news_articles
      (id, slug, title, tldr, body, tags, category, published_at, source_name, source_url, author_name, author_bio,
       author_avatar, status, reading_time, kenya_impact, merchant_takeaways, original_url, canonical_url, canonical_key,
       normalized_title, fetched_at, matched_topics, curation_reason, created_at)
      values (@id, @slug, @title, @tldr, @body, @tags, 'News', @publishedAt, 'Payments Desk', @url, 'Payments Desk Staff',
       'Reporting for Payments Desk.', '/favicon.svg', @status, 1, @kenyaImpact, @takeaways, @url, @url, @key,
       @normalized, @publishedAt, '["stablecoin","settlement"]', 'Matched required topics: stablecoin, settlement.', @publishedAt)`);
    const tag = db.prepare(
      "insert or ignore into news_article_tags (article_id, tag) values (?, ?)",
    );
    const rows = [
      {
        ...E2E_DRAFT,
        status: "draft",
        publishedAt: Date.parse("2026-11-03T06:00:00Z"),
        kenyaImpact: null,
        takeaways: null,
      },
      {
        ...E2E_BOXES,
        status: "published",
        publishedAt: Date.parse("2026-10-28T06:00:00Z"),
        takeaways: JSON.stringify(E2E_BOXES.merchantTakeaways),
      },
    ];
    for (const row of rows) {
      const url = `https://payments-desk.example.net/${row.slug}`;
      insert.run({
        id: row.id,
        slug: row.slug,
        title: row.title,
        tldr: `${row.title}. What it means for merchants who accept stablecoins and settle to M-Pesa.`,
        body: `${row.title}.\n\n## What changes\n\nProcessors must hold reserves and redeem within one business day.\n\n- Reserves\n- Redemption\n- Reporting`,
        tags: JSON.stringify(["stablecoins", "kenya", "regulation"]),
        publishedAt: row.publishedAt,
        url,
        key: url.replace("https://", ""),
        normalized: row.title.toLowerCase(),
        status: row.status,
        kenyaImpact: row.kenyaImpact ?? null,
        takeaways: row.takeaways,
      });
      for (const value of ["stablecoins", "kenya", "regulation"]) tag.run(row.id, value);
    }
  });
}

test.beforeAll(() => insertBlogFixtures());

const headlines = (page: Page) => page.getByRole("list", { name: "Headlines, newest first" });
const articleList = (page: Page) => page.getByRole("region", { name: "Articles" });

test("the blog: hero, Latest Headlines and article cards of published articles only, the sidebar", async ({
  page,
}, testInfo) => {
  // A URL no other spec renders first, so the in-process page cache cannot serve a copy from before
  // the fixtures.
  await page.goto("/blog?topic=Kenya");
  await expectJsState(page, testInfo);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "News and insights on crypto payments in Kenya",
  );
  await expect(page.getByRole("heading", { level: 2, name: "Latest Headlines" })).toBeVisible();

  // The newest Kenya headline is the published curated one; the newer draft is not shown.
  const published = headlines(page).getByRole("listitem").filter({ hasText: E2E_BOXES.title });
  await expect(published).toBeVisible();
  await expect(published.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByText(E2E_DRAFT.title)).toHaveCount(0);
  await expect(page.getByText("Unpublished", { exact: true })).toHaveCount(0);
  expect(
    await headlines(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading") })
      .count(),
  ).toBeLessThanOrEqual(12);
  await expect(page.getByText("Loading latest headlines...")).toHaveCount(0);

  await expect(
    articleList(page).getByRole("article").getByRole("link", { name: E2E_BOXES.title }),
  ).toBeVisible();
  await expect(articleList(page).getByText(E2E_DRAFT.title)).toHaveCount(0);

  const sidebar = page.getByRole("complementary", { name: "Latest News" });
  await expect(sidebar.getByRole("listitem")).toHaveCount(5);
  await expectAccessible(page, testInfo);
});

test("the topic filter of Latest Headlines is a link per topic", async ({ page }, testInfo) => {
  await page.goto("/blog?topic=Kenya");
  await expectJsState(page, testInfo);
  const topics = page.getByRole("navigation", { name: "Headline topics" });
  await expect(topics.getByRole("link")).toHaveText([
    "All",
    "Kenya",
    "Stablecoins",
    "Regulation",
    "Merchants",
    "Cross-border",
    "Product",
  ]);
  await expect(topics.getByRole("link", { name: "Kenya" })).toHaveAttribute("aria-current", "true");

  let release: () => void = () => undefined;
  if (isJsProject(testInfo)) {
    // Hold the data request so the block's loading state can be seen.
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/blog\.data/, async (route) => {
      await gate;
      await route.continue();
    });
  }
  await topics.getByRole("link", { name: "Product" }).click();
  if (isJsProject(testInfo)) {
    await expect(
      page.getByRole("status").filter({ hasText: "Loading latest headlines..." }),
    ).toBeVisible();
    release();
  }
  await expect(page).toHaveURL(/\/blog\?topic=Product#headlines$/);
  await expect(topics.getByRole("link", { name: "Product" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(
    headlines(page).getByRole("link", {
      name: "A new merchant dashboard: every payment, payout and split in one place",
    }),
  ).toBeVisible();
  await expect(headlines(page).getByText(E2E_DRAFT.title)).toHaveCount(0);
  await expect(page.getByText("Loading latest headlines...")).toHaveCount(0);
});

test("category and tag filters are GET parameters: shareable, and working without JavaScript", async ({
  page,
}, testInfo) => {
  // With JavaScript the filters are client navigations: the URL, the list and its count change
  // at different moments, so every step waits on what the user sees (the filter marked current,
  // the count line for the filtered list, the cards) through retrying assertions, and never reads
  // a snapshot of the list.
  await page.goto("/blog");
  await expectJsState(page, testInfo);
  const categories = page.getByRole("navigation", { name: "Filter by category" });
  const tagFilter = page.getByRole("navigation", { name: "Filter by tag" });
  const cards = articleList(page).getByRole("article");
  const countLine = articleList(page).getByText(/^\d+ articles? match(es)? these filters\.$/);

  await categories.getByRole("link", { name: "Product Updates" }).click();
  await expect(page).toHaveURL(/\/blog\?category=Product(\+|%20)Updates#articles$/);
  await expect(categories.getByRole("link", { name: "Product Updates" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(countLine).toBeVisible();
  const matching = Number((await countLine.textContent())?.match(/\d+/)?.[0]);
  expect(matching).toBeGreaterThan(1);
  await expect(cards).toHaveCount(Math.min(matching, 12));
  await expect(cards.filter({ hasNotText: "Product Updates" })).toHaveCount(0);

  await tagFilter.getByRole("link", { name: "#usdt" }).click();
  await expect(page).toHaveURL(/category=Product(\+|%20)Updates&tag=usdt#articles$/);
  await expect(tagFilter.getByRole("link", { name: "#usdt" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(countLine).toHaveText("1 article matches these filters.");
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole("link")).toHaveText(
    "USDT on Tron (TRC-20) is now live at OneHop checkout",
  );

  // The same view from a shared link.
  await page.goto("/blog?tag=usdt");
  await expect(tagFilter.getByRole("link", { name: "#usdt" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(countLine).toHaveText("2 articles match these filters.");
  await expect(cards).toHaveCount(2);
  await categories.getByRole("link", { name: "Explainers" }).click();
  await expect(page).toHaveURL(/category=Explainers&tag=usdt#articles$/);
  await expect(categories.getByRole("link", { name: "Explainers" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.getByText("No articles match these filters.")).toBeVisible();
  await expect(cards).toHaveCount(0);
});

test("an article page: back link, tl;dr, tags, body, share links, Kenyan dates, Previous and Next", async ({
  page,
  baseURL,
}, testInfo) => {
  await page.goto("/blog/stablecoins-for-kenyan-merchants");
  await expectJsState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Why dollar stablecoins make sense for Kenyan merchants",
  );
  await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  await expect(page.getByRole("complementary", { name: "tl;dr" })).toContainText(
    "USDT and USDC let customers abroad",
  );
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
    "#stablecoins",
    "#usdt",
    "#usdc",
    "#kenya",
    "#merchants",
  ]);
  await expect(page.locator("article time").first()).toHaveText("17 Jun 2025");
  await expect(page.locator("article h2").first()).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
    "content",
    "2025-06-17T06:00:00.000Z",
  );

  const pageUrl = `${baseURL}/blog/stablecoins-for-kenyan-merchants`;
  const twitter = new URL(
    (await page.getByRole("link", { name: /Share on Twitter\/X/ }).getAttribute("href")) ?? "",
  );
  expect(twitter.origin + twitter.pathname).toBe("https://twitter.com/intent/tweet");
  expect(twitter.searchParams.get("url")).toBe(pageUrl);
  const facebook = new URL(
    (await page.getByRole("link", { name: /Share on Facebook/ }).getAttribute("href")) ?? "",
  );
  expect(facebook.origin + facebook.pathname).toBe("https://www.facebook.com/sharer/sharer.php");
  expect(facebook.searchParams.get("u")).toBe(pageUrl);
  await expect(page.getByRole("heading", { name: "Kenya Impact" })).toHaveCount(0);

  const nav = page.getByRole("navigation", { name: "More articles" });
  await expect(nav.getByRole("link", { name: /Previous/ })).toContainText(
    "USDT on Tron (TRC-20) is now live at OneHop checkout",
  );
  await nav.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/\/blog\/finance-act-2025-digital-asset-tax$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Finance Act 2025 scraps the 3% Digital Asset Tax: what changes for merchants",
  );
  await page
    .getByRole("navigation", { name: "More articles" })
    .getByRole("link", { name: /Previous/ })
    .click();
  await expect(page).toHaveURL(/\/blog\/stablecoins-for-kenyan-merchants$/);
  await expectAccessible(page, testInfo);
});

test("the body renders our text format as headings and lists, never as HTML", async ({ page }) => {
  await page.goto("/blog/how-mpesa-settlement-works-with-onehop");
  await expect(page.getByRole("heading", { level: 2, name: "The short version" })).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 3, name: "1. The quote is locked when checkout opens" }),
  ).toBeVisible();
  const steps = page.locator("article ol").first().getByRole("listitem");
  await expect(steps).toHaveCount(5);
  await expect(steps.first()).toHaveText(
    "Your customer chooses crypto at checkout and we lock a KES quote at once.",
  );
});

test("a curated article with Kenya Impact and Merchant Takeaways shows both boxes", async ({
  page,
}, testInfo) => {
  await page.goto(`/blog/${E2E_BOXES.slug}`);
  await expectJsState(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(E2E_BOXES.title);
  await expect(page.getByRole("region", { name: "Kenya Impact" })).toContainText(
    E2E_BOXES.kenyaImpact,
  );
  await expect(
    page.getByRole("region", { name: "Merchant Takeaways" }).getByRole("listitem"),
  ).toHaveText(E2E_BOXES.merchantTakeaways);
  await expect(page.locator("article time").first()).toHaveText("28 Oct 2026");
});

test("a draft's link and an unknown slug lead back to /blog", async ({ page }, testInfo) => {
  await page.goto(`/blog/${E2E_DRAFT.slug}`);
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "News and insights on crypto payments in Kenya",
  );
  await page.goto("/blog/no-such-article-here");
  await expect(page).toHaveURL(/\/blog$/);

  // Nothing on the blog links to the draft.
  await page.goto("/blog?topic=Kenya");
  await expectJsState(page, testInfo);
  await expect(page.getByRole("heading", { level: 2, name: "Latest Headlines" })).toBeVisible();
  await expect(page.locator(`a[href="/blog/${E2E_DRAFT.slug}"]`)).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("headlines show published articles only, and the category filter narrows the list", async ({
    page,
  }, testInfo) => {
    await page.goto("/blog?topic=Kenya&view=phone");
    await expectJsState(page, testInfo);
    await expect(
      headlines(page).getByRole("listitem").filter({ hasText: E2E_BOXES.title }),
    ).toBeVisible();
    await expect(page.getByText(E2E_DRAFT.title)).toHaveCount(0);

    const categories = page.getByRole("navigation", { name: "Filter by category" });
    await categories.getByRole("link", { name: "News" }).click();
    await expect(page).toHaveURL(/[?&]category=News(&[^#]*)?#articles$/);
    await expect(categories.getByRole("link", { name: "News" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    const countLine = articleList(page).getByText(/^\d+ articles? match(es)? these filters\.$/);
    await expect(countLine).toBeVisible();
    const cards = articleList(page).getByRole("article");
    await expect(cards.filter({ hasNotText: "News" })).toHaveCount(0);
    await expect(cards.first()).toBeVisible();
  });
});
