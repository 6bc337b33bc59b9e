/**
 * Webhook signatures (issue 13, item 4), Stripe's scheme: the header
 * `OneHop-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. During a
 * secret rotation's overlap the header carries one `v1=` per secret still valid, the new one first,
 * so a receiver that still has the old secret keeps verifying. Receivers check the raw body bytes
 * (never re-serialised JSON: a parser may reorder keys or change number formatting) and refuse a
 * timestamp outside the tolerance (a replayed old request). `verifyWebhookSignature` is what the
 * docs show in Node and Python; our tests use it as the receiver.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "OneHop-Signature";
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** `whsec_` + 32 random base62 characters (190 bits). */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[0-9A-Za-z]{32}$/;
/** Longest header a receiver reads (a few signatures); anything longer is refused unread. */
const MAX_HEADER_LENGTH = 1_000;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function newWebhookSecret(): string {
  let body = "";
  for (let i = 0; i < 32; i++) body += BASE62[randomInt(BASE62.length)];
  return `whsec_${body}`;
}

function hmacHex(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}

/**
 * The header value for `rawBody` signed at `now` (epoch ms) with each of `secrets` (new first).
 */
export function signWebhookPayload({
  rawBody,
  secrets,
  now,
}: {
  rawBody: string | Buffer;
  secrets: readonly string[];
  now: number;
}): string {
  if (secrets.length === 0) throw new Error("signWebhookPayload needs at least one secret");
  const t = Math.floor(now / 1000);
  return [`t=${t}`, ...secrets.map((secret) => `v1=${hmacHex(secret, t, rawBody)}`)].join(",");
}

export type SignatureRefusal = "missing" | "malformed" | "too_old" | "mismatch";

export type SignatureCheck =
  { ok: true; timestamp: number } | { ok: false; reason: SignatureRefusal };

/**
 * A receiver's check: the header parses, its timestamp is within `toleranceSeconds` of `now`
 * (epoch ms; either side), and one of its `v1=` signatures matches one of `secrets` (compared in
 * constant time).
 */
export function verifyWebhookSignature({
  header,
  rawBody,
  secrets,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  now = Date.now(),
}: {
  header: string | null | undefined;
  rawBody: string | Buffer;
  secrets: readonly string[];
  toleranceSeconds?: number;
  now?: number;
}): SignatureCheck {
  if (!header) return { ok: false, reason: "missing" };
  if (header.length > MAX_HEADER_LENGTH) return { ok: false, reason: "malformed" };
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && value && /^[0-9a-f]{64}$/.test(value))
      signatures.push(Buffer.from(value, "hex"));
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: "malformed" };
  if (Math.abs(Math.floor(now / 1000) - timestamp) > toleranceSeconds)
    return { ok: false, reason: "too_old" };
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), "hex");
    // Every comparison runs (no early exit), each in constant time.
    for (const signature of signatures) {
      if (timingSafeEqual(expected, signature)) matched = true;
    }
  }
  return matched ? { ok: true, timestamp } : { ok: false, reason: "mismatch" };
}
