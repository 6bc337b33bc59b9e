/**
 * A member's language (issue 33): chosen on their security page or with the switch while signed
 * in, it is saved as theirs (their e-mails and SMS follow it) and this browser remembers it.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchantUsers } from "../../drizzle/schema";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action as switchLanguage } from "./language";
import { action as securityAction, loader as securityLoader } from "./merchant.security";

const { db, close } = installTestDatabase();
afterAll(close);

let counter = 0;
async function member() {
  const merchantId = `MRC-LANG${++counter}X`;
  addMerchant(db, merchantId);
  const id = `mu_language_${counter}`;
  db.insert(merchantUsers)
    .values({ id, merchantId, username: id, role: "cashier", createdAt: 0 })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  return { id, cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })) };
}

const storedLanguage = (id: string) =>
  db
    .select({ locale: merchantUsers.locale })
    .from(merchantUsers)
    .where(eq(merchantUsers.id, id))
    .get()?.locale;

describe("a member's language", () => {
  it("is not chosen at first, and is chosen on the security page", async () => {
    const { id, cookie } = await member();
    const before = await securityLoader({
      request: get("/merchant/security", { cookie }),
      params: {},
      context: {},
    });
    expect(before.language).toBeNull();

    const response = await respond(() =>
      securityAction({
        request: formPost("/merchant/security", { intent: "language", lang: "sw" }, { cookie }),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(302);
    expect(storedLanguage(id)).toBe("sw");
    expect(response.headers.get("Set-Cookie")).toContain("onehop_lang=sw;");
    expect(await toastOf(response)).toMatchObject({ message: "Lugha imehifadhiwa" });
  });

  it("refuses a language we do not speak, in the page's language", async () => {
    const { id, cookie } = await member();
    const response = await respond(() =>
      securityAction({
        request: formPost(
          "/merchant/security",
          { intent: "language", lang: "fr" },
          { cookie: `${cookie}; onehop_lang=sw` },
        ),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ languageError: "Chagua Kiingereza au Kiswahili." });
    expect(storedLanguage(id)).toBeNull();
  });

  it("the security page's toasts follow the page's language", async () => {
    const { cookie } = await member();
    const response = await respond(() =>
      securityAction({
        request: formPost(
          "/merchant/security",
          { intent: "end-other-sessions" },
          { cookie: `${cookie}; onehop_lang=sw` },
        ),
        params: {},
        context: {},
      }),
    );
    expect(await toastOf(response)).toMatchObject({
      message: "Vipindi vingine vimetolewa",
      description: "Vipindi 0 vingine vimetolewa. Wewe unabaki umeingia hapa.",
    });
  });

  it("the SMS form answers in the page's language", async () => {
    const { cookie } = await member();
    const response = await respond(() =>
      securityAction({
        request: formPost(
          "/merchant/security",
          { intent: "sms-notifications", phone: "12345", onPayment: "on" },
          { cookie: `${cookie}; onehop_lang=sw` },
        ),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { smsResult: { error: Record<string, string[]> } };
    expect(body.smsResult.error.phone).toEqual([
      "Weka nambari ya simu ya Kenya, kama 0712 345 678",
    ]);
  });

  it("follows the switch while signed in, and only then", async () => {
    const { id, cookie } = await member();
    const switched = await switchLanguage({
      request: formPost("/language", { lang: "sw", returnTo: "/merchant/dashboard" }, { cookie }),
      params: {},
      context: {},
    });
    expect(switched.status).toBe(303);
    expect(storedLanguage(id)).toBe("sw");
    await switchLanguage({
      request: formPost("/language", { lang: "en", returnTo: "/" }),
      params: {},
      context: {},
    });
    expect(storedLanguage(id)).toBe("sw");
  });
});
