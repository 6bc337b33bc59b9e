/**
 * The SMS part of the security page (issue 30, item 9), through its loader and action: each role
 * sees only the choices it may have (payments for roles that read payments, payouts for roles that
 * read balances); the number is checked and stored in E.164; a choice without a number is refused;
 * a choice the role does not have is never saved; saving redirects with a toast.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchantUsers } from "../../drizzle/schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { SMS_INTENT, smsPhoneNeeded } from "~/core/notifications/sms-settings-schema";
import { kenyanPhoneError } from "~/utils/phone";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMember } from "../../tests/setup/members";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action, loader } from "./merchant.security";

const { db, close } = installTestDatabase();
afterAll(close);
const SHOP = "MRC-SMS22";
addMerchant(db, SHOP);
const PAGE = "/merchant/security";

async function signedIn(role: TeamRole) {
  const member = addMember(db, SHOP, role);
  const setCookie = await startSession(
    testStore(db),
    "merchant",
    { merchantUserId: member.id },
    get("/"),
  );
  const cookie = cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
  return { ...member, cookie };
}
const save = (cookie: string, fields: Record<string, string>) =>
  respond(() =>
    action({
      request: formPost(PAGE, { intent: SMS_INTENT, ...fields }, { cookie }),
      params: {},
      context: {},
    }),
  );
const load = async (cookie: string) =>
  (await (
    await respond(() => loader({ request: get(PAGE, { cookie }), params: {}, context: {} }))
  ).json()) as {
    sms: { phone: string | null; onPayment?: boolean; onPayout?: boolean; cap: number };
  };
const stored = (id: string) =>
  db
    .select({
      phone: merchantUsers.smsPhone,
      onPayment: merchantUsers.smsOnPayment,
      onPayout: merchantUsers.smsOnPayout,
    })
    .from(merchantUsers)
    .where(eq(merchantUsers.id, id))
    .get();

describe("SMS choices on the security page", () => {
  it("an owner saves a number (stored in E.164) and both choices, with a toast", async () => {
    const owner = await signedIn("owner");
    expect((await load(owner.cookie)).sms).toMatchObject({
      phone: null,
      onPayment: false,
      onPayout: false,
      cap: 30,
    });
    const response = await save(owner.cookie, {
      phone: "0712 345 678",
      onPayment: "on",
      onPayout: "on",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(await toastOf(response)).toMatchObject({ message: "SMS choices saved" });
    expect(stored(owner.id)).toEqual({ phone: "+254712345678", onPayment: true, onPayout: true });
    // Clearing the number and the choices stops every SMS.
    await save(owner.cookie, { phone: "" });
    expect(stored(owner.id)).toEqual({ phone: null, onPayment: false, onPayout: false });
  });

  it("a number that is not Kenyan, or a choice without a number, is refused with the reason", async () => {
    const owner = await signedIn("owner");
    const bad = await save(owner.cookie, { phone: "+44 20 7946 0958", onPayment: "on" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(kenyanPhoneError);
    const missing = await save(owner.cookie, { onPayout: "on" });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain(smsPhoneNeeded);
    expect(stored(owner.id)).toEqual({ phone: null, onPayment: false, onPayout: false });
  });

  it("a cashier has the payments choice only, and a payouts choice posted anyway is not saved", async () => {
    const cashier = await signedIn("cashier");
    const { sms } = await load(cashier.cookie);
    expect(sms.onPayment).toBe(false);
    expect(sms).not.toHaveProperty("onPayout");
    await save(cashier.cookie, { phone: "0112345678", onPayment: "on", onPayout: "on" });
    expect(stored(cashier.id)).toEqual({
      phone: "+254112345678",
      onPayment: true,
      onPayout: false,
    });
  });
});
