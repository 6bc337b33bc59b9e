import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers, recoveryCodes, securityEvents } from "../../../drizzle/schema";
import { hashPassword } from "~/core/passwords.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import type { AccountSubject } from "./security-events.server";
import { deriveTotpKey, generateTotp } from "./totp.server";
import {
  checkSecondFactor,
  confirmEnrolment,
  confirmPassword,
  enrolmentSecret,
  SECOND_FACTOR_LIMITS,
  twoFactorStatus,
} from "./two-factor.server";

const { db, close } = createTestDb();
const store = testStore(db);
afterAll(close);
const key = deriveTotpKey("two-factor test secret, at least 32 characters");
const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const STEP = 30_000;

db.insert(merchants)
  .values({ id: "MRC-TWOF22", businessName: "Two F", contactEmail: "t@f.example", createdAt: 0 })
  .run();
const password = await hashPassword("a long enough secret");
let users = 0;
/** A member with two-factor sign-in on (enrolled at `now`); returns the subject and its secret. */
async function enrolledMember(
  now = T0,
): Promise<{ subject: AccountSubject; secret: string; codes: string[] }> {
  const id = `usr_tf${++users}`;
  db.insert(merchantUsers)
    .values({
      id,
      merchantId: "MRC-TWOF22",
      username: `u${users}`,
      passwordHash: password,
      createdAt: 0,
    })
    .run();
  const subject: AccountSubject = { type: "merchant_user", id };
  const setup = (await enrolmentSecret(store, key, subject, "label"))!;
  const confirmed = await confirmEnrolment(
    store,
    key,
    subject,
    { code: generateTotp({ secret: setup.secret, now: new Date(now) }) },
    now,
  );
  if (!confirmed.ok) throw new Error(`enrolment failed: ${confirmed.reason}`);
  return { subject, secret: setup.secret, codes: confirmed.recoveryCodes };
}

const check = (
  subject: AccountSubject,
  code: string,
  now: number,
  clientKey = `client-${subject.id}`,
) => checkSecondFactor(store, key, subject, { code, clientKey, purpose: "sign_in" }, now);
const codeAt = (secret: string, at: number) => generateTotp({ secret, now: new Date(at) });
const eventsOf = (subject: AccountSubject, type: string) =>
  db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.subjectId, subject.id), eq(securityEvents.type, type as never)))
    .all();

describe("enrolment", () => {
  it("shows the same secret until confirmed, then ten recovery codes stored only as hashes", async () => {
    db.insert(merchantUsers)
      .values({ id: "usr_enrol", merchantId: "MRC-TWOF22", username: "enrol", createdAt: 0 })
      .run();
    const subject: AccountSubject = { type: "merchant_user", id: "usr_enrol" };
    const first = (await enrolmentSecret(store, key, subject, "MRC-TWOF22 enrol"))!;
    expect((await enrolmentSecret(store, key, subject, "MRC-TWOF22 enrol"))!.secret).toBe(
      first.secret,
    );
    expect(first.uri).toMatch(/^otpauth:\/\/totp\//);
    const stored = db.select().from(merchantUsers).where(eq(merchantUsers.id, "usr_enrol")).get()!;
    expect(stored.totpSecret).not.toContain(first.secret);
    expect(await confirmEnrolment(store, key, subject, { code: "000000" }, T0)).toMatchObject({
      ok: false,
    });
    const done = await confirmEnrolment(
      store,
      key,
      subject,
      { code: codeAt(first.secret, T0) },
      T0,
    );
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect(done.recoveryCodes).toHaveLength(10);
    const rows = db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.subjectId, "usr_enrol"))
      .all();
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.codeHash)).not.toContain(done.recoveryCodes[0]);
    expect(await twoFactorStatus(store, subject)).toEqual({ enabledAt: T0, recoveryCodesLeft: 10 });
    expect(eventsOf(subject, "two_factor_enabled")).toHaveLength(1);
    // On: no new secret is offered.
    expect(await enrolmentSecret(store, key, subject, "x")).toBeNull();
  });
});

describe("the second step", () => {
  it("accepts the code of the previous step (one step of drift), then refuses it as a replay", async () => {
    const { subject, secret } = await enrolledMember(T0 - 10 * STEP);
    const code = codeAt(secret, T0 - STEP);
    expect(await check(subject, code, T0)).toEqual({ ok: true, method: "totp" });
    expect(await check(subject, code, T0 + 1000)).toEqual({ ok: false, reason: "replayed" });
    expect(eventsOf(subject, "sign_in")).toHaveLength(1);
    expect(eventsOf(subject, "second_factor_failed")).toHaveLength(1);
  });

  it("refuses a code two steps old", async () => {
    const { subject, secret } = await enrolledMember(T0 - 10 * STEP);
    expect(await check(subject, codeAt(secret, T0 - 2 * STEP), T0)).toEqual({
      ok: false,
      reason: "wrong",
    });
  });

  it("answers a code of the wrong shape without counting it", async () => {
    const { subject, secret } = await enrolledMember(T0 - 10 * STEP);
    for (const code of ["12345", "1234567", "12a456", "", "abc"])
      expect(await check(subject, code, T0)).toEqual({ ok: false, reason: "format" });
    // Nothing was counted: the right code still works (and spaces inside are fine).
    const right = codeAt(secret, T0);
    expect(await check(subject, `${right.slice(0, 3)} ${right.slice(3)}`, T0)).toMatchObject({
      ok: true,
    });
  });

  it("takes a recovery code once (any case, dashes or not), then refuses it", async () => {
    const { subject, codes } = await enrolledMember(T0 - 10 * STEP);
    const code = codes[0]!;
    expect(await check(subject, code.toUpperCase().replaceAll("-", ""), T0)).toEqual({
      ok: true,
      method: "recovery_code",
    });
    expect(await check(subject, code, T0 + 1)).toEqual({ ok: false, reason: "used" });
    expect((await twoFactorStatus(store, subject)).recoveryCodesLeft).toBe(9);
    expect(eventsOf(subject, "recovery_code_used")).toHaveLength(1);
  });

  it("takes one code once when two requests send it at the same moment", async () => {
    const { subject, secret, codes } = await enrolledMember(T0 - 10 * STEP);
    const code = codeAt(secret, T0);
    const totp = await Promise.all([check(subject, code, T0, "a"), check(subject, code, T0, "b")]);
    expect(totp).toEqual(
      expect.arrayContaining([
        { ok: true, method: "totp" },
        { ok: false, reason: "replayed" },
      ]),
    );
    const recovery = await Promise.all([
      check(subject, codes[1]!, T0, "a"),
      check(subject, codes[1]!, T0, "b"),
    ]);
    expect(recovery).toEqual(
      expect.arrayContaining([
        { ok: true, method: "recovery_code" },
        { ok: false, reason: "used" },
      ]),
    );
    expect(eventsOf(subject, "sign_in")).toHaveLength(2);
  });

  it("throttles after five wrong codes for one account, even with the right code", async () => {
    const { subject, secret } = await enrolledMember(T0 - 10 * STEP);
    for (let i = 0; i < SECOND_FACTOR_LIMITS.account.limit; i++)
      expect(await check(subject, "000000", T0, `c${i}`)).toMatchObject({
        ok: false,
        reason: "wrong",
      });
    expect(await check(subject, codeAt(secret, T0), T0, "fresh-client")).toMatchObject({
      ok: false,
      reason: "throttled",
    });
    expect(eventsOf(subject, "second_factor_failed")).toHaveLength(5);
    // The window passes: the right code works again.
    expect(await check(subject, codeAt(secret, T0 + 16 * 60_000), T0 + 16 * 60_000)).toMatchObject({
      ok: true,
    });
  });

  it("throttles one client after twenty wrong codes, whatever the accounts", async () => {
    const client = "one-busy-client";
    for (let i = 0; i < SECOND_FACTOR_LIMITS.client.limit; i++) {
      const { subject } = await enrolledMember(T0 - 10 * STEP);
      expect(await check(subject, "000000", T0, client)).toMatchObject({ reason: "wrong" });
    }
    const { subject, secret } = await enrolledMember(T0 - 10 * STEP);
    expect(await check(subject, codeAt(secret, T0), T0, client)).toMatchObject({
      reason: "throttled",
    });
    expect(await check(subject, codeAt(secret, T0), T0, "another-client")).toMatchObject({
      ok: true,
    });
  });

  it("a right code clears the account's count", async () => {
    const { subject, secret } = await enrolledMember(T0 - 10 * STEP);
    for (let i = 0; i < SECOND_FACTOR_LIMITS.account.limit - 1; i++)
      await check(subject, "000000", T0);
    expect(await check(subject, codeAt(secret, T0), T0)).toMatchObject({ ok: true });
    for (let i = 0; i < SECOND_FACTOR_LIMITS.account.limit - 1; i++)
      await check(subject, "000000", T0);
    expect(await check(subject, codeAt(secret, T0 + STEP), T0 + STEP)).toMatchObject({ ok: true });
  });
});

describe("password confirmation (step-up without two-factor)", () => {
  it("accepts the password and refuses a wrong one with a security event", async () => {
    const { subject } = await enrolledMember();
    const input = { clientKey: "pw-client", password: "a long enough secret" };
    expect(await confirmPassword(store, subject, input)).toEqual({ ok: true });
    expect(await confirmPassword(store, subject, { ...input, password: "nope" })).toEqual({
      ok: false,
      reason: "wrong",
    });
    expect(eventsOf(subject, "sign_in_failed")).toHaveLength(1);
  });
});
