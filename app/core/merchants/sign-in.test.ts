import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers } from "../../../drizzle/schema";
import { hashPassword } from "~/core/passwords.server";
import { createTestDb } from "../../../tests/setup/db";
import { SIGN_IN_LIMITS, signInMerchant } from "./sign-in.server";

const { db, close } = createTestDb();
afterAll(close);

const password = "correct horse battery";
db.insert(merchants).values({ id: "MRC-TEST22", businessName: "Test Shop", contactEmail: "t@shop.example", createdAt: 0 }).run();
db.insert(merchantUsers)
  .values({ id: "usr_t", merchantId: "MRC-TEST22", username: "owner", passwordHash: await hashPassword(password), createdAt: 0 })
  .run();

const attempt = (fields: Partial<{ merchantId: string; username: string; password: string; clientKey: string }>, now: number) =>
  signInMerchant(db, { merchantId: "MRC-TEST22", username: "owner", password, clientKey: "client-a", ...fields }, now);

describe("merchant sign-in", () => {
  it("accepts the right credentials, whatever the case and spaces of the ID and username", async () => {
    const result = await attempt({ merchantId: " mrc-test22 ", username: "Owner" }, 1_000);
    expect(result).toMatchObject({ ok: true, principal: { merchantId: "MRC-TEST22", username: "owner", businessName: "Test Shop" } });
  });

  it("answers the same for an unknown merchant, an unknown user and a wrong password", async () => {
    const answers = await Promise.all([
      attempt({ merchantId: "MRC-NOPE00", clientKey: "c1" }, 1_000),
      attempt({ username: "nobody", clientKey: "c2" }, 1_000),
      attempt({ password: "wrong password", clientKey: "c3" }, 1_000),
    ]);
    expect(answers).toEqual([
      { ok: false, reason: "invalid" },
      { ok: false, reason: "invalid" },
      { ok: false, reason: "invalid" },
    ]);
  });

  it("throttles 20 wrong passwords in a row; the right password works again after the window", async () => {
    const start = 10_000_000;
    const results = [];
    for (let i = 0; i < 20; i++) results.push(await attempt({ password: `guess ${i}`, clientKey: "client-b" }, start + i));
    expect(results.slice(0, SIGN_IN_LIMITS.account.limit).every((r) => !r.ok && r.reason === "invalid")).toBe(true);
    expect(results.slice(SIGN_IN_LIMITS.account.limit).every((r) => !r.ok && r.reason === "throttled")).toBe(true);
    // Inside the window even the right password is refused.
    const blocked = await attempt({ clientKey: "client-b" }, start + 60_000);
    expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
    if (!blocked.ok && blocked.reason === "throttled") expect(blocked.retryAfterMs).toBeGreaterThan(0);
    // After the window it works.
    const later = await attempt({ clientKey: "client-b" }, start + SIGN_IN_LIMITS.account.windowMs + 1);
    expect(later.ok).toBe(true);
  });

  it("throttles one client trying many accounts", async () => {
    const start = 50_000_000;
    for (let i = 0; i < SIGN_IN_LIMITS.client.limit; i++) {
      await attempt({ username: `user${i}`, clientKey: "sprayer" }, start + i);
    }
    expect(await attempt({ clientKey: "sprayer" }, start + 100)).toMatchObject({ ok: false, reason: "throttled" });
    expect((await attempt({ clientKey: "someone-else" }, start + 100)).ok).toBe(true);
  });

  it("refuses a user who has not set a password yet", async () => {
    db.insert(merchantUsers).values({ id: "usr_new", merchantId: "MRC-TEST22", username: "newbie", createdAt: 0 }).run();
    expect(await attempt({ username: "newbie", password: "", clientKey: "c9" }, 1_000)).toEqual({ ok: false, reason: "invalid" });
  });
});
