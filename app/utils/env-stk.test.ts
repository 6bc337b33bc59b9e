/** M-Pesa Express settings (ADR 0033): the shortcode and passkey all or none, per mode. */
import { describe, expect, it } from "vitest";
import { parseEnv, SANDBOX_SETTINGS } from "./env.server";

const base = { NODE_ENV: "test", SESSION_SECRET: "x".repeat(32) };
const sandbox = Object.fromEntries(
  SANDBOX_SETTINGS.map((name) => [name, name.endsWith("_URL") ? "https://sandbox.example" : "v"]),
);

describe("M-Pesa Express settings", () => {
  it("takes none, or the shortcode and passkey together (with an optional transaction type)", () => {
    expect(parseEnv(base).DARAJA_STK_SHORTCODE).toBeUndefined();
    const set = parseEnv({
      ...base,
      DARAJA_STK_SHORTCODE: "174379",
      DARAJA_STK_PASSKEY: "passkey",
      DARAJA_STK_TRANSACTION_TYPE: "CustomerBuyGoodsOnline",
    });
    expect(set).toMatchObject({
      DARAJA_STK_SHORTCODE: "174379",
      DARAJA_STK_TRANSACTION_TYPE: "CustomerBuyGoodsOnline",
    });
  });

  it("refuses a partial set, a bad shortcode or transaction type, naming what is missing", () => {
    expect(() => parseEnv({ ...base, DARAJA_STK_SHORTCODE: "174379" })).toThrow(
      /DARAJA_STK_PASSKEY: the M-Pesa Express \(STK\) settings are all set or none/,
    );
    expect(() =>
      parseEnv({ ...base, DARAJA_STK_TRANSACTION_TYPE: "CustomerPayBillOnline" }),
    ).toThrow(/DARAJA_STK_SHORTCODE, DARAJA_STK_PASSKEY/);
    expect(() =>
      parseEnv({ ...base, DARAJA_STK_SHORTCODE: "17A379", DARAJA_STK_PASSKEY: "p" }),
    ).toThrow(/DARAJA_STK_SHORTCODE/);
    expect(() =>
      parseEnv({
        ...base,
        DARAJA_STK_SHORTCODE: "174379",
        DARAJA_STK_PASSKEY: "p",
        DARAJA_STK_TRANSACTION_TYPE: "Other",
      }),
    ).toThrow(/DARAJA_STK_TRANSACTION_TYPE/);
  });

  it("test mode's sandbox STK settings need test mode's sandbox", () => {
    const stk = { TEST_DARAJA_STK_SHORTCODE: "174379", TEST_DARAJA_STK_PASSKEY: "p" };
    expect(() => parseEnv({ ...base, ...stk })).toThrow(/needs test mode's sandbox settings/);
    expect(parseEnv({ ...base, ...sandbox, ...stk }).TEST_DARAJA_STK_SHORTCODE).toBe("174379");
  });
});
