/**
 * Refunds in Kiswahili (issue 33): with the language switch's cookie the refund page (the form, its
 * rates, the review), its validation messages, core's refusals and the toast of a sent refund are
 * Kiswahili, and so is the payment page's Refunds section; without it, English as before. What is
 * stored and what the API says stay the same.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { payments } from "../../drizzle/schema";
import {
  PaymentRefunds,
  type RefundLine,
  type RefundOptions,
} from "~/components/merchants/refunds/PaymentRefunds";
import { refundFormSchemaFor } from "~/components/merchants/refunds/RefundForm";
import type { Payment } from "~/core/payments/payments.server";
import { refundsMessages } from "~/i18n/catalogs/refunds";
import type { Locale } from "~/i18n/locales";
import { LocaleProvider } from "~/i18n/use-messages";
import { signedInMember } from "../../tests/setup/members";
import { installTestDatabase } from "../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  creditAvailable,
  setUpPaymentsHarness,
} from "../../tests/setup/payments";
import { storeLiveRates } from "../../tests/setup/rates";
import { renderPage } from "../../tests/setup/render-page";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import * as paymentPage from "./merchant.payments.$id";
import RefundPayment, { action, loader } from "./merchant.payments.$id_.refund";

const test = installTestDatabase();
const { db } = test;
const h = setUpPaymentsHarness(test, { install: true });

const MERCHANT = "MRC-RFSW22";
addMerchant(db, MERCHANT, null);
await creditAvailable(db, MERCHANT, 100_000);
await storeLiveRates(db, { USDT: "130" });

/** A valid Ethereum address (USDT payments here are on Ethereum). */
const CUSTOMER = "0x52908400098527886E0F7030069857D2E4169EE7";
const SW = "onehop_lang=sw";

let references = 0;
async function paidPayment(amountKes = 2_000): Promise<Payment> {
  const { payment } = await confirmedPayment(db, h, {
    network: "ethereum",
    merchantId: MERCHANT,
    amountKes,
    reference: `RFSW-${++references}`,
  });
  return payment;
}

const refundUrl = (payment: Payment) => `/merchant/payments/${payment.id}/refund`;

/** The refund page's HTML in `locale` for `request` (its action first for a post). */
const render = (request: Request, locale: Locale) =>
  renderPage(
    { path: "merchant/payments/:id/refund", loader, action, Component: RefundPayment },
    request,
    locale,
  );

describe("the refund page in Kiswahili", () => {
  it("shows the form in Kiswahili with the cookie, and in English without it", async () => {
    const payment = await paidPayment();
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const sw = await render(get(refundUrl(payment), { cookie: `${cookie}; ${SW}` }), "sw");
    expect(sw).toContain("Rejesha pesa za malipo haya");
    expect(sw).toContain(`Rudi kwenye malipo ${payment.reference}`);
    expect(sw).toContain("Kiasi cha kurejesha (KES)");
    expect(sw).toContain("Kiwango kilichofungwa wakati wa malipo");
    expect(sw).toContain("Kiwango cha leo");
    expect(sw).toContain("KES 130.00 kwa kila USDT");
    expect(sw).toContain("mteja anapata 15.384615 USDT");
    expect(sw).toContain("Anwani ya USDT ya mteja");
    expect(sw).toContain("Kagua rejesho");
    expect(sw).not.toContain("Review refund");
    expect(sw).not.toContain("The rate locked at payment");

    const en = await render(get(refundUrl(payment), { cookie }), "en");
    expect(en).toContain("Refund this payment");
    expect(en).toContain("Amount to refund (KES)");
    expect(en).toContain("The rate locked at payment");
    expect(en).toContain("KES 130.00 per USDT");
    expect(en).toContain("the customer gets 15.384615 USDT");
    expect(en).toContain("Review refund");
    expect(en).not.toContain("Kagua rejesho");
  });

  it("a bad submission answers in Kiswahili at its field, English without the cookie", async () => {
    const payment = await paidPayment();
    const { cookie } = await signedInMember(db, MERCHANT, "finance");
    const fields = { intent: "review", amount: "12abc", address: CUSTOMER };
    const sw = await render(
      formPost(refundUrl(payment), fields, { cookie: `${cookie}; ${SW}` }),
      "sw",
    );
    expect(sw).toContain("Weka kiasi kwa shilingi, kama 1500 au 1,500.50");
    const en = await render(formPost(refundUrl(payment), fields, { cookie }), "en");
    expect(en).toContain("Enter the amount in shillings, such as 1500 or 1,500.50");
    expect(en).not.toContain("Weka kiasi kwa shilingi");
  });

  it("core's refusal is worded in Kiswahili, with its amount; English stays core's words", async () => {
    const payment = await paidPayment(2_000);
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const fields = { intent: "review", amount: "2000.01", address: CUSTOMER };
    const sw = await render(
      formPost(refundUrl(payment), fields, { cookie: `${cookie}; ${SW}` }),
      "sw",
    );
    expect(sw).toContain("Rejesho haliwezi kuzidi malipo: kiasi cha juu kabisa ni KES 2,000.00");
    const en = await render(formPost(refundUrl(payment), fields, { cookie }), "en");
    expect(en).toContain("A refund cannot be more than the payment: at most KES 2,000.00");
  });

  it("the review is in Kiswahili, and Send's toast too", async () => {
    const payment = await paidPayment(2_000);
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const swCookie = `${cookie}; ${SW}`;
    const reviewed = await render(
      formPost(
        refundUrl(payment),
        { intent: "review", amount: "1300", rate: "current", address: CUSTOMER },
        { cookie: swCookie },
      ),
      "sw",
    );
    const review = reviewed.split('id="refund-review-title"')[1] ?? "";
    expect(review).toContain("Kagua rejesho");
    expect(review).toContain("Mteja anapokea");
    expect(review).toContain("10 USDT");
    expect(review).toContain("KES 130.00 kwa kila USDT, kiwango cha leo");
    expect(review).toMatch(/inalipwa na OneHop/i);
    expect(review).toContain("Salio linalopatikana");
    expect(review).toContain("Tuma rejesho");
    expect(review).not.toContain("Send refund");
    const requestKey = /name="requestKey" value="([^"]+)"/.exec(review)?.[1];
    expect(requestKey).toBeTruthy();

    const sent = await respond(() =>
      action({
        request: formPost(
          refundUrl(payment),
          {
            intent: "send",
            amount: "1300",
            rate: "current",
            address: CUSTOMER,
            requestKey: requestKey!,
          },
          { cookie: swCookie },
        ),
        params: { id: payment.id },
        context: {},
      }),
    );
    expect(sent.status).toBe(302);
    const toast = await toastOf(sent);
    expect(toast?.message).toBe("Rejesho limetumwa");
    expect(toast?.description).toBe("KES 1,300.00 (10 USDT) kwenda 0x529084…169EE7 iko njiani.");
  });
});

describe("the payment page's Refunds section in Kiswahili", () => {
  const line: RefundLine = {
    id: "rfd_1",
    createdAt: Date.UTC(2026, 11, 1, 9, 30),
    source: "balance",
    method: "crypto",
    amountKesCents: "129000",
    crypto: "10 USDT",
    rate: "KES 129.00 per USDT, the rate locked at payment",
    to: CUSTOMER,
    status: "succeeded",
    statusLabel: "Refunded",
    txHash: null,
    txUrl: null,
    receipt: null,
    failureReason: null,
    reason: null,
  };
  const options: RefundOptions = {
    canRefund: true,
    method: "crypto",
    remainingKesCents: "71000",
    held: null,
    blocked: null,
  };
  const section = (locale: Locale, refundOptions = options) =>
    renderToString(
      createElement(
        LocaleProvider,
        { value: locale },
        createElement(
          StaticRouter,
          { location: "/merchant/payments/pay_1" },
          createElement(PaymentRefunds, {
            paymentId: "pay_1",
            refunds: [line],
            options: refundOptions,
          }),
        ),
      ),
    ).replaceAll("<!-- -->", "");

  it("words the list, the statuses and the rate in the page's language", () => {
    const sw = section("sw");
    expect(sw).toContain("Marejesho");
    expect(sw).toContain("Rejesha pesa za malipo haya");
    expect(sw).toContain("Unaweza kurejesha hadi KES 710.00");
    expect(sw).toContain("Limekamilika");
    expect(sw).toContain("Kwa KES 129.00 kwa kila USDT, kiwango kilichofungwa wakati wa malipo");
    expect(sw).toContain("Haikutolewa");
    expect(sw).not.toContain("Refunded");

    const en = section("en");
    expect(en).toContain("Refunds");
    expect(en).toContain("Up to KES 710.00 can be refunded");
    expect(en).toContain("Refunded");
    expect(en).toContain("At KES 129.00 per USDT, the rate locked at payment");
    expect(en).toContain("None given");
  });

  it("says why a payment cannot be refunded in Kiswahili", () => {
    const blocked = { ...options, blocked: refundsMessages.en.blocked.inReview };
    expect(section("sw", blocked)).toContain(refundsMessages.sw.blocked.inReview);
    expect(section("en", blocked)).toContain(refundsMessages.en.blocked.inReview);
  });
});

describe("the Refunds section with core's own words", () => {
  /** The payment page loader's Refunds section (core's English rate lines and refusal). */
  async function loaded(payment: Payment, cookie: string) {
    const data = (await paymentPage.loader({
      request: get(`/merchant/payments/${payment.id}`, { cookie }),
      params: { id: payment.id },
      context: {},
    })) as { refunds: { lines: RefundLine[]; options: Omit<RefundOptions, "canRefund"> } | null };
    if (!data.refunds) throw new Error("expected the Refunds section");
    return data.refunds;
  }
  const sectionOf = (
    locale: Locale,
    refunds: { lines: RefundLine[]; options: Omit<RefundOptions, "canRefund"> },
  ) =>
    renderToString(
      createElement(
        LocaleProvider,
        { value: locale },
        createElement(
          StaticRouter,
          { location: "/merchant/payments/pay_1" },
          createElement(PaymentRefunds, {
            paymentId: "pay_1",
            refunds: refunds.lines,
            options: { ...refunds.options, canRefund: true },
          }),
        ),
      ),
    ).replaceAll("<!-- -->", "");

  /** Reviews then sends a refund of `amount` at `rate` through the refund page. */
  async function sendRefund(payment: Payment, cookie: string, amount: string, rate: string) {
    const fields = { amount, rate, address: CUSTOMER };
    const reviewed = await render(
      formPost(refundUrl(payment), { intent: "review", ...fields }, { cookie }),
      "en",
    );
    const requestKey = /name="requestKey" value="([^"]+)"/.exec(reviewed)?.[1];
    expect(requestKey).toBeTruthy();
    const sent = await respond(() =>
      action({
        request: formPost(
          refundUrl(payment),
          { intent: "send", ...fields, requestKey: requestKey! },
          { cookie },
        ),
        params: { id: payment.id },
        context: {},
      }),
    );
    expect(sent.status).toBe(302);
  }

  it("translates the loader's rate lines for both rates", async () => {
    const payment = await paidPayment(2_000);
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    await sendRefund(payment, cookie, "100", "locked");
    await sendRefund(payment, cookie, "130", "current");
    const refunds = await loaded(payment, cookie);
    expect(refunds.lines.map((line) => line.rate)).toEqual([
      expect.stringMatching(/ per USDT, /),
      expect.stringMatching(/ per USDT, /),
    ]);
    const sw = sectionOf("sw", refunds);
    expect(sw).toMatch(/Kwa KES [\d,.]+ kwa kila USDT, kiwango kilichofungwa wakati wa malipo/);
    expect(sw).toContain("Kwa KES 130.00 kwa kila USDT, kiwango cha leo");
    expect(sw).not.toMatch(/ per USDT|rate locked|today's rate/i);
    const en = sectionOf("en", refunds);
    expect(en).toMatch(/At KES [\d,.]+ per USDT, the rate locked at payment/);
    expect(en).toContain("At KES 130.00 per USDT, today&#x27;s rate");

    // Core's other refusals, read from its English: what remains, an address on another network.
    const swCookie = `${cookie}; ${SW}`;
    const tooMuch = await render(
      formPost(
        refundUrl(payment),
        { intent: "review", amount: "2000", address: CUSTOMER },
        { cookie: swCookie },
      ),
      "sw",
    );
    expect(tooMuch).toContain(
      "Kiasi kinachoweza kurejeshwa bado kwa malipo haya ni hadi KES 1,770.00",
    );
    const wrongNetwork = await render(
      formPost(
        refundUrl(payment),
        { intent: "review", amount: "100", address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" },
        { cookie: swCookie },
      ),
      "sw",
    );
    expect(wrongNetwork).toMatch(/Hiyo si anwani ya [^:]+: ihakiki na mteja wako/);
  });

  it("translates core's reasons a payment cannot be refunded", async () => {
    const payment = await paidPayment(2_000);
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const cases = [
      ["in_review", "inReview"],
      ["expired", "onlyPaid"],
    ] as const;
    for (const [status, key] of cases) {
      db.update(payments).set({ status }).where(eq(payments.id, payment.id)).run();
      const refunds = await loaded(payment, cookie);
      expect(refunds.options.blocked).toBe(refundsMessages.en.blocked[key]);
      expect(sectionOf("sw", refunds)).toContain(refundsMessages.sw.blocked[key]);
      expect(sectionOf("en", refunds)).toContain(refundsMessages.en.blocked[key]);
    }
  });
});

describe("the refund form's schema", () => {
  it("speaks the page's language; the English schema is unchanged", () => {
    const value = { intent: "review", amount: "" };
    const sw = refundFormSchemaFor(refundsMessages.sw.schema).safeParse(value);
    const en = refundFormSchemaFor(refundsMessages.en.schema).safeParse(value);
    expect(sw.error?.issues.map((issue) => issue.message)).toEqual([
      "Weka kiasi cha kurejesha kwa shilingi, kama 1500",
    ]);
    expect(en.error?.issues.map((issue) => issue.message)).toEqual([
      "Enter the amount to refund in shillings, such as 1500",
    ]);
  });
});
