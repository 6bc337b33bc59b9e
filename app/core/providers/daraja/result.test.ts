import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DarajaCallbackError } from "./errors";
import { formatCompletedDateTime, formatDarajaTimestamp, parseDarajaTime } from "./eat-time";
import {
  classifyResultCode,
  isSuccess,
  parseB2cResult,
  parseQueueTimeout,
  parseTransactionStatusResult,
  statusOutcome,
} from "./result";

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(path.resolve("tests/fixtures/daraja", name), "utf8")) as unknown;

describe("parseB2cResult on the recorded Daraja samples", () => {
  it("reads the success callback: receipt, amount, receiver, completion time, balances, keys as sent", () => {
    const result = parseB2cResult(fixture("b2c-result-success.json"));
    expect(result).toEqual({
      resultType: 0,
      resultCode: 0,
      resultCodeRaw: "0",
      resultDesc: "The service request is processed successfully.",
      originatorConversationId: "53e3-4aa8-9fe0-8fb5e4092cdd3533373",
      conversationId: "AG_20240706_2010364430d9bbdaf872",
      transactionId: "SG632NMUAB",
      parameters: {
        TransactionAmount: 10,
        TransactionReceipt: "SG632NMUAB",
        ReceiverPartyPublicName: "254705912645 - NICHOLAS JOHN SONGOK",
        TransactionCompletedDateTime: "06.07.2024 22:48:52",
        B2CUtilityAccountAvailableFunds: 8959269.6,
        B2CWorkingAccountAvailableFunds: 1199371,
        B2CRecipientIsRegisteredCustomer: "Y",
        B2CChargesPaidAccountAvailableFunds: -1980,
      },
      referenceData: {
        QueueTimeoutURL: "https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit",
      },
      receipt: "SG632NMUAB",
      amountKes: 10,
      // 22:48:52 in Nairobi (UTC+3)
      completedAt: "2024-07-06T19:48:52.000Z",
      receiverName: "NICHOLAS JOHN SONGOK",
      receiverMsisdn: "254705912645",
      recipientIsRegisteredCustomer: true,
      utilityAccountAvailableKes: 8959269.6,
      workingAccountAvailableKes: 1199371,
      chargesPaidAccountAvailableKes: -1980,
    });
    expect(isSuccess(result)).toBe(true);
    expect(classifyResultCode(result.resultCode).class).toBe("success");
  });

  it("reads the 2001 failure callback, which has no ResultParameters", () => {
    const result = parseB2cResult(fixture("b2c-result-failure-2001.json"));
    expect(result).toMatchObject({
      resultCode: 2001,
      resultDesc: "The initiator information is invalid.",
      originatorConversationId: "53e3-4aa8-9fe0-8fb5e4092cdd3544366",
      conversationId: "AG_20240707_201062f6f6f5804f7a33",
      transactionId: "SG722NMVXQ",
      parameters: {},
    });
    expect(result.receipt).toBeUndefined();
    expect(result.amountKes).toBeUndefined();
    expect(isSuccess(result)).toBe(false);
    expect(classifyResultCode(result.resultCode).class).toBe("failed-permanent");
    expect(classifyResultCode(result.resultCode).message).toMatch(/initiator/);
  });

  it("also takes the raw JSON text", () => {
    const text = readFileSync(
      path.resolve("tests/fixtures/daraja/b2c-result-success.json"),
      "utf8",
    );
    expect(parseB2cResult(text).receipt).toBe("SG632NMUAB");
  });
});

describe("ResultParameter and ReferenceItem shapes", () => {
  const base = {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: "The service request is processed successfully.",
    OriginatorConversationID: "ours-1",
    ConversationID: "AG_20260115_00000000000000000001",
    TransactionID: "UAB12CD34E",
  };

  it("parses a single ResultParameter object and a single-element array the same way", () => {
    const asObject = parseB2cResult({
      Result: {
        ...base,
        ResultParameters: { ResultParameter: { Key: "TransactionReceipt", Value: "UAB12CD34E" } },
      },
    });
    const asArray = parseB2cResult({
      Result: {
        ...base,
        ResultParameters: { ResultParameter: [{ Key: "TransactionReceipt", Value: "UAB12CD34E" }] },
      },
    });
    expect(asObject).toEqual(asArray);
    expect(asObject.receipt).toBe("UAB12CD34E");
  });

  it("parses ReferenceItem as an array too, and numbers sent as strings", () => {
    const result = parseB2cResult({
      Result: {
        ...base,
        ResultCode: "0",
        ResultType: "0",
        ResultParameters: {
          ResultParameter: [
            { Key: "TransactionAmount", Value: "2500" },
            { Key: "B2CUtilityAccountAvailableFunds", Value: "4997500.00" },
            { Key: "B2CChargesPaidAccountAvailableFunds", Value: "-1,980.00" },
            { Key: "ReceiverPartyPublicName", Value: "254712345678 - JOHN DOE" },
            { Key: "B2CRecipientIsRegisteredCustomer", Value: "N" },
            { Key: "TransactionCompletedDateTime", Value: "15.01.2026 00:30:00" },
          ],
        },
        ReferenceData: {
          ReferenceItem: [
            { Key: "QueueTimeoutURL", Value: "https://x.invalid/t" },
            { Key: "Occasion", Value: "batch 7" },
          ],
        },
      },
    });
    expect(result).toMatchObject({
      resultCode: 0,
      amountKes: 2500,
      utilityAccountAvailableKes: 4997500,
      chargesPaidAccountAvailableKes: -1980,
      receiverName: "JOHN DOE",
      receiverMsisdn: "254712345678",
      recipientIsRegisteredCustomer: false,
      completedAt: "2026-01-14T21:30:00.000Z",
      referenceData: { QueueTimeoutURL: "https://x.invalid/t", Occasion: "batch 7" },
    });
    expect(result.parameters.TransactionAmount).toBe("2500");
  });

  it("leaves out items without a Value and tolerates an empty ResultParameters", () => {
    const result = parseB2cResult({
      Result: {
        ...base,
        ResultCode: 1,
        ResultParameters: { ResultParameter: [{ Key: "Balance" }, { Key: "X", Value: null }] },
      },
    });
    expect(result.parameters).toEqual({});
    expect(parseB2cResult({ Result: { ...base, ResultParameters: "" } }).parameters).toEqual({});
  });

  it("keeps a non-numeric ResultCode as raw text", () => {
    const result = parseB2cResult({ Result: { ...base, ResultCode: "SFC_IC0003" } });
    expect(result.resultCode).toBe(-1);
    expect(result.resultCodeRaw).toBe("SFC_IC0003");
    expect(isSuccess(result)).toBe(false);
    expect(classifyResultCode(result.resultCodeRaw).class).toBe("failed-permanent");
  });

  it("rejects bodies that are not a Result envelope, naming where", () => {
    expect(() => parseB2cResult({ Body: { stkCallback: {} } })).toThrow(DarajaCallbackError);
    expect(() => parseB2cResult({ Result: { ResultCode: 0 } })).toThrow(/OriginatorConversationID/);
    expect(() => parseB2cResult("not json")).toThrow(/not JSON/);
    expect(() =>
      parseB2cResult({
        Result: { ...base, ResultParameters: { ResultParameter: [{ Value: 1 }] } },
      }),
    ).toThrow(DarajaCallbackError);
  });
});

describe("transaction status and queue timeout callbacks", () => {
  const statusBody = {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: "The service request is processed successfully.",
      OriginatorConversationID: "10816-694520-2",
      ConversationID: "AG_20200927_00007cdb1f9fb6494315",
      TransactionID: "LGR919G2AV",
      ResultParameters: {
        ResultParameter: [
          { Key: "ReceiptNo", Value: "LGR919G2AV" },
          { Key: "Conversation ID", Value: "AG_20170727_00004492b1b6d0078fbe" },
          { Key: "FinalisedTime", Value: 20170727101415 },
          { Key: "Amount", Value: 10 },
          { Key: "TransactionStatus", Value: "Completed" },
          { Key: "ReasonType", Value: "Salary Payment via API" },
          { Key: "TransactionReason" },
          { Key: "DebitPartyCharges", Value: "Fee For B2C Payment|KES|33.00" },
          { Key: "DebitAccountType", Value: "Utility Account" },
          { Key: "InitiatedTime", Value: "20170727101410" },
          { Key: "Originator Conversation ID", Value: "19455-773836-1" },
          { Key: "CreditPartyName", Value: "254708374149 - John Doe" },
          { Key: "DebitPartyName", Value: "600134 - Safaricom157" },
        ],
      },
      ReferenceData: { ReferenceItem: { Key: "Occasion", Value: "19455-773836-1" } },
    },
  };

  it("reads the status keys, spaces and all", () => {
    const result = parseTransactionStatusResult(statusBody);
    expect(result).toMatchObject({
      resultCode: 0,
      originatorConversationId: "10816-694520-2",
      receiptNo: "LGR919G2AV",
      transactionStatus: "Completed",
      amountKes: 10,
      queriedConversationId: "AG_20170727_00004492b1b6d0078fbe",
      queriedOriginatorConversationId: "19455-773836-1",
      finalisedAt: "2017-07-27T07:14:15.000Z",
      initiatedAt: "2017-07-27T07:14:10.000Z",
      reasonType: "Salary Payment via API",
      debitPartyCharges: "Fee For B2C Payment|KES|33.00",
      creditPartyName: "254708374149 - John Doe",
      debitPartyName: "600134 - Safaricom157",
      occasion: "19455-773836-1",
    });
    expect(result.transactionReason).toBeUndefined();
    expect(result.parameters["Originator Conversation ID"]).toBe("19455-773836-1");
    expect(statusOutcome(result)).toBe("completed");
  });

  it("maps status answers to outcomes", () => {
    const failed = parseTransactionStatusResult({
      Result: {
        ...statusBody.Result,
        ResultParameters: { ResultParameter: { Key: "TransactionStatus", Value: "Failed" } },
      },
    });
    expect(statusOutcome(failed)).toBe("failed");
    const notFound = parseTransactionStatusResult({
      Result: { ...statusBody.Result, ResultCode: 2032, ResultParameters: undefined },
    });
    expect(statusOutcome(notFound)).toBe("not-found");
    const queryRefused = parseTransactionStatusResult({
      Result: { ...statusBody.Result, ResultCode: 2001, ResultParameters: undefined },
    });
    expect(statusOutcome(queryRefused)).toBe("unknown");
    // A status query that timed out lands on the same route by default: nothing to conclude, ask
    // again.
    const timedOut = parseTransactionStatusResult({
      Result: {
        ResultType: 0,
        ResultCode: 1,
        ResultDesc: "The service request has timed out.",
        OriginatorConversationID: "q-1",
        ConversationID: "AG_1",
      },
    });
    expect(statusOutcome(timedOut)).toBe("unknown");
  });

  it("reads a queue timeout without turning its code into a payment outcome", () => {
    expect(
      parseQueueTimeout({
        Result: {
          ResultType: 0,
          ResultCode: 1,
          ResultDesc: "The service request has timed out.",
          OriginatorConversationID: "ours-9",
          ConversationID: "AG_20260115_0000000000000000000a",
          TransactionID: "",
        },
      }),
    ).toEqual({
      originatorConversationId: "ours-9",
      conversationId: "AG_20260115_0000000000000000000a",
      resultDesc: "The service request has timed out.",
      resultCodeRaw: "1",
    });
  });
});

describe("classifyResultCode", () => {
  it.each([
    [0, "success"],
    [1, "failed-retryable"],
    [4, "failed-retryable"],
    [17, "failed-retryable"],
    [26, "failed-retryable"],
    [2, "failed-permanent"],
    [3, "failed-permanent"],
    [7, "failed-permanent"],
    [8, "failed-permanent"],
    [11, "failed-permanent"],
    [12, "failed-permanent"],
    [13, "failed-permanent"],
    [14, "failed-permanent"],
    [2001, "failed-permanent"],
    [99999, "failed-permanent"],
    ["1", "failed-retryable"],
  ] as const)("code %s is %s", (code, expected) => {
    const classification = classifyResultCode(code);
    expect(classification.class).toBe(expected);
    expect(classification.message.length).toBeGreaterThan(3);
  });
});

describe("EAT times", () => {
  it("formats and parses Nairobi time both ways", () => {
    const at = Date.UTC(2024, 6, 6, 19, 48, 52);
    expect(formatCompletedDateTime(at)).toBe("06.07.2024 22:48:52");
    expect(formatDarajaTimestamp(at)).toBe("20240706224852");
    expect(parseDarajaTime("06.07.2024 22:48:52")).toBe(new Date(at).toISOString());
    expect(parseDarajaTime(20240706224852)).toBe(new Date(at).toISOString());
    expect(parseDarajaTime("31.02.2024 10:00:00")).toBeUndefined();
    expect(parseDarajaTime("yesterday")).toBeUndefined();
  });
});
