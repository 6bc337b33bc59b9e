/**
 * The merchant's payments in Kiswahili (issue 33): with the language switch's cookie the list, a
 * payment's page, "Create Payment" and the payment links page are drawn in Kiswahili, and their
 * actions answer bad fields and toasts in Kiswahili; the values posted and stored are the same.
 * Without the cookie, English as before.
 */
import { describe, expect, it } from "vitest";
import { settlementPolicies } from "../../drizzle/schema";
import { signedInMember } from "../../tests/setup/members";
import { installTestDatabase } from "../../tests/setup/db";
import { addMerchant, confirmedPayment, setUpPaymentsHarness } from "../../tests/setup/payments";
import { storeLiveRates } from "../../tests/setup/rates";
import { renderPage } from "../../tests/setup/render-page";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import PaymentLinks, {
  action as linksAction,
  loader as linksLoader,
} from "./merchant.payment-links";
import PaymentDetail, { loader as detailLoader } from "./merchant.payments.$id";
import PaymentsList, { loader as listLoader } from "./merchant.payments._index";
import NewPayment, { action as newAction, loader as newLoader } from "./merchant.payments.new";

const { db, close } = installTestDatabase();
// The payments runtime the routes use, on the custody and M-Pesa simulators.
const h = setUpPaymentsHarness({ db, close }, { install: true });

const MERCHANT = "MRC-SWPY22";
addMerchant(db, MERCHANT);

const SW = "onehop_lang=sw";
/** The member's cookie, with the language switch's for Kiswahili. */
const inLanguage = (cookie: string, locale: "en" | "sw") =>
  locale === "sw" ? `${cookie}; ${SW}` : cookie;

const errorsOf = async (response: Response) =>
  ((await response.json()) as { lastResult: { error: Record<string, string[]> } }).lastResult.error;

describe("the payments list and a payment's page in Kiswahili", () => {
  it("draws the list's filters, table and totals in Kiswahili; English without the cookie", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    await confirmedPayment(db, h, { merchantId: MERCHANT, amountKes: 2500, reference: "SW-LIST" });
    const render = (locale: "en" | "sw", query = "") =>
      renderPage(
        { path: "merchant/payments", loader: listLoader, Component: PaymentsList },
        get(`/merchant/payments${query}`, { cookie: inLanguage(cookie, locale) }),
        locale,
      );

    const sw = await render("sw");
    expect(sw).toContain(">Malipo</h1>");
    expect(sw).toMatch(/<option value=""[^>]*>Hali zote<\/option>/);
    expect(sw).toContain('<option value="confirmed">Imethibitishwa</option>');
    expect(sw).toContain("Nambari ya oda au kitambulisho cha malipo");
    expect(sw).toContain("Yaliyoundwa kuanzia");
    expect(sw).toContain("Ada za makusanyo");
    expect(sw).toContain("Malipo yako, ya karibuni kwanza");
    expect(sw).toContain("SW-LIST");
    expect(sw).not.toContain("All statuses");
    expect(sw).not.toContain("Gross paid");

    const badDay = await render("sw", "?from=1-2-3");
    expect(badDay).toContain("Weka tarehe ya kuanzia kama YYYY-MM-DD, kwa mfano 2026-11-01.");

    const en = await render("en");
    expect(en).toContain(">Payments</h1>");
    expect(en).toMatch(/<option value=""[^>]*>All statuses<\/option>/);
    expect(en).toContain('<option value="confirmed">Confirmed</option>');
    expect(en).toContain("Collection fees");
    expect(en).toContain("Your payments, newest first");
    expect(en).not.toContain("Hali zote");
  });

  it("draws a payment's amounts, timeline and settlement in Kiswahili; English without the cookie", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const { payment } = await confirmedPayment(db, h, {
      merchantId: MERCHANT,
      amountKes: 3000,
      reference: "SW-ONE",
    });
    const render = (locale: "en" | "sw") =>
      renderPage(
        { path: "merchant/payments/:id", loader: detailLoader, Component: PaymentDetail },
        get(`/merchant/payments/${payment.id}`, { cookie: inLanguage(cookie, locale) }),
        locale,
      );

    const sw = await render("sw");
    expect(sw).toContain("Malipo SW-ONE</h1>");
    expect(sw).toContain("Rudi kwenye malipo");
    expect(sw).toContain("Kiasi na ada");
    expect(sw).toContain("Ada ya makusanyo");
    expect(sw).toContain("Ushuru wa bidhaa kwenye ada");
    expect(sw).toContain("Matukio");
    expect(sw).toContain("Bei imefungwa");
    expect(sw).toContain("Fungua ukurasa wa malipo");
    expect(sw).not.toContain("Back to payments");
    expect(sw).not.toContain("Quote locked");

    const en = await render("en");
    expect(en).toContain("Payment SW-ONE</h1>");
    expect(en).toContain("Back to payments");
    expect(en).toContain("Excise duty on the fee");
    expect(en).toContain("Quote locked");
    expect(en).toContain("Open checkout page");
    expect(en).not.toContain("Matukio");
  });
});

describe("Create Payment in Kiswahili", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    respond(() =>
      newAction({
        request: formPost("/merchant/payments/new", fields, { cookie }),
        params: {},
        context: {},
      }),
    );

  it("answers bad fields in Kiswahili with the cookie, in English without", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const bad = { intent: "review", amountKes: "15,000", asset: "USDC", network: "tron" };
    const sw = await post(inLanguage(cookie, "sw"), { ...bad, reference: "" });
    expect(sw.status).toBe(400);
    const errors = await errorsOf(sw);
    expect(errors.amountKes).toEqual(["Weka idadi kamili ya shilingi, bila koma wala desimali"]);
    expect(errors.reference).toEqual(["Weka kumbukumbu yako, kama nambari ya oda"]);

    const network = await errorsOf(
      await post(inLanguage(cookie, "sw"), { ...bad, amountKes: "15000", reference: "SW-NET" }),
    );
    expect(network.network).toEqual([
      "USDC hulipwa kwenye Ethereum (ERC-20) au Base: chagua mojawapo, au mwachie mteja achague",
    ]);

    // Core's refusal of the amount, at the field and in the toast, in Kiswahili.
    const small = await post(inLanguage(cookie, "sw"), {
      intent: "review",
      amountKes: "10",
      asset: "USDT",
      reference: "SW-SMALL",
    });
    expect(small.status).toBe(422);
    expect((await toastOf(small))?.description).toMatch(/^Malipo ya chini kabisa ni KES \d/);

    const en = await errorsOf(await post(cookie, { ...bad, reference: "" }));
    expect(en.amountKes).toEqual(["Enter a whole number of shillings, without commas or decimals"]);
    expect(en.reference).toEqual(["Enter your reference, such as an order number"]);
  });

  it("reviews and creates with the same values, the summary and the toast in Kiswahili", async () => {
    await storeLiveRates(db);
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const order = { amountKes: "5000", asset: "USDT", reference: "SW-NEW" };
    const review = await post(inLanguage(cookie, "sw"), { ...order, intent: "review" });
    expect(review.status).toBe(200);
    const { preview } = (await review.json()) as { preview: { network: string } };
    expect(preview.network).toBe(
      "Tron (TRC-20), au mwingine atakaochagua mteja kwenye ukurasa wa malipo (Tron (TRC-20) au Ethereum (ERC-20))",
    );

    const html = await renderPage(
      {
        path: "merchant/payments/new",
        loader: newLoader,
        action: newAction,
        Component: NewPayment,
      },
      formPost(
        "/merchant/payments/new",
        { ...order, intent: "review" },
        {
          cookie: inLanguage(cookie, "sw"),
        },
      ),
      "sw",
    );
    expect(html).toContain("Unda malipo</h1>");
    expect(html).toContain("Muhtasari");
    expect(html).toContain("Kiwango cha makadirio");
    expect(html).toContain("Mteja anachagua");
    expect(html).not.toContain("Customer pays with");

    const created = await post(inLanguage(cookie, "sw"), { ...order, intent: "create" });
    expect(created.status).toBe(302);
    expect(await toastOf(created)).toEqual({
      type: "success",
      message: "Malipo yameundwa",
      description: "Mtumie mteja wako kiungo cha ukurasa wa malipo.",
    });
  });

  it("says the merchant's daily schedule in Kiswahili with the cookie, in English without", async () => {
    await storeLiveRates(db);
    const merchantId = "MRC-SWPY33";
    addMerchant(db, merchantId);
    db.insert(settlementPolicies)
      .values({ merchantId, schedule: "daily", dailyTime: "18:00", keep: "none", updatedAt: 0 })
      .run();
    const { cookie } = await signedInMember(db, merchantId, "owner");
    const order = { amountKes: "5000", asset: "USDT", reference: "SW-SCHEDULE", intent: "review" };
    const scheduleOf = async (locale: "en" | "sw") => {
      const response = await post(inLanguage(cookie, locale), order);
      return ((await response.json()) as { preview: { schedule: string } }).preview.schedule;
    };
    expect(await scheduleOf("sw")).toBe(
      "Malipo yako hutumwa kwako mara moja kwa siku saa 18:00 (saa za Nairobi), kwa utumaji mmoja.",
    );
    expect(await scheduleOf("en")).toBe(
      "Your payments are paid out once a day at 18:00 (Nairobi time), in one transfer.",
    );
  });
});

describe("the payment links page in Kiswahili", () => {
  const post = (cookie: string, fields: Record<string, string>, query = "") =>
    respond(() =>
      linksAction({
        request: formPost(`/merchant/payment-links${query}`, fields, { cookie }),
        params: {},
        context: {},
      }),
    );

  it("refuses bad fields in Kiswahili, creates with the Kiswahili toast, lists in Kiswahili", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const sw = inLanguage(cookie, "sw");
    const refused = await post(sw, {
      intent: "create",
      title: "",
      amountKes: "10",
      successUrl: "http://shop.example/thanks",
    });
    expect(refused.status).toBe(400);
    const errors = await errorsOf(refused);
    expect(errors.title).toEqual(["Weka kile mteja analipia"]);
    expect(errors.amountKes?.[0]).toMatch(/^Malipo ya chini kabisa ni KES /);
    expect(errors.successUrl).toEqual([
      "Viungo halisi vya malipo lazima virudi kwenye anwani ya https://.",
    ]);
    const english = await errorsOf(
      await post(cookie, { intent: "create", title: "", successUrl: "http://shop.example/a" }),
    );
    expect(english.title).toEqual(["Enter what the customer pays for"]);
    expect(english.successUrl).toEqual(["Live payment links must return to an https:// address."]);

    const created = await post(sw, { intent: "create", title: "Kahawa kilo 1", amountKes: "" });
    expect(created.status).toBe(302);
    expect(await toastOf(created)).toMatchObject({
      message: "Kiungo cha malipo kimeundwa",
      description: "Shiriki kiungo chake au weka kitufe chake kwenye tovuti yako.",
    });

    const render = (locale: "en" | "sw") =>
      renderPage(
        {
          path: "merchant/payment-links",
          loader: linksLoader,
          action: linksAction,
          Component: PaymentLinks,
        },
        get("/merchant/payment-links", { cookie: inLanguage(cookie, locale) }),
        locale,
      );
    const page = await render("sw");
    expect(page).toContain(">Viungo vya malipo</h1>");
    expect(page).toContain("Kahawa kilo 1");
    expect(page).toContain("Mteja anaweka kiasi");
    expect(page).toContain("Kinatumika");
    expect(page).toContain("Unda kiungo cha malipo");
    expect(page).toContain("Jina (kile mteja analipia)");
    // The button pasted into the merchant's own website keeps its label.
    expect(page).toContain("Pay with OneHop</a>");
    expect(page).not.toContain("Customer enters the amount");

    const en = await render("en");
    expect(en).toContain(">Payment links</h1>");
    expect(en).toContain("Customer enters the amount");
    expect(en).toContain("Title (what the customer pays for)");
  });
});
