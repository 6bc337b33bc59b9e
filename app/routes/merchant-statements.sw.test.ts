/**
 * Statements, fee invoices and topping up the payout balance in Kiswahili (issue 33): with the
 * language switch's cookie the pages (headings, the summary's balances, the period's errors, the
 * top-up instructions) and the top-up form's answers are Kiswahili; without it, English as before.
 */
import { describe, expect, it } from "vitest";
import { followStkTopUps } from "~/core/funding/stk-top-ups.server";
import { claimStkTopUp } from "~/core/funding/top-ups.server";
import { createStkClient } from "~/core/providers/daraja/stk.server";
import { SANDBOX_STK_PASSKEY, SANDBOX_STK_SHORTCODE } from "~/core/providers/daraja/wire";
import { signedInMember } from "../../tests/setup/members";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant, setUpPaymentsHarness, TEST_DARAJA_KEYS } from "../../tests/setup/payments";
import { renderPage } from "../../tests/setup/render-page";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import FeeInvoices, { loader as feeInvoicesLoader } from "./merchant.fee-invoices";
import MerchantTopUp, {
  action as topUpAction,
  loader as topUpLoader,
} from "./merchant.payouts.top-up";
import MerchantStatements, { loader as statementsLoader } from "./merchant.statements";
import PrintableStatement, { loader as printLoader } from "./merchant_.statements.print";

const { db, close } = installTestDatabase();
const h = setUpPaymentsHarness({ db, close }, { install: true });

const MERCHANT = "MRC-STSW22";
addMerchant(db, MERCHANT);
const SW = "onehop_lang=sw";

const installStk = () => {
  const client = createStkClient({
    baseUrl: h.darajaSim.baseUrl,
    ...TEST_DARAJA_KEYS,
    timeoutMs: 5_000,
    now: () => h.clock.now,
    businessShortCode: SANDBOX_STK_SHORTCODE,
    passkey: SANDBOX_STK_PASSKEY,
    callbackUrl: "http://127.0.0.1:9/not-used",
  });
  h.runtime.stk = client;
  return client;
};

/** A bad period: the start after the end (and both in the past). */
const BACKWARDS = "?from=2026-02-10&to=2026-02-01";

describe("statements in Kiswahili", () => {
  it("the page: Kiswahili with the cookie, English without", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "finance");
    const page = {
      path: "merchant/statements",
      loader: statementsLoader,
      Component: MerchantStatements,
    };
    const sw = await renderPage(
      page,
      get("/merchant/statements", { cookie: `${cookie}; ${SW}` }),
      "sw",
    );
    expect(sw).toContain("Taarifa za akaunti");
    expect(sw).toContain("Muhtasari");
    expect(sw).toContain("Salio la kuanzia");
    expect(sw).toContain("Salio la kufunga");
    expect(sw).toContain("Kuongeza salio");
    expect(sw).toContain("Taarifa za kila mwezi");
    expect(sw).toContain("Onyesha taarifa");
    expect(sw).not.toContain("Opening balance");

    const en = await renderPage(page, get("/merchant/statements", { cookie }), "en");
    expect(en).toContain("Statements");
    expect(en).toContain("Opening balance");
    expect(en).toContain("Closing balance");
    expect(en).toContain("Show statement");
    expect(en).not.toContain("Salio la kuanzia");
  });

  it("a bad period answers in Kiswahili, on the page and on the print version", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const page = {
      path: "merchant/statements",
      loader: statementsLoader,
      Component: MerchantStatements,
    };
    const sw = await renderPage(
      page,
      get(`/merchant/statements${BACKWARDS}`, { cookie: `${cookie}; ${SW}` }),
      "sw",
    );
    expect(sw).toContain("Rekebisha kipindi hapa chini.");
    expect(sw).toContain(
      "Tarehe ya kuanzia lazima iwe kabla ya tarehe ya mwisho, au siku hiyo hiyo.",
    );
    const en = await renderPage(page, get(`/merchant/statements${BACKWARDS}`, { cookie }), "en");
    expect(en).toContain("The start date must be on or before the end date.");

    const print = {
      path: "merchant/statements/print",
      loader: printLoader,
      Component: PrintableStatement,
    };
    const printed = await renderPage(
      print,
      get(`/merchant/statements/print${BACKWARDS}`, { cookie: `${cookie}; ${SW}` }),
      "sw",
    );
    expect(printed).toContain("Kipindi hiki cha taarifa si sahihi");
    expect(printed).toContain("Chagua kipindi kingine");
  });

  it("fee invoices: the invoice's headings and a bad month in Kiswahili", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "finance");
    const page = {
      path: "merchant/fee-invoices",
      loader: feeInvoicesLoader,
      Component: FeeInvoices,
    };
    const sw = await renderPage(
      page,
      get("/merchant/fee-invoices?month=si-mwezi", { cookie: `${cookie}; ${SW}` }),
      "sw",
    );
    expect(sw).toContain("Ankara za ada");
    expect(sw).toContain("Chagua mwezi, kama 2026-11.");
    expect(sw).toContain("Ankara kwa");
    expect(sw).toContain("Hakuna ada iliyotozwa mwezi huu.");
    const en = await renderPage(
      page,
      get("/merchant/fee-invoices?month=no-month", { cookie }),
      "en",
    );
    expect(en).toContain("Choose a month, such as 2026-11.");
    expect(en).toContain("Invoice to");
  });
});

describe("topping up in Kiswahili", () => {
  const PATH = "/merchant/payouts/top-up";
  const page = { path: "merchant/payouts/top-up", loader: topUpLoader, Component: MerchantTopUp };
  const post = (fields: Record<string, string>, cookie: string) =>
    respond(() =>
      topUpAction({ request: formPost(PATH, fields, { cookie }), params: {}, context: {} }),
    );
  const errorsOf = async (response: Response) =>
    ((await response.json()) as { lastResult: { error: Record<string, string[]> } }).lastResult
      .error;

  it("the page: Kiswahili with the cookie, English without", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "finance");
    const sw = await renderPage(page, get(PATH, { cookie: `${cookie}; ${SW}` }), "sw");
    expect(sw).toContain("Ongeza salio lako");
    expect(sw).toContain("Kinachoweza kutumwa");
    expect(sw).toContain("Uhamisho wa benki");
    expect(sw).toContain("Nambari ya akaunti");
    expect(sw).toContain("Bado hujaongeza salio.");
    expect(sw).not.toContain("Available to pay out");

    const en = await renderPage(page, get(PATH, { cookie }), "en");
    expect(en).toContain("Top up your balance");
    expect(en).toContain("Available to pay out");
    expect(en).toContain("Account number");
  });

  it("a bad amount or number answers in Kiswahili; the prompt's toast too", async () => {
    installStk();
    const { cookie } = await signedInMember(db, MERCHANT, "finance");
    const badAmount = await post(
      { intent: "stk", amount: "mia tano", phone: "0712345678" },
      `${cookie}; ${SW}`,
    );
    expect(badAmount.status).toBe(400);
    expect((await errorsOf(badAmount)).amount).toEqual([
      "Weka kiasi kwa shilingi kamili, kama 5000",
    ]);
    const english = await post({ intent: "stk", amount: "five", phone: "0712345678" }, cookie);
    expect((await errorsOf(english)).amount).toEqual([
      "Enter the amount in whole shillings, such as 5000",
    ]);

    const airtel = await post(
      { intent: "stk", amount: "500", phone: "0733 123 456" },
      `${cookie}; ${SW}`,
    );
    expect(airtel.status).toBe(400);
    expect((await errorsOf(airtel)).phone?.[0]).toContain("Weka nambari ya Safaricom (M-Pesa)");

    const sent = await post(
      { intent: "stk", amount: "500", phone: "0712 345 678" },
      `${cookie}; ${SW}`,
    );
    expect(sent.status).toBe(302);
    expect(await toastOf(sent)).toMatchObject({
      type: "success",
      message: "Angalia simu: weka PIN ya M-Pesa ili kuongeza salio kwa KES 500.00.",
    });
  });

  it("a prompt M-Pesa never confirmed: the reason the job stored, in Kiswahili", async () => {
    const stk = installStk();
    const { id, cookie } = await signedInMember(db, MERCHANT, "finance");
    const store = testStore(db);
    await claimStkTopUp(store, {
      merchantId: MERCHANT,
      memberId: id,
      amountKesCents: 100_00n,
      phone: "254712345671",
      now: h.clock.now,
    });
    h.clock.now += 61_000;
    await followStkTopUps(store, stk, () => h.clock.now);
    h.clock.now += 15 * 60_000;
    expect(await followStkTopUps(store, stk, () => h.clock.now)).toMatchObject({ failed: 1 });

    const sw = await renderPage(page, get(PATH, { cookie: `${cookie}; ${SW}` }), "sw");
    expect(sw).toContain("M-Pesa haikuthibitisha ombi, kwa hiyo hakuna kilichoongezwa.");
    expect(sw).not.toContain("M-Pesa did not confirm the prompt");
    const en = await renderPage(page, get(PATH, { cookie }), "en");
    expect(en).toContain("M-Pesa did not confirm the prompt, so nothing was added.");
  });
});
