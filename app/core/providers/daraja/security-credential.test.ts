import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DarajaValidationError } from "./errors";
import { decryptSecurityCredential, encryptSecurityCredential } from "./security-credential.server";

const fixture = (name: string) => readFileSync(path.resolve("tests/fixtures/daraja", name), "utf8");

describe("SecurityCredential", () => {
  it("round-trips with a generated RSA key pair (PKCS#1 v1.5 block, base64)", () => {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();
    const credential = encryptSecurityCredential("Safaricom999!*!", publicPem);
    expect(credential).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(credential, "base64")).toHaveLength(256);
    // Decrypt with the private key: without padding, then check the v1.5 encryption block by hand
    // (Node 20 refuses RSA_PKCS1_PADDING for private decryption, CVE-2023-46809).
    const block = privateDecrypt(
      { key: privateKey, padding: constants.RSA_NO_PADDING },
      Buffer.from(credential, "base64"),
    );
    expect([block[0], block[1]]).toEqual([0x00, 0x02]);
    const separator = block.indexOf(0x00, 2);
    expect(separator).toBeGreaterThanOrEqual(10);
    expect(block.subarray(2, separator).includes(0x00)).toBe(false);
    expect(block.subarray(separator + 1).toString("utf8")).toBe("Safaricom999!*!");
    expect(decryptSecurityCredential(credential, privateKey)).toBe("Safaricom999!*!");
    // Random padding: the same password never encrypts to the same credential twice.
    expect(encryptSecurityCredential("Safaricom999!*!", publicPem)).not.toBe(credential);
  });

  it("takes an X.509 certificate PEM, the way Safaricom ships its key", () => {
    const credential = encryptSecurityCredential(
      "initiator-pass",
      fixture("test-initiator-cert.pem"),
    );
    expect(decryptSecurityCredential(credential, fixture("test-initiator-key.pem"))).toBe(
      "initiator-pass",
    );
    expect(
      decryptSecurityCredential(
        credential,
        generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey,
      ),
    ).toBeUndefined();
  });

  it("refuses an unreadable certificate or an empty password", () => {
    expect(() =>
      encryptSecurityCredential(
        "pw",
        "-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----",
      ),
    ).toThrow(DarajaValidationError);
    expect(() => encryptSecurityCredential("", fixture("test-initiator-cert.pem"))).toThrow(
      DarajaValidationError,
    );
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .publicKey.export({ type: "spki", format: "pem" })
      .toString();
    expect(() => encryptSecurityCredential("pw", ec)).toThrow(/RSA/);
  });
});
