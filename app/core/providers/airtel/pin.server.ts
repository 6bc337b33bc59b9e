/**
 * The disbursement `pin`: the wallet PIN encrypted with Airtel's RSA public key, then base64
 * (protocols.md §2.1). The padding is not stated there [?]: we use PKCS#1 v1.5, what Airtel's PHP
 * and Java samples get from `openssl_public_encrypt` / `RSA/ECB/PKCS1Padding`. The portal shows the
 * key as bare base64 (DER SubjectPublicKeyInfo); a PEM public key or certificate is accepted too.
 *
 * `decryptAirtelPin` is for the simulator and tests only (production never decrypts); it reuses the
 * Daraja helper that unpads PKCS#1 v1.5 itself (Node refuses that padding in `privateDecrypt`).
 */
import {
  constants,
  createPublicKey,
  publicEncrypt,
  X509Certificate,
  type KeyObject,
} from "node:crypto";
import { decryptSecurityCredential } from "~/core/providers/daraja/security-credential.server";
import { AirtelValidationError } from "./errors";

export function airtelPublicKey(key: string | KeyObject): KeyObject {
  if (typeof key !== "string") return key;
  try {
    const text = key.trim();
    if (text.includes("BEGIN CERTIFICATE")) return new X509Certificate(text).publicKey;
    if (text.includes("-----BEGIN")) return createPublicKey(text);
    return createPublicKey({ key: Buffer.from(text, "base64"), format: "der", type: "spki" });
  } catch {
    throw new AirtelValidationError("publicKey", "The Airtel public key could not be read");
  }
}

export function encryptAirtelPin(pin: string, publicKey: string | KeyObject): string {
  // Airtel Money wallet PINs are 4 digits [?: not stated in protocols.md].
  if (typeof pin !== "string" || !/^\d{4}$/.test(pin)) {
    throw new AirtelValidationError("pin", "The Airtel Money PIN must be 4 digits");
  }
  const key = airtelPublicKey(publicKey);
  if (key.asymmetricKeyType !== "rsa") {
    throw new AirtelValidationError("publicKey", "The Airtel public key is not an RSA key");
  }
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(pin)).toString(
    "base64",
  );
}

/** Simulator/tests: the PIN, or undefined when it does not decrypt with this key. */
export function decryptAirtelPin(encrypted: string, privateKeyPem: string): string | undefined {
  return decryptSecurityCredential(encrypted, privateKeyPem);
}
