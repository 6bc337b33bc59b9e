/**
 * Exchange rates and supported currencies, with JavaScript on ("js") and off ("no-js"): the
 * provider up, failing after a good snapshot (stale shown), and no data ever (Service Unavailable,
 * then Try Again once it recovers). The market simulator and the rates store are driven through
 * /simulator/market; the server and database are shared with every other spec, so each test sets up
 * the state it needs and puts the simulator back to normal at the end.
 */
import { expect, test } from "@playwright/test";
import { cryptocurrencies } from "../../app/content/cryptocurrencies";
import { expectJsState, isJsProject } from "./helpers";
import { eatTime, expectFailureToast, expectLiveCards, market, rateCards } from "./rates-support";

test.afterEach(async () => {
  await market({ mode: "normal", fxMode: "normal" });
});

test.describe("Exchange rates", () => {
  test("with the provider up: four live KES cards, the EAT badge, attribution, and Refresh", async ({
    page,
  }, testInfo) => {
    // Whatever an earlier test left is now ten minutes old: the refresh gate is open.
    await market({ mode: "normal", ageSeconds: 600 });
    await page.goto("/exchange-rates");
    await expectJsState(page, testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exchange Rates");

    const refresh = page.getByRole("button", { name: "Refresh" });
    let release: () => void = () => undefined;
    if (isJsProject(testInfo)) {
      // Hold the submission to see the busy label.
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/exchange-rates*", async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
    }
    const started = Date.now();
    await refresh.click();
    if (isJsProject(testInfo)) {
      const busy = page.getByRole("button", { name: "Updating..." });
      await expect(busy).toBeVisible();
      await expect(busy).toBeDisabled();
      release();
    }
    await expect(page).toHaveURL(/\/exchange-rates\?updated=\d+$/);
    await expectLiveCards(page);
    await expect(page.getByRole("status").filter({ hasText: "Not live" })).toHaveCount(0);

    const badge = page.getByText(/^Last updated \d{2}:\d{2} EAT$/);
    await expect(badge).toBeVisible();
    const shown = (await badge.textContent())?.slice("Last updated ".length, -" EAT".length);
    expect([eatTime(started - 60_000), eatTime(started), eatTime(Date.now())]).toContain(shown);
    await expect(page.getByText(/^Market data/)).toBeVisible();
    await expect(
      page.getByText(/calculated from the USD price and the USD\/KES rate/),
    ).toBeVisible();
  });

  test("when the provider fails after a good snapshot: the last rates, marked stale, and the failure toast", async ({
    page,
  }, testInfo) => {
    await market({ mode: "normal", ageSeconds: 600 });
    await page.goto("/exchange-rates");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expectLiveCards(page);
    const livePrices = await page.locator("[data-rate]").allTextContents();

    // Ten minutes pass while the provider is down.
    await market({ mode: "500", ageSeconds: 600 });
    await page.goto("/exchange-rates");
    await expectJsState(page, testInfo);
    const cards = rateCards(page);
    await expect(cards).toHaveCount(4);
    await expect(page.locator("[data-rate]")).toHaveText(livePrices);
    await expect(cards.getByText(/^Stale: as of \d{2}:\d{2} EAT$/)).toHaveCount(4);
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Rates marked stale are the last ones we received" }),
    ).toBeVisible();
    await expect(page.getByText(/^Last updated \d{2}:\d{2} EAT$/)).toBeVisible();

    await page.getByRole("button", { name: "Refresh" }).click();
    await expectFailureToast(page, testInfo);
    await expect(page.locator("[data-rate]")).toHaveText(livePrices);
    await expect(
      page.getByRole("status").filter({ hasText: "Our market-data provider is not answering" }),
    ).toBeVisible();

    await page.goto("/supported-currencies");
    const list = page.getByRole("list", { name: "Accepted at checkout" }).getByRole("listitem");
    await expect(list).toHaveCount(4);
    await expect(list.getByText(/^Stale: as of/)).toHaveCount(4);
    const bitcoin = list.filter({
      has: page.getByRole("heading", { name: "Bitcoin", exact: true }),
    });
    await expect(bitcoin.locator("[data-rate]")).toHaveText(livePrices[0] ?? "");
  });

  test("with no data ever: Service Unavailable, fallback rates on Supported Currencies, and Try Again once it recovers", async ({
    page,
  }, testInfo) => {
    await market({ mode: "500", reset: true });
    await page.goto("/exchange-rates");
    await expectJsState(page, testInfo);
    await expect(page.getByRole("heading", { name: "Service Unavailable" })).toBeVisible();
    await expect(
      page.getByText("We're currently unable to fetch exchange rates. Please try again later."),
    ).toBeVisible();
    await expect(rateCards(page)).toHaveCount(0);
    await expect(page.getByText(/^Last updated/)).toHaveCount(0);

    await page.goto("/supported-currencies");
    const list = page.getByRole("list", { name: "Accepted at checkout" }).getByRole("listitem");
    await expect(list).toHaveCount(4);
    await expect(list.getByText("Fallback rate", { exact: true })).toHaveCount(4);
    await expect(page.getByText("Live rates unavailable: fallback rates shown")).toBeVisible();

    // Still failing: Try Again says so and the panel stays.
    await page.goto("/exchange-rates");
    await page.getByRole("button", { name: "Try Again" }).click();
    await expectFailureToast(page, testInfo);
    await expect(page.getByRole("heading", { name: "Service Unavailable" })).toBeVisible();

    // The provider recovers (and a minute passes): Try Again shows the rates.
    await market({ mode: "normal", ageSeconds: 60 });
    await page.getByRole("button", { name: "Try Again" }).click();
    await expectLiveCards(page);
    await expect(page.getByRole("heading", { name: "Service Unavailable" })).toHaveCount(0);
  });
});

test.describe("Supported currencies", () => {
  test("lists the assets in order, those accepted at checkout apart from the reference rates, with rate, 24h change, description, the minimum and the licence", async ({
    page,
  }, testInfo) => {
    await market({ mode: "normal", ageSeconds: 600 });
    await page.request.post("/exchange-rates");
    await page.goto("/supported-currencies");
    await expectJsState(page, testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Supported Currencies");
    // Issue 30, item 10: what checkout accepts, apart from what is shown for reference.
    const payable = page.getByRole("list", { name: "Accepted at checkout" }).getByRole("listitem");
    const reference = page
      .getByRole("list", { name: "Rates shown for reference" })
      .getByRole("listitem");
    await expect(payable.getByRole("heading", { level: 3 })).toHaveText([
      "Bitcoin",
      "Ethereum",
      "Tether",
      "USD Coin",
    ]);
    await expect(reference.getByRole("heading", { level: 3 })).toHaveText(
      cryptocurrencies.filter((coin) => !coin.live).map((coin) => coin.name),
    );
    await expect(page.getByText(/Binance USD|BUSD/)).toHaveCount(0);
    const payableCount = await payable.count();
    for (const [index, coin] of cryptocurrencies.entries()) {
      const item = coin.live ? payable.nth(index) : reference.nth(index - payableCount);
      await expect(
        item.locator("p").filter({ hasText: new RegExp(`^${coin.symbol}$`) }),
      ).toBeVisible();
      await expect(item.getByText(coin.description)).toBeVisible();
      await expect(item.locator("[data-rate]")).toHaveText(/^KES \d/);
      await expect(item.getByText(/^24h change [+-]?\d+\.\d{2}%/)).toHaveCount(1);
      for (const badge of coin.live
        ? ["Accepted at checkout", "Live"]
        : ["Rates shown for reference"])
        await expect(item.getByText(badge, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Minimum conversion: KES 500")).toBeVisible();
    await expect(page.getByText(/^Money Services Business licence: C100000762$/)).toBeVisible();
  });
});
