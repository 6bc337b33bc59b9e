import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  merchants,
  merchantUsers,
  operators,
  rateLimits,
  securityEvents,
  sessions,
} from "../../../drizzle/schema";
import { hashPassword, verifyPassword } from "~/core/passwords.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { changePassword } from "./password-change.server";
import type { AccountSubject } from "./security-events.server";

const { db, close } = createTestDb();
afterAll(close);

const NOW = Date.UTC(2026, 5, 1, 9, 0, 0);
const CURRENT = "the current long password";
const NEW_PASSWORD = "tilapia lanterns over Naivasha";
const currentHash = await hashPassword(CURRENT);

db.insert(merchants)
  .values({
    id: "MRC-CHNG22",
    businessName: "Change Co",
    contactEmail: "c@c.example",
    createdAt: 0,
  })
  .run();
db.insert(merchantUsers)
  .values({
    id: "usr_c",
    merchantId: "MRC-CHNG22",
    username: "wanjiku",
    email: "wanjiku@c.example",
    passwordHash: currentHash,
    createdAt: 0,
  })
  .run();
db.insert(operators)
  .values({
    id: "op_c",
    email: "ops@onehop.test",
    name: "Ops",
    role: "admin",
    passwordHash: currentHash,
    createdAt: 0,
  })
  .run();

const merchantUser: AccountSubject = { type: "merchant_user", id: "usr_c" };
const operator: AccountSubject = { type: "operator", id: "op_c" };

function addSession(idHash: string, subject: { merchantUserId: string } | { operatorId: string }) {
  db.insert(sessions)
    .values({ idHash, ...subject, createdAt: NOW, lastSeenAt: NOW, expiresAt: NOW + 3_600_000 })
    .run();
}

const change = (
  subject: AccountSubject,
  currentPassword: string,
  newPassword: string,
  keepSessionIdHash: string | null = "here",
) =>
  changePassword(
    testStore(db),
    { subject, currentPassword, newPassword, clientKey: "ip:change", keepSessionIdHash },
    NOW,
  );

beforeEach(() => {
  db.delete(rateLimits).run();
  db.delete(sessions).run();
  db.delete(securityEvents).run();
  db.update(merchantUsers).set({ passwordHash: currentHash }).run();
  db.update(operators).set({ passwordHash: currentHash }).run();
});

describe("changePassword", () => {
  it("sets the new password, ends every other session, keeps this one, records the change", async () => {
    addSession("here", { merchantUserId: "usr_c" });
    addSession("phone", { merchantUserId: "usr_c" });
    addSession("tablet", { merchantUserId: "usr_c" });
    addSession("op-here", { operatorId: "op_c" });
    expect(await change(merchantUser, CURRENT, NEW_PASSWORD)).toEqual({
      ok: true,
      sessionsEnded: 2,
    });
    const user = db.select().from(merchantUsers).where(eq(merchantUsers.id, "usr_c")).get()!;
    expect(await verifyPassword(NEW_PASSWORD, user.passwordHash!)).toBe(true);
    expect(
      db
        .select()
        .from(sessions)
        .all()
        .map((s) => s.idHash)
        .sort(),
    ).toEqual(["here", "op-here"]);
    expect(db.select().from(securityEvents).all()).toMatchObject([
      { subjectType: "merchant_user", subjectId: "usr_c", type: "password_changed" },
    ]);
  });

  it("works for operators too", async () => {
    addSession("op-here", { operatorId: "op_c" });
    addSession("op-other", { operatorId: "op_c" });
    expect(await change(operator, CURRENT, NEW_PASSWORD, "op-here")).toEqual({
      ok: true,
      sessionsEnded: 1,
    });
    const row = db.select().from(operators).where(eq(operators.id, "op_c")).get()!;
    expect(await verifyPassword(NEW_PASSWORD, row.passwordHash)).toBe(true);
  });

  it("refuses a wrong current password and changes nothing", async () => {
    addSession("phone", { merchantUserId: "usr_c" });
    expect(await change(merchantUser, "not my password", NEW_PASSWORD)).toEqual({
      ok: false,
      reason: "wrong_password",
    });
    const user = db.select().from(merchantUsers).where(eq(merchantUsers.id, "usr_c")).get()!;
    expect(user.passwordHash).toBe(currentHash);
    expect(db.select().from(sessions).all()).toHaveLength(1);
    expect(db.select().from(securityEvents).all()).toEqual([]);
  });

  it("throttles wrong current passwords like sign-in, even the right one after", async () => {
    for (let i = 0; i < 5; i++)
      expect(await change(merchantUser, `wrong guess ${i}`, NEW_PASSWORD)).toMatchObject({
        reason: "wrong_password",
      });
    expect(await change(merchantUser, CURRENT, NEW_PASSWORD)).toMatchObject({
      ok: false,
      reason: "throttled",
    });
  });

  it("applies the policy to the new password, before checking the current one", async () => {
    const cases: [string, string][] = [
      ["short", "Use at least 12 characters."],
      ["qwerty123456", "This password is too common. Choose one that is hard to guess."],
      ["wanjiku rocks 2026", "Don't use your username in your password."],
      ["change co forever!", "Don't use your business name in your password."],
    ];
    for (const [password, message] of cases) {
      expect(await change(merchantUser, "anything", password)).toEqual({
        ok: false,
        reason: "policy",
        message,
      });
    }
    // Nothing was counted against the account.
    expect(db.select().from(rateLimits).all()).toEqual([]);
  });
});
