/**
 * The key that seals TOTP secrets at rest (core/accounts/totp.server.ts): TOTP_ENCRYPTION_KEY when
 * set (64 hex characters), else derived from SESSION_SECRET with HKDF. Derived once per process.
 */
import { deriveTotpKey } from "~/core/accounts/totp.server";
import { env } from "./env.server";

let key: Buffer | undefined;

export function totpSealingKey(): Buffer {
  key ??= env.TOTP_ENCRYPTION_KEY
    ? Buffer.from(env.TOTP_ENCRYPTION_KEY, "hex")
    : deriveTotpKey(env.SESSION_SECRET);
  return key;
}
