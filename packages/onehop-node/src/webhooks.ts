/**
 * Webhook signatures: `OneHop-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * "<t>.<raw body>")>`, with one `v1=` per secret still valid during a rotation (the new one
 * first). Verify the raw bytes you received, never re-serialised JSON.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { SignatureVerificationError } from "./errors.js";
import type { Event } from "./types.js";

export const SIGNATURE_HEADER = "OneHop-Signature";
export const DEFAULT_TOLERANCE_SECONDS = 300;
const MAX_HEADER_LENGTH = 1_000;

export type RawBody = string | Buffer | Uint8Array;

function hmac(secret: string, timestamp: number, rawBody: RawBody): Buffer {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();
}

export interface ConstructEventOptions {
  /** How far the signature's time may be from now, either way (default 300 s). */
  toleranceSeconds?: number;
  /** Now, in epoch milliseconds (for tests). */
  now?: number;
}

export class Webhooks {
  /**
   * The event of a webhook request, once its signature checks out: the raw body as received,
   * the `OneHop-Signature` header, and the endpoint's secret (or several, during a rotation).
   * Throws SignatureVerificationError when the header is missing or malformed, its time is more
   * than `toleranceSeconds` from now (a replay), or no signature matches.
   */
  constructEvent(
    rawBody: RawBody,
    signatureHeader: string | string[] | null | undefined,
    secret: string | readonly string[],
    toleranceSeconds: number | ConstructEventOptions = DEFAULT_TOLERANCE_SECONDS,
  ): Event {
    const options = typeof toleranceSeconds === "number" ? { toleranceSeconds } : toleranceSeconds;
    this.verifySignature(rawBody, signatureHeader, secret, options);
    const text = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
    try {
      return JSON.parse(text) as Event;
    } catch {
      throw new SignatureVerificationError("malformed", "The webhook body is not JSON.");
    }
  }

  /** The signature check alone: returns the signature's time (unix seconds) or throws. */
  verifySignature(
    rawBody: RawBody,
    signatureHeader: string | string[] | null | undefined,
    secret: string | readonly string[],
    { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = Date.now() }: ConstructEventOptions = {},
  ): number {
    const header = Array.isArray(signatureHeader) ? signatureHeader[0] : signatureHeader;
    if (!header) throw new SignatureVerificationError("missing", `No ${SIGNATURE_HEADER} header.`);
    if (typeof rawBody !== "string" && !(rawBody instanceof Uint8Array))
      throw new SignatureVerificationError(
        "malformed",
        "Pass the raw body (a string or a Buffer), not parsed JSON.",
      );
    if (header.length > MAX_HEADER_LENGTH)
      throw new SignatureVerificationError("malformed", `The ${SIGNATURE_HEADER} is too long.`);
    let timestamp: number | null = null;
    const signatures: Buffer[] = [];
    for (const part of header.split(",")) {
      const [key, value] = part.trim().split("=", 2);
      if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
      else if (key === "v1" && value && /^[0-9a-f]{64}$/.test(value))
        signatures.push(Buffer.from(value, "hex"));
    }
    if (timestamp === null || signatures.length === 0)
      throw new SignatureVerificationError(
        "malformed",
        `The ${SIGNATURE_HEADER} header has no t= and v1= parts.`,
      );
    if (Math.abs(Math.floor(now / 1000) - timestamp) > toleranceSeconds)
      throw new SignatureVerificationError(
        "too_old",
        `The signature's time is more than ${toleranceSeconds} s from now.`,
      );
    let matched = false;
    for (const key of typeof secret === "string" ? [secret] : secret) {
      const expected = hmac(key, timestamp, rawBody);
      // Every comparison runs (no early exit), each in constant time.
      for (const signature of signatures) if (timingSafeEqual(expected, signature)) matched = true;
    }
    if (!matched)
      throw new SignatureVerificationError(
        "mismatch",
        "No signature matches the body with this secret: check the secret and that the body is the raw bytes received.",
      );
    return timestamp;
  }

  /** A header as OneHop would send it, for your own tests of your webhook handler. */
  generateTestHeader({
    payload,
    secret,
    timestamp = Math.floor(Date.now() / 1000),
  }: {
    payload: RawBody;
    secret: string;
    timestamp?: number;
  }): string {
    return `t=${timestamp},v1=${hmac(secret, timestamp, payload).toString("hex")}`;
  }
}
