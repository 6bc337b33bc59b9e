/**
 * Password hashing with scrypt (node:crypto, no native add-on), a per-password salt and a
 * constant-time compare. Unknown users are verified against a dummy hash so every sign-in costs the
 * same. Parameters: N=2^15, r=8, p=1 (32 MiB, about 60–100 ms of CPU here): see docs/decisions.
 */
import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from "node:crypto";
import {
  concurrencyLimit,
  KeyBusyError,
  QueueFullError,
  type Priority,
  type RunOptions,
} from "~/utils/concurrency";

const KEY_LENGTH = 32;
const DEFAULT_PARAMS = { N: 2 ** 15, r: 8, p: 1 };

/**
 * One hash at a time: each takes 32 MiB while it runs, so a burst of sign-ins queues here instead
 * of growing the process memory (about 12 sign-ins a second per process). The queue is bounded: at
 * most `waitingPerLane` checks wait in each lane and the next is refused at once (QueueFullError,
 * answered 429), so a flood of wrong passwords cannot make a real sign-in wait seconds behind it.
 * Sign-in puts clients without recent failures in the "high" lane, ahead of the rest, and holds at
 * most one place per client address (`key`): a second concurrent check from the same address is
 * refused at once (KeyBusyError, a QueueFullError). Hashing a new password (set-password, scripts)
 * always queues, in the high lane.
 */
export const PASSWORD_QUEUE = { concurrent: 1, waitingPerLane: 8, retryAfterMs: 2_000 } as const;
export const passwordHashSlots = concurrencyLimit(PASSWORD_QUEUE.concurrent, {
  maxWaiting: PASSWORD_QUEUE.waitingPerLane,
});
export { KeyBusyError, QueueFullError };

export interface VerifyOptions {
  /** The hashing queue's lane (default "normal"). */
  priority?: Priority;
  /** The client's throttling key: at most one check per key in the queue (core/sign-in-guard). */
  key?: string;
}

function scrypt(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  run: RunOptions,
): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return passwordHashSlots(
    () =>
      new Promise((resolve, reject) =>
        scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
    run,
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string, params = DEFAULT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params, { priority: "high", unbounded: true });
  return [
    "scrypt",
    params.N,
    params.r,
    params.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

/** Throws QueueFullError, before any work, when the hashing queue is full. */
export async function verifyPassword(
  password: string,
  stored: string,
  options: VerifyOptions = {},
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(
    password,
    Buffer.from(salt, "base64url"),
    { N: Number(n), r: Number(r), p: Number(p) },
    { priority: options.priority, key: options.key },
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spend the same work as a real check, for unknown accounts. Always false. */
export async function verifyAgainstDummy(
  password: string,
  options: VerifyOptions = {},
): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash, options);
  return false;
}
