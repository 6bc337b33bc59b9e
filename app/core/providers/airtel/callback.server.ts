/**
 * Airtel's transaction callback `{"transaction":{"id","message","status_code","airtel_money_id"},
 * "hash":"…"}` (protocols.md §2.1), and its `hash`.
 *
 * The hash is HMAC-SHA256 with the callback secret set in Airtel's portal, but its canonical input
 * is not confirmed [?]. Our choice, which the simulator produces: the HMAC (key: the secret as
 * UTF-8) of the `transaction` object serialised compactly, keys in the order received
 * (`JSON.stringify(JSON.parse(rawBody).transaction)`, i.e. the raw `"transaction"` text of a
 * compactly serialised body), digest base64 (hex is accepted too). Checked in constant time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { describeResponseCode, RESPONSE_CODES } from "./codes";
import { AirtelCallbackError } from "./errors";
import { callbackSchema } from "./types";

export interface AirtelCallback {
  /** Our transaction id. */
  id: string;
  state: "success" | "failed";
  status: "TS" | "TF";
  airtelMoneyId: string | undefined;
  message: string;
  hash: string | undefined;
}

export function parseAirtelCallback(body: unknown): AirtelCallback {
  const parsed = callbackSchema.safeParse(body);
  if (!parsed.success) {
    throw new AirtelCallbackError("Not an Airtel Money callback body", { cause: parsed.error });
  }
  const { transaction, hash } = parsed.data;
  const success = transaction.status_code === "TS";
  return {
    id: transaction.id,
    state: success ? "success" : "failed",
    status: transaction.status_code,
    airtelMoneyId: transaction.airtel_money_id ?? undefined,
    message:
      transaction.message ??
      describeResponseCode(success ? RESPONSE_CODES.success : RESPONSE_CODES.refused) ??
      "",
    hash,
  };
}

/** The hash of a `transaction` object, as Airtel (and the simulator) sends it. */
export function computeCallbackHash(transaction: unknown, secret: string): string {
  return createHmac("sha256", secret).update(JSON.stringify(transaction)).digest("base64");
}

export function verifyCallbackHash(rawBody: string, hash: string, secret: string): boolean {
  if (!secret || typeof hash !== "string" || hash === "") return false;
  let transaction: unknown;
  try {
    transaction = (JSON.parse(rawBody) as { transaction?: unknown }).transaction;
  } catch {
    return false;
  }
  if (!transaction || typeof transaction !== "object") return false;
  const expected = Buffer.from(computeCallbackHash(transaction, secret), "base64");
  const given = /^[0-9a-f]{64}$/i.test(hash)
    ? Buffer.from(hash, "hex")
    : Buffer.from(hash, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
