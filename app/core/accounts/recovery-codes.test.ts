import { describe, expect, it } from "vitest";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
} from "./recovery-codes.server";

describe("newRecoveryCodes", () => {
  it("makes ten distinct xxxx-xxxx-xxxx codes without look-alike characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
      expect(code).not.toMatch(/[01ilo]/);
    }
  });

  it("gives each code at least 50 bits of randomness", () => {
    const [code] = newRecoveryCodes();
    const symbols = normaliseRecoveryCode(code!).length;
    expect(symbols * Math.log2(RECOVERY_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(50);
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[01ilo]/);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(RECOVERY_CODE_ALPHABET.length);
  });

  it("uses the whole alphabet (crypto-random, not a fixed pattern)", () => {
    const seen = new Set(newRecoveryCodes(200).join("").replace(/-/g, ""));
    expect(seen.size).toBe(RECOVERY_CODE_ALPHABET.length);
  });
});

describe("normalising and hashing", () => {
  it("ignores case, spaces and dashes", () => {
    expect(normaliseRecoveryCode(" K7MQ-x4ht 9vcp\n")).toBe("k7mqx4ht9vcp");
    expect(normaliseRecoveryCode("k7mq—x4ht–9vcp")).toBe("k7mqx4ht9vcp");
  });

  it("hashes what the user typed to the same value as the code shown", () => {
    const [shown, other] = newRecoveryCodes(2) as [string, string];
    const stored = hashRecoveryCode(shown);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(` ${shown.toUpperCase().replace(/-/g, " ")} `)).toBe(stored);
    expect(hashRecoveryCode(other)).not.toBe(stored);
  });

  it("tells a recovery code from a TOTP code", () => {
    const [code] = newRecoveryCodes(1) as [string];
    expect(looksLikeRecoveryCode(code)).toBe(true);
    expect(looksLikeRecoveryCode(code.toUpperCase().replace(/-/g, ""))).toBe(true);
    expect(looksLikeRecoveryCode("123456")).toBe(false);
    expect(looksLikeRecoveryCode("k7mq-x4ht-9vc0")).toBe(false);
  });
});
