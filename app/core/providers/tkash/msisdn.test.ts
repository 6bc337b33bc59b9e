import { describe, expect, it } from "vitest";
import { NotTelkomNumberError, TkashValidationError } from "./errors";
import { isTelkomMsisdn, toTkashMsisdn } from "./msisdn";

describe("Telkom Kenya numbers", () => {
  it("reads every common form of an 077x number as 2547 7…", () => {
    for (const typed of ["0770 123 456", "+254 771-123-456", "254779123456", "775123456"])
      expect(toTkashMsisdn(typed)).toMatch(/^25477[0-9]\d{6}$/);
    expect(toTkashMsisdn("0772 000 111")).toBe("254772000111");
    expect(isTelkomMsisdn("254770123456")).toBe(true);
  });

  it("refuses other networks' numbers and non-numbers, naming the field", () => {
    for (const other of ["0712345678", "0733123456", "0110123456", "0769477808"])
      expect(() => toTkashMsisdn(other)).toThrow(NotTelkomNumberError);
    expect(() => toTkashMsisdn("12345", "destination")).toThrow(
      expect.objectContaining({ field: "destination" }) as Error,
    );
    expect(() => toTkashMsisdn("hello")).toThrow(TkashValidationError);
    expect(isTelkomMsisdn("254712345678")).toBe(false);
  });
});
