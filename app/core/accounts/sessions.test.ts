/**
 * The security page's sessions (issue 12, item 5), through the page's loader and action with real
 * requests and real sessions: the list (this device first and marked, a session waiting for its
 * second factor not listed), signing out one other session or all others (this one stays), and
 * the security events it records.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers, securityEvents, sessions } from "../../../drizzle/schema";
import { action, loader } from "~/routes/merchant.security";
import { requireMerchant } from "~/utils/auth.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../../tests/setup/db";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../../tests/setup/requests";
import { sessionIntents } from "./security-page-schema";
import { listActiveSessions } from "./sessions.server";

const { db, close } = installTestDatabase();
afterAll(close);

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

let counter = 0;
function addMember() {
  const merchantId = `MRC-S${String(++counter).padStart(5, "0")}`;
  db.insert(merchants)
    .values({
      id: merchantId,
      businessName: "Session Traders",
      contactEmail: "c@x.test",
      createdAt: 0,
    })
    .run();
  const id = `usr_sess_${counter}`;
  db.insert(merchantUsers)
    .values({ id, merchantId, username: `member${counter}`, role: "cashier", createdAt: 0 })
    .run();
  return id;
}

async function signIn(
  userId: string,
  userAgent: string,
  options: { pendingSecondFactor?: boolean; at?: number; ip?: string } = {},
) {
  const request = new Request("http://localhost:3000/merchant-signin", {
    headers: { "User-Agent": userAgent, "x-onehop-remote-address": options.ip ?? "196.201.214.10" },
  });
  const setCookie = await startSession(
    testStore(db),
    "merchant",
    { merchantUserId: userId },
    request,
    options.at ?? Date.now(),
    { pendingSecondFactor: options.pendingSecondFactor },
  );
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

type PageData = Awaited<ReturnType<typeof loader>>;
async function page(cookie: string): Promise<PageData> {
  return (await (
    await respond(() =>
      loader({ request: get("/merchant/security", { cookie }), params: {}, context: {} }),
    )
  ).json()) as PageData;
}
const post = (cookie: string, fields: Record<string, string>) =>
  respond(() =>
    action({
      request: formPost("/merchant/security", fields, { cookie, userAgent: FIREFOX }),
      params: {},
      context: {},
    }),
  );
const stillSignedIn = async (cookie: string) => {
  try {
    await requireMerchant(get("/merchant/dashboard", { cookie }), testStore(db));
    return true;
  } catch (thrown) {
    if (thrown instanceof Response) return false;
    throw thrown;
  }
};

describe("the sessions on the security page", () => {
  it("lists this device first and marked, the others with device and IP, and no pending session", async () => {
    const userId = addMember();
    const other = await signIn(userId, ANDROID, { at: Date.now() - 3_600_000, ip: "41.90.64.7" });
    await signIn(userId, ANDROID, { pendingSecondFactor: true });
    const mine = await signIn(userId, FIREFOX);
    expect(
      db.select().from(sessions).where(eq(sessions.merchantUserId, userId)).all(),
    ).toHaveLength(3);

    const data = await page(mine);
    expect(data.sessions.map((s) => [s.device, s.current, s.ipAddress])).toEqual([
      ["Firefox on Windows", true, "196.201.214.10"],
      ["Chrome on Android", false, "41.90.64.7"],
    ]);
    // The page names sessions by a reference, never by the stored hash.
    const hashes = db
      .select({ h: sessions.idHash })
      .from(sessions)
      .all()
      .map((r) => r.h);
    expect(hashes).not.toContain(data.sessions[1]!.ref);
    expect(await stillSignedIn(other)).toBe(true);
  });

  it("signs out one other session: that browser is signed out, this one stays, the event is recorded", async () => {
    const userId = addMember();
    const other = await signIn(userId, ANDROID);
    const mine = await signIn(userId, FIREFOX);
    const ref = (await page(mine)).sessions.find((s) => !s.current)!.ref;
    const response = await post(mine, { intent: sessionIntents.endOne, ref });
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.message).toBe("Session signed out");
    expect(await stillSignedIn(other)).toBe(false);
    expect(await stillSignedIn(mine)).toBe(true);
    expect((await page(mine)).sessions).toHaveLength(1);
    const events = db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.subjectId, userId))
      .all();
    expect(events.map((e) => e.type)).toEqual(["sessions_ended"]);
    expect((await page(mine)).events[0]).toMatchObject({
      label: "Other sessions ended",
      device: "Firefox on Windows",
    });
  });

  it("cannot sign out this session, nor another member's, by its reference", async () => {
    const userId = addMember();
    const mine = await signIn(userId, FIREFOX);
    const stranger = addMember();
    const theirs = await signIn(stranger, ANDROID);
    const ownRef = (await page(mine)).sessions[0]!.ref;
    const theirRef = (await page(theirs)).sessions[0]!.ref;
    for (const ref of [ownRef, theirRef]) {
      const response = await post(mine, { intent: sessionIntents.endOne, ref });
      expect((await toastOf(response))?.message).toBe("Session not found");
    }
    expect(await stillSignedIn(mine)).toBe(true);
    expect(await stillSignedIn(theirs)).toBe(true);
  });

  it("signs out all other sessions and keeps this one", async () => {
    const userId = addMember();
    const others = [await signIn(userId, ANDROID), await signIn(userId, FIREFOX)];
    const mine = await signIn(userId, FIREFOX);
    const response = await post(mine, { intent: sessionIntents.endOthers });
    expect(await toastOf(response)).toMatchObject({
      message: "Other sessions signed out",
      description: "2 other sessions were signed out. You stay signed in here.",
    });
    for (const cookie of others) expect(await stillSignedIn(cookie)).toBe(false);
    expect(await stillSignedIn(mine)).toBe(true);
    expect(
      await listActiveSessions(testStore(db), { type: "merchant_user", id: userId }, null),
    ).toHaveLength(1);
  });
});

describe("notification choices", () => {
  it("are saved for this member with a toast, and shown ticked", async () => {
    const userId = addMember();
    const mine = await signIn(userId, FIREFOX);
    expect((await page(mine)).choices).toEqual({ paymentSettled: false, dailySummary: false });
    const response = await post(mine, { intent: sessionIntents.notifications, dailySummary: "on" });
    expect((await toastOf(response))?.message).toBe("Notification choices saved");
    expect((await page(mine)).choices).toEqual({ paymentSettled: false, dailySummary: true });
    const row = db.select().from(merchantUsers).where(eq(merchantUsers.id, userId)).get()!;
    expect([row.notifyPaymentSettled, row.notifyDailySummary]).toEqual([false, true]);
    await post(mine, { intent: sessionIntents.notifications, paymentSettled: "on" });
    expect((await page(mine)).choices).toEqual({ paymentSettled: true, dailySummary: false });
  });
});
