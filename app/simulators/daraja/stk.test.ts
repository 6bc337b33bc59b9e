/**
 * The simulator's M-Pesa Express endpoints at the protocol level: raw HTTP requests, as any Daraja
 * client would send them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  startCallbackReceiver,
  type CallbackReceiver,
} from "../../../tests/support/daraja-callbacks";
import { parseStkCallback } from "~/core/providers/daraja/stk-callback";
import { SANDBOX_STK_PASSKEY } from "~/core/providers/daraja/wire";
import {
  startDarajaSimulator,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
} from "./index.server";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const TIMESTAMP = "20260115120000"; // NOW in Nairobi
const KEY = "sim-consumer-key";
const SECRET = "sim-consumer-secret";
const BASIC = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString("base64")}`;
const PASSWORD = Buffer.from(`174379${SANDBOX_STK_PASSKEY}${TIMESTAMP}`).toString("base64");

const fixture = (name: string) =>
  JSON.parse(readFileSync(path.resolve("tests/fixtures/daraja", name), "utf8")) as {
    Body: { stkCallback: Record<string, unknown> };
  } & Record<string, unknown>;

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
    seed: 3,
    ...options,
  });
  const receiver = await startCallbackReceiver();
  running.push(sim, receiver);
  const response = await fetch(`${sim.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: BASIC },
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { sim, receiver, token };
}

function pushBody(receiver: CallbackReceiver, overrides: Record<string, unknown> = {}) {
  return {
    BusinessShortCode: "174379",
    Password: PASSWORD,
    Timestamp: TIMESTAMP,
    TransactionType: "CustomerPayBillOnline",
    Amount: 100,
    PartyA: "254708374149",
    PartyB: "174379",
    PhoneNumber: "254708374149",
    CallBackURL: receiver.url("/stk"),
    AccountReference: "Test",
    TransactionDesc: "Test",
    ...overrides,
  };
}

async function post(sim: DarajaSimulator, p: string, bearer: string | undefined, body: unknown) {
  const response = await fetch(`${sim.baseUrl}${p}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const PUSH = "/mpesa/stkpush/v1/processrequest";
const QUERY = "/mpesa/stkpushquery/v1/query";

describe("STK push endpoint", () => {
  it("answers the ack with the recorded sample's keys, order and texts", async () => {
    const { sim, receiver, token } = await setup();
    const answer = await post(sim, PUSH, token, pushBody(receiver));
    const recorded = fixture("stk-push-response.json");
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(Object.keys(recorded));
    expect(answer.body).toMatchObject({
      ResponseCode: recorded.ResponseCode,
      ResponseDescription: recorded.ResponseDescription,
      CustomerMessage: recorded.CustomerMessage,
      CheckoutRequestID: expect.stringMatching(/^ws_CO_15012026120000\d{3}0708374149$/) as unknown,
    });
  });

  it("needs a valid Bearer token, like B2C", async () => {
    const { sim, receiver, token } = await setup();
    expect(await post(sim, PUSH, undefined, pushBody(receiver))).toMatchObject({
      status: 401,
      body: { errorCode: "404.001.03" },
    });
    sim.expireTokens();
    expect((await post(sim, PUSH, token, pushBody(receiver))).status).toBe(401);
    expect((await post(sim, QUERY, token, {})).status).toBe(401);
  });

  it.each([
    [{ PhoneNumber: "0708374149" }, "PhoneNumber"],
    [{ PhoneNumber: "254808374149" }, "PhoneNumber"],
    [{ PartyA: "+254708374149" }, "PartyA"],
    [{ Amount: 0 }, "Amount"],
    [{ Amount: "100.5" }, "Amount"],
    [{ Amount: 250_001 }, "Amount"],
    [{ TransactionType: "CustomerPayOnline" }, "TransactionType"],
    [{ PartyB: "12" }, "PartyB"],
    [{ CallBackURL: "not a url" }, "CallBackURL"],
    [{ AccountReference: "1234567890123" }, "AccountReference"],
    [{ AccountReference: "" }, "AccountReference"],
    [{ TransactionDesc: "12345678901234" }, "TransactionDesc"],
    [{ Timestamp: "2026-01-15 12:00" }, "Timestamp"],
    [{ Timestamp: "20260135120000" }, "Timestamp"],
    // Nairobi time 11 minutes early.
    [{ Timestamp: "20260115114900" }, "Timestamp"],
    [{ BusinessShortCode: "abc" }, "BusinessShortCode"],
    [{ Password: "" }, "Password"],
  ])("%j -> 400 400.002.02 Invalid %s, and nothing is queued", async (override, field) => {
    const { sim, receiver, token } = await setup();
    const answer = await post(sim, PUSH, token, pushBody(receiver, override));
    expect(answer).toMatchObject({
      status: 400,
      body: { errorCode: "400.002.02", errorMessage: `Bad Request - Invalid ${field}` },
    });
    expect(sim.pendingCallbacks()).toBe(0);
  });

  it("a Password made with another passkey, or for another Timestamp, is refused", async () => {
    const { sim, receiver, token } = await setup();
    const other = Buffer.from(`174379wrong${TIMESTAMP}`).toString("base64");
    const stale = Buffer.from(`174379${SANDBOX_STK_PASSKEY}20260115115959`).toString("base64");
    for (const Password of [other, stale]) {
      expect(await post(sim, PUSH, token, pushBody(receiver, { Password }))).toMatchObject({
        status: 500,
        body: { errorCode: "500.001.1001", errorMessage: "Wrong credentials" },
      });
    }
    expect(sim.pendingCallbacks()).toBe(0);
  });

  it("takes a numeric Amount sent as a string and numbers as JSON numbers", async () => {
    const { sim, receiver, token } = await setup();
    const answer = await post(
      sim,
      PUSH,
      token,
      pushBody(receiver, { Amount: "10", PartyA: 254708374149, BusinessShortCode: 174379 }),
    );
    expect(answer.status).toBe(200);
    expect(sim.stkPush(answer.body.CheckoutRequestID as string)?.amountKes).toBe(10);
  });

  it("gives every push its own CheckoutRequestID, even for one phone in one second", async () => {
    const { sim, receiver, token } = await setup();
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++) {
      ids.add((await post(sim, PUSH, token, pushBody(receiver))).body.CheckoutRequestID as string);
    }
    expect(ids.size).toBe(30);
  });
});

describe("STK callbacks", () => {
  it("a payment is shaped like Safaricom's sample: keys in order, numbers as numbers", async () => {
    const { sim, receiver, token } = await setup();
    const ack = await post(sim, PUSH, token, pushBody(receiver, { Amount: 250 }));
    await sim.flush();
    const received = (await receiver.waitFor((c) => c.path === "/stk")).body as {
      Body: { stkCallback: Record<string, unknown> };
    };
    const sample = fixture("stk-callback-success.json").Body.stkCallback;
    const callback = received.Body.stkCallback;
    expect(Object.keys(callback)).toEqual(Object.keys(sample));
    const items = (callback.CallbackMetadata as { Item: { Name: string; Value?: unknown }[] }).Item;
    expect(items.map((i) => i.Name).filter((n) => n !== "Balance")).toEqual(
      (sample.CallbackMetadata as { Item: { Name: string }[] }).Item.map((i) => i.Name),
    );
    expect(items.find((i) => i.Name === "TransactionDate")?.Value).toBe(Number(TIMESTAMP));
    expect(items.find((i) => i.Name === "PhoneNumber")?.Value).toBe(254708374149);
    expect(callback).toMatchObject({
      CheckoutRequestID: ack.body.CheckoutRequestID,
      MerchantRequestID: ack.body.MerchantRequestID,
      ResultCode: 0,
      ResultDesc: sample.ResultDesc,
    });
    expect(sim.callbacks[0]).toMatchObject({
      kind: "stk-callback",
      checkoutRequestId: ack.body.CheckoutRequestID,
      status: 200,
      error: undefined,
    });
  });

  it("a cancelled push is shaped like the 1032 sample: no CallbackMetadata", async () => {
    const { sim, receiver, token } = await setup();
    sim.setStkOutcome("0708374149", "cancelled");
    await post(sim, PUSH, token, pushBody(receiver));
    await sim.flush();
    const received = (await receiver.waitFor(() => true)).body as {
      Body: { stkCallback: Record<string, unknown> };
    };
    const callback = received.Body.stkCallback;
    const sample = fixture("stk-callback-cancelled-1032.json").Body.stkCallback;
    expect(Object.keys(callback)).toEqual(Object.keys(sample));
    expect(callback).toMatchObject({ ResultCode: 1032, ResultDesc: sample.ResultDesc });
  });

  it("the STK magic numbers play their outcomes unless turned off", async () => {
    const expected = {
      "254700000011": 1032,
      "254700000012": 1,
      "254700000013": 1037,
      "254700000014": 2001,
    };
    const { sim, receiver, token } = await setup();
    for (const phone of Object.keys(expected)) {
      await post(sim, PUSH, token, pushBody(receiver, { PartyA: phone, PhoneNumber: phone }));
    }
    await post(
      sim,
      PUSH,
      token,
      pushBody(receiver, { PartyA: "254700000015", PhoneNumber: "254700000015" }),
    );
    await sim.flush();
    expect(
      receiver.received.map((c) => {
        const parsed = parseStkCallback(c.body);
        return parsed.outcome === "failed" ? parsed.resultCode : 0;
      }),
    ).toEqual(Object.values(expected)); // and nothing for the silent 254700000015

    const off = await setup({ stkMagicNumbers: false });
    await post(
      off.sim,
      PUSH,
      off.token,
      pushBody(off.receiver, { PartyA: "254700000011", PhoneNumber: "254700000011" }),
    );
    await off.sim.flush();
    expect(parseStkCallback(off.receiver.received[0]!.body).outcome).toBe("succeeded");
  });

  it("with callbackDelayMs the callback comes by itself, and the query then has the result", async () => {
    const { sim, receiver, token } = await setup({ callbackDelayMs: 5 });
    sim.setStkOutcome("0708374149", "insufficient-funds");
    const ack = await post(sim, PUSH, token, pushBody(receiver));
    await receiver.waitFor((c) => c.path === "/stk");
    const query = await post(sim, QUERY, token, {
      BusinessShortCode: "174379",
      Password: PASSWORD,
      Timestamp: TIMESTAMP,
      CheckoutRequestID: ack.body.CheckoutRequestID,
    });
    expect(query.status).toBe(200);
    expect(query.body).toMatchObject({
      ResponseCode: "0",
      CheckoutRequestID: ack.body.CheckoutRequestID,
      ResultDesc: "The balance is insufficient for the transaction.",
    });
    expect(String(query.body.ResultCode)).toBe("1");
  });
});

describe("STK query endpoint", () => {
  it("is 500 500.001.1001 'being processed' until answered; another shortcode's id is unknown", async () => {
    const { sim, receiver, token } = await setup();
    const ack = await post(sim, PUSH, token, pushBody(receiver));
    const query = {
      BusinessShortCode: "174379",
      Password: PASSWORD,
      Timestamp: TIMESTAMP,
      CheckoutRequestID: ack.body.CheckoutRequestID,
    };
    expect(await post(sim, QUERY, token, query)).toMatchObject({
      status: 500,
      body: { errorCode: "500.001.1001", errorMessage: "The transaction is being processed" },
    });
    const otherShortCode = {
      ...query,
      BusinessShortCode: "600000",
      Password: Buffer.from(`600000${SANDBOX_STK_PASSKEY}${TIMESTAMP}`).toString("base64"),
    };
    expect(await post(sim, QUERY, token, otherShortCode)).toMatchObject({
      status: 400,
      body: { errorCode: "400.002.02" },
    });
    await sim.flush();
    expect((await post(sim, QUERY, token, query)).status).toBe(200);
  });
});

describe("control API", () => {
  it("POST /__sim/stk-outcome sets and clears an outcome per phone", async () => {
    const { sim } = await setup();
    const control = async (body: unknown) => {
      const response = await fetch(`${sim.baseUrl}/__sim/stk-outcome`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await control({ phone: "0712345678", outcome: "timeout" })).toMatchObject({
      status: 200,
      body: { stkOutcomes: { "254712345678": "timeout" } },
    });
    expect((await control({ phone: "0712345678", outcome: "nope" })).status).toBe(400);
    expect((await control({ phone: "not a phone", outcome: "timeout" })).status).toBe(400);
    expect(await control({ phone: "0712345678", outcome: null })).toMatchObject({
      status: 200,
      body: { stkOutcomes: {} },
    });
  });
});
