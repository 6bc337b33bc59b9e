/**
 * Fireblocks v1 webhooks: `POST` with a JSON body `{ type, tenantId, timestamp, data }` and the
 * header `Fireblocks-Signature`, a base64 RSA signature with SHA-512 (PKCS#1 v1.5) over the raw
 * body bytes.
 *
 * The receiving route must: read the raw body, verify the signature against the configured public
 * key BEFORE parsing anything (`readWebhook` does both in that order), answer 401 on a bad
 * signature, acknowledge well-formed events it does not handle, drop repeats by `dedupeKey`, and
 * re-read the transaction with `Custody.getTransaction` before crediting (deliveries repeat and
 * arrive out of order).
 */
import { createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import { describeIssues, transactionDetailsSchema, webhookEnvelopeSchema } from "./schemas";
import type { CustodyWebhookEvent } from "./types";

export { dedupeKey, isTerminal } from "./types";

/** The header name, lower-cased as Node and the Fetch API report it. */
export const WEBHOOK_SIGNATURE_HEADER = "fireblocks-signature";

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** A 4096-bit RSA signature is 684 base64 characters; anything much longer is not a signature. */
const MAX_SIGNATURE_CHARS = 2048;

const keyCache = new Map<string, KeyObject | null>();

function rsaPublicKey(pem: string): KeyObject | null {
  if (keyCache.has(pem)) return keyCache.get(pem) ?? null;
  let key: KeyObject | null = null;
  try {
    const candidate = createPublicKey(pem);
    key = candidate.asymmetricKeyType === "rsa" ? candidate : null;
  } catch {
    key = null;
  }
  if (keyCache.size > 16) keyCache.clear();
  keyCache.set(pem, key);
  return key;
}

/**
 * True only when `signatureBase64` is a valid RSA-SHA512 signature of exactly `rawBody` under
 * `publicKeyPem`. Any malformed input (no header, not base64, wrong length, unreadable key) gives
 * false; it never throws.
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  signatureBase64: string | null | undefined,
  publicKeyPem: string,
): boolean {
  if (typeof signatureBase64 !== "string" || typeof publicKeyPem !== "string") return false;
  if (typeof rawBody !== "string" && !(rawBody instanceof Uint8Array)) return false;
  const signature = signatureBase64.trim();
  if (
    signature.length === 0 ||
    signature.length > MAX_SIGNATURE_CHARS ||
    signature.length % 4 !== 0
  )
    return false;
  if (!BASE64.test(signature)) return false;
  const key = rsaPublicKey(publicKeyPem);
  if (!key) return false;
  try {
    const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody;
    return verify("sha512", body, key, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

/** The signature Fireblocks puts in `Fireblocks-Signature` (used by the simulator and tests). */
export function signWebhookBody(
  rawBody: string | Uint8Array,
  privateKey: KeyObject | string,
): string {
  return sign(
    "sha512",
    typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody,
    privateKey,
  ).toString("base64");
}

export type WebhookParseResult =
  /** A transaction event, validated: handle it (after dedupe). */
  | { kind: "transaction"; event: CustodyWebhookEvent }
  /**
   * A well-formed event of another type (VAULT_ACCOUNT_ADDED, ...): acknowledge it with 200 and
   * ignore it.
   */
  | { kind: "ignored"; type: string }
  /** Not a valid event: answer 400 (and log `error`). */
  | { kind: "invalid"; error: string };

/** Parse an already verified raw body. Never throws. */
export function parseWebhook(rawBody: string): WebhookParseResult {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { kind: "invalid", error: "body is not JSON" };
  }
  const envelope = webhookEnvelopeSchema.safeParse(json);
  if (!envelope.success)
    return { kind: "invalid", error: `not a webhook envelope (${describeIssues(envelope.error)})` };
  const { type, tenantId, timestamp, data } = envelope.data;
  if (!type.startsWith("TRANSACTION_")) return { kind: "ignored", type };
  const details = transactionDetailsSchema.safeParse(data);
  if (!details.success) {
    return {
      kind: "invalid",
      error: `${type}: data is not TransactionDetails (${describeIssues(details.error)})`,
    };
  }
  return { kind: "transaction", event: { type, tenantId, timestamp, data: details.data } };
}

export type WebhookReadResult = WebhookParseResult | { kind: "unauthenticated" };

/**
 * Verify, then parse: the one call a webhook route needs. `rawBody` must be the bytes as received
 * (`Buffer.from(await request.arrayBuffer())`, or `await request.text()` for a UTF-8 body).
 */
export function readWebhook(
  rawBody: string | Uint8Array,
  signatureBase64: string | null | undefined,
  publicKeyPem: string,
): WebhookReadResult {
  if (!verifyWebhookSignature(rawBody, signatureBase64, publicKeyPem))
    return { kind: "unauthenticated" };
  const text = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  return parseWebhook(text);
}
