/**
 * Phones and polish (issue 11, item 13), with JavaScript on and off, on a phone and a laptop:
 * payment lists that fit a phone (cards with Status and Created in view, no sideways scroll), the
 * ticker control beside the statistics (never over them), coin marks drawn as SVG (no letter
 * circles), and the exchange-rates content right under its hero.
 */
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { signInAsMerchant, signInAsOperator } from "./auth";
import { createTestMerchant } from "./db";
import { expectJsState, expectNoSidewaysScroll, expectToast, isJsProject } from "./helpers";

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const laptop = { viewport: { width: 1280, height: 800 } } as const;

async function createPayment(page: Page, testInfo: TestInfo, reference: string) {
  await page.goto("/merchant/payments/new");
  await page.getByLabel("Amount (KES)").fill("2500");
  await page.getByLabel("Your reference").fill(reference);
  await page.getByRole("radio", { name: "USDT" }).check();
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByRole("button", { name: "Create Payment" }).click();
  await expectToast(page, testInfo, "Payment created");
}

/** Visible and not cut off at either side of the window (nor hidden in a sideways scroller). */
async function expectWithinWidth(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, "has a box").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** Each payment card on a phone names the payment and shows its Status and Created. */
async function expectPaymentCards(page: Page, listName: string, reference: string) {
  await expectNoSidewaysScroll(page);
  const cards = page.getByRole("list", { name: listName }).getByRole("listitem");
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(page.getByRole("table")).toBeHidden();
  for (const card of await cards.all()) {
    for (const field of ["Status", "Created"]) {
      const term = card.locator("dt").filter({ hasText: new RegExp(`^${field}$`) });
      await expectWithinWidth(page, term);
      const value = term.locator("xpath=following-sibling::dd[1]");
      await expect(value).not.toBeEmpty();
      await expectWithinWidth(page, value);
    }
  }
  const mine = cards.filter({ has: page.getByRole("heading", { name: reference }) });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole("heading", { name: reference }).getByRole("link")).toBeVisible();
}

/** On a laptop the same list is a table with Status and Created columns. */
async function expectPaymentTable(page: Page, reference: string) {
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  for (const name of ["Status", "Created"]) {
    await expectWithinWidth(page, table.getByRole("columnheader", { name, exact: true }));
  }
  await expect(table.getByRole("rowheader", { name: new RegExp(reference) })).toBeVisible();
  await expectNoSidewaysScroll(page);
}

for (const [device, use] of [
  ["phone", phone],
  ["laptop", laptop],
] as const) {
  test.describe(`payment lists on a ${device}`, () => {
    test.use(use);

    test("the merchant's and the operator's payment lists show every field without sideways scrolling", async ({
      page,
    }, testInfo) => {
      await signInAsMerchant(page, await createTestMerchant());
      const reference = `POLISH-${testInfo.project.name}-${device}-${Date.now()}`;
      await createPayment(page, testInfo, reference);

      await page.goto("/merchant/payments");
      await expectJsState(page, testInfo);
      if (device === "phone") {
        await expectPaymentCards(page, "Your payments, newest first", reference);
      } else {
        await expectPaymentTable(page, reference);
      }

      await page.context().clearCookies();
      // Sign in on a wide window (the console's navigation is what proves the sign-in), then look
      // at the list on this device.
      await page.setViewportSize(laptop.viewport);
      await signInAsOperator(page);
      await page.setViewportSize(use.viewport);
      await page.goto(`/admin/payments?q=${reference}`);
      await expectJsState(page, testInfo);
      if (device === "phone") {
        await expectPaymentCards(
          page,
          `Payments: All, matching "${reference}", newest first, page 1`,
          reference,
        );
      } else {
        await expectPaymentTable(page, reference);
      }
    });
  });

  test.describe(`public pages on a ${device}`, () => {
    test.use(use);

    test("the ticker control sits beside the statistics, not over them, and pauses the loop", async ({
      page,
    }, testInfo) => {
      await page.goto("/about");
      await expectJsState(page, testInfo);
      const ticker = page.getByRole("region", { name: "Market statistics" });
      const control = isJsProject(testInfo)
        ? ticker.getByRole("button", { name: "Pause ticker" })
        : ticker.getByRole("checkbox", { name: "Pause ticker" });
      await expect(control).toHaveCount(1);
      const chip = ticker.getByText("Pause ticker", { exact: true });
      await expectWithinWidth(page, chip);
      const chipBox = (await chip.boundingBox())!;
      // The statistics scroll inside their own clipped strip; the chip is outside it.
      const strip = (await ticker.locator(".ticker-viewport").boundingBox())!;
      expect(strip.x + strip.width).toBeLessThanOrEqual(chipBox.x);

      const track = ticker.locator(".ticker-track");
      await expect(track).toHaveCSS("animation-play-state", "running");
      await chip.click();
      await expect(track).toHaveCSS("animation-play-state", "paused");
      if (!isJsProject(testInfo)) await expect(control).toBeChecked();
    });

    test("for reduced motion the ticker stands still and shows no pause control", async ({
      page,
    }, testInfo) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/about");
      await expectJsState(page, testInfo);
      const ticker = page.getByRole("region", { name: "Market statistics" });
      await expect(ticker.locator(".ticker-track")).toHaveCSS("animation-name", "none");
      await expect(ticker.getByText("Pause ticker", { exact: true })).toBeHidden();
      await expect(ticker.getByRole("checkbox")).toHaveCount(0);
      await expect(ticker.getByRole("button")).toHaveCount(0);
    });

    test("coin lists show SVG marks beside the names, not letter circles", async ({
      page,
    }, testInfo) => {
      for (const [path, listName] of [
        ["/supported-currencies", "Accepted at checkout"],
        ["/supported-currencies", "Rates shown for reference"],
        ["/solutions", "Accepted at checkout"],
        ["/solutions", "Rates shown for reference"],
        ["/exchange-rates", "Exchange rates in Kenyan shillings"],
      ] as const) {
        await page.goto(path);
        await expectJsState(page, testInfo);
        const items = page.getByRole("list", { name: listName }).getByRole("listitem");
        expect(await items.count(), `${path} lists coins`).toBeGreaterThanOrEqual(4);
        for (const item of await items.all()) {
          const mark = item.locator("svg").first();
          await expect(mark, `${path}: a drawn mark`).toBeVisible();
          await expect(mark).toHaveAttribute("aria-hidden", "true");
          // No circle holding a lone letter: every text line in the item is longer than one letter.
          const texts = await item.evaluate((li) =>
            Array.from(li.querySelectorAll("*"))
              .filter((el) => !el.closest("svg") && el.children.length === 0)
              .map((el) => (el.textContent ?? "").trim())
              .filter(Boolean),
          );
          for (const text of texts) expect(text, `${path}: letter circle`).not.toMatch(/^\w$/);
        }
      }
      await page.goto("/tariff-schedule");
      const assets = page.getByRole("table", { name: /accepted at checkout/i });
      await expect(assets.getByRole("rowheader").first().locator("svg")).toBeVisible();
    });

    test("each exchange rate fits inside its card", async ({ page }, testInfo) => {
      await page.goto("/exchange-rates");
      await expectJsState(page, testInfo);
      const prices = page
        .getByRole("list", { name: "Exchange rates in Kenyan shillings" })
        .locator("[data-rate]");
      await expect(prices).toHaveCount(4);
      for (const price of await prices.all()) {
        const { scrollWidth, clientWidth } = await price.evaluate((el) => ({
          scrollWidth: el.scrollWidth,
          clientWidth: el.clientWidth,
        }));
        expect(scrollWidth, await price.innerText()).toBeLessThanOrEqual(clientWidth);
      }
    });

    test("the exchange rates follow the hero without a large empty gap", async ({
      page,
    }, testInfo) => {
      await page.goto("/exchange-rates");
      await expectJsState(page, testInfo);
      const refresh = page.getByRole("button", { name: /^(Refresh|Updating\.\.\.)$/ });
      const heading = page.getByRole("heading", { level: 2, name: "Rates in Kenyan shillings" });
      await expect(heading).toBeVisible();
      const heroEnd = (await refresh.boundingBox())!;
      const next = (await heading.boundingBox())!;
      const gap = next.y - (heroEnd.y + heroEnd.height);
      expect(gap).toBeGreaterThan(0);
      expect(gap, "empty space between the hero's last line and the rates").toBeLessThanOrEqual(96);
    });
  });
}
