import { describe, expect, it } from "vitest";
import { isKenyanE164, normalizeStoredPhone, parseKenyanPhone, toMsisdn } from "./phone";

describe("parseKenyanPhone", () => {
  it.each([
    ["0712345678", "+254712345678"],
    ["0712 345 678", "+254712345678"],
    ["0712-345-678", "+254712345678"],
    ["0112 345 678", "+254112345678"],
    ["712345678", "+254712345678"],
    ["112345678", "+254112345678"],
    ["254712345678", "+254712345678"],
    ["254 712 345 678", "+254712345678"],
    ["+254712345678", "+254712345678"],
    ["+254 712-345-678", "+254712345678"],
    ["254112345678", "+254112345678"],
    ["00254712345678", "+254712345678"],
    ["  0712.345.678  ", "+254712345678"],
  ])("accepts %j as %s", (input, e164) => {
    expect(parseKenyanPhone(input)).toEqual({ ok: true, e164 });
  });

  it.each([
    ["", "empty"],
    ["0712 345", "too short"],
    ["71234567", "too short without the 0"],
    ["07123456789", "0712 with an extra digit"],
    ["0712 345 678 9", "0712 with an extra digit, spaced"],
    ["2547123456789", "254 with an extra digit"],
    ["07I2 345 678", "a letter"],
    ["call me", "letters"],
    ["+14155550100", "another country code"],
    ["+255712345678", "Tanzania"],
    ["0212345678", "not a mobile prefix"],
    ["+2540712345678", "trunk 0 after the country code"],
  ])("rejects %j (%s)", (input) => {
    expect(parseKenyanPhone(input)).toEqual({
      ok: false,
      error: "Enter a Kenyan mobile number, such as 0712 345 678",
    });
  });
});

describe("stored phones", () => {
  it("reads both stored forms as E.164 and gives M-Pesa its form", () => {
    expect(normalizeStoredPhone("254712345678")).toBe("+254712345678");
    expect(normalizeStoredPhone("+254712345678")).toBe("+254712345678");
    expect(normalizeStoredPhone("+14155550100")).toBe("+14155550100");
    expect(toMsisdn("+254712345678")).toBe("254712345678");
    expect(toMsisdn("254712345678")).toBe("254712345678");
    expect(isKenyanE164("+254712345678")).toBe(true);
    expect(isKenyanE164("254712345678")).toBe(false);
  });
});
