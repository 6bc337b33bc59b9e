import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  accountTokens,
  merchants,
  merchantUsers,
  operators,
  outboundEmails,
  rateLimits,
  securityEvents,
  sessions,
} from "../../../drizzle/schema";
import { hashPassword, verifyPassword } from "~/core/passwords.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  findPasswordResetTarget,
  PASSWORD_RESET_TTL_MS,
  requestPasswordReset,
  resetPasswordWithToken,
  type ResetRequest,
} from "./password-reset.server";

const { db, close } = createTestDb();
const store = testStore(db);
afterAll(close);

const NOW = Date.UTC(2026, 5, 1, 9, 0, 0);
const OLD_PASSWORD = "the old long password";
const NEW_PASSWORD = "tilapia lanterns over Naivasha";
const oldHash = await hashPassword(OLD_PASSWORD);

db.insert(merchants)
  .values([
    {
      id: "MRC-RSET22",
      businessName: "Reset Traders",
      contactEmail: "c@reset.example",
      createdAt: 0,
    },
    {
      id: "MRC-SUSP22",
      businessName: "Paused Ltd",
      contactEmail: "p@pause.example",
      status: "suspended",
      createdAt: 0,
    },
  ])
  .run();
db.insert(merchantUsers)
  .values([
    {
      id: "usr_owner",
      merchantId: "MRC-RSET22",
      username: "owner",
      email: "owner@reset.example",
      passwordHash: oldHash,
      totpEnabledAt: 5,
      totpSecret: "sealed",
      createdAt: 0,
    },
    {
      id: "usr_noemail",
      merchantId: "MRC-RSET22",
      username: "legacy",
      role: "owner",
      passwordHash: oldHash,
      createdAt: 0,
    },
    {
      id: "usr_cashier_noemail",
      merchantId: "MRC-RSET22",
      username: "till",
      role: "cashier",
      passwordHash: oldHash,
      createdAt: 0,
    },
    {
      id: "usr_susp",
      merchantId: "MRC-RSET22",
      username: "paused",
      email: "paused@reset.example",
      status: "suspended",
      passwordHash: oldHash,
      createdAt: 0,
    },
    {
      id: "usr_gone",
      merchantId: "MRC-RSET22",
      username: "gone",
      email: "gone@reset.example",
      status: "removed",
      passwordHash: oldHash,
      createdAt: 0,
    },
    {
      id: "usr_pm",
      merchantId: "MRC-SUSP22",
      username: "owner",
      email: "o@pause.example",
      passwordHash: oldHash,
      createdAt: 0,
    },
  ])
  .run();
db.insert(operators)
  .values([
    {
      id: "op_on",
      email: "ops@onehop.test",
      name: "Ops",
      role: "admin",
      passwordHash: oldHash,
      createdAt: 0,
    },
    {
      id: "op_off",
      email: "off@onehop.test",
      name: "Off",
      role: "reviewer",
      passwordHash: oldHash,
      disabled: true,
      createdAt: 0,
    },
  ])
  .run();

let client = 0;
function ask(request: ResetRequest, now = NOW) {
  client += 1;
  return requestPasswordReset(store, request, {
    clientKey: `ip:test-${client}`,
    origin: { ipAddress: "192.0.2.1", userAgent: "vitest" },
    resetUrl: (token) => `https://onehop.test/reset-password/${token}`,
    now,
  });
}

/** The token in the newest e-mail to `to`. */
function linkSentTo(to: string): string {
  const emails = db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, to)).all();
  const body = emails.at(-1)?.bodyText ?? "";
  const token = /reset-password\/([A-Za-z0-9_-]{43})/.exec(body)?.[1];
  if (!token) throw new Error(`no reset link sent to ${to}`);
  return token;
}

const passwordHashOf = (id: string) =>
  db.select().from(merchantUsers).where(eq(merchantUsers.id, id)).get()!.passwordHash!;

function addSession(idHash: string, subject: { merchantUserId: string } | { operatorId: string }) {
  db.insert(sessions)
    .values({ idHash, ...subject, createdAt: NOW, lastSeenAt: NOW, expiresAt: NOW + 3_600_000 })
    .run();
}

beforeEach(() => {
  db.delete(rateLimits).run();
  db.delete(outboundEmails).run();
  db.delete(accountTokens).run();
  db.delete(securityEvents).run();
});

describe("asking for a reset link", () => {
  it("answers the same for a real, an unknown, a suspended, a removed and a disabled account", async () => {
    const answers = await Promise.all([
      await ask({ type: "merchant_user", merchantId: "mrc-rset22", username: " Owner " }),
      await ask({ type: "merchant_user", merchantId: "MRC-RSET22", username: "nobody" }),
      await ask({ type: "merchant_user", merchantId: "MRC-NONE22", username: "owner" }),
      await ask({ type: "merchant_user", merchantId: "MRC-RSET22", username: "paused" }),
      await ask({ type: "merchant_user", merchantId: "MRC-RSET22", username: "gone" }),
      await ask({ type: "merchant_user", merchantId: "MRC-SUSP22", username: "owner" }),
      await ask({ type: "operator", email: "OPS@onehop.test" }),
      await ask({ type: "operator", email: "nobody@onehop.test" }),
      await ask({ type: "operator", email: "off@onehop.test" }),
    ]);
    for (const answer of answers) expect(answer).toEqual({ ok: true });
    // Only the two active accounts got a link, an e-mail and a security event.
    const sent = db.select().from(outboundEmails).all();
    expect(sent.map((email) => email.toAddress).sort()).toEqual([
      "ops@onehop.test",
      "owner@reset.example",
    ]);
    expect(sent[0]!.subject).toBe("Reset your OneHop password");
    expect(sent[0]!.bodyText).toContain("It works once, for 1 hour");
    expect(db.select().from(accountTokens).all()).toHaveLength(2);
    const events = db.select().from(securityEvents).all();
    expect(events.map((event) => [event.subjectId, event.type]).sort()).toEqual([
      ["op_on", "password_reset_requested"],
      ["usr_owner", "password_reset_requested"],
    ]);
  });

  it("stores only the SHA-256 of the link's token, for one hour", async () => {
    await ask({ type: "merchant_user", merchantId: "MRC-RSET22", username: "owner" });
    const token = linkSentTo("owner@reset.example");
    const row = db.select().from(accountTokens).get()!;
    expect(row.tokenHash).not.toContain(token);
    expect(row).toMatchObject({
      purpose: "password_reset",
      subjectType: "merchant_user",
      subjectId: "usr_owner",
      expiresAt: NOW + 60 * 60_000,
    });
  });

  it("sends an owner without a member address to the merchant's contact address", async () => {
    expect(
      await ask({ type: "merchant_user", merchantId: "MRC-RSET22", username: "legacy" }),
    ).toEqual({
      ok: true,
    });
    expect(
      await ask({ type: "merchant_user", merchantId: "MRC-RSET22", username: "till" }),
    ).toEqual({
      ok: true,
    });
    const sent = db.select().from(outboundEmails).all();
    expect(sent.map((email) => email.toAddress)).toEqual(["c@reset.example"]);
  });

  it("replaces an earlier unused link with the new one", async () => {
    await ask({ type: "operator", email: "ops@onehop.test" });
    const first = linkSentTo("ops@onehop.test");
    await ask({ type: "operator", email: "ops@onehop.test" });
    const second = linkSentTo("ops@onehop.test");
    expect(await findPasswordResetTarget(store, first, NOW)).toBeUndefined();
    expect((await findPasswordResetTarget(store, second, NOW))?.subject).toEqual({
      type: "operator",
      id: "op_on",
    });
  });

  it("throttles per account name, known or unknown alike, and per client", async () => {
    for (const username of ["owner", "nobody"]) {
      const request = { type: "merchant_user", merchantId: "MRC-RSET22", username } as const;
      for (let i = 0; i < 3; i++) expect(await ask(request)).toEqual({ ok: true });
      expect(await ask(request)).toEqual({ ok: false, retryAfterMs: 60 * 60_000 });
    }
    const options = {
      clientKey: "ip:one-client",
      resetUrl: (token: string) => token,
      now: NOW,
    };
    for (let i = 0; i < 10; i++)
      expect(
        await requestPasswordReset(
          store,
          { type: "operator", email: `x${i}@onehop.test` },
          options,
        ),
      ).toEqual({ ok: true });
    expect(
      await requestPasswordReset(store, { type: "operator", email: "y@onehop.test" }, options),
    ).toEqual({ ok: false, retryAfterMs: 60 * 60_000 });
  });
});

describe("using a reset link", () => {
  beforeEach(() => {
    db.delete(sessions).run();
    db.update(merchantUsers).set({ passwordHash: oldHash }).run();
    db.update(operators).set({ passwordHash: oldHash }).run();
  });

  it("sets the password, ends every session, keeps two-factor and records the change", async () => {
    await ask({ type: "merchant_user", merchantId: "MRC-RSET22", username: "owner" });
    const token = linkSentTo("owner@reset.example");
    addSession("phone", { merchantUserId: "usr_owner" });
    addSession("laptop", { merchantUserId: "usr_owner" });
    addSession("colleague", { merchantUserId: "usr_noemail" });

    const result = await resetPasswordWithToken(
      store,
      { token, password: NEW_PASSWORD },
      NOW + 60_000,
    );
    expect(result).toMatchObject({
      ok: true,
      sessionsEnded: 2,
      target: { signIn: { type: "merchant_user", merchantId: "MRC-RSET22" } },
    });
    expect(await verifyPassword(NEW_PASSWORD, passwordHashOf("usr_owner"))).toBe(true);
    expect(
      db
        .select()
        .from(sessions)
        .all()
        .map((s) => s.idHash),
    ).toEqual(["colleague"]);
    const user = db.select().from(merchantUsers).where(eq(merchantUsers.id, "usr_owner")).get()!;
    expect(user).toMatchObject({ totpEnabledAt: 5, totpSecret: "sealed" });
    const changed = db
      .select()
      .from(securityEvents)
      .where(
        and(eq(securityEvents.type, "password_changed"), eq(securityEvents.subjectId, "usr_owner")),
      )
      .all();
    expect(changed).toHaveLength(1);
  });

  it("works for one hour and not a moment longer", async () => {
    await ask({ type: "operator", email: "ops@onehop.test" });
    const token = linkSentTo("ops@onehop.test");
    expect(
      await findPasswordResetTarget(store, token, NOW + PASSWORD_RESET_TTL_MS - 1),
    ).toBeDefined();
    expect(
      await resetPasswordWithToken(
        store,
        { token, password: NEW_PASSWORD },
        NOW + PASSWORD_RESET_TTL_MS,
      ),
    ).toEqual({ ok: false, reason: "invalid_link" });
    const operator = db.select().from(operators).where(eq(operators.id, "op_on")).get()!;
    expect(operator.passwordHash).toBe(oldHash);
  });

  it("works once, even when two submissions race", async () => {
    await ask({ type: "operator", email: "ops@onehop.test" });
    const token = linkSentTo("ops@onehop.test");
    const results = await Promise.all([
      resetPasswordWithToken(store, { token, password: NEW_PASSWORD }, NOW),
      resetPasswordWithToken(store, { token, password: "a different passphrase here" }, NOW),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "invalid_link" }]);
    expect(
      await resetPasswordWithToken(store, { token, password: "yet another passphrase" }, NOW),
    ).toEqual({ ok: false, reason: "invalid_link" });
    const events = db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, "password_changed"))
      .all();
    expect(events).toHaveLength(1);
  });

  it("refuses a password the policy refuses, and the link still works afterwards", async () => {
    await ask({ type: "merchant_user", merchantId: "MRC-RSET22", username: "owner" });
    const token = linkSentTo("owner@reset.example");
    expect(await resetPasswordWithToken(store, { token, password: "qwerty123456" }, NOW)).toEqual({
      ok: false,
      reason: "policy",
      message: "This password is too common. Choose one that is hard to guess.",
    });
    expect(
      await resetPasswordWithToken(store, { token, password: "owner of reset traders" }, NOW),
    ).toMatchObject({ ok: false, reason: "policy" });
    expect(passwordHashOf("usr_owner")).toBe(oldHash);
    expect(
      await resetPasswordWithToken(store, { token, password: NEW_PASSWORD }, NOW),
    ).toMatchObject({
      ok: true,
    });
  });

  it("refuses a link whose member was suspended after it was sent", async () => {
    await ask({ type: "merchant_user", merchantId: "MRC-RSET22", username: "owner" });
    const token = linkSentTo("owner@reset.example");
    db.update(merchantUsers)
      .set({ status: "suspended" })
      .where(eq(merchantUsers.id, "usr_owner"))
      .run();
    try {
      expect(await resetPasswordWithToken(store, { token, password: NEW_PASSWORD }, NOW)).toEqual({
        ok: false,
        reason: "invalid_link",
      });
      expect(passwordHashOf("usr_owner")).toBe(oldHash);
    } finally {
      db.update(merchantUsers)
        .set({ status: "active" })
        .where(eq(merchantUsers.id, "usr_owner"))
        .run();
    }
  });

  it("refuses unknown and malformed tokens", async () => {
    for (const token of ["", "short", "A".repeat(43), "../../etc/passwd"]) {
      expect(await resetPasswordWithToken(store, { token, password: NEW_PASSWORD }, NOW)).toEqual({
        ok: false,
        reason: "invalid_link",
      });
    }
  });
});
