/**
 * One-time recovery codes for two-factor sign-in: ten per user, shown once at set-up, stored only
 * as hashes. Each code is 12 characters from a 31-character alphabet without look-alikes (no 0/o,
 * 1/i/l), shown as `xxxx-xxxx-xxxx`: about 59 bits from crypto.randomInt, so a plain SHA-256 of
 * the normalised code is a safe stored form (nothing to brute-force offline in useful time).
 * Using a code (find by hash, mark it used) is the caller's job, in one transaction.
 */
import { createHash, randomInt } from "node:crypto";

export const RECOVERY_CODE_COUNT = 10;
/** Digits 2-9 and lower-case letters except i, l and o. */
export const RECOVERY_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const GROUPS = 3;
const GROUP_LENGTH = 4;
const CODE_LENGTH = GROUPS * GROUP_LENGTH;

function newRecoveryCode(): string {
  let raw = "";
  for (let i = 0; i < CODE_LENGTH; i++) {
    raw += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  }
  return raw.match(new RegExp(`.{${GROUP_LENGTH}}`, "g"))!.join("-");
}

/** Ten new, distinct codes in display form (`k7mq-x4ht-9vcp`). Show them once; store the hashes. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/** The canonical form of what a user typed: lower case, without spaces or dashes (any kind). */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s\-\u2010-\u2015\u2212]+/g, "");
}

/**
 * Whether typed input has the shape of a recovery code (12 characters of the alphabet once
 * normalised): lets a second-step form accept either a TOTP code or a recovery code in one field.
 */
export function looksLikeRecoveryCode(input: string): boolean {
  const normalised = normaliseRecoveryCode(input);
  return (
    normalised.length === CODE_LENGTH &&
    [...normalised].every((char) => RECOVERY_CODE_ALPHABET.includes(char))
  );
}

/** SHA-256 (hex) of the normalised code: what is stored, and what a typed code is looked up by. */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(code), "utf8").digest("hex");
}
