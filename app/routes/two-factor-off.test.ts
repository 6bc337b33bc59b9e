/**
 * Turning two-factor sign-in off (issue 27, item 4) through the route: the password alone is
 * refused; so is a right code while the account's code attempts are throttled; a current code (or
 * a recovery code) turns it off, and the member and the business's owners are e-mailed.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchantUsers, outboundEmails } from "../../drizzle/schema";
import { generateTotp } from "~/core/accounts/totp.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMember } from "../../tests/setup/members";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond } from "../../tests/setup/requests";
import { turnOnTwoFactorForTest } from "../../tests/setup/two-factor";
import { action } from "./merchant.security_.two-factor";

const { db, close } = installTestDatabase();
afterAll(close);
const SHOP = "MRC-TFOF22";
addMerchant(db, SHOP);
addMember(db, SHOP, "owner", { email: "owner@tfof.example" });
const PAGE = "/merchant/security/two-factor";

async function memberWithTwoFactor() {
  const member = addMember(db, SHOP, "finance", { email: `fin${Math.random()}@tfof.example` });
  const secret = turnOnTwoFactorForTest(db, { merchantUserId: member.id });
  const setCookie = await startSession(
    testStore(db),
    "merchant",
    { merchantUserId: member.id },
    get("/"),
  );
  const cookie = cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
  return { ...member, secret, cookie };
}

const turnOff = (cookie: string, code: string, address = "192.0.2.20") =>
  respond(() =>
    action({
      request: formPost(PAGE, { intent: "disable", code }, { cookie, remoteAddress: address }),
      params: {},
      context: {},
    }),
  );
const isOn = (id: string) =>
  db
    .select({ on: merchantUsers.totpEnabledAt })
    .from(merchantUsers)
    .where(eq(merchantUsers.id, id))
    .get()?.on !== null;
const mailTo = (address: string) =>
  db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, address)).all();

describe("turning two-factor sign-in off", () => {
  it("the password alone is refused, with what to give instead", async () => {
    const member = await memberWithTwoFactor();
    const answer = await turnOff(member.cookie, "a long enough secret");
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain(
      "your password alone cannot turn off two-factor sign-in",
    );
    expect(isOn(member.id)).toBe(true);
  });

  it("is refused while the account's code attempts are throttled, even with the right code", async () => {
    const member = await memberWithTwoFactor();
    for (let i = 0; i < 5; i++)
      expect((await turnOff(member.cookie, "000000", `198.51.100.${i}`)).status).toBe(401);
    const answer = await turnOff(member.cookie, generateTotp({ secret: member.secret }));
    expect(answer.status).toBe(429);
    expect(isOn(member.id)).toBe(true);
  });

  it("a current code turns it off, and the member and the owners are e-mailed", async () => {
    const member = await memberWithTwoFactor();
    const ownerMailBefore = mailTo("owner@tfof.example").length;
    const answer = await turnOff(member.cookie, generateTotp({ secret: member.secret }));
    expect(answer.status).toBe(302);
    expect(isOn(member.id)).toBe(false);
    const email = db
      .select({ email: merchantUsers.email })
      .from(merchantUsers)
      .where(eq(merchantUsers.id, member.id))
      .get()!.email!;
    expect(mailTo(email).map((mail) => mail.subject)).toEqual([
      "Two-factor sign-in was turned off for your OneHop account",
    ]);
    const ownerMail = mailTo("owner@tfof.example").slice(ownerMailBefore);
    expect(ownerMail.map((mail) => mail.subject)).toEqual([
      `Two-factor sign-in was turned off for ${member.username} at Shop ${SHOP}`,
    ]);
  });
});
