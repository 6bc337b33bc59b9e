/**
 * RSA keys for the custody simulator: its webhook signing key and a generated API user's key pair.
 */
import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";

const generateKeyPairAsync = promisify(generateKeyPair);

export interface RsaKeyPairPem {
  privateKeyPem: string;
  publicKeyPem: string;
}

/** A fresh 2048-bit RSA key pair in PEM (PKCS#8 private, SPKI public). */
export async function generateRsaKeyPair(): Promise<RsaKeyPairPem> {
  const { privateKey, publicKey } = await generateKeyPairAsync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}
