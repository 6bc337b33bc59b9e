/**
 * Time-based one-time passwords (RFC 6238) for the second sign-in step, with the `otpauth` library
 * (HMAC through node:crypto): SHA-1, 6 digits, 30-second steps, the parameters every authenticator
 * app understands. A code is accepted within one step of clock drift either side and never twice:
 * the caller stores the matched step and passes it back as `lastUsedStep`, and any code whose step
 * is not later than that is refused as a replay.
 *
 * Secrets are stored sealed (AES-256-GCM, see sealSecret/openSecret) under a key derived from the
 * session secret with HKDF (deriveTotpKey): a database copy alone does not reveal them.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";

export const TOTP_ISSUER = "OneHop";
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ALGORITHM = "SHA1";
/** Steps of clock drift accepted either side of the current one. */
export const TOTP_DRIFT_STEPS = 1;
/** 160-bit secrets, as RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

/** A new random secret, base32 (32 characters, no padding), for the user to add to their app. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totpFor(secret: string, label = "", issuer = TOTP_ISSUER): TOTP {
  return new TOTP({
    issuer,
    label,
    issuerInLabel: true,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/**
 * The `otpauth://totp/...` URI an authenticator app reads from the set-up QR code, e.g.
 * `otpauth://totp/OneHop:alice?issuer=OneHop&secret=...&algorithm=SHA1&digits=6&period=30`.
 * `label` names the account in the app (say, the username or e-mail address).
 */
export function totpUri({
  secret,
  issuer = TOTP_ISSUER,
  label,
}: {
  secret: string;
  issuer?: string;
  label: string;
}): string {
  return totpFor(secret, label, issuer).toString();
}

/** The time step (30-second period since the Unix epoch) that `now` falls in. */
export function totpStep(now: Date = new Date()): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() });
}

/** The code for the step `now` falls in (tests, and the set-up page's own checks). */
export function generateTotp({ secret, now = new Date() }: { secret: string; now?: Date }): string {
  return totpFor(secret).generate({ timestamp: now.getTime() });
}

export type TotpVerification =
  { ok: true; step: number } | { ok: false; reason: "format" | "wrong" | "replayed" };

const CODE_FORMAT = /^[0-9]{6}$/;

/**
 * Checks a code typed by the user. Spaces anywhere are ignored ("123 456", as apps display it);
 * anything but exactly 6 digits is `format`. A code matching the current step or one step either
 * side is accepted unless its step is not later than `lastUsedStep` (`replayed`). On success, store
 * the returned `step` as the user's new `lastUsedStep` (in the same transaction as the sign-in).
 */
export function verifyTotp({
  secret,
  code,
  lastUsedStep,
  now = new Date(),
}: {
  secret: string;
  code: string;
  lastUsedStep: number | null | undefined;
  now?: Date;
}): TotpVerification {
  const token = code.replace(/\s+/g, "");
  if (!CODE_FORMAT.test(token)) return { ok: false, reason: "format" };

  const timestamp = now.getTime();
  const delta = totpFor(secret).validate({ token, timestamp, window: TOTP_DRIFT_STEPS });
  if (delta === null) return { ok: false, reason: "wrong" };

  const step = totpStep(now) + delta;
  if (lastUsedStep != null && step <= lastUsedStep) return { ok: false, reason: "replayed" };
  return { ok: true, step };
}

// ---------------------------------------------------------------------------------------------
// Secrets at rest: AES-256-GCM, `v1.<iv>.<ciphertext>.<tag>` (base64url parts, 12-byte random IV).

const SEAL_VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const HKDF_INFO = "onehop totp v1";

/** Thrown by openSecret when a sealed secret is malformed, altered or sealed under another key. */
export class SealedSecretError extends Error {
  constructor(message = "The stored two-factor secret could not be opened.") {
    super(message);
    this.name = "SealedSecretError";
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error(`The TOTP key must be ${KEY_BYTES} bytes.`);
}

/**
 * The 32-byte key for sealing TOTP secrets, derived from the session secret (HKDF-SHA256, no
 * salt, info "onehop totp v1"). Derive it once at start-up. Changing the session secret makes
 * every sealed TOTP secret unreadable (users would then need their recovery codes).
 */
export function deriveTotpKey(sessionSecret: string): Buffer {
  if (!sessionSecret) throw new Error("deriveTotpKey needs a non-empty session secret.");
  return Buffer.from(hkdfSync("sha256", sessionSecret, Buffer.alloc(0), HKDF_INFO, KEY_BYTES));
}

/** Encrypts a base32 TOTP secret for storage. Each call uses a fresh random IV. */
export function sealSecret(secret: string, key: Buffer): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  // The version prefix is authenticated too: it cannot be swapped without detection.
  cipher.setAAD(Buffer.from(SEAL_VERSION));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [SEAL_VERSION, iv, ciphertext, tag]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Decrypts a value from sealSecret; throws SealedSecretError if altered or the key differs. */
export function openSecret(sealed: string, key: Buffer): string {
  checkKey(key);
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== SEAL_VERSION) {
    throw new SealedSecretError("Unknown sealed-secret format.");
  }
  const [, ivText, ciphertextText, tagText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  const ciphertext = Buffer.from(ciphertextText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SealedSecretError("Malformed sealed secret.");
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(SEAL_VERSION));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new SealedSecretError();
  }
}
