/**
 * Settlement destinations (issue 14, item 5): an owner adds an Airtel Money number (the rail's KYC
 * returns the registered name, which the owner confirms), makes it the default, and the page says
 * where settlements now go; bad input is refused field by field and adds nothing; a bank account
 * over PesaLink shows the name the bank holds and can be rejected; an M-Pesa number is checked
 * with a small payout whose result carries the name; two verified destinations can share each
 * settlement 80/20 (shares that do not add up to 100% are refused); the default cannot be removed
 * while another verified destination exists. The server runs in simulator mode, so all four rails
 * are offered. Runs with JavaScript on and off (projects "js" and "no-js"), on a laptop and (the
 * Airtel Money flow) on a phone; axe checks each state of the page with JavaScript on.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { signInAsMerchant } from "./auth";
import { createTestMerchant, withE2eDatabase } from "./db";
import { expectJsState, expectToast, isJsProject } from "./helpers";

type Credentials = Awaited<ReturnType<typeof createTestMerchant>>;

/** The M-Pesa number createTestMerchant makes verified and the default. */
const SEEDED_MPESA = "M-Pesa +254 712 345 678";
/** An Airtel number; the simulator's KYC names it from its last two digits. */
const AIRTEL = { typed: "0733 123 456", shown: "Airtel Money +254 733 123 456" } as const;
const AIRTEL_NAME = "John Otieno";
/** An Equity account of the right length (13 digits): the bank's lookup returns this name. */
const EQUITY = { code: "68", account: "1450160649886", name: "JANE WANJIKU" } as const;

/**
 * A sign-in counts as a fresh confirmation for five minutes; the test says so explicitly, so it
 * never depends on how long sign-in took (the confirm page is covered by its own spec).
 */
function markSteppedUp(merchantId: string) {
  withE2eDatabase((db) =>
    db
      .prepare(
        "update sessions set stepped_up_at = ? where merchant_user_id in (select id from merchant_users where merchant_id = ?)",
      )
      .run(Date.now(), merchantId),
  );
}

/** Destinations of the merchant not removed, as stored. */
function storedDestinations(merchantId: string) {
  return withE2eDatabase(
    (db) =>
      db
        .prepare(
          "select rail, status, is_default from settlement_destinations where merchant_id = ? and status != 'removed'",
        )
        .all(merchantId) as { rail: string; status: string; is_default: number }[],
  );
}

/** A fresh merchant (verified M-Pesa default), signed in as its owner, on the settings page. */
async function openSettings(page: Page, testInfo: TestInfo): Promise<Credentials> {
  const owner = await createTestMerchant();
  await signInAsMerchant(page, owner);
  markSteppedUp(owner.merchantId);
  await page.goto("/merchant/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settlement settings" })).toBeVisible();
  await expectJsState(page, testInfo);
  await expect(page.getByText(`Currently paying to ${SEEDED_MPESA}.`)).toBeVisible();
  return owner;
}

/** axe on the page as it is (JavaScript on only: axe runs its script inside the page). */
async function expectAxeClean(page: Page, testInfo: TestInfo, state: string) {
  if (!isJsProject(testInfo)) return;
  const { violations } = await new AxeBuilder({ page })
    .exclude("[data-sonner-toaster]") // the toast fading in, checked by its own spec
    .analyze();
  expect(
    violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on the settings page: ${state}`,
  ).toEqual([]);
}

const destinationList = (page: Page) =>
  page.getByRole("region", { name: "Your payout destinations" }).getByRole("listitem");

/** The card of one destination, by its heading ("Airtel Money +254 733 123 456"). */
const destinationCard = (page: Page, heading: string) =>
  destinationList(page).filter({
    has: page.getByRole("heading", { level: 3, name: heading, exact: true }),
  });

const addForm = (page: Page) => page.getByRole("region", { name: "Add a destination" });

/** Fill the add form for a mobile-money rail (nothing submitted). */
async function fillMobile(page: Page, railLabel: string, phone: string, password: string) {
  const form = addForm(page);
  await form.getByLabel("Pay me to").selectOption({ label: railLabel });
  await form.getByLabel("Mobile number").fill(phone);
  await form.getByLabel("Your password").fill(password);
}

/** Fill the add form for a bank account over PesaLink (nothing submitted). */
async function fillBank(
  page: Page,
  bank: { code: string; account: string; name: string },
  password: string,
) {
  const form = addForm(page);
  await form.getByLabel("Pay me to").selectOption({ label: "Bank account (PesaLink)" });
  await form.getByRole("combobox", { name: "Bank", exact: true }).selectOption(bank.code);
  await form.getByRole("textbox", { name: "Account number", exact: true }).fill(bank.account);
  await form.getByRole("textbox", { name: "Account name", exact: true }).fill(bank.name);
  await form.getByLabel("Your password").fill(password);
}

const submitAdd = (page: Page) =>
  addForm(page).getByRole("button", { name: "Add destination" }).click();

/** The field shows exactly `message` as its error, and is marked invalid. */
async function expectFieldError(field: Locator, page: Page, message: string) {
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Add the Airtel number and confirm the registered name the KYC gave: verified, not default. */
async function addAndConfirmAirtel(page: Page, testInfo: TestInfo, owner: Credentials) {
  await fillMobile(page, "Airtel Money", AIRTEL.typed, owner.password);
  await submitAdd(page);
  await expectToast(
    page,
    testInfo,
    "Destination added",
    "Check the registered name below and confirm it is yours to start using it.",
  );
  const card = destinationCard(page, AIRTEL.shown);
  await expect(card).toContainText("Confirm the registered name");
  await expect(card).toContainText(`Registered name: ${AIRTEL_NAME}`);
  await card.getByRole("button", { name: "Yes, this account is mine" }).click();
  await expectToast(page, testInfo, "Destination verified");
  await expect(card).toContainText("Verified");
  await expect(card.getByRole("button", { name: "Yes, this account is mine" })).toHaveCount(0);
  return card;
}

for (const device of ["laptop", "phone"] as const) {
  test.describe(`on a ${device}`, () => {
    if (device === "phone")
      test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("an owner adds an Airtel Money number, confirms its registered name and makes it the default", async ({
      page,
    }, testInfo) => {
      const owner = await openSettings(page, testInfo);
      await expect(destinationList(page)).toHaveCount(1);
      await expect(addForm(page).getByLabel("Pay me to")).toContainText("Airtel Money");
      await expectAxeClean(page, testInfo, "one verified destination");

      await fillMobile(page, "Airtel Money", AIRTEL.typed, owner.password);
      await submitAdd(page);
      await expectToast(
        page,
        testInfo,
        "Destination added",
        "Check the registered name below and confirm it is yours to start using it.",
      );
      await expect(destinationList(page)).toHaveCount(2);
      const card = destinationCard(page, AIRTEL.shown);
      await expect(card).toContainText("Confirm the registered name");
      await expect(card).toContainText(`Registered name: ${AIRTEL_NAME}`);
      // The name is in the server's HTML (the page works before and without JavaScript).
      const html = await (await page.request.get("/merchant/settings")).text();
      expect(html).toContain(AIRTEL_NAME);
      // Not paid there until confirmed: settlements still go to M-Pesa.
      await expect(page.getByText(`Currently paying to ${SEEDED_MPESA}.`)).toBeVisible();
      await expect(card.getByRole("button", { name: "Make default" })).toHaveCount(0);
      await expectAxeClean(page, testInfo, "a name to confirm");

      await card.getByRole("button", { name: "Yes, this account is mine" }).click();
      await expectToast(page, testInfo, "Destination verified");
      await expect(card).toContainText("Verified");
      await expect(card.getByRole("button", { name: "Yes, this account is mine" })).toHaveCount(0);
      // A second destination waits out the cooling-off period before it is paid.
      await expect(card).toContainText("Payouts start after");
      await expect(page.getByText(`Currently paying to ${SEEDED_MPESA}.`)).toBeVisible();
      await expectAxeClean(page, testInfo, "two verified destinations");

      await card.getByRole("button", { name: "Make default" }).click();
      await expectToast(page, testInfo, "Default destination changed");
      await expect(page.getByText(`Currently paying to ${AIRTEL.shown}.`)).toBeVisible();
      await expect(destinationCard(page, AIRTEL.shown)).toContainText("Default");
      await expect(
        destinationCard(page, AIRTEL.shown).getByRole("button", { name: "Make default" }),
      ).toHaveCount(0);
      await expect(
        destinationCard(page, SEEDED_MPESA).getByRole("button", { name: "Make default" }),
      ).toBeVisible();
      // The default listed first.
      await expect(destinationList(page).first()).toContainText(AIRTEL.shown);
      await expectAxeClean(page, testInfo, "the new default, held");

      expect(storedDestinations(owner.merchantId)).toEqual(
        expect.arrayContaining([
          { rail: "airtel-money", status: "verified", is_default: 1 },
          { rail: "mpesa", status: "verified", is_default: 0 },
        ]),
      );
    });
  });
}

test("bad input is refused field by field and adds nothing", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const owner = await openSettings(page, testInfo);
  const form = addForm(page);
  const nothingAdded = async () => {
    await expect(destinationList(page)).toHaveCount(1);
    expect(storedDestinations(owner.merchantId)).toHaveLength(1);
  };

  // A Safaricom number as an Airtel Money destination.
  await fillMobile(page, "Airtel Money", "0712 987 654", owner.password);
  await submitAdd(page);
  await expectFieldError(
    form.getByLabel("Mobile number"),
    page,
    "That is a Safaricom number: Airtel Money pays Airtel numbers only",
  );
  await nothingAdded();
  await expectAxeClean(page, testInfo, "a wrong-network number");

  // A bank account number with letters.
  await page.goto("/merchant/settings");
  await fillBank(page, { ...EQUITY, account: "14501606498AB" }, owner.password);
  await submitAdd(page);
  await expectFieldError(
    form.getByRole("textbox", { name: "Account number", exact: true }),
    page,
    "An account number has digits only",
  );
  await nothingAdded();

  // An Equity account (13 digits) with 10.
  await page.goto("/merchant/settings");
  await fillBank(page, { ...EQUITY, account: "1450160649" }, owner.password);
  await submitAdd(page);
  await expectFieldError(
    form.getByRole("textbox", { name: "Account number", exact: true }),
    page,
    "Equity Bank Kenya account numbers have 13 digits (got 10)",
  );
  await nothingAdded();
  await expectAxeClean(page, testInfo, "a bank account of the wrong length");

  // A valid Airtel number with the wrong password.
  await page.goto("/merchant/settings");
  await fillMobile(page, "Airtel Money", AIRTEL.typed, "not the password at all");
  await submitAdd(page);
  await expectFieldError(
    form.getByLabel("Your password"),
    page,
    "That password is not right. Enter the password you sign in with.",
  );
  // The password is never written back into the page's HTML.
  expect(await page.content()).not.toContain("not the password at all");
  await nothingAdded();
  await expectAxeClean(page, testInfo, "a wrong password");
});

test("a bank account over PesaLink shows the bank's account name; rejecting it fails the destination", async ({
  page,
}, testInfo) => {
  const owner = await openSettings(page, testInfo);
  await fillBank(page, { ...EQUITY, name: "Jane Wanjiku" }, owner.password);
  await submitAdd(page);
  await expectToast(
    page,
    testInfo,
    "Destination added",
    "Check the registered name below and confirm it is yours to start using it.",
  );
  const card = destinationCard(page, `Bank account (PesaLink) Equity Bank Kenya ${EQUITY.account}`);
  await expect(card).toContainText("Confirm the registered name");
  await expect(card).toContainText(`Registered name: ${EQUITY.name} (you entered Jane Wanjiku)`);
  await expectAxeClean(page, testInfo, "a bank account name to confirm");

  await card.getByRole("button", { name: "No, it is not mine" }).click();
  await expectToast(page, testInfo, "Destination not used", "Nothing will be paid to");
  await expect(card).toContainText("Not verified");
  await expect(card).toContainText(
    "You did not recognise the registered name, so nothing will be paid there",
  );
  await expect(card.getByRole("button", { name: "Yes, this account is mine" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Make default" })).toHaveCount(0);
  await expect(page.getByText(`Currently paying to ${SEEDED_MPESA}.`)).toBeVisible();
  // One verified destination: nothing to split.
  await expect(page.getByRole("region", { name: "Split and failover" })).toHaveCount(0);
  await expectAxeClean(page, testInfo, "a failed bank account");
  expect(storedDestinations(owner.merchantId)).toEqual(
    expect.arrayContaining([{ rail: "pesalink", status: "failed", is_default: 0 }]),
  );
});

test("a new M-Pesa number is checked with a small payout whose result carries the registered name", async ({
  page,
}, testInfo) => {
  const owner = await openSettings(page, testInfo);
  await fillMobile(page, "M-Pesa", "0722 000 111", owner.password);
  await submitAdd(page);
  await expectToast(
    page,
    testInfo,
    "Destination added",
    "We are sending a small check payment to it. When it arrives, confirm the registered name here.",
  );
  const card = destinationCard(page, "M-Pesa +254 722 000 111");
  await expect(card).toBeVisible();
  // The result arrives on its own: the owner refreshes the page until it shows.
  await expect(async () => {
    await page.reload();
    await expect(card).toContainText("Confirm the registered name", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(card).toContainText("Registered name:");
  await expectAxeClean(page, testInfo, "a check payout's name to confirm");
  await card.getByRole("button", { name: "Yes, this account is mine" }).click();
  await expectToast(page, testInfo, "Destination verified");
  await expect(card).toContainText("Verified");
});

test("two verified destinations split each settlement 80/20; shares must add up to 100%", async ({
  page,
}, testInfo) => {
  const owner = await openSettings(page, testInfo);
  await expect(page.getByRole("region", { name: "Split and failover" })).toHaveCount(0);
  await addAndConfirmAirtel(page, testInfo, owner);

  const split = page.getByRole("region", { name: "Split and failover" });
  await expect(split).toBeVisible();
  const mpesaShare = split.getByLabel(`Share for ${SEEDED_MPESA} (%)`);
  const airtelShare = split.getByLabel(`Share for ${AIRTEL.shown} (%)`);
  await expectAxeClean(page, testInfo, "the split form");

  await mpesaShare.fill("70");
  await airtelShare.fill("20");
  await split.getByRole("button", { name: "Save split and failover" }).click();
  await expect(split.getByRole("alert")).toHaveText(
    "The shares add up to 90%: they must add up to 100%",
  );
  await expect(destinationList(page).filter({ hasText: "% of each settlement" })).toHaveCount(0);
  await expectAxeClean(page, testInfo, "shares that do not add up");

  await mpesaShare.fill("80");
  await airtelShare.fill("20");
  await split.getByRole("button", { name: "Save split and failover" }).click();
  await expectToast(
    page,
    testInfo,
    "Split and failover saved",
    "Each settlement is now split between your destinations.",
  );
  await expect(destinationCard(page, SEEDED_MPESA)).toContainText("80% of each settlement");
  await expect(destinationCard(page, AIRTEL.shown)).toContainText("20% of each settlement");
  await expect(mpesaShare).toHaveValue("80");
  await expect(airtelShare).toHaveValue("20");
  await expect(split.getByRole("alert")).toHaveCount(0);
  await expectAxeClean(page, testInfo, "a saved split");
});

test("the default cannot be removed while another verified destination exists", async ({
  page,
}, testInfo) => {
  const owner = await openSettings(page, testInfo);
  await addAndConfirmAirtel(page, testInfo, owner);

  await destinationCard(page, SEEDED_MPESA).getByRole("button", { name: "Remove" }).click();
  await expectToast(
    page,
    testInfo,
    "Make another destination the default before removing this one",
  );
  await expect(destinationList(page)).toHaveCount(2);
  await expect(destinationCard(page, SEEDED_MPESA)).toContainText("Default");
  await expect(page.getByText(`Currently paying to ${SEEDED_MPESA}.`)).toBeVisible();
  await expectAxeClean(page, testInfo, "a refused removal");

  // Once the other is the default, the old one goes.
  await destinationCard(page, AIRTEL.shown).getByRole("button", { name: "Make default" }).click();
  await expectToast(page, testInfo, "Default destination changed");
  await destinationCard(page, SEEDED_MPESA).getByRole("button", { name: "Remove" }).click();
  await expectToast(page, testInfo, "Destination removed");
  await expect(destinationList(page)).toHaveCount(1);
  await expect(destinationCard(page, SEEDED_MPESA)).toHaveCount(0);
  await expect(page.getByText(`Currently paying to ${AIRTEL.shown}.`)).toBeVisible();
  await expectAxeClean(page, testInfo, "after a removal");
});

/** Create a KES payment through the pages; returns on its page. */
async function createPayment(page: Page, testInfo: TestInfo, reference: string) {
  await page.goto("/merchant/payments/new");
  await page.getByLabel("Amount (KES)").fill("1500");
  await page.getByLabel("Your reference").fill(reference);
  await page.getByRole("radio", { name: "USDT" }).check();
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByRole("button", { name: "Create Payment" }).click();
  await expectToast(page, testInfo, "Payment created");
  await expect(page.getByRole("heading", { level: 1, name: `Payment ${reference}` })).toBeVisible();
}

test("the payment page shows the settlement plan: held for a new destination, then the 80/20 split", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const owner = await openSettings(page, testInfo);
  await addAndConfirmAirtel(page, testInfo, owner);
  const split = page.getByRole("region", { name: "Split and failover" });
  await split.getByLabel(`Share for ${SEEDED_MPESA} (%)`).fill("80");
  await split.getByLabel(`Share for ${AIRTEL.shown} (%)`).fill("20");
  await split.getByRole("button", { name: "Save split and failover" }).click();
  await expectToast(page, testInfo, "Split and failover saved");

  const reference = `SPLIT-${testInfo.project.name}-${Date.now()}`;
  await createPayment(page, testInfo, reference);
  const plan = page.getByRole("region", { name: "Settlement plan" });
  // The Airtel number is new: the whole settlement waits for its cooling-off period.
  await expect(plan).toContainText(/Payouts to Airtel Money .+ start after /);
  await expect(plan.getByRole("table")).toHaveCount(0);
  await expectAxeClean(page, testInfo, "payment page, plan held");

  // A day later (as time would): the cooling-off period is over.
  withE2eDatabase((db) =>
    db
      .prepare("update settlement_destinations set held_until = null where merchant_id = ?")
      .run(owner.merchantId),
  );
  await page.reload();
  const table = plan.getByRole("table", {
    name: "Where this payment will be paid out, as planned now",
  });
  await expect(table).toBeVisible();
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: SEEDED_MPESA })).toContainText("80%");
  await expect(rows.filter({ hasText: AIRTEL.shown })).toContainText("20%");
  await expectAxeClean(page, testInfo, "payment page, split plan");
});
