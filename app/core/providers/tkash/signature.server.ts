/**
 * The aggregator's HMAC signatures (types.ts):
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, text)>`,
 * where the text is `t.METHOD.path.body` for our requests and `t.body` for its callbacks. The
 * timestamp in the signed text stops a captured request being replayed later.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const requestSignatureText = (t: number, method: string, path: string, body: string) =>
  `${t}.${method}.${path}.${body}`;

export function signatureHeader(secret: string, t: number, text: string): string {
  return `t=${t},v1=${createHmac("sha256", secret).update(text, "utf8").digest("hex")}`;
}

/** The parts of a signature header, or undefined when it is not of the form. */
export function parseSignatureHeader(header: string | undefined) {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header?.trim() ?? "");
  return match ? { t: Number(match[1]), v1: match[2]! } : undefined;
}

/** True when `header` signs `text(t)` under `secret` and t is within `toleranceS` of `nowS`. */
export function checkSignature(
  header: string | undefined,
  secret: string,
  text: (t: number) => string,
  clock?: { nowS: number; toleranceS: number },
): boolean {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return false;
  if (clock && Math.abs(clock.nowS - parsed.t) > clock.toleranceS) return false;
  const expected = Buffer.from(signatureHeader(secret, parsed.t, text(parsed.t)));
  const given = Buffer.from(`t=${parsed.t},v1=${parsed.v1}`);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
