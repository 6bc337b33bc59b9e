/**
 * Two-factor sign-in (issue 12) for merchant users and operators alike: enrolment (a new secret,
 * confirmed with a first code, then ten recovery codes shown once), the second sign-in step and
 * step-up (a TOTP code or a recovery code in one field), turning it off and new recovery codes.
 *
 * Rules: a TOTP code is accepted once (its step is stored in the same transaction, and only if it
 * is later than the stored one, so two requests cannot both use it); a recovery code is marked used
 * in the same transaction (only if it was unused). Failed codes are counted per account and per
 * client before the check (core/rate-limit) and recorded as security events; a success clears the
 * account's count and gives the client's back, as password sign-in does (core/sign-in-guard).
 *
 * The sealing key comes from the caller (utils/two-factor-key.server): core reads no environment.
 *
 * On the store (ADR 0041): "a code is used once" is one write whose account read goes through
 * `forUpdate`; the attempt counts (core/rate-limit, not yet on the store) are written in writes of
 * their own before and after it, as they were.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { merchantUsers, operators, recoveryCodes } from "../../../drizzle/schema";
import { verifyAgainstDummy, verifyPassword } from "~/core/passwords.server";
import {
  refundAttempt,
  reserveAttempt,
  resetLimit,
  type Limit,
  type Reservation,
} from "~/core/rate-limit.server";
import { guardedPasswordCheck } from "~/core/sign-in-guard.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
} from "./recovery-codes.server";
import {
  recordSecurityEvent,
  type AccountSubject,
  type RequestOrigin,
} from "./security-events.server";
import { newTotpSecret, openSecret, sealSecret, totpUri, verifyTotp } from "./totp.server";

export const SECOND_FACTOR_LIMITS = {
  /** Wrong codes for one account (the second step, step-up, turning off). */
  account: { limit: 5, windowMs: 15 * 60_000 },
  /** Wrong codes from one client, whatever the account. */
  client: { limit: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

const tableOf = (subject: AccountSubject) =>
  subject.type === "operator" ? operators : merchantUsers;

/** The account's second-factor columns; `lock` reads them through the store's row lock. */
function readAccount(q: Handle, subject: AccountSubject, lock?: Store) {
  const table = tableOf(subject);
  const query = q
    .select({
      totpSecret: table.totpSecret,
      totpEnabledAt: table.totpEnabledAt,
      totpLastStep: table.totpLastStep,
      passwordHash: table.passwordHash,
    })
    .from(table)
    .where(eq(table.id, subject.id))
    .limit(1);
  return first(lock ? lock.forUpdate(query) : query);
}

const subjectOf = (subject: AccountSubject) =>
  and(eq(recoveryCodes.subjectType, subject.type), eq(recoveryCodes.subjectId, subject.id));

export interface TwoFactorStatus {
  enabledAt: number | null;
  recoveryCodesLeft: number;
}

export function twoFactorStatus(store: Store, subject: AccountSubject): Promise<TwoFactorStatus> {
  return store.read(async (q) => {
    const account = await readAccount(q, subject);
    const left = await first(
      q
        .select({ count: sql<number>`count(*)` })
        .from(recoveryCodes)
        .where(and(subjectOf(subject), isNull(recoveryCodes.usedAt)))
        .limit(1),
    );
    return { enabledAt: account?.totpEnabledAt ?? null, recoveryCodesLeft: left?.count ?? 0 };
  });
}

/**
 * The secret being set up, for the QR code and the text form: a new one the first time, the same
 * one on every later view until it is confirmed (stored sealed, not yet enabled). Null when two-
 * factor sign-in is already on.
 */
export async function enrolmentSecret(
  store: Store,
  key: Buffer,
  subject: AccountSubject,
  label: string,
): Promise<{ secret: string; uri: string } | null> {
  /** The stored secret; null: none yet, or it does not open; "no_setup": on already, or no one. */
  const storedSecret = (account: Awaited<ReturnType<typeof readAccount>>) => {
    if (!account || account.totpEnabledAt !== null) return "no_setup" as const;
    if (!account.totpSecret) return null;
    try {
      return openSecret(account.totpSecret, key);
    } catch {
      return null;
    }
  };
  // Most views find the secret already stored: a read, no write.
  const seen = storedSecret(await store.read((q) => readAccount(q, subject)));
  if (seen === "no_setup") return null;
  const secret =
    seen ??
    // A new one, unless a view in between stored one (then that one is shown): one write.
    (await store.write(async (q) => {
      const again = storedSecret(await readAccount(q, subject, store));
      if (again !== null) return again;
      const made = newTotpSecret();
      const table = tableOf(subject);
      await q
        .update(table)
        .set({ totpSecret: sealSecret(made, key), totpLastStep: null })
        .where(and(eq(table.id, subject.id), isNull(table.totpEnabledAt)));
      return made;
    }));
  if (secret === "no_setup") return null;
  return { secret, uri: totpUri({ secret, label }) };
}

/** Replace every recovery code of the account with ten new ones (returned once, stored hashed). */
async function replaceRecoveryCodes(
  q: Handle,
  subject: AccountSubject,
  now: number,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await q.delete(recoveryCodes).where(subjectOf(subject));
  await q.insert(recoveryCodes).values(
    codes.map((code) => ({
      subjectType: subject.type,
      subjectId: subject.id,
      codeHash: hashRecoveryCode(code),
      createdAt: now,
    })),
  );
  return codes;
}

export type EnrolmentResult =
  | { ok: true; recoveryCodes: string[] }
  | { ok: false; reason: "format" | "wrong" | "replayed" | "not_started" | "already_on" };

/** The first code from the app confirms the set-up: two-factor sign-in is on from now. */
export function confirmEnrolment(
  store: Store,
  key: Buffer,
  subject: AccountSubject,
  input: { code: string; origin?: RequestOrigin },
  now = Date.now(),
): Promise<EnrolmentResult> {
  return store.write(async (q): Promise<EnrolmentResult> => {
    const account = await readAccount(q, subject, store);
    if (!account) return { ok: false, reason: "not_started" };
    if (account.totpEnabledAt !== null) return { ok: false, reason: "already_on" };
    if (!account.totpSecret) return { ok: false, reason: "not_started" };
    let secret: string;
    try {
      secret = openSecret(account.totpSecret, key);
    } catch {
      return { ok: false, reason: "not_started" };
    }
    const verified = verifyTotp({
      secret,
      code: input.code,
      lastUsedStep: account.totpLastStep,
      now: new Date(now),
    });
    if (!verified.ok) return { ok: false, reason: verified.reason };
    const table = tableOf(subject);
    await q
      .update(table)
      .set({ totpEnabledAt: now, totpLastStep: verified.step })
      .where(eq(table.id, subject.id));
    const codes = await replaceRecoveryCodes(q, subject, now);
    await recordSecurityEvent(
      q,
      { subject, type: "two_factor_enabled", origin: input.origin },
      now,
    );
    return { ok: true, recoveryCodes: codes };
  });
}

export type SecondFactorResult =
  | { ok: true; method: "totp" | "recovery_code" }
  | { ok: false; reason: "format" | "wrong" | "replayed" | "used" | "not_enabled" }
  | { ok: false; reason: "throttled"; retryAfterMs: number };

/** Whether typed input has the shape of a TOTP code (6 digits, spaces allowed). */
const looksLikeTotp = (input: string) => /^[0-9]{6}$/.test(input.replace(/\s+/g, ""));

/**
 * The second factor, typed as a TOTP code or a recovery code. `purpose` "sign_in" records the
 * sign-in event with the success; "confirm" (step-up, turning off, new recovery codes) does not.
 */
export async function checkSecondFactor(
  store: Store,
  key: Buffer,
  subject: AccountSubject,
  input: {
    code: string;
    clientKey: string;
    origin?: RequestOrigin;
    purpose: "sign_in" | "confirm";
  },
  now = Date.now(),
): Promise<SecondFactorResult> {
  const code = input.code.trim();
  const isRecovery = looksLikeRecoveryCode(code);
  // A typo of shape (5 digits, letters in a code) is answered at once and not counted.
  if (!isRecovery && !looksLikeTotp(code)) return { ok: false, reason: "format" };
  const limits = [
    { key: `2fa:${subject.type}:${subject.id}`, rule: SECOND_FACTOR_LIMITS.account },
    { key: `2fa:client:${input.clientKey}`, rule: SECOND_FACTOR_LIMITS.client },
  ];
  const reservation = await store.write(async (q) => reserveAttempt(q, store, limits, now));
  if (!reservation.allowed)
    return { ok: false, reason: "throttled", retryAfterMs: reservation.retryAfterMs };
  const result = await store.write(async (q): Promise<SecondFactorResult> => {
    // Locked: the check of the stored step and its update are one "check then write".
    const account = await readAccount(q, subject, store);
    if (!account?.totpEnabledAt || !account.totpSecret) return { ok: false, reason: "not_enabled" };
    const outcome = isRecovery
      ? await useRecoveryCode(q, subject, code, now)
      : await useTotp(q, key, subject, account, code, now);
    if (outcome.ok) {
      if (outcome.method === "recovery_code")
        await recordSecurityEvent(
          q,
          { subject, type: "recovery_code_used", origin: input.origin },
          now,
        );
      if (input.purpose === "sign_in")
        await recordSecurityEvent(
          q,
          {
            subject,
            type: "sign_in",
            origin: input.origin,
            details: { secondFactor: outcome.method },
          },
          now,
        );
    } else {
      await recordSecurityEvent(
        q,
        {
          subject,
          type: "second_factor_failed",
          origin: input.origin,
          details: { reason: outcome.reason },
        },
        now,
      );
    }
    return outcome;
  });
  if (result.ok) {
    const [account, client] = reservation.taken as [
      Reservation["taken"][0],
      Reservation["taken"][0],
    ];
    await store.write(async (q) => {
      await resetLimit(q, account.key);
      await refundAttempt(q, client);
    });
  }
  return result;
}

async function useTotp(
  q: Handle,
  key: Buffer,
  subject: AccountSubject,
  account: { totpSecret: string | null; totpLastStep: number | null },
  code: string,
  now: number,
): Promise<SecondFactorResult> {
  let secret: string;
  try {
    secret = openSecret(account.totpSecret!, key);
  } catch {
    return { ok: false, reason: "wrong" };
  }
  const verified = verifyTotp({
    secret,
    code,
    lastUsedStep: account.totpLastStep,
    now: new Date(now),
  });
  if (!verified.ok) return { ok: false, reason: verified.reason };
  const table = tableOf(subject);
  // Only a later step than the stored one: two requests with the same code cannot both pass.
  const stored = await q
    .update(table)
    .set({ totpLastStep: verified.step })
    .where(
      and(
        eq(table.id, subject.id),
        sql`(${table.totpLastStep} is null or ${table.totpLastStep} < ${verified.step})`,
      ),
    )
    .returning({ id: table.id });
  if (stored.length !== 1) return { ok: false, reason: "replayed" };
  return { ok: true, method: "totp" };
}

async function useRecoveryCode(
  q: Handle,
  subject: AccountSubject,
  code: string,
  now: number,
): Promise<SecondFactorResult> {
  const codeHash = hashRecoveryCode(normaliseRecoveryCode(code));
  const used = await q
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(subjectOf(subject), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
    )
    .returning({ codeHash: recoveryCodes.codeHash });
  if (used.length === 1) return { ok: true, method: "recovery_code" };
  const known = await first(
    q
      .select({ usedAt: recoveryCodes.usedAt })
      .from(recoveryCodes)
      .where(and(subjectOf(subject), eq(recoveryCodes.codeHash, codeHash)))
      .limit(1),
  );
  return { ok: false, reason: known ? "used" : "wrong" };
}

export type PasswordConfirmation =
  | { ok: true }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "throttled" | "busy"; retryAfterMs: number };

/**
 * The account's password again (step-up without two-factor, or turning it off), throttled like a
 * sign-in (core/sign-in-guard) under the second-factor limits.
 */
export async function confirmPassword(
  store: Store,
  subject: AccountSubject,
  input: { password: string; clientKey: string; origin?: RequestOrigin },
  now = Date.now(),
): Promise<PasswordConfirmation> {
  const account = await store.read((q) => readAccount(q, subject));
  const checked = await guardedPasswordCheck(
    store,
    {
      account: { key: `confirm:${subject.type}:${subject.id}`, rule: SECOND_FACTOR_LIMITS.account },
      client: { key: `confirm:client:${input.clientKey}`, rule: SECOND_FACTOR_LIMITS.client },
    },
    (options) =>
      account?.passwordHash
        ? verifyPassword(input.password, account.passwordHash, options)
        : verifyAgainstDummy(input.password, options),
    now,
  );
  if (checked.outcome === "throttled" || checked.outcome === "busy")
    return { ok: false, reason: checked.outcome, retryAfterMs: checked.retryAfterMs };
  if (checked.outcome === "invalid") {
    await store.write(async (q) => {
      await recordSecurityEvent(
        q,
        { subject, type: "sign_in_failed", origin: input.origin, details: { step: "confirm" } },
        now,
      );
    });
    return { ok: false, reason: "wrong" };
  }
  return { ok: true };
}

/**
 * What a step or a change asked for, from one field: a 6-digit or recovery code is a second
 * factor; anything else is taken as the password.
 */
export function isSecondFactorInput(value: string): boolean {
  const code = value.trim();
  return looksLikeTotp(code) || looksLikeRecoveryCode(code);
}

/**
 * Two-factor sign-in off (after the caller confirmed a code or the password): secret and codes go.
 */
export async function turnOffTwoFactor(
  store: Store,
  subject: AccountSubject,
  origin?: RequestOrigin,
  now = Date.now(),
): Promise<void> {
  await store.write(async (q) => {
    const table = tableOf(subject);
    await q
      .update(table)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(table.id, subject.id));
    await q.delete(recoveryCodes).where(subjectOf(subject));
    await recordSecurityEvent(q, { subject, type: "two_factor_disabled", origin }, now);
  });
}

/** Ten new recovery codes (after the caller confirmed a code); the old ones stop working. */
export function regenerateRecoveryCodes(
  store: Store,
  subject: AccountSubject,
  origin?: RequestOrigin,
  now = Date.now(),
): Promise<string[]> {
  return store.write(async (q) => {
    const codes = await replaceRecoveryCodes(q, subject, now);
    await recordSecurityEvent(q, { subject, type: "recovery_codes_regenerated", origin }, now);
    return codes;
  });
}

/** Whether the account has two-factor sign-in on (for the sign-in flow). */
export async function hasTwoFactor(store: Store, subject: AccountSubject): Promise<boolean> {
  const account = await store.read((q) => readAccount(q, subject));
  return (account?.totpEnabledAt ?? null) !== null;
}
