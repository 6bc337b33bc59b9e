/**
 * Members' SMS in their language (issue 33): a member who chose Kiswahili (merchant_users.locale)
 * gets the Kiswahili text, one who chose nothing the English exactly as before, from the same
 * change; and a Kiswahili SMS costs no more than the English (one SMS of 160 characters where the
 * English is one).
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers, outboundMessages, payments } from "../../../drizzle/schema";
import type { Locale } from "~/i18n/locales";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  SMS_SEGMENT_CHARS,
  paymentReceivedText,
  payoutBatchDoneText,
  settlementPaidText,
} from "./sms-messages";
import { queuePaymentReceivedSms, queueSettlementPaidSms } from "./sms-queue.server";
import { smsStatusMessages } from "~/i18n/catalogs/sms";
import { outboundMessageStatusLabels } from "./sms-vocabulary";

const { db, close } = createTestDb();
afterAll(close);
const store = testStore(db);
// 30 Nov 2026, 14:05 EAT
const NOW = Date.parse("2026-11-30T11:05:00Z");

let counter = 0;
function addMerchant() {
  const id = `MRC-W${String(++counter).padStart(5, "0")}`;
  db.insert(merchants)
    .values({
      id,
      businessName: `Duka ${counter}`,
      contactEmail: `w${counter}@shop.test`,
      createdAt: 0,
    })
    .run();
  return id;
}
function addMember(merchantId: string, locale: Locale | null) {
  const id = `usr_smsw_${++counter}`;
  db.insert(merchantUsers)
    .values({
      id,
      merchantId,
      username: `owner${counter}`,
      role: "owner",
      email: `owner${counter}@shop.test`,
      smsPhone: `+2547123400${String(counter).padStart(2, "0")}`,
      smsOnPayment: true,
      smsOnPayout: true,
      locale,
      createdAt: 0,
    })
    .run();
  return id;
}
const bodyOf = (memberId: string) =>
  db
    .select({ body: outboundMessages.body })
    .from(outboundMessages)
    .where(eq(outboundMessages.merchantUserId, memberId))
    .all()
    .map((row) => row.body);

describe("an SMS in the member's language", () => {
  it("a payment received: Kiswahili to the member who chose it, English to the others", async () => {
    const merchantId = addMerchant();
    const swahili = addMember(merchantId, "sw");
    const unchosen = addMember(merchantId, null);
    const english = addMember(merchantId, "en");
    const payment = {
      id: "pay_smsw00001",
      merchantId,
      mode: "live" as const,
      reference: "INV-42",
      amountKesCents: 2_500_00n,
    };
    db.insert(payments)
      .values({
        id: payment.id,
        merchantId,
        reference: payment.reference,
        asset: "USDT",
        network: "tron",
        amountKesCents: payment.amountKesCents,
        feeKesCents: 25_00n,
        quoteRate: "129.2",
        marketRate: "129.8",
        spreadBps: 50,
        rateSource: "test",
        rateFetchedAt: NOW,
        cryptoAmountUnits: 1_000_000n,
        quotedAt: NOW,
        expiresAt: NOW + 300_000,
        status: "confirmed",
        createdAt: NOW,
        updatedAt: NOW,
      })
      .run();
    expect(await store.write((q) => queuePaymentReceivedSms(q, payment, NOW))).toBe(3);
    const englishText =
      "OneHop: KES 2,500.00 received from a customer for INV-42 (pay_smsw00001). 30 Nov 2026, 14:05 EAT.";
    expect(bodyOf(unchosen)).toEqual([englishText]);
    expect(bodyOf(english)).toEqual([englishText]);
    expect(bodyOf(swahili)).toEqual([
      "OneHop: Umepokea KES 2,500.00 kutoka kwa mteja kwa INV-42 (pay_smsw00001). 30 Nov 2026, 14:05 EAT.",
    ]);
  });

  it("a settlement paid out: Kiswahili names the bank account in Kiswahili", async () => {
    const merchantId = addMerchant();
    const swahili = addMember(merchantId, "sw");
    const unchosen = addMember(merchantId, null);
    const transfer = {
      id: "trf_smsw_1",
      merchantId,
      paymentId: null,
      amountKesCents: 2_466_00n,
      railName: "Bank account (PesaLink)",
      rail: "pesalink",
    };
    await store.write((q) => queueSettlementPaidSms(q, transfer, "QK12AB34CD", NOW));
    expect(bodyOf(unchosen)).toEqual([
      "OneHop: KES 2,466.00 paid out to your Bank account (PesaLink). Receipt QK12AB34CD. 30 Nov 2026, 14:05 EAT.",
    ]);
    expect(bodyOf(swahili)).toEqual([
      "OneHop: KES 2,466.00 imelipwa kwako kwenye akaunti ya benki (PesaLink). Risiti QK12AB34CD. 30 Nov 2026, 14:05 EAT.",
    ]);
  });
});

describe("the texts", () => {
  const at = Date.parse("2026-12-30T11:05:00Z");
  it("Kiswahili: months in Kiswahili, the test prefix, a payout batch", () => {
    expect(
      payoutBatchDoneText(
        {
          mode: "test",
          title: "Mishahara ya Desemba",
          paidCount: 2,
          rowCount: 3,
          paidKesCents: 3_500_00n,
          at,
        },
        "sw",
      ),
    ).toBe(
      'OneHop (majaribio): Kundi la malipo "Mishahara ya Desemba" limekamilika: 2 kati ya 3 yamelipwa, KES 3,500.00. 30 Des 2026, 14:05 EAT.',
    );
    // English by default, as before.
    expect(
      payoutBatchDoneText({
        mode: "test",
        title: "November salaries",
        paidCount: 2,
        rowCount: 3,
        paidKesCents: 3_500_00n,
        at: NOW,
      }),
    ).toBe(
      'OneHop (test): payout "November salaries" done: 2 of 3 paid, KES 3,500.00. 30 Nov 2026, 14:05 EAT.',
    );
  });

  it("a Kiswahili SMS stays within one SMS where the English does: long references are cut further", () => {
    const long = "A-VERY-LONG-MERCHANT-REFERENCE-0123456789";
    const cases = [
      (locale: Locale) =>
        paymentReceivedText(
          {
            mode: "test",
            amountKesCents: 9_999_999_99n,
            reference: long,
            paymentId: "pay_0123456789abcdefghij",
            at,
          },
          locale,
        ),
      (locale: Locale) =>
        settlementPaidText(
          {
            mode: "test",
            amountKesCents: 9_999_999_99n,
            railName: "Bank account (PesaLink)",
            rail: "pesalink",
            reference: long,
            receipt: "QK12AB34CD",
            at,
          },
          locale,
        ),
      (locale: Locale) =>
        payoutBatchDoneText(
          {
            mode: "test",
            title: long,
            paidCount: 1000,
            rowCount: 1000,
            paidKesCents: 99_999_999_99n,
            at,
          },
          locale,
        ),
    ];
    for (const text of cases) {
      const english = text("en");
      const swahili = text("sw");
      expect(swahili).not.toBe(english);
      expect(swahili.length).toBeLessThanOrEqual(Math.max(SMS_SEGMENT_CHARS, english.length));
      // The GSM alphabet: plain letters only (no accents, no curly quotes).
      expect(swahili).toMatch(/^[\x20-\x7e]+$/);
    }
    // A long receipt too: the Kiswahili would pass 160, so its reference and receipt are cut more.
    const longReceipt = (locale: Locale) =>
      settlementPaidText(
        {
          mode: "test",
          amountKesCents: 9_999_999_99n,
          railName: "Bank account (PesaLink)",
          rail: "pesalink",
          reference: long,
          receipt: "QK12AB34CD-0123456789-XYZW",
          at,
        },
        locale,
      );
    expect(longReceipt("en")).toHaveLength(SMS_SEGMENT_CHARS);
    expect(longReceipt("sw").length).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
    expect(longReceipt("sw")).toContain("kwa A-VERY-LONG-ME...");
    // The English is cut as before (24 characters for a reference), never further.
    expect(cases[0]!("en")).toContain("for A-VERY-LONG-MERCHANT-... (");
  });

  it("the status labels of the security page, in both languages", () => {
    expect(smsStatusMessages.en).toEqual(outboundMessageStatusLabels);
    expect(smsStatusMessages.sw.delivered).toBe("Imefika");
  });
});
