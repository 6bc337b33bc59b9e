/**
 * Shared by the exchange-rates specs: drive the market simulator, read the rate cards, check the
 * failure toast.
 */
import { expect, type Page, type TestInfo } from "@playwright/test";
import { operatorApi } from "./auth";
import { isJsProject } from "./helpers";

export const LIVE = ["Bitcoin", "Ethereum", "Tether", "USD Coin"];
/** A KES rate as shown: two decimals, so stablecoins keep their cents ("KES 129.45"). */
export const KES = /^KES \d{1,3}(,\d{3})*\.\d{2}$/;

/**
 * Set the simulator's fault mode and, optionally, reset or age the rates store ("time passes"). As
 * the e2e operator: the simulator controls need an operator session.
 */
export async function market(body: {
  mode?: string;
  fxMode?: string;
  reset?: boolean;
  ageSeconds?: number;
}) {
  const response = await (await operatorApi()).post("/simulator/market", { data: body });
  expect(response.status()).toBe(200);
}

export function eatTime(ms: number): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Nairobi",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(ms);
}

export const rateCards = (page: Page) =>
  page.getByRole("list", { name: "Exchange rates in Kenyan shillings" }).getByRole("listitem");

export async function expectLiveCards(page: Page) {
  const cards = rateCards(page);
  await expect(cards).toHaveCount(4);
  for (const [index, name] of LIVE.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(name);
    await expect(card.locator("[data-rate]")).toHaveText(KES);
    await expect(card.getByText("Live", { exact: true })).toBeVisible();
  }
}

/**
 * The failure toast: sonner's with JavaScript. Without it the server renders the same flash as an
 * alert at the top of the page.
 */
export async function expectFailureToast(page: Page, testInfo: TestInfo) {
  const title = "Unable to fetch rates";
  const description = "We're experiencing connectivity issues. Trying again...";
  if (isJsProject(testInfo)) {
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(description);
  } else {
    const alert = page.locator("[data-flash-banner]").filter({ hasText: title });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveText(`${title}: ${description}`);
  }
}
