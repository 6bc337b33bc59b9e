/**
 * Members' e-mails in their language (issue 33): a member who chose Kiswahili
 * (merchant_users.locale) gets the Kiswahili subject and body (text and HTML), dates with
 * Kiswahili months; one who chose nothing gets the English exactly as before, from the same event.
 * Operators read English.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { merchants, merchantUsers, outboundEmails, payments } from "../../../drizzle/schema";
import { company } from "~/content/company";
import { transition } from "~/core/payments/payments.server";
import { statementLineTypes, type StatementTotals } from "~/core/statements/lines";
import type { Locale } from "~/i18n/locales";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  monthlyStatementNotice,
  newDeviceSignInNotice,
  sendDailySummaries,
  setNoticeSiteUrl,
  supportLine,
  supportLineIn,
} from "./notifications.server";
import { recordSecurityEvent, type SecurityEvent } from "./security-events.server";
import type { TeamRole } from "./permissions";

const { db, close } = createTestDb();
afterAll(close);
const store = testStore(db);
const record = (event: SecurityEvent, at: number) =>
  store.write((q) => recordSecurityEvent(q, event, at));

const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
// 24 Dec 2026, 14:05 EAT: a month whose Kiswahili name differs ("Des").
const NOW = Date.parse("2026-12-24T11:05:00Z");

let counter = 0;
function addMerchant(businessName: string) {
  const id = `MRC-L${String(++counter).padStart(5, "0")}`;
  db.insert(merchants)
    .values({ id, businessName, contactEmail: `lugha${counter}@shop.test`, createdAt: 0 })
    .run();
  return id;
}
function addMember(
  merchantId: string,
  role: TeamRole,
  locale: Locale | null,
  options: { paymentSettled?: boolean; dailySummary?: boolean } = {},
) {
  const id = `usr_lugha_${++counter}`;
  db.insert(merchantUsers)
    .values({
      id,
      merchantId,
      username: `${role}${counter}`,
      role,
      email: `${role}${counter}@shop.test`,
      locale,
      notifyPaymentSettled: options.paymentSettled ?? false,
      notifyDailySummary: options.dailySummary ?? false,
      createdAt: 0,
    })
    .run();
  return id;
}
const emailOf = (id: string) =>
  db.select().from(merchantUsers).where(eq(merchantUsers.id, id)).get()!.email!;
const mailsOf = (id: string) =>
  db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.toAddress, emailOf(id)))
    .all();
function addPayment(merchantId: string, status: "settling" | "settled", createdAt: number) {
  const id = `pay_lugha${++counter}`;
  db.insert(payments)
    .values({
      id,
      merchantId,
      reference: `ORDER-${counter}`,
      asset: "USDT",
      network: "tron",
      amountKesCents: 250_000_00n,
      feeKesCents: 2_500_00n,
      quoteRate: "129.2",
      marketRate: "129.8",
      spreadBps: 50,
      rateSource: "test",
      rateFetchedAt: createdAt,
      cryptoAmountUnits: 1_000_000n,
      quotedAt: createdAt,
      expiresAt: createdAt + 900_000,
      status,
      createdAt,
      updatedAt: createdAt,
    })
    .run();
  return id;
}

beforeEach(() => setNoticeSiteUrl("https://onehop.test"));

describe("security notices in the member's language", () => {
  it("a new-device sign-in: Kiswahili for the member who chose it, English for one who did not", async () => {
    const merchantId = addMerchant("Duka la Mama");
    const swahili = addMember(merchantId, "owner", "sw");
    const unchosen = addMember(merchantId, "cashier", null);
    for (const id of [swahili, unchosen]) {
      const subject = { type: "merchant_user" as const, id };
      const origin = { ipAddress: "196.201.214.10" };
      await record(
        { subject, type: "sign_in", origin: { ...origin, userAgent: CHROME_ANDROID } },
        0,
      );
      await record(
        { subject, type: "sign_in", origin: { ...origin, userAgent: FIREFOX_WINDOWS } },
        NOW,
      );
    }
    const [sw] = mailsOf(swahili);
    expect(sw?.subject).toBe(
      "Akaunti yako ya OneHop imeingiwa kutoka kifaa kipya: Firefox kwenye Windows",
    );
    expect(sw?.bodyText).toContain(`Habari owner${counter - 1},`);
    expect(sw?.bodyText).toContain("Tarehe na saa: 24 Des 2026, 14:05 EAT");
    expect(sw?.bodyText).toContain("Kifaa: Firefox kwenye Windows");
    expect(sw?.bodyText).toContain("Ikiwa si wewe, badilisha nenosiri lako sasa");
    expect(sw?.bodyText).toContain(
      "Badilisha nenosiri lako: https://onehop.test/merchant/security/password",
    );
    expect(sw?.bodyText).toContain(company.supportEmail);
    expect(sw?.bodyHtml).toContain("Ikiwa si wewe");
    expect(sw?.bodyHtml).toContain("Habari owner");
    expect(sw?.bodyText).not.toMatch(/\b(Hello|When|Device|If this was not you)\b/);

    const [en] = mailsOf(unchosen);
    expect(en?.subject).toBe("New sign-in to your OneHop account from Firefox on Windows");
    expect(en?.bodyText).toContain(`Hello cashier${counter},`);
    expect(en?.bodyText).toContain("When: 24 Dec 2026, 14:05 EAT");
    expect(en?.bodyText).toContain(
      `If this was not you, change your password now, then ${supportLine}.`,
    );
  });

  it("team and two-factor changes reach each owner in the owner's own language", async () => {
    const merchantId = addMerchant("Mama Mboga Ltd");
    const swOwner = addMember(merchantId, "owner", "sw");
    const enOwner = addMember(merchantId, "owner", null);
    const finance = addMember(merchantId, "finance", "en");
    await record(
      {
        subject: { type: "merchant_user", id: enOwner },
        type: "member_invited",
        details: { email: "new@shop.test", role: "cashier" },
      },
      NOW,
    );
    await record(
      { subject: { type: "merchant_user", id: finance }, type: "two_factor_disabled" },
      NOW,
    );
    expect(mailsOf(swOwner).map((m) => m.subject)).toEqual([
      "new@shop.test amealikwa kwenye timu ya Mama Mboga Ltd kwenye OneHop",
      `Uthibitishaji wa hatua mbili umezimwa kwa finance${counter} wa Mama Mboga Ltd`,
    ]);
    expect(mailsOf(swOwner)[0]?.bodyText).toContain(
      `owner${counter - 1} amemwalika new@shop.test ajiunge na Mama Mboga Ltd kwenye OneHop kama Keshia.`,
    );
    expect(mailsOf(enOwner).map((m) => m.subject)).toEqual([
      "new@shop.test was invited to the Mama Mboga Ltd team on OneHop",
      `Two-factor sign-in was turned off for finance${counter} at Mama Mboga Ltd`,
    ]);
    expect(mailsOf(enOwner)[0]?.bodyText).toContain("as Cashier.");
    // The member who chose English hears of their own change in English.
    expect(mailsOf(finance).map((m) => m.subject)).toEqual([
      "Two-factor sign-in was turned off for your OneHop account",
    ]);
  });
});

describe("optional e-mails in the member's language", () => {
  it("payment settled", async () => {
    const merchantId = addMerchant("Kibanda Cafe");
    const swahili = addMember(merchantId, "finance", "sw", { paymentSettled: true });
    const unchosen = addMember(merchantId, "owner", null, { paymentSettled: true });
    const paymentId = addPayment(merchantId, "settling", NOW - 600_000);
    await store.write((q) =>
      transition(q, { id: paymentId }, ["settling"], "settled", {
        type: "settled",
        cause: "every transfer paid",
        at: NOW,
        set: { settledAt: NOW },
      }),
    );
    const [sw] = mailsOf(swahili);
    expect(sw?.subject).toBe(
      `Malipo ORDER-${counter} yamelipwa kwako: KES 247,500.00 kwa Kibanda Cafe`,
    );
    expect(sw?.bodyText).toContain("Kiasi: KES 250,000.00");
    expect(sw?.bodyText).toContain("Tarehe na saa: 24 Des 2026, 14:05 EAT");
    expect(sw?.bodyText).toContain('"Nitumie barua pepe malipo yakilipwa kwangu"');
    const [en] = mailsOf(unchosen);
    expect(en?.subject).toBe(`Payment ORDER-${counter} settled: KES 247,500.00 to Kibanda Cafe`);
    expect(en?.bodyText).toContain('"E-mail me when a payment settles"');
  });

  it("daily summary", async () => {
    const merchantId = addMerchant("Jua Kali Hardware");
    const swahili = addMember(merchantId, "viewer", "sw", { dailySummary: true });
    const unchosen = addMember(merchantId, "viewer", null, { dailySummary: true });
    addPayment(merchantId, "settled", Date.parse("2026-12-23T09:00:00Z"));
    await sendDailySummaries(store, NOW);
    const [sw] = mailsOf(swahili);
    expect(sw?.subject).toBe(
      "Jua Kali Hardware kwenye OneHop, 23 Des 2026: malipo 1, KES 250,000.00",
    );
    expect(sw?.bodyText).toContain("Malipo yaliyopokelewa: 1");
    expect(sw?.bodyText).toContain("Ikiwa takwimu yoyote kati ya hizi inaonekana si sahihi");
    const [en] = mailsOf(unchosen);
    expect(en?.subject).toBe("Jua Kali Hardware on OneHop, 23 Dec 2026: 1 payment, KES 250,000.00");
    expect(en?.bodyText).toContain("Payments received: 1");
  });

  it("monthly statement: the month, the period and each kind of line in Kiswahili", () => {
    const zero: StatementTotals = { count: 0, gross: 0n, fee: 0n, excise: 0n, net: 0n };
    const totals = Object.fromEntries(statementLineTypes.map((type) => [type, zero])) as Record<
      (typeof statementLineTypes)[number],
      StatementTotals
    >;
    totals.collection = { count: 2, gross: 1_000_00n, fee: 10_00n, excise: 1_60n, net: 988_40n };
    const statement = {
      range: { from: "2026-10-01", to: "2026-10-31" },
      opening: 0n,
      closing: 988_40n,
      lines: [{} as never],
      totals,
    };
    const facts = {
      name: "Wanjiku",
      businessName: "Duka la Mama",
      monthLabel: "October 2026",
      statement,
    };
    const sw = monthlyStatementNotice({ ...facts, locale: "sw" });
    expect(sw.subject).toBe(
      "Taarifa ya akaunti ya Duka la Mama ya Oktoba 2026 kwenye OneHop: salio la kufunga KES 988.40",
    );
    expect(sw.text).toContain("Kipindi: 1 Okt 2026 hadi 31 Okt 2026");
    expect(sw.text).toContain("Makusanyo: KES 988.40 (miamala 2, ada KES 10.00)");
    expect(sw.text).toContain("Rejesho: KES 0.00 (hakuna miamala)");
    expect(sw.text).toContain(supportLineIn("sw"));
    const en = monthlyStatementNotice(facts);
    expect(en.subject).toBe(
      "Duka la Mama statement for October 2026 on OneHop: closing balance KES 988.40",
    );
    expect(en.text).toContain("Period: 1 Oct 2026 to 31 Oct 2026");
    expect(en.text).toContain("Collection: KES 988.40 (2 lines, fees KES 10.00)");
  });

  it("a notice with no language given is English, as before", () => {
    const notice = newDeviceSignInNotice({ kind: "operator", name: "Ops", at: NOW });
    expect(notice.subject).toBe("New sign-in to your OneHop account from Unknown device");
    expect(notice.text.startsWith("Hello Ops,")).toBe(true);
  });
});
