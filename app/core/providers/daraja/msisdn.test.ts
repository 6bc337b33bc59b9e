import { describe, expect, it } from "vitest";
import { DarajaValidationError } from "./errors";
import { normalizeKenyanMsisdn } from "./msisdn";

describe("normalizeKenyanMsisdn", () => {
  it.each([
    ["0712 345 678", "254712345678"],
    ["0712-345-678", "254712345678"],
    ["+254712345678", "254712345678"],
    ["+254 (712) 345.678", "254712345678"],
    ["254712345678", "254712345678"],
    ["254112345678", "254112345678"],
    ["0112345678", "254112345678"],
    ["712345678", "254712345678"],
    ["00254712345678", "254712345678"],
    [" 0722000000 ", "254722000000"],
  ])("%s -> %s", (input, expected) => {
    expect(normalizeKenyanMsisdn(input)).toBe(expected);
  });

  it.each([
    "",
    "0812345678", // not a mobile prefix
    "071234567", // too short
    "07123456789", // too long
    "+255712345678", // Tanzania
    "25471234567a",
    "2547123456789",
    "+1 202 555 0100",
  ])("refuses %j with a validation error naming the field", (input) => {
    let caught: unknown;
    try {
      normalizeKenyanMsisdn(input, "settlementPhone");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DarajaValidationError);
    expect((caught as DarajaValidationError).field).toBe("settlementPhone");
  });
});
