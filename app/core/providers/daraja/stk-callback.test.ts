import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DarajaCallbackError } from "./errors";
import { parseStkCallback, stkResultMeaning } from "./stk-callback";

const fixtureText = (name: string) =>
  readFileSync(path.resolve("tests/fixtures/daraja", name), "utf8");
const fixture = (name: string) => JSON.parse(fixtureText(name)) as Record<string, unknown>;

/** The success fixture with its stkCallback changed by `edit`. */
function successWith(edit: (callback: Record<string, unknown>) => void): unknown {
  const body = fixture("stk-callback-success.json") as {
    Body: { stkCallback: Record<string, unknown> };
  };
  edit(body.Body.stkCallback);
  return body;
}

function itemsOf(callback: Record<string, unknown>) {
  return (callback.CallbackMetadata as { Item: { Name: string; Value?: unknown }[] }).Item;
}

describe("parseStkCallback with Safaricom's published samples", () => {
  it("reads the successful callback: receipt, whole KES, phone and the EAT date as UTC", () => {
    expect(parseStkCallback(fixture("stk-callback-success.json"))).toEqual({
      outcome: "succeeded",
      checkoutRequestId: "ws_CO_191220191020363925",
      merchantRequestId: "29115-34620561-1",
      receipt: "NLJ7RT61SV",
      amountKes: 1,
      amountCents: 100n,
      phone: "254708374149",
      // 2019-12-19 10:21:15 in Nairobi is 07:21:15 UTC.
      paidAt: "2019-12-19T07:21:15.000Z",
      resultDesc: "The service request is processed successfully.",
    });
  });

  it("reads the raw text the same way (the `1.00` amount included)", () => {
    const result = parseStkCallback(fixtureText("stk-callback-success.json"));
    expect(result).toMatchObject({ outcome: "succeeded", amountKes: 1, receipt: "NLJ7RT61SV" });
  });

  it("reads the cancelled callback (1032) with a message for the customer", () => {
    expect(parseStkCallback(fixture("stk-callback-cancelled-1032.json"))).toEqual({
      outcome: "failed",
      checkoutRequestId: "ws_CO_21072024125243250722943992",
      merchantRequestId: "f1e2-4b95-a71d-b30d3cdbb7a7942864",
      resultCode: 1032,
      resultCodeRaw: "1032",
      resultDesc: "Request cancelled by user",
      message: "You cancelled the M-Pesa request on your phone. Nothing was paid.",
      customerCanRetry: true,
    });
  });
});

describe("parseStkCallback with the quirks Daraja is known for", () => {
  it("tolerates a Balance item without a Value and numbers sent as strings", () => {
    const withBalance = successWith((callback) => {
      itemsOf(callback).splice(2, 0, { Name: "Balance" });
      itemsOf(callback)[0]!.Value = "250";
      itemsOf(callback)[3]!.Value = "20191219102115";
    });
    expect(parseStkCallback(withBalance)).toMatchObject({
      amountKes: 250,
      amountCents: 25_000n,
      paidAt: "2019-12-19T07:21:15.000Z",
    });
  });

  it("a ResultCode sent as a string still counts", () => {
    const body = fixture("stk-callback-cancelled-1032.json") as {
      Body: { stkCallback: Record<string, unknown> };
    };
    body.Body.stkCallback.ResultCode = "1037";
    expect(parseStkCallback(body)).toMatchObject({ outcome: "failed", resultCode: 1037 });
  });

  it("a non-numeric ResultCode is a failure (-1) with the code kept, not an error", () => {
    const body = fixture("stk-callback-cancelled-1032.json") as {
      Body: { stkCallback: Record<string, unknown> };
    };
    body.Body.stkCallback.ResultCode = "SFC_IC0003";
    expect(parseStkCallback(body)).toMatchObject({
      outcome: "failed",
      resultCode: -1,
      resultCodeRaw: "SFC_IC0003",
      message: expect.stringMatching(/did not go through/) as unknown,
    });
  });

  it("a masked or missing PhoneNumber leaves phone undefined but keeps the payment", () => {
    const masked = successWith((callback) => {
      itemsOf(callback)[3]!.Value = "2547 ***** 149";
    });
    expect(parseStkCallback(masked)).toMatchObject({ outcome: "succeeded", phone: undefined });
    const missing = successWith((callback) => {
      itemsOf(callback).pop();
    });
    expect(parseStkCallback(missing)).toMatchObject({ outcome: "succeeded", phone: undefined });
  });

  it.each([
    ["a fractional amount", (c: Record<string, unknown>) => (itemsOf(c)[0]!.Value = 10.5)],
    ["a zero amount", (c: Record<string, unknown>) => (itemsOf(c)[0]!.Value = 0)],
    ["no receipt", (c: Record<string, unknown>) => itemsOf(c).splice(1, 1)],
    ["an impossible date", (c: Record<string, unknown>) => (itemsOf(c)[2]!.Value = 20191332102115)],
    ["no metadata at all", (c: Record<string, unknown>) => delete c.CallbackMetadata],
  ])("a success with %s is refused, not credited", (_label, edit) => {
    expect(() => parseStkCallback(successWith(edit))).toThrow(DarajaCallbackError);
  });

  it.each([
    ["not JSON", "{nope"],
    ["a B2C Result", fixture("b2c-result-success.json")],
    ["no CheckoutRequestID", { Body: { stkCallback: { MerchantRequestID: "m", ResultCode: 0 } } }],
    [
      "no ResultCode",
      { Body: { stkCallback: { MerchantRequestID: "m", CheckoutRequestID: "c" } } },
    ],
    ["null", null],
  ])("%s throws a DarajaCallbackError", (_label, body) => {
    expect(() => parseStkCallback(body)).toThrow(DarajaCallbackError);
  });
});

describe("stkResultMeaning", () => {
  it.each([
    [1, /balance is not enough/, true],
    [1032, /cancelled/, true],
    [1037, /could not reach your phone/, true],
    [2001, /PIN/, true],
    [1001, /in progress/, true],
    [2028, /contact the merchant/, false],
    [424242, /did not go through/, true],
  ])("%i: %s", (code, message, retry) => {
    const meaning = stkResultMeaning(code);
    expect(meaning.message).toMatch(message);
    expect(meaning.customerCanRetry).toBe(retry);
  });
});
