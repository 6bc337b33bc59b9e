import { describe, expect, it } from "vitest";
import { banks } from "~/content/banks";
import { checkBankAccount } from "./account";

describe("bank list", () => {
  it("has unique 2-digit codes, including the well-known ones", () => {
    const codes = banks.map((bank) => bank.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^\d{2}$/.test(code))).toBe(true);
    expect(codes).toEqual(expect.arrayContaining(["01", "02", "03", "07", "11", "31", "57", "63"]));
    expect(codes).toEqual(expect.arrayContaining(["68", "70"]));
  });
});

describe("checkBankAccount", () => {
  it("accepts digits of the bank's length, dropping spaces and hyphens", () => {
    expect(checkBankAccount("68", "1450-1606 49886")).toMatchObject({
      ok: true,
      accountNumber: "1450160649886",
    });
    expect(checkBankAccount("01", "1234567")).toMatchObject({ ok: true });
  });

  it("refuses letters, wrong lengths and unknown banks", () => {
    expect(checkBankAccount("68", "14501606498O6")).toMatchObject({
      ok: false,
      field: "accountNumber",
    });
    expect(checkBankAccount("68", "14501606498")).toMatchObject({
      ok: false,
      message: expect.stringContaining("13 digits") as unknown,
    });
    expect(checkBankAccount("11", "1234567890123")).toMatchObject({ ok: false });
    expect(checkBankAccount("01", "12345")).toMatchObject({ ok: false });
    expect(checkBankAccount("01", "1".repeat(21))).toMatchObject({ ok: false });
    expect(checkBankAccount("00", "1234567")).toMatchObject({ ok: false, field: "bankCode" });
  });
});
