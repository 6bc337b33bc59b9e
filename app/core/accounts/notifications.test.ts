/**
 * E-mail notices (issue 12, item 6): new-device detection, what each notice says (what happened,
 * when, from which device, what to do if it was not you), HTML escaping, the payment-settled notice
 * through the payment's own transition, and the daily summary's once-per-day rule.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  merchants,
  merchantUsers,
  operators,
  outboundEmails,
  payments,
  settlementTransfers,
} from "../../../drizzle/schema";
import { company } from "~/content/company";
import { transition } from "~/core/payments/payments.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  NEW_DEVICE_WINDOW_MS,
  isNewDevice,
  previousEatDay,
  queuePaymentSettledNotices,
  queueSecurityNotices,
  sendDailySummaries,
  setNoticeSiteUrl,
} from "./notifications.server";
import {
  recordSecurityEvent,
  type AccountSubject,
  type SecurityEvent,
} from "./security-events.server";
import type { TeamRole } from "./permissions";

const { db, close } = createTestDb();
afterAll(close);
const store = testStore(db);
/** Record a security event (and queue its notices) in a write of its own. */
const record = (event: SecurityEvent, at: number) =>
  store.write((q) => recordSecurityEvent(q, event, at));

const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const CHROME_ANDROID_NEWER = CHROME_ANDROID.replace("Chrome/130", "Chrome/131");
// 24 Nov 2026, 14:05 EAT
const NOW = Date.parse("2026-11-24T11:05:00Z");

let counter = 0;
function addMerchant(businessName = `Notice Traders ${++counter}`) {
  const id = `MRC-N${String(++counter).padStart(5, "0")}`;
  db.insert(merchants)
    .values({ id, businessName, contactEmail: `contact${counter}@shop.test`, createdAt: 0 })
    .run();
  return id;
}
function addMember(
  merchantId: string,
  role: TeamRole,
  options: { paymentSettled?: boolean; dailySummary?: boolean; email?: string | null } = {},
) {
  const id = `usr_note_${++counter}`;
  db.insert(merchantUsers)
    .values({
      id,
      merchantId,
      username: `${role}${counter}`,
      role,
      email: options.email === undefined ? `${role}${counter}@shop.test` : options.email,
      notifyPaymentSettled: options.paymentSettled ?? false,
      notifyDailySummary: options.dailySummary ?? false,
      createdAt: 0,
    })
    .run();
  return id;
}
const user = (id: string): AccountSubject => ({ type: "merchant_user", id });
const mailTo = (address: string) =>
  db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, address)).all();
const emailOf = (id: string) =>
  db.select().from(merchantUsers).where(eq(merchantUsers.id, id)).get()!.email!;
const signIn = (subject: AccountSubject, userAgent: string, at: number) =>
  record({ subject, type: "sign_in", origin: { ipAddress: "196.201.214.10", userAgent } }, at);

beforeEach(() => setNoticeSiteUrl("https://onehop.test"));

/** What every notice must say: what to do if it was not you, and how to reach support. */
function expectWhatToDo(mail: { bodyText: string; bodyHtml: string | null }) {
  expect(mail.bodyText).toMatch(
    /If (this was not you|you did not|you do not recognise|any of these)/,
  );
  expect(mail.bodyText).toContain(company.supportEmail);
  expect(mail.bodyHtml).toContain(company.supportEmail);
}

describe("sign-in from a new device", () => {
  it("no notice for the first sign-in ever nor for a known device; one for a new device", async () => {
    const merchantId = addMerchant();
    const owner = addMember(merchantId, "owner");
    await signIn(user(owner), CHROME_ANDROID, NOW - 5 * 86_400_000);
    expect(mailTo(emailOf(owner))).toHaveLength(0);
    // The same browser family and system, a newer version: known.
    await signIn(user(owner), CHROME_ANDROID_NEWER, NOW - 86_400_000);
    expect(mailTo(emailOf(owner))).toHaveLength(0);

    await signIn(user(owner), FIREFOX_WINDOWS, NOW);
    const mails = mailTo(emailOf(owner));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("New sign-in to your OneHop account from Firefox on Windows");
    expect(mail.bodyText).toContain("Firefox on Windows");
    expect(mail.bodyText).toContain("24 Nov 2026, 14:05 EAT");
    expect(mail.bodyText).toContain("196.201.214.10");
    expect(mail.bodyText).toContain("change your password now");
    expect(mail.bodyText).toContain("https://onehop.test/merchant/security/password");
    expectWhatToDo(mail);
    // Now Firefox on Windows is known.
    await signIn(user(owner), FIREFOX_WINDOWS, NOW + 60_000);
    expect(mailTo(emailOf(owner))).toHaveLength(1);
  });

  it("a device last used more than 90 days ago counts as new again", async () => {
    const merchantId = addMerchant();
    const owner = addMember(merchantId, "owner");
    await signIn(user(owner), CHROME_ANDROID, NOW - NEW_DEVICE_WINDOW_MS - 86_400_000);
    const newDevice = (now: number) =>
      store.read((q) => isNewDevice(q, user(owner), CHROME_ANDROID, now));
    expect(await newDevice(NOW)).toBe(true);
    expect(await newDevice(NOW - NEW_DEVICE_WINDOW_MS)).toBe(false);
    await signIn(user(owner), CHROME_ANDROID, NOW);
    expect(mailTo(emailOf(owner))).toHaveLength(1);
  });

  it("an operator gets the notice too, at the operator's address, with the operator's links", async () => {
    db.insert(operators)
      .values({
        id: "op_notice",
        email: "ops@onehop.test",
        name: "Wanjiru",
        role: "admin",
        passwordHash: "x",
        createdAt: 0,
      })
      .run();
    const op: AccountSubject = { type: "operator", id: "op_notice" };
    await signIn(op, CHROME_ANDROID, NOW - 1000);
    await signIn(op, FIREFOX_WINDOWS, NOW);
    const [mail] = mailTo("ops@onehop.test");
    expect(mail?.bodyText).toContain("Hello Wanjiru,");
    expect(mail?.bodyText).toContain("https://onehop.test/admin/security/password");
  });
});

describe("each notice says what happened and what to do", () => {
  it("password changed", async () => {
    const owner = addMember(addMerchant(), "owner");
    await record(
      { subject: user(owner), type: "password_changed", origin: { userAgent: FIREFOX_WINDOWS } },
      NOW,
    );
    const [mail] = mailTo(emailOf(owner));
    expect(mail?.subject).toBe("Your OneHop password was changed");
    expect(mail?.bodyText).toContain("The password of your OneHop account was changed");
    expect(mail?.bodyText).toContain("Firefox on Windows");
    expect(mail?.bodyText).toContain("24 Nov 2026, 14:05 EAT");
    expect(mail?.bodyText).toContain("If you did not change it, reset your password now");
    expect(mail?.bodyText).toContain("https://onehop.test/merchant-signin/forgot");
    expectWhatToDo(mail!);
  });

  it("two-factor turned on and off", async () => {
    const owner = addMember(addMerchant(), "finance");
    await record({ subject: user(owner), type: "two_factor_enabled" }, NOW);
    await record({ subject: user(owner), type: "two_factor_disabled" }, NOW + 1);
    const mails = mailTo(emailOf(owner));
    expect(mails.map((m) => m.subject)).toEqual([
      "Two-factor sign-in was turned on for your OneHop account",
      "Two-factor sign-in was turned off for your OneHop account",
    ]);
    expect(mails[1]?.bodyText).toContain("signing in now asks only for your password");
    for (const mail of mails) {
      expect(mail.bodyText).toContain("If this was not you, change your password now");
      expectWhatToDo(mail);
    }
  });

  it("payout destination changed, member invited and removed: to every owner", async () => {
    const merchantId = addMerchant("Mama Mboga Ltd");
    const owner = addMember(merchantId, "owner");
    const second = addMember(merchantId, "owner");
    const cashier = addMember(merchantId, "cashier");
    await record(
      {
        subject: user(owner),
        type: "payout_destination_changed",
        origin: { userAgent: CHROME_ANDROID },
        details: { to: "+254712345678" },
      },
      NOW,
    );
    await record(
      {
        subject: user(owner),
        type: "member_invited",
        details: { email: "new@shop.test", role: "finance" },
      },
      NOW,
    );
    await record(
      { subject: user(owner), type: "member_removed", details: { username: "cashier9" } },
      NOW,
    );
    expect(mailTo(emailOf(cashier))).toHaveLength(0);
    for (const id of [owner, second]) {
      const mails = mailTo(emailOf(id));
      expect(mails.map((m) => m.subject)).toEqual([
        "The payout destination of Mama Mboga Ltd was changed",
        "new@shop.test was invited to the Mama Mboga Ltd team on OneHop",
        "cashier9 was removed from the Mama Mboga Ltd team on OneHop",
      ]);
      expect(mails[0]?.bodyText).toContain("now +254 7•• ••• 678");
      expect(mails[0]?.bodyText).toContain("Chrome on Android");
      expect(mails[1]?.bodyText).toContain("invited new@shop.test to join Mama Mboga Ltd");
      expect(mails[1]?.bodyText).toContain("as Finance");
      for (const mail of mails) {
        expect(mail.bodyText).toContain("If you did not expect this change");
        expectWhatToDo(mail);
      }
    }
  });

  it("events without a notice queue nothing", async () => {
    const owner = addMember(addMerchant(), "owner");
    await record({ subject: user(owner), type: "sign_in_failed" }, NOW);
    await record({ subject: user(owner), type: "sessions_ended" }, NOW);
    expect(mailTo(emailOf(owner))).toHaveLength(0);
  });
});

describe("HTML bodies", () => {
  it("escape what people typed: a business name with <script> stays text", async () => {
    const merchantId = addMerchant(`Duka <script>alert("x")</script> & Sons`);
    const owner = addMember(merchantId, "owner");
    await record(
      { subject: user(owner), type: "member_removed", details: { username: "<b>eve</b>" } },
      NOW,
    );
    const [mail] = mailTo(emailOf(owner));
    expect(mail?.bodyHtml).not.toContain("<script>");
    expect(mail?.bodyHtml).not.toContain("<b>eve");
    expect(mail?.bodyHtml).toContain(
      "Duka &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons",
    );
    expect(mail?.bodyHtml).toContain("&lt;b&gt;eve&lt;/b&gt;");
    // The plain-text body carries the name as typed (text is never interpreted as markup).
    expect(mail?.bodyText).toContain(`Duka <script>alert("x")</script> & Sons`);
    // Inline styles only: no <style> block, no external stylesheet.
    expect(mail?.bodyHtml).not.toMatch(/<style|<link/i);
    expect(mail?.bodyHtml).toMatch(/^<div style="/);
  });
});

function addPayment(
  merchantId: string,
  options: { status: "settling" | "settled" | "expired"; createdAt: number; amount: bigint },
) {
  const id = `pay_note${++counter}`;
  db.insert(payments)
    .values({
      id,
      merchantId,
      reference: `ORDER-${counter}`,
      asset: "USDT",
      network: "tron",
      amountKesCents: options.amount,
      feeKesCents: options.amount / 100n,
      quoteRate: "129.2",
      marketRate: "129.8",
      spreadBps: 50,
      rateSource: "test",
      rateFetchedAt: options.createdAt,
      cryptoAmountUnits: 1_000_000n,
      quotedAt: options.createdAt,
      expiresAt: options.createdAt + 900_000,
      status: options.status,
      createdAt: options.createdAt,
      updatedAt: options.createdAt,
    })
    .run();
  return id;
}

describe("a payment settles", () => {
  it("e-mails the members who chose it, once, from the payment's own transition", async () => {
    const merchantId = addMerchant("Kibanda Cafe");
    const keen = addMember(merchantId, "finance", { paymentSettled: true });
    const quiet = addMember(merchantId, "owner");
    const paymentId = addPayment(merchantId, {
      status: "settling",
      createdAt: NOW - 600_000,
      amount: 250_000_00n,
    });
    const settled = await testStore(db).write((q) =>
      transition(q, { id: paymentId }, ["settling"], "settled", {
        type: "settled",
        cause: "every transfer paid",
        at: NOW,
        set: { settledAt: NOW },
      }),
    );
    expect(settled).toBe(true);
    expect(mailTo(emailOf(quiet))).toHaveLength(0);
    const mails = mailTo(emailOf(keen));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(
      `Payment ORDER-${counter} settled: KES 247,500.00 to Kibanda Cafe`,
    );
    expect(mails[0]?.bodyText).toContain("A payment to Kibanda Cafe has settled");
    expect(mails[0]?.bodyText).toContain("KES 250,000.00");
    expect(mails[0]?.bodyText).toContain("24 Nov 2026, 14:05 EAT");
    expect(mails[0]?.bodyText).toContain('"E-mail me when a payment settles"');
    expectWhatToDo(mails[0]!);
    // A second transition to settled does nothing (and sends nothing).
    expect(
      await testStore(db).write((q) =>
        transition(q, { id: paymentId }, ["settling"], "settled", {
          type: "settled",
          cause: "again",
          at: NOW,
        }),
      ),
    ).toBe(false);
    expect(mailTo(emailOf(keen))).toHaveLength(1);
  });
});

describe("the daily summary", () => {
  it("sends yesterday's figures to opted-in members, once per day however often the job runs", async () => {
    const merchantId = addMerchant("Jua Kali Hardware");
    const reader = addMember(merchantId, "viewer", { dailySummary: true });
    const other = addMember(merchantId, "owner");
    const yesterday = previousEatDay(NOW);
    expect(yesterday.day).toBe("2026-11-23");
    addPayment(merchantId, {
      status: "settled",
      createdAt: yesterday.start + 1000,
      amount: 100_000n,
    });
    addPayment(merchantId, { status: "settled", createdAt: yesterday.end - 1000, amount: 50_050n });
    addPayment(merchantId, {
      status: "expired",
      createdAt: yesterday.start + 5000,
      amount: 9_900n,
    });
    // Today's and the day before's payments are not yesterday's.
    addPayment(merchantId, { status: "settled", createdAt: yesterday.end, amount: 777_700n });
    addPayment(merchantId, { status: "settled", createdAt: yesterday.start - 1, amount: 888_800n });
    db.insert(settlementTransfers)
      .values({
        id: `trf_note${++counter}`,
        merchantId,
        paymentId: null,
        sequence: 1,
        rail: "mpesa",
        phone: "254712345678",
        amountKesCents: 140_000n,
        feeKesCents: 0n,
        railChargeKesCents: 0n,
        settlementDay: yesterday.day,
        status: "succeeded",
        createdAt: yesterday.start,
        updatedAt: yesterday.start,
        completedAt: yesterday.start + 60_000,
      })
      .run();

    expect((await sendDailySummaries(store, NOW)).queued).toBeGreaterThanOrEqual(1);
    expect((await sendDailySummaries(store, NOW)).queued).toBe(0);
    expect((await sendDailySummaries(store, NOW + 3_600_000)).queued).toBe(0);
    expect(mailTo(emailOf(other))).toHaveLength(0);
    const mails = mailTo(emailOf(reader));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Jua Kali Hardware on OneHop, 23 Nov 2026: 2 payments, KES 1,500.50");
    expect(mail.bodyText).toContain("Payments created: 3");
    expect(mail.bodyText).toContain("Payments received: 2");
    expect(mail.bodyText).toContain("Received: KES 1,500.50");
    expect(mail.bodyText).toContain("Settled to your M-Pesa: KES 1,400.00");
    expect(mail.bodyText).toContain('"Daily summary e-mail"');
    expectWhatToDo(mail);
    // The next day brings the next summary.
    expect((await sendDailySummaries(store, NOW + 86_400_000)).queued).toBeGreaterThanOrEqual(1);
    expect(mailTo(emailOf(reader))).toHaveLength(2);
  });
});

describe("the notices queued in the caller's transaction", () => {
  const mailsOf = (address: string) =>
    mailTo(address).map(({ subject, bodyText, bodyHtml }) => ({ subject, bodyText, bodyHtml }));

  it("queue one e-mail per owner for a security event", async () => {
    const merchantId = addMerchant("Same Shop");
    // An owner without an e-mail of their own is told at the business's contact address.
    const owner = addMember(merchantId, "owner", { email: null });
    const second = addMember(merchantId, "owner");
    const contact = db.select().from(merchants).where(eq(merchants.id, merchantId)).get()!
      .contactEmail;
    const event = {
      subject: user(owner),
      type: "two_factor_disabled" as const,
      origin: { userAgent: FIREFOX_WINDOWS, ipAddress: "196.201.214.10" },
    };
    await store.write((q) => queueSecurityNotices(q, event, NOW));
    for (const address of [contact, emailOf(second)]) {
      const [mail, ...more] = mailsOf(address);
      expect(more, address).toEqual([]);
      expect(mail, address).toBeDefined();
    }
  });

  it("queue the payment-settled e-mails once", async () => {
    const merchantId = addMerchant("Once Only");
    const keen = addMember(merchantId, "finance", { paymentSettled: true });
    const paymentId = addPayment(merchantId, {
      status: "settled",
      createdAt: NOW - 600_000,
      amount: 10_000n,
    });
    expect(await store.write((q) => queuePaymentSettledNotices(q, paymentId, NOW))).toBe(1);
    const mails = mailsOf(emailOf(keen));
    expect(mails).toHaveLength(1);
    // A second call sees the receipt: nothing more.
    expect(await store.write((q) => queuePaymentSettledNotices(q, paymentId, NOW))).toBe(0);
    expect(mailsOf(emailOf(keen))).toEqual(mails);
  });
});
