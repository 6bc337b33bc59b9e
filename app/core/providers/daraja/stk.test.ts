/**
 * The M-Pesa Express client against the simulator over real HTTP on 127.0.0.1, with a local
 * receiver standing where our STK callback route will stand. No mocks: the production code path,
 * another base URL.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  startCallbackReceiver,
  type CallbackReceiver,
} from "../../../../tests/support/daraja-callbacks";
import {
  startDarajaSimulator,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
} from "../../../../tests/support/simulators";
import { memorySimulatorStore } from "../../../../tests/setup/simulator-store";
import { DarajaApiError, DarajaTransportError, DarajaValidationError } from "./errors";
import { parseStkCallback } from "./stk-callback";
import { createStkClient, type StkClientOptions, type StkPushInput } from "./stk.server";
import { SANDBOX_STK_PASSKEY, SANDBOX_STK_SHORTCODE } from "./wire";

// 12:00:00 in Nairobi.
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const KEY = "stk-test-key";
const SECRET = "stk-test-secret";
const PUSH_PATH = "/mpesa/stkpush/v1/processrequest";
const QUERY_PATH = "/mpesa/stkpushquery/v1/query";

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

interface Setup {
  sim: DarajaSimulator;
  receiver: CallbackReceiver;
  client: ReturnType<typeof createStkClient>;
  clock: { now: number };
}

async function setup(
  simOptions: Partial<DarajaSimulatorOptions> = {},
  clientOptions: Partial<StkClientOptions> = {},
): Promise<Setup> {
  const clock = { now: NOW };
  const sim = await startDarajaSimulator({
    consumerKey: KEY,
    consumerSecret: SECRET,
    seed: 5,
    now: () => clock.now,
    ...simOptions,
  });
  const receiver = await startCallbackReceiver();
  running.push(sim, receiver);
  const client = createStkClient({
    baseUrl: sim.baseUrl,
    consumerKey: KEY,
    consumerSecret: SECRET,
    businessShortCode: SANDBOX_STK_SHORTCODE,
    passkey: SANDBOX_STK_PASSKEY,
    callbackUrl: receiver.url("/webhooks/mpesa/stk"),
    timeoutMs: 2000,
    now: () => clock.now,
    ...clientOptions,
  });
  return { sim, receiver, client, clock };
}

const calls = (sim: DarajaSimulator, p: string) => sim.requests.filter((r) => r.path === p);
const tokenCalls = (sim: DarajaSimulator) =>
  sim.requests.filter((r) => r.path.startsWith("/oauth/v1/generate")).length;

function push(client: Setup["client"], override: Partial<StkPushInput> = {}) {
  return client.stkPush({
    phone: "0712 345 678",
    amountKes: 1500,
    accountReference: "INV-2026-001",
    transactionDesc: "OneHop order",
    ...override,
  });
}

async function accepted(client: Setup["client"], override: Partial<StkPushInput> = {}) {
  const result = await push(client, override);
  if (result.status !== "accepted") throw new Error(`push refused: ${JSON.stringify(result)}`);
  return result;
}

/** A scripted HTTP server for answers the simulator never gives. */
async function scriptedServer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  running.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function tokenOr(res: ServerResponse, req: IncomingMessage): boolean {
  if (!req.url?.startsWith("/oauth/")) return false;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ access_token: "t", expires_in: "3599" }));
  return true;
}

describe("a push that is paid", () => {
  it("sends the documented request, gets the ack, the callback arrives and parses; the query agrees", async () => {
    const { sim, receiver, client } = await setup();
    const ack = await accepted(client);
    const recorded = fixture("stk-push-response.json");
    expect(ack).toEqual({
      status: "accepted",
      merchantRequestId: expect.stringMatching(/^\d{5}-\d{8}-1$/) as unknown,
      // ws_CO_ + 15012026120000 (EAT) + 3 digits + the number as 07…
      checkoutRequestId: expect.stringMatching(/^ws_CO_15012026120000\d{3}0712345678$/) as unknown,
      customerMessage: recorded.CustomerMessage,
    });

    const sent = calls(sim, PUSH_PATH)[0]!;
    expect(sent.authorization).toMatch(/^Bearer \S+$/);
    expect(sent.body).toEqual({
      BusinessShortCode: "174379",
      Password: Buffer.from(`174379${SANDBOX_STK_PASSKEY}20260115120000`).toString("base64"),
      Timestamp: "20260115120000",
      TransactionType: "CustomerPayBillOnline",
      Amount: 1500,
      PartyA: "254712345678",
      PartyB: "174379",
      PhoneNumber: "254712345678",
      CallBackURL: receiver.url("/webhooks/mpesa/stk"),
      AccountReference: "INV-2026-001",
      TransactionDesc: "OneHop order",
    });

    // The customer has not answered yet.
    expect(await client.stkQuery(ack.checkoutRequestId)).toEqual({
      status: "pending",
      checkoutRequestId: ack.checkoutRequestId,
      description: "The transaction is being processed",
    });

    await sim.flush();
    const callback = await receiver.waitFor((c) => c.path === "/webhooks/mpesa/stk");
    expect(parseStkCallback(callback.body)).toEqual({
      outcome: "succeeded",
      checkoutRequestId: ack.checkoutRequestId,
      merchantRequestId: ack.merchantRequestId,
      receipt: sim.stkPush(ack.checkoutRequestId)?.receipt,
      amountKes: 1500,
      amountCents: 150_000n,
      phone: "254712345678",
      paidAt: new Date(NOW).toISOString(),
      resultDesc: "The service request is processed successfully.",
    });
    expect(sim.stkPush(ack.checkoutRequestId)?.receipt).toMatch(/^UA[A-Z0-9]{8}$/);

    expect(await client.stkQuery(ack.checkoutRequestId)).toEqual({
      status: "succeeded",
      checkoutRequestId: ack.checkoutRequestId,
      merchantRequestId: ack.merchantRequestId,
      resultDesc: "The service request is processed successfully.",
    });
  });

  it("Buy Goods: the till as PartyB, and a callback URL of its own per push", async () => {
    const { sim, receiver, client } = await setup(
      {},
      { transactionType: "CustomerBuyGoodsOnline", partyB: "5123456" },
    );
    const ack = await accepted(client, {
      phone: "+254 110 000 123",
      callbackUrl: receiver.url("/webhooks/mpesa/stk?t=abc"),
    });
    expect(calls(sim, PUSH_PATH)[0]!.body).toMatchObject({
      TransactionType: "CustomerBuyGoodsOnline",
      PartyA: "254110000123",
      PartyB: "5123456",
      PhoneNumber: "254110000123",
    });
    await sim.flush();
    const callback = await receiver.waitFor((c) => c.path === "/webhooks/mpesa/stk?t=abc");
    expect(parseStkCallback(callback.body)).toMatchObject({
      checkoutRequestId: ack.checkoutRequestId,
      phone: "254110000123",
    });
  });
});

describe("a push the customer does not pay", () => {
  it.each([
    ["cancelled", 1032, "Request cancelled by user", /cancelled/],
    ["insufficient-funds", 1, "The balance is insufficient for the transaction.", /balance/],
    ["timeout", 1037, "DS timeout user cannot be reached", /could not reach your phone/],
    ["wrong-pin", 2001, "The initiator information is invalid.", /PIN/],
  ] as const)("%s: callback and query say %i", async (outcome, code, desc, message) => {
    const { sim, receiver, client } = await setup();
    sim.setStkOutcome("0722 000 001", outcome);
    const ack = await accepted(client, { phone: "254722000001" });
    expect((await client.stkQuery(ack.checkoutRequestId)).status).toBe("pending");
    await sim.flush();

    const callback = parseStkCallback((await receiver.waitFor(() => true)).body);
    expect(callback).toEqual({
      outcome: "failed",
      checkoutRequestId: ack.checkoutRequestId,
      merchantRequestId: ack.merchantRequestId,
      resultCode: code,
      resultCodeRaw: String(code),
      resultDesc: desc,
      message: expect.stringMatching(message) as unknown,
      customerCanRetry: true,
    });
    expect(sim.stkPush(ack.checkoutRequestId)?.receipt).toBeUndefined();

    const query = await client.stkQuery(ack.checkoutRequestId);
    expect(query).toEqual({
      status: "failed",
      checkoutRequestId: ack.checkoutRequestId,
      merchantRequestId: ack.merchantRequestId,
      resultCode: code,
      resultDesc: desc,
      message: callback.outcome === "failed" ? callback.message : "",
      customerCanRetry: true,
    });
  });

  it("the override is per phone: another number still pays, and null removes it", async () => {
    const { sim, receiver, client } = await setup();
    sim.setStkOutcome("0722000001", "cancelled");
    await accepted(client, { phone: "0722000001" });
    await accepted(client, { phone: "0722000002" });
    sim.setStkOutcome("0722000001", null);
    await accepted(client, { phone: "0722000001" });
    await sim.flush();
    expect(receiver.received.map((c) => parseStkCallback(c.body).outcome)).toEqual([
      "failed",
      "succeeded",
      "succeeded",
    ]);
  });
});

describe("a silent push (no callback ever comes)", () => {
  it("is pending until the customer answers, then the query says it was paid", async () => {
    const { sim, receiver, client } = await setup();
    sim.setStkOutcome("0712000015", "silent");
    const ack = await accepted(client, { phone: "0712000015" });
    expect((await client.stkQuery(ack.checkoutRequestId)).status).toBe("pending");
    await sim.flush();
    expect(receiver.received).toHaveLength(0);
    expect(sim.callbacks).toHaveLength(0);
    expect(await client.stkQuery(ack.checkoutRequestId)).toMatchObject({
      status: "succeeded",
      checkoutRequestId: ack.checkoutRequestId,
    });
    const queries = calls(sim, QUERY_PATH);
    expect(queries.map((q) => q.status)).toEqual([500, 200]);
    expect(queries[0]!.body).toEqual({
      BusinessShortCode: "174379",
      Password: Buffer.from(`174379${SANDBOX_STK_PASSKEY}20260115120000`).toString("base64"),
      Timestamp: "20260115120000",
      CheckoutRequestID: ack.checkoutRequestId,
    });
  });

  it("a push accepted before a restart is answered after it (its callback is lost)", async () => {
    const store = memorySimulatorStore();
    const { sim, receiver, client } = await setup({ store });
    const ack = await accepted(client);
    expect(sim.pendingCallbacks()).toBe(1);
    await sim.close();

    const second = await startDarajaSimulator({
      consumerKey: KEY,
      consumerSecret: SECRET,
      seed: 6,
      now: () => NOW,
      store,
    });
    running.push(second);
    const again = createStkClient({
      baseUrl: second.baseUrl,
      consumerKey: KEY,
      consumerSecret: SECRET,
      businessShortCode: SANDBOX_STK_SHORTCODE,
      passkey: SANDBOX_STK_PASSKEY,
      callbackUrl: receiver.url("/webhooks/mpesa/stk"),
      timeoutMs: 2000,
      now: () => NOW,
    });
    expect(second.stkPush(ack.checkoutRequestId)).toMatchObject({ amountKes: 1500 });
    expect(await again.stkQuery(ack.checkoutRequestId)).toMatchObject({ status: "succeeded" });
    await second.flush();
    expect(receiver.received).toHaveLength(0);
  });
});

describe("refusals", () => {
  it("a wrong passkey: the push is refused (no prompt, no callback) and the query is refused", async () => {
    const { sim, receiver, client } = await setup({}, { passkey: "not-the-passkey" });
    const result = await push(client);
    expect(result).toEqual({
      status: "refused",
      httpStatus: 500,
      code: "500.001.1001",
      text: "Wrong credentials",
      requestId: expect.any(String) as unknown,
      customerMessage: expect.stringMatching(/could not send the M-Pesa request/) as unknown,
    });
    await sim.flush();
    expect(receiver.received).toHaveLength(0);
    // The pending code with another message is not "pending".
    await expect(client.stkQuery("ws_CO_000")).rejects.toMatchObject({
      name: "DarajaApiError",
      errorCode: "500.001.1001",
      errorMessage: "Wrong credentials",
    });
  });

  it("the simulator's own passkey option is the one checked", async () => {
    const { client } = await setup({ stkPasskey: "my-own-passkey" }, { passkey: "my-own-passkey" });
    expect((await push(client)).status).toBe("accepted");
    const { client: sandbox } = await setup({ stkPasskey: "my-own-passkey" });
    expect(await push(sandbox)).toMatchObject({ status: "refused", code: "500.001.1001" });
  });

  it("a Timestamp in UTC instead of Nairobi time (3 h off) is refused", async () => {
    const { sim, client } = await setup({}, { now: () => NOW - 3 * 3600_000 });
    expect(await push(client)).toMatchObject({
      status: "refused",
      httpStatus: 400,
      code: "400.002.02",
      text: "Bad Request - Invalid Timestamp",
    });
    expect(calls(sim, PUSH_PATH)).toHaveLength(1);
  });

  it("an amount above M-Pesa's 250,000 is refused by Daraja; 250,000 goes through", async () => {
    const { client } = await setup();
    expect(await push(client, { amountKes: 250_001 })).toMatchObject({
      status: "refused",
      httpStatus: 400,
      code: "400.002.02",
      text: "Bad Request - Invalid Amount",
    });
    expect((await push(client, { amountKes: 250_000 })).status).toBe("accepted");
    expect((await push(client, { amountKes: 1 })).status).toBe("accepted");
  });

  it("an unknown CheckoutRequestID: the query is refused", async () => {
    const { client } = await setup();
    const error = await client.stkQuery("ws_CO_150120261200001230712345678").catch((e) => e);
    expect(error).toBeInstanceOf(DarajaApiError);
    expect(error).toMatchObject({ httpStatus: 400, errorCode: "400.002.02" });
  });

  it.each([
    [{ phone: "0812 345 678" }, "phone"],
    [{ phone: "+255712345678" }, "phone"],
    [{ phone: "12345" }, "phone"],
    [{ amountKes: 0 }, "amountKes"],
    [{ amountKes: 99.5 }, "amountKes"],
    [{ accountReference: "ACCOUNT-REF-13" }, "accountReference"],
    [{ accountReference: " " }, "accountReference"],
    [{ transactionDesc: "fourteen chars" }, "transactionDesc"],
    [{ callbackUrl: "ftp://x" }, "callbackUrl"],
  ])("%j is refused (%s) before any request", async (override, field) => {
    const { sim, client } = await setup();
    const error = await push(client, override).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaValidationError);
    expect((error as DarajaValidationError).field).toBe(field);
    expect(sim.requests).toHaveLength(0);
  });

  it("refuses bad configuration at creation", () => {
    const base: StkClientOptions = {
      baseUrl: "http://127.0.0.1:1",
      consumerKey: "k",
      consumerSecret: "s",
      businessShortCode: "174379",
      passkey: "p",
      callbackUrl: "https://onehop.example/webhooks/mpesa/stk",
      timeoutMs: 1000,
    };
    expect(() => createStkClient(base)).not.toThrow();
    expect(() => createStkClient({ ...base, businessShortCode: "17A379" })).toThrow(
      /businessShortCode/,
    );
    expect(() => createStkClient({ ...base, partyB: "12" })).toThrow(/partyB/);
    expect(() => createStkClient({ ...base, passkey: "" })).toThrow(/passkey/);
    expect(() => createStkClient({ ...base, callbackUrl: "nope" })).toThrow(/callbackUrl/);
    expect(() =>
      createStkClient({ ...base, transactionType: "CustomerPayOnline" as "CustomerPayBillOnline" }),
    ).toThrow(/transactionType/);
  });
});

describe("OAuth token (shared with the B2C client)", () => {
  it("one token for pushes and queries, refreshed shortly before expires_in on the client's clock", async () => {
    const { sim, client, clock } = await setup();
    const ack = await accepted(client);
    await client.stkQuery(ack.checkoutRequestId);
    expect(tokenCalls(sim)).toBe(1);
    clock.now = NOW + (3599 - 61) * 1000;
    await accepted(client);
    expect(tokenCalls(sim)).toBe(1);
    clock.now = NOW + (3599 - 59) * 1000; // inside the 60 s margin
    await accepted(client);
    expect(tokenCalls(sim)).toBe(2);
    expect(new Set(calls(sim, PUSH_PATH).map((r) => r.authorization)).size).toBe(2);
  });

  it("a token Daraja expired early: 401 404.001.03, one new token, and the push goes through", async () => {
    const { sim, client } = await setup();
    await accepted(client);
    sim.expireTokens();
    expect((await push(client)).status).toBe("accepted");
    expect(tokenCalls(sim)).toBe(2);
    expect(calls(sim, PUSH_PATH).map((r) => r.status)).toEqual([200, 401, 200]);
  });

  it("wrong consumer credentials are thrown as a DarajaApiError from the token endpoint", async () => {
    const { client } = await setup({}, { consumerSecret: "wrong" });
    await expect(push(client)).rejects.toMatchObject({
      name: "DarajaApiError",
      httpStatus: 400,
      errorCode: "400.008.01",
    });
  });
});

describe("transport failures", () => {
  it("a server that never answers: the push outcome is unknown (DarajaTransportError timeout)", async () => {
    const baseUrl = await scriptedServer((req, res) => {
      tokenOr(res, req); // the push itself never gets an answer
    });
    const { client } = await setup({}, { baseUrl, timeoutMs: 150 });
    await expect(push(client)).rejects.toMatchObject({
      name: "DarajaTransportError",
      kind: "timeout",
    });
  });

  it("an unreachable host is a network error", async () => {
    const baseUrl = await scriptedServer(() => undefined);
    await running.pop()!.close();
    const { client } = await setup({}, { baseUrl });
    const error = await push(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaTransportError);
    expect((error as DarajaTransportError).kind).toBe("network");
  });

  it("a gateway page, an odd ack, a non-zero ResponseCode and an odd query answer", async () => {
    let mode = "html";
    const baseUrl = await scriptedServer((req, res) => {
      if (tokenOr(res, req)) return;
      if (mode === "html") {
        res.writeHead(502, { "content-type": "text/html" });
        res.end("<html>Bad Gateway</html>");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      if (mode === "odd") res.end(JSON.stringify({ ok: true }));
      else if (mode === "rejected")
        res.end(
          JSON.stringify({
            MerchantRequestID: "m",
            CheckoutRequestID: "ws_CO_1",
            ResponseCode: "1",
            ResponseDescription: "Rejected",
            CustomerMessage: "Rejected",
          }),
        );
      else if (mode === "other-id")
        res.end(
          JSON.stringify({
            ResponseCode: "0",
            MerchantRequestID: "m",
            CheckoutRequestID: "ws_CO_other",
            ResultCode: "0",
            ResultDesc: "ok",
          }),
        );
      else
        res.end(
          JSON.stringify({
            ResponseCode: "0",
            CheckoutRequestID: "ws_CO_1",
            ResultCode: "4999",
            ResultDesc: "The transaction is still under processing",
          }),
        );
    });
    const { client } = await setup({}, { baseUrl });
    await expect(push(client)).rejects.toMatchObject({
      name: "DarajaTransportError",
      kind: "invalid_response",
      httpStatus: 502,
    });
    await expect(client.stkQuery("ws_CO_1")).rejects.toMatchObject({
      name: "DarajaTransportError",
      httpStatus: 502,
    });
    mode = "odd";
    await expect(push(client)).rejects.toMatchObject({
      name: "DarajaTransportError",
      kind: "invalid_response",
    });
    await expect(client.stkQuery("ws_CO_1")).rejects.toMatchObject({
      name: "DarajaTransportError",
      kind: "invalid_response",
    });
    mode = "rejected";
    expect(await push(client)).toMatchObject({ status: "refused", code: "1", text: "Rejected" });
    mode = "other-id";
    await expect(client.stkQuery("ws_CO_1")).rejects.toMatchObject({
      name: "DarajaTransportError",
    });
    mode = "still-processing";
    expect(await client.stkQuery("ws_CO_1")).toMatchObject({ status: "pending" });
  });
});
