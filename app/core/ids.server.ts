/**
 * Identifiers shown to people: readable (no 0/O, 1/I/L, U) and unguessable (crypto random), never
 * sequential. `MRC-7K2Q9D` for merchants, `APP-…` for applications, `pay_…` style for the rest.
 */
import { randomBytes, randomInt } from "node:crypto";

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

export function readableCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export const newMerchantId = () => `MRC-${readableCode(6)}`;
export const newApplicationReference = () => `APP-${readableCode(8)}`;

/** Internal row ids: a prefix and 128 random bits. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString("base64url")}`;
}

/** A secret for links and sessions: 256 random bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}
