/**
 * The other e-mails to members in their language (issue 33): the team invitation speaks the
 * inviting member's language (the invitee has none yet), the password reset link the account's;
 * a member who chose nothing gets the English exactly as before.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers, outboundEmails } from "../../../drizzle/schema";
import type { Locale } from "~/i18n/locales";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { requestPasswordReset } from "./password-reset.server";
import { inviteMember } from "./team.server";

const { db, close } = createTestDb();
afterAll(close);
const store = testStore(db);
const NOW = Date.parse("2026-12-01T09:00:00Z");

let counter = 0;
function addMerchant(businessName: string) {
  const id = `MRC-E${String(++counter).padStart(5, "0")}`;
  db.insert(merchants)
    .values({
      id,
      businessName,
      contactEmail: `barua${counter}@shop.test`,
      status: "active",
      createdAt: 0,
    })
    .run();
  return id;
}
function addOwner(merchantId: string, locale: Locale | null) {
  const id = `usr_barua_${++counter}`;
  const username = `owner${counter}`;
  db.insert(merchantUsers)
    .values({
      id,
      merchantId,
      username,
      role: "owner",
      email: `${username}@shop.test`,
      locale,
      createdAt: 0,
    })
    .run();
  return { id, username };
}
const mailsTo = (address: string) =>
  db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, address)).all();

describe("the team invitation", () => {
  const invite = (merchantId: string, userId: string, email: string) =>
    inviteMember(
      store,
      { merchantId, userId },
      { email, role: "cashier", invitationUrl: (token) => `https://onehop.test/join/${token}` },
      NOW,
    );

  it("is in Kiswahili when the inviting member chose Kiswahili", async () => {
    const merchantId = addMerchant("Duka la Baraka");
    const owner = addOwner(merchantId, "sw");
    expect((await invite(merchantId, owner.id, "mpya@shop.test")).ok).toBe(true);
    const [mail] = mailsTo("mpya@shop.test");
    expect(mail?.subject).toBe("Umealikwa kujiunga na Duka la Baraka kwenye OneHop");
    expect(mail?.bodyText).toContain("Habari,");
    expect(mail?.bodyText).toContain(
      "Umealikwa kujiunga na Duka la Baraka kwenye OneHop kama Keshia: Huunda malipo na huona hali yake.",
    );
    expect(mail?.bodyText).toContain("https://onehop.test/join/");
    expect(mail?.bodyText).toContain("Timu ya OneHop");
  });

  it("is in English, as before, when the inviting member chose nothing", async () => {
    const merchantId = addMerchant("Baraka Stores");
    const owner = addOwner(merchantId, null);
    expect((await invite(merchantId, owner.id, "new@shop.test")).ok).toBe(true);
    const [mail] = mailsTo("new@shop.test");
    expect(mail?.subject).toBe("You are invited to Baraka Stores on OneHop");
    expect(mail?.bodyText.split("\n").slice(0, 5)).toEqual([
      "Hello,",
      "",
      "You are invited to join Baraka Stores on OneHop as Cashier: Creates payments and sees their status.",
      "",
      "Choose your username and password with this link (it works once and expires in 7 days):",
    ]);
    expect(mail?.bodyText.endsWith("The OneHop team")).toBe(true);
  });
});

describe("the password reset link", () => {
  const reset = (merchantId: string, username: string) =>
    requestPasswordReset(
      store,
      { type: "merchant_user", merchantId, username },
      {
        clientKey: `ip:barua-${++counter}`,
        resetUrl: (token) => `https://onehop.test/reset-password/${token}`,
        now: NOW,
      },
    );

  it("speaks the account's language: Kiswahili when chosen, English otherwise", async () => {
    const merchantId = addMerchant("Duka la Amani");
    const swahili = addOwner(merchantId, "sw");
    const unchosen = addOwner(merchantId, null);
    await reset(merchantId, swahili.username);
    await reset(merchantId, unchosen.username);
    const [sw] = mailsTo(`${swahili.username}@shop.test`);
    expect(sw?.subject).toBe("Weka nenosiri jipya la OneHop");
    expect(sw?.bodyText).toContain(
      `Mtu ameomba kuweka nenosiri jipya la kitambulisho cha mfanyabiashara ${merchantId}, jina la mtumiaji ${swahili.username}.`,
    );
    expect(sw?.bodyText).toContain("https://onehop.test/reset-password/");
    const [en] = mailsTo(`${unchosen.username}@shop.test`);
    expect(en?.subject).toBe("Reset your OneHop password");
    expect(en?.bodyText).toContain(
      `Someone asked to reset the password of merchant ID ${merchantId}, username ${unchosen.username}.`,
    );
    expect(en?.bodyText).toContain(
      "If you did not ask for this, you can ignore this e-mail: your password stays as it is. If\nit keeps happening, tell us at support.",
    );
  });
});
