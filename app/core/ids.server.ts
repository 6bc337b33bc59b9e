/**
 * Identifiers shown to people: readable (no 0/O, 1/I/L, U) and unguessable (crypto random), never
 * sequential. `MRC-7K2Q9D` for merchants, `APP-…` for applications, `pay_…` style for the rest.
 */
import { randomBytes, randomFillSync, randomInt } from "node:crypto";

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

export function readableCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export const newMerchantId = () => `MRC-${readableCode(6)}`;
export const newApplicationReference = () => `APP-${readableCode(8)}`;

/**
 * Random bytes for ids, drawn from the CSPRNG 4 KB at a time (as Node's randomUUID does): one
 * system call per 256 ids instead of one each, on the path of every payment and event.
 */
const pool = Buffer.alloc(4096);
let used = pool.length;
export function randomIdBytes(count: number): Buffer {
  if (used + count > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = Buffer.from(pool.subarray(used, used + count));
  used += count;
  return bytes;
}

/** Internal row ids: a prefix and 128 random bits. */
export function newId(prefix: string): string {
  return `${prefix}_${randomIdBytes(16).toString("base64url")}`;
}

/** A form's request key (app/utils/request-key.ts): a prefix ("rfk") and 24 readable characters. */
export const newRequestKey = (prefix: string) => `${prefix}_${readableCode(24).toLowerCase()}`;

/** A secret for links and sessions: 256 random bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}
