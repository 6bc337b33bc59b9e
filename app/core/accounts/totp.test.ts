import { describe, expect, it } from "vitest";
import {
  deriveTotpKey,
  generateTotp,
  newTotpSecret,
  openSecret,
  sealSecret,
  SealedSecretError,
  totpStep,
  totpUri,
  verifyTotp,
} from "./totp.server";

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (ASCII) in base32; the expected codes
// are the last six digits of the RFC's eight-digit values, independent of the library under test.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const RFC_TIME = new Date(1111111109 * 1000);
const RFC_CODE = "081804"; // RFC: 07081804
const RFC_STEP = Math.floor(1111111109 / 30);
const STEP_MS = 30_000;
const at = (offsetSteps: number) => new Date(RFC_TIME.getTime() + offsetSteps * STEP_MS);

describe("verifyTotp", () => {
  it("accepts the RFC 6238 code at its time and returns its step", () => {
    expect(
      verifyTotp({ secret: RFC_SECRET, code: RFC_CODE, lastUsedStep: null, now: RFC_TIME }),
    ).toEqual({ ok: true, step: RFC_STEP });
    expect(
      verifyTotp({
        secret: RFC_SECRET,
        code: "005924",
        lastUsedStep: null,
        now: new Date(1234567890_000),
      }),
    ).toEqual({ ok: true, step: Math.floor(1234567890 / 30) });
  });

  it("accepts a freshly generated code for a new secret now", () => {
    const secret = newTotpSecret();
    const now = new Date();
    const code = generateTotp({ secret, now });
    expect(verifyTotp({ secret, code, lastUsedStep: undefined, now })).toEqual({
      ok: true,
      step: totpStep(now),
    });
  });

  it("accepts a code from one step ago or one step ahead, reporting the code's own step", () => {
    // The verifier's clock is one step later than the code: the code is one step old.
    expect(
      verifyTotp({ secret: RFC_SECRET, code: RFC_CODE, lastUsedStep: null, now: at(1) }),
    ).toEqual({ ok: true, step: RFC_STEP });
    // The verifier's clock is one step earlier: the code is one step ahead.
    expect(
      verifyTotp({ secret: RFC_SECRET, code: RFC_CODE, lastUsedStep: null, now: at(-1) }),
    ).toEqual({ ok: true, step: RFC_STEP });
  });

  it("refuses a code two steps off either way as wrong", () => {
    for (const offset of [2, -2]) {
      expect(
        verifyTotp({ secret: RFC_SECRET, code: RFC_CODE, lastUsedStep: null, now: at(offset) }),
      ).toEqual({ ok: false, reason: "wrong" });
    }
  });

  it("refuses a code for another secret as wrong", () => {
    expect(
      verifyTotp({ secret: newTotpSecret(), code: RFC_CODE, lastUsedStep: null, now: RFC_TIME }),
    ).toEqual({ ok: false, reason: "wrong" });
  });

  it("refuses the same code twice, and a code for a step before the last one used", () => {
    const first = verifyTotp({
      secret: RFC_SECRET,
      code: RFC_CODE,
      lastUsedStep: null,
      now: RFC_TIME,
    });
    expect(first.ok).toBe(true);
    const lastUsedStep = first.ok ? first.step : -1;

    // Same code again, a few seconds later and still within the drift window.
    expect(verifyTotp({ secret: RFC_SECRET, code: RFC_CODE, lastUsedStep, now: at(1) })).toEqual({
      ok: false,
      reason: "replayed",
    });
    // A later code was used already: this earlier (never used) code is refused too.
    expect(
      verifyTotp({ secret: RFC_SECRET, code: RFC_CODE, lastUsedStep: RFC_STEP + 1, now: RFC_TIME }),
    ).toEqual({ ok: false, reason: "replayed" });
    // The next step's code is still accepted after this one.
    const next = generateTotp({ secret: RFC_SECRET, now: at(1) });
    expect(verifyTotp({ secret: RFC_SECRET, code: next, lastUsedStep, now: at(1) })).toEqual({
      ok: true,
      step: RFC_STEP + 1,
    });
  });

  it.each(["12345", "1234567", "12a456", "", "      ", "０８１８０４", "08180-4", "0x1804"])(
    "refuses %j as format",
    (code) => {
      expect(verifyTotp({ secret: RFC_SECRET, code, lastUsedStep: null, now: RFC_TIME })).toEqual({
        ok: false,
        reason: "format",
      });
    },
  );

  it("ignores spaces around and inside the code", () => {
    for (const code of [` ${RFC_CODE} `, "081 804", "\t081804\n"]) {
      expect(verifyTotp({ secret: RFC_SECRET, code, lastUsedStep: null, now: RFC_TIME }).ok).toBe(
        true,
      );
    }
  });
});

describe("newTotpSecret and totpUri", () => {
  it("makes distinct 160-bit base32 secrets", () => {
    const a = newTotpSecret();
    const b = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/); // 32 base32 characters = 160 bits
    expect(b).not.toBe(a);
  });

  it("builds the otpauth URI authenticator apps read (SHA1, 6 digits, 30 s)", () => {
    const secret = newTotpSecret();
    const uri = new URL(totpUri({ secret, issuer: "OneHop", label: "wanjiku@example.co.ke" }));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/OneHop:wanjiku@example.co.ke");
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: "OneHop",
      secret,
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });
});

describe("sealSecret / openSecret", () => {
  const key = deriveTotpKey("test-secret-test-secret-test-secret-0123456789");

  it("derives a stable 32-byte key per session secret", () => {
    expect(key).toHaveLength(32);
    expect(deriveTotpKey("test-secret-test-secret-test-secret-0123456789").equals(key)).toBe(true);
    expect(deriveTotpKey("another-secret-another-secret-another").equals(key)).toBe(false);
    expect(() => deriveTotpKey("")).toThrow();
  });

  it("round-trips a secret, with a version prefix and a fresh IV each time", () => {
    const secret = newTotpSecret();
    const sealed = sealSecret(secret, key);
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(sealed).not.toContain(secret);
    expect(sealSecret(secret, key)).not.toBe(sealed);
    expect(openSecret(sealed, key)).toBe(secret);
  });

  it("throws when any part was altered, the version changed or the key differs", () => {
    const sealed = sealSecret(newTotpSecret(), key);
    const parts = sealed.split(".");
    for (const index of [1, 2, 3]) {
      const bytes = Buffer.from(parts[index]!, "base64url");
      bytes[0] = bytes[0]! ^ 0x01;
      const tampered = parts.map((part, i) => (i === index ? bytes.toString("base64url") : part));
      expect(() => openSecret(tampered.join("."), key)).toThrow(SealedSecretError);
    }
    expect(() => openSecret(sealed.replace(/^v1\./, "v2."), key)).toThrow(SealedSecretError);
    expect(() => openSecret(sealed.slice(0, -4), key)).toThrow(SealedSecretError);
    expect(() =>
      openSecret(sealed, deriveTotpKey("another-secret-another-secret-another")),
    ).toThrow(SealedSecretError);
  });
});
