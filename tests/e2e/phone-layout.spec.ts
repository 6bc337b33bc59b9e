/**
 * Issue 30, item 4: on a 390 px phone, no page of the merchant app scrolls sideways and no list
 * hides columns off-screen in a box that scrolls sideways, for every role, with JavaScript (project
 * "js") and without ("no-js"). The merchant has something in each list: a statement line, an API
 * key, a member with a long e-mail address, a pending invitation.
 */
import { expect, test, type Page } from "@playwright/test";
import { teamRoles } from "../../app/core/accounts/permissions";
import { signInAsMerchant } from "./auth";
import { addTeamMember, createTestMerchant, postTestCollection, withCoreStore } from "./db";
import { expectNoSidewaysScroll } from "./helpers";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Boxes that scroll sideways and are wider inside than on screen (a table hiding its columns). */
async function sidewaysBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main *")]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.display === "none" || el.offsetParent === null) return false;
        const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
        return scrolls && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${el.getAttribute("aria-label") ?? el.tagName} (${el.scrollWidth} px)`),
  );
}

/** Every page of the merchant navigation the signed-in member sees. */
async function merchantPages(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('nav[aria-label="Merchant"] a')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return [...new Set(hrefs.filter((href) => href.startsWith("/merchant")))];
}

test("no merchant page scrolls sideways on a phone, for any role", async ({ page }) => {
  test.setTimeout(240_000);
  const owner = await createTestMerchant();
  const { merchantId } = owner;
  postTestCollection(merchantId, `pay_e2e${merchantId.slice(4).toLowerCase()}phone`);
  const members = [owner];
  for (const role of teamRoles.filter((r) => r !== "owner"))
    members.push(await addTeamMember(merchantId, role, `${role}-with-a-rather-long-username`));
  await withCoreStore(async (store) => {
    const { createApiKey } = await import("../../app/core/api/keys.server");
    const { merchantInvitations } = await import("../../drizzle/schema");
    const now = Date.now();
    await store.write(async (q) => {
      await createApiKey(q, {
        merchantId,
        mode: "test",
        name: "Point of sale integration for the Westlands branch",
        scopes: ["payments:read", "payments:write", "balances:read", "webhooks:manage"],
        createdBy: `usr_${merchantId.slice(4)}`,
        now,
      });
      await q.insert(merchantInvitations).values({
        id: `inv_${merchantId.slice(4)}phone`,
        merchantId,
        email: "accounts.department.westlands@savannah-coffee-roasters.example",
        role: "finance",
        tokenHash: `phone-${merchantId}`,
        invitedBy: `usr_${merchantId.slice(4)}`,
        createdAt: now,
        expiresAt: now + 86_400_000,
      });
    });
  });

  for (const member of members) {
    await page.context().clearCookies();
    await signInAsMerchant(page, member);
    const pages = await merchantPages(page);
    expect(pages.length, `${member.username} sees the merchant navigation`).toBeGreaterThan(2);
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), `${member.username} on ${path}`).toBeLessThan(400);
      await expect(page.locator("main h1").first()).toBeVisible();
      await test.step(`${member.username} on ${path}`, async () => {
        await expectNoSidewaysScroll(page);
        expect(await sidewaysBoxes(page), `${member.username} on ${path}`).toEqual([]);
      });
    }
  }
});
