/**
 * Daraja's SecurityCredential: the initiator password encrypted with the RSA public key of
 * Safaricom's certificate (PKCS#1 v1.5 padding), base64-encoded. Sandbox and production
 * certificates differ.
 *
 * `decryptSecurityCredential` exists for the simulator and the tests, which hold the private key of
 * a test certificate. Node 20.11+ refuses PKCS#1 v1.5 in `privateDecrypt` (CVE-2023-46809, a timing
 * oracle), so it decrypts without padding and checks the v1.5 block itself. That is fine for a
 * local simulator; production code never decrypts.
 */
import {
  constants,
  createPrivateKey,
  createPublicKey,
  privateDecrypt,
  publicEncrypt,
  X509Certificate,
  type KeyObject,
} from "node:crypto";
import { DarajaValidationError } from "./errors";

/**
 * A public key from an X.509 certificate (PEM or DER, as Safaricom ships it) or a public key PEM.
 */
export function publicKeyFrom(certificateOrKey: string | Buffer): KeyObject {
  try {
    const text = Buffer.isBuffer(certificateOrKey)
      ? certificateOrKey.toString("latin1")
      : certificateOrKey;
    if (text.includes("-----BEGIN CERTIFICATE-----") || Buffer.isBuffer(certificateOrKey)) {
      return new X509Certificate(certificateOrKey).publicKey;
    }
    return createPublicKey(text);
  } catch {
    throw new DarajaValidationError(
      "certificatePem",
      "The Daraja certificate could not be read (expected a PEM certificate or public key)",
    );
  }
}

export function encryptSecurityCredential(
  initiatorPassword: string,
  certificateOrKey: string | Buffer,
): string {
  if (!initiatorPassword)
    throw new DarajaValidationError("initiatorPassword", "The initiator password is empty");
  const key = publicKeyFrom(certificateOrKey);
  if (key.asymmetricKeyType !== "rsa") {
    throw new DarajaValidationError(
      "certificatePem",
      "The Daraja certificate does not hold an RSA key",
    );
  }
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(initiatorPassword, "utf8"),
  ).toString("base64");
}

/**
 * Inverse of `encryptSecurityCredential`, for the simulator and tests. Undefined when it does not
 * decrypt.
 */
export function decryptSecurityCredential(
  credential: string,
  privateKeyPem: string | KeyObject,
): string | undefined {
  try {
    const key = typeof privateKeyPem === "string" ? createPrivateKey(privateKeyPem) : privateKeyPem;
    const block = privateDecrypt(
      { key, padding: constants.RSA_NO_PADDING },
      Buffer.from(credential, "base64"),
    );
    // EB = 00 || 02 || PS (>= 8 non-zero bytes) || 00 || M
    if (block[0] !== 0x00 || block[1] !== 0x02) return undefined;
    const separator = block.indexOf(0x00, 2);
    if (separator < 10) return undefined;
    return block.subarray(separator + 1).toString("utf8");
  } catch {
    return undefined;
  }
}
