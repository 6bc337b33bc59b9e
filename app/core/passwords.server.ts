/**
 * Password hashing with scrypt (node:crypto, no native add-on), a per-password salt and a
 * constant-time compare. Unknown users are verified against a dummy hash so every sign-in costs the
 * same. Parameters: N=2^15, r=8, p=1 (32 MiB, about 60–100 ms of CPU here): see docs/decisions.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { concurrencyLimit } from "~/utils/concurrency";

const KEY_LENGTH = 32;
const DEFAULT_PARAMS = { N: 2 ** 15, r: 8, p: 1 };

/**
 * One hash at a time: each takes 32 MiB while it runs, so a burst of sign-ins queues
 * here instead of growing the process memory (about 12 sign-ins a second per process).
 */
const withHashSlot = concurrencyLimit(1);

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string, params = DEFAULT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spend the same work as a real check, for unknown accounts. Always false. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}

