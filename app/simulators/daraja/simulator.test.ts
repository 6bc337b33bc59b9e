/**
 * The simulator at the protocol level: raw HTTP requests, as any Daraja client would send them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  startCallbackReceiver,
  type CallbackReceiver,
} from "../../../tests/support/daraja-callbacks";
import { parseB2cResult, parseTransactionStatusResult } from "~/core/providers/daraja/result";
import {
  startDarajaSimulator,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
} from "./index.server";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const KEY = "sim-consumer-key";
const SECRET = "sim-consumer-secret";
const BASIC = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString("base64")}`;

const fixture = (name: string) =>
  JSON.parse(readFileSync(path.resolve("tests/fixtures/daraja", name), "utf8")) as Record<
    string,
    unknown
  >;

let running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function setup(options: Partial<DarajaSimulatorOptions> = {}) {
  const sim = await startDarajaSimulator({
    consumerKey: KEY,
    consumerSecret: SECRET,
    now: () => NOW,
    seed: 7,
    ...options,
  });
  const receiver = await startCallbackReceiver();
  running.push(sim, receiver);
  return { sim, receiver };
}

async function token(sim: DarajaSimulator): Promise<string> {
  const response = await fetch(`${sim.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: BASIC },
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

function b2cBody(receiver: CallbackReceiver, overrides: Record<string, unknown> = {}) {
  return {
    OriginatorConversationID: `ocid-${Math.random().toString(36).slice(2)}`,
    InitiatorName: "testapi",
    SecurityCredential: "c2VjcmV0",
    CommandID: "BusinessPayment",
    Amount: 100,
    PartyA: "600997",
    PartyB: "254712345678",
    Remarks: "Settlement",
    QueueTimeOutURL: receiver.url("/b2c/timeout"),
    ResultURL: receiver.url("/b2c/result"),
    Occasion: "",
    ...overrides,
  };
}

async function post(sim: DarajaSimulator, path: string, bearer: string | undefined, body: unknown) {
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("token endpoint", () => {
  it("checks Basic auth and the grant type, and returns expires_in as a string", async () => {
    const { sim } = await setup();
    const url = `${sim.baseUrl}/oauth/v1/generate?grant_type=client_credentials`;
    const good = await fetch(url, { headers: { authorization: BASIC } });
    expect(good.status).toBe(200);
    const body = (await good.json()) as Record<string, unknown>;
    expect(body.expires_in).toBe("3599");
    expect(body.access_token).toEqual(expect.stringMatching(/^[A-Za-z0-9]{28}$/));

    const wrong = await fetch(url, {
      headers: { authorization: `Basic ${Buffer.from(`${KEY}:nope`).toString("base64")}` },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      errorCode: "400.008.01",
      errorMessage: "Invalid Authentication passed",
    });
    const grant = await fetch(`${sim.baseUrl}/oauth/v1/generate?grant_type=password`, {
      headers: { authorization: BASIC },
    });
    expect(await grant.json()).toMatchObject({ errorCode: "400.008.02" });
  });

  it("answers 401 404.001.03 for a missing, unknown or expired Bearer token", async () => {
    let clock = NOW;
    const { sim, receiver } = await setup({ now: () => clock });
    const missing = await post(sim, "/mpesa/b2c/v3/paymentrequest", undefined, b2cBody(receiver));
    expect(missing.status).toBe(401);
    expect(Object.keys(missing.body).sort()).toEqual(["errorCode", "errorMessage", "requestId"]);
    expect(missing.body.errorCode).toBe("404.001.03");
    expect(
      (await post(sim, "/mpesa/b2c/v3/paymentrequest", "made-up", b2cBody(receiver))).status,
    ).toBe(401);

    const bearer = await token(sim);
    expect(
      (await post(sim, "/mpesa/b2c/v3/paymentrequest", bearer, b2cBody(receiver))).status,
    ).toBe(200);
    clock += 3600 * 1000;
    const expired = await post(sim, "/mpesa/b2c/v3/paymentrequest", bearer, b2cBody(receiver));
    expect(expired.status).toBe(401);
    expect(expired.body.errorCode).toBe("404.001.03");
  });
});

describe("B2C payment request", () => {
  it("acknowledges exactly like the recorded sample, then POSTs the Result to ResultURL on flush", async () => {
    const { sim, receiver } = await setup();
    const bearer = await token(sim);
    const request = b2cBody(receiver, { PartyB: "254712345600", Amount: 1500 });
    const ack = await post(sim, "/mpesa/b2c/v3/paymentrequest", bearer, request);
    const recorded = fixture("b2c-response.json");
    expect(ack.status).toBe(200);
    expect(Object.keys(ack.body)).toEqual(Object.keys(recorded));
    expect(ack.body.ResponseCode).toBe(recorded.ResponseCode);
    expect(ack.body.ResponseDescription).toBe(recorded.ResponseDescription);
    expect(ack.body.OriginatorConversationID).toBe(request.OriginatorConversationID);
    expect(ack.body.ConversationID).toEqual(expect.stringMatching(/^AG_20260115_[0-9a-f]{20}$/));

    expect(receiver.received).toHaveLength(0);
    expect(sim.pendingCallbacks()).toBe(1);
    await sim.flush();
    expect(sim.pendingCallbacks()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const callback = receiver.received[0]!;
    expect(callback.path).toBe("/b2c/result");
    expect(callback.contentType).toContain("application/json");
    const result = parseB2cResult(callback.body);
    expect(result).toMatchObject({
      resultCode: 0,
      originatorConversationId: request.OriginatorConversationID,
      conversationId: ack.body.ConversationID,
      amountKes: 1500,
      receiverName: "JOHN DOE",
      receiverMsisdn: "254712345600",
      completedAt: new Date(NOW).toISOString(),
      utilityAccountAvailableKes: 5_000_000 - 1500,
      recipientIsRegisteredCustomer: true,
    });
    // Receipt like "UA3K9..." (U = 2026, A = January), also the TransactionID.
    expect(result.receipt).toEqual(expect.stringMatching(/^UA[0-9A-Z]{8}$/));
    expect(result.transactionId).toBe(result.receipt);
    expect(result.parameters.TransactionCompletedDateTime).toBe("15.01.2026 12:00:00");
    expect(sim.callbacks[0]).toMatchObject({ kind: "b2c-result", status: 200, error: undefined });
    expect(sim.floatKes()).toBe(5_000_000 - 1500);
  });

  it("refuses each invalid field with 400 400.002.02 naming it, and accepts nothing", async () => {
    const { sim, receiver } = await setup();
    const bearer = await token(sim);
    const cases: [Record<string, unknown>, string][] = [
      [{ Amount: 100.5 }, "Amount"],
      [{ Amount: "12.50" }, "Amount"],
      [{ Amount: 0 }, "Amount"],
      [{ PartyB: "0712345678" }, "PartyB"],
      [{ PartyB: "255712345678" }, "PartyB"],
      [{ PartyA: "abc" }, "PartyA"],
      [{ CommandID: "Refund" }, "CommandID"],
      [{ ResultURL: "not a url" }, "ResultURL"],
      [{ QueueTimeOutURL: undefined }, "QueueTimeOutURL"],
      [{ Remarks: "x".repeat(101) }, "Remarks"],
      [{ Remarks: "" }, "Remarks"],
      [{ Occasion: "y".repeat(101) }, "Occasion"],
      [{ OriginatorConversationID: undefined }, "OriginatorConversationID"],
      [{ SecurityCredential: "" }, "SecurityCredential"],
      [{ InitiatorName: 42 }, "InitiatorName"],
    ];
    for (const [override, field] of cases) {
      const answer = await post(
        sim,
        "/mpesa/b2c/v3/paymentrequest",
        bearer,
        b2cBody(receiver, override),
      );
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body).sort()).toEqual(["errorCode", "errorMessage", "requestId"]);
      expect(answer.body.errorCode).toBe("400.002.02");
      expect(answer.body.errorMessage).toBe(`Bad Request - Invalid ${field}`);
    }
    const notJson = await post(sim, "/mpesa/b2c/v3/paymentrequest", bearer, "{oops");
    expect(notJson.status).toBe(400);
    expect(sim.pendingCallbacks()).toBe(0);
    expect(sim.floatKes()).toBe(5_000_000);
  });

  it("answers a repeated OriginatorConversationID with the recorded duplicate error and pays once", async () => {
    const { sim, receiver } = await setup();
    const bearer = await token(sim);
    const request = b2cBody(receiver);
    expect((await post(sim, "/mpesa/b2c/v3/paymentrequest", bearer, request)).status).toBe(200);
    const again = await post(sim, "/mpesa/b2c/v3/paymentrequest", bearer, {
      ...request,
      Amount: 999,
    });
    const recorded = fixture("b2c-error-duplicate-originator.json");
    expect(again.status).toBe(500);
    expect(Object.keys(again.body)).toEqual(Object.keys(recorded));
    expect(again.body.errorCode).toBe(recorded.errorCode);
    expect(again.body.errorMessage).toBe(recorded.errorMessage);
    await sim.flush();
    expect(receiver.received).toHaveLength(1);
    expect(sim.floatKes()).toBe(5_000_000 - 100);
  });

  it("applies the minimum, the maximum and the float", async () => {
    const { sim, receiver } = await setup({ floatKes: 1000 });
    const bearer = await token(sim);
    const send = (amount: number) =>
      post(sim, "/mpesa/b2c/v3/paymentrequest", bearer, b2cBody(receiver, { Amount: amount }));
    for (const amount of [5, 250_001, 1001, 600, 600])
      expect((await send(amount)).status).toBe(200);
    await sim.flush();
    const codes = receiver.received.map((c) => parseB2cResult(c.body).resultCode);
    expect(codes).toEqual([2, 3, 1, 0, 1]);
    expect(sim.floatKes()).toBe(400);
    expect(parseB2cResult(receiver.received[3]!.body).utilityAccountAvailableKes).toBe(400);
  });

  it("delivers by itself after callbackDelayMs", async () => {
    const { sim, receiver } = await setup({ callbackDelayMs: 5 });
    const bearer = await token(sim);
    await post(sim, "/mpesa/b2c/v3/paymentrequest", bearer, b2cBody(receiver));
    const callback = await receiver.waitFor((c) => c.path === "/b2c/result");
    expect(parseB2cResult(callback.body).resultCode).toBe(0);
    expect(sim.pendingCallbacks()).toBe(0);
  });

  it("varies the shapes like Daraja (object or array, numbers as strings), the same way for the same seed", async () => {
    const run = async () => {
      const { sim, receiver } = await setup({ seed: 2024, floatKes: 1_000_000 });
      const bearer = await token(sim);
      for (let i = 0; i < 24; i++) {
        const phone = i % 3 === 0 ? "254700000001" : `2547123456${String(i).padStart(2, "0")}`;
        await post(
          sim,
          "/mpesa/b2c/v3/paymentrequest",
          bearer,
          b2cBody(receiver, { OriginatorConversationID: `id-${i}`, PartyB: phone }),
        );
      }
      await sim.flush();
      return receiver.received.map(
        (c) =>
          JSON.parse(c.raw.replaceAll(receiver.url(""), "RECEIVER/")) as {
            Result: Record<string, unknown>;
          },
      );
    };
    const first = await run();
    const second = await run();
    expect(first).toEqual(second);

    const referenceShapes = new Set(
      first.map((b) =>
        Array.isArray((b.Result.ReferenceData as { ReferenceItem: unknown }).ReferenceItem),
      ),
    );
    expect(referenceShapes).toEqual(new Set([true, false]));
    const failureParameterShapes = new Set(
      first
        .filter((b) => b.Result.ResultCode !== 0)
        .map((b) => {
          const params = b.Result.ResultParameters as { ResultParameter: unknown } | undefined;
          return params === undefined
            ? "absent"
            : Array.isArray(params.ResultParameter)
              ? "array"
              : "object";
        }),
    );
    expect(failureParameterShapes).toEqual(new Set(["absent", "array", "object"]));
    const amountTypes = new Set(
      first
        .filter((b) => b.Result.ResultCode === 0)
        .map(
          (b) =>
            typeof (
              b.Result.ResultParameters as { ResultParameter: { Key: string; Value: unknown }[] }
            ).ResultParameter[0]!.Value,
        ),
    );
    expect(amountTypes).toEqual(new Set(["number", "string"]));
    // Whatever the shape, every body parses.
    for (const body of first) expect(() => parseB2cResult(body)).not.toThrow();
  });
});

describe("transaction status query", () => {
  it("acknowledges, then POSTs the status Result with the documented keys", async () => {
    const { sim, receiver } = await setup();
    const bearer = await token(sim);
    const payment = b2cBody(receiver, { PartyB: "254700000004" }); // silent: paid, no callback
    await post(sim, "/mpesa/b2c/v3/paymentrequest", bearer, payment);
    await sim.flush();
    expect(receiver.received).toHaveLength(0);

    const ack = await post(sim, "/mpesa/transactionstatus/v1/query", bearer, {
      Initiator: "testapi",
      SecurityCredential: "c2VjcmV0",
      CommandID: "TransactionStatusQuery",
      OriginalConversationID: payment.OriginatorConversationID,
      PartyA: "600997",
      IdentifierType: "4",
      ResultURL: receiver.url("/status/result"),
      QueueTimeOutURL: receiver.url("/status/timeout"),
      Remarks: "where is it",
      Occasion: payment.OriginatorConversationID,
    });
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({
      ResponseCode: "0",
      ResponseDescription: "Accept the service request successfully.",
    });
    expect(ack.body.OriginatorConversationID).toEqual(expect.stringMatching(/^\d{5}-\d{8}-1$/));
    await sim.flush();
    const callback = receiver.received[0]!;
    expect(callback.path).toBe("/status/result");
    const keys = (
      callback.body as { Result: { ResultParameters: { ResultParameter: { Key: string }[] } } }
    ).Result.ResultParameters.ResultParameter.map((p) => p.Key);
    expect(keys).toEqual([
      "ReceiptNo",
      "Conversation ID",
      "FinalisedTime",
      "Amount",
      "TransactionStatus",
      "ReasonType",
      "TransactionReason",
      "DebitPartyCharges",
      "DebitAccountType",
      "InitiatedTime",
      "Originator Conversation ID",
      "CreditPartyName",
      "DebitPartyName",
    ]);
    const status = parseTransactionStatusResult(callback.body);
    expect(status).toMatchObject({
      resultCode: 0,
      originatorConversationId: ack.body.OriginatorConversationID,
      transactionStatus: "Completed",
      queriedOriginatorConversationId: payment.OriginatorConversationID,
      amountKes: 100,
      occasion: payment.OriginatorConversationID,
      finalisedAt: new Date(NOW).toISOString(),
    });
    expect(status.receiptNo).toBe(sim.transaction(payment.OriginatorConversationID)?.transactionId);
  });

  it("validates the query like the payment", async () => {
    const { sim, receiver } = await setup();
    const bearer = await token(sim);
    const answer = await post(sim, "/mpesa/transactionstatus/v1/query", bearer, {
      Initiator: "testapi",
      SecurityCredential: "c2VjcmV0",
      CommandID: "TransactionStatusQuery",
      PartyA: "600997",
      IdentifierType: "4",
      ResultURL: receiver.url("/status/result"),
      QueueTimeOutURL: receiver.url("/status/timeout"),
      Remarks: "no id",
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { errorCode: "400.002.02", errorMessage: "Bad Request - Invalid TransactionID" },
    });
  });
});

describe("control API", () => {
  it("sets outcomes and the float, lists requests and flushes over HTTP", async () => {
    const { sim, receiver } = await setup();
    const control = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${sim.baseUrl}/__sim/${route}`, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(
      (await control("POST", "outcome", { phone: "0712 000 111", outcome: "invalid-number" })).body
        .outcomes,
    ).toEqual({
      "254712000111": "invalid-number",
    });
    expect(
      (await control("POST", "outcome", { phone: "0712000111", outcome: "bogus" })).status,
    ).toBe(400);
    expect((await control("POST", "outcome", { phone: "12", outcome: "success" })).status).toBe(
      400,
    );
    expect((await control("POST", "float", { kes: 20_000 })).body.floatKes).toBe(20_000);

    const bearer = await token(sim);
    await post(
      sim,
      "/mpesa/b2c/v3/paymentrequest",
      bearer,
      b2cBody(receiver, { PartyB: "254712000111" }),
    );
    expect((await control("GET", "state")).body.pendingCallbacks).toBe(1);
    expect((await control("POST", "flush")).body).toEqual({ delivered: 1 });
    expect(parseB2cResult(receiver.received[0]!.body).resultCode).toBe(7);

    const requests = (await control("GET", "requests")).body as unknown as {
      path: string;
      status: number;
      authorization: string;
    }[];
    expect(requests.map((r) => r.authorization)).toEqual(["Basic [redacted]", "Bearer [redacted]"]);
    expect(requests.map((r) => [r.path, r.status])).toEqual([
      ["/oauth/v1/generate?grant_type=client_credentials", 200],
      ["/mpesa/b2c/v3/paymentrequest", 200],
    ]);
    expect((await control("GET", "callbacks")).body).toHaveLength(1);
    await control("POST", "expire-tokens");
    expect(
      (await post(sim, "/mpesa/b2c/v3/paymentrequest", bearer, b2cBody(receiver))).status,
    ).toBe(401);
  });
});
