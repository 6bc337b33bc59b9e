/**
 * The live client against the simulator over real HTTP on 127.0.0.1, with a local receiver standing
 * where our webhook routes stand. No mocks: the same code path as production, another base URL.
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
import { createDarajaClient, type DarajaClientOptions } from "./client.server";
import {
  DarajaApiError,
  DarajaTransportError,
  DarajaValidationError,
  DuplicateRequestError,
} from "./errors";
import {
  classifyResultCode,
  isSuccess,
  parseB2cResult,
  parseQueueTimeout,
  parseTransactionStatusResult,
  statusOutcome,
} from "./result";
import {
  startDarajaSimulator,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
} from "../../../../tests/support/simulators";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const KEY = "client-test-key";
const SECRET = "client-test-secret";
const fixtureText = (name: string) =>
  readFileSync(path.resolve("tests/fixtures/daraja", name), "utf8");

let running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

interface Setup {
  sim: DarajaSimulator;
  receiver: CallbackReceiver;
  client: ReturnType<typeof createDarajaClient>;
  clock: { now: number };
}

async function setup(
  simOptions: Partial<DarajaSimulatorOptions> = {},
  clientOptions: Partial<DarajaClientOptions> = {},
): Promise<Setup> {
  const clock = { now: NOW };
  const sim = await startDarajaSimulator({
    consumerKey: KEY,
    consumerSecret: SECRET,
    seed: 11,
    now: () => NOW,
    ...simOptions,
  });
  const receiver = await startCallbackReceiver();
  running.push(sim, receiver);
  const client = createDarajaClient({
    baseUrl: sim.baseUrl,
    consumerKey: KEY,
    consumerSecret: SECRET,
    initiatorName: "onehop-api",
    securityCredential: "c2ltdWxhdGVkLWNyZWRlbnRpYWw=",
    shortCode: "600997",
    resultUrl: receiver.url("/webhooks/mpesa/b2c/result"),
    queueTimeoutUrl: receiver.url("/webhooks/mpesa/b2c/timeout"),
    statusResultUrl: receiver.url("/webhooks/mpesa/status/result"),
    timeoutMs: 2000,
    now: () => clock.now,
    ...clientOptions,
  });
  return { sim, receiver, client, clock };
}

const tokenCalls = (sim: DarajaSimulator) =>
  sim.requests.filter((r) => r.path.startsWith("/oauth/v1/generate")).length;
const b2cCalls = (sim: DarajaSimulator) =>
  sim.requests.filter((r) => r.path === "/mpesa/b2c/v3/paymentrequest");
let counter = 0;
const nextId = () => `onehop-stl-${++counter}`;

function pay(
  client: Setup["client"],
  phone = "0712 345 600",
  amountKes = 1000,
  originatorConversationId = nextId(),
) {
  return client.b2cPayment({
    originatorConversationId,
    phone,
    amountKes,
    remarks: "OneHop settlement",
  });
}

/** A scripted HTTP server for answers the simulator never gives. */
async function scriptedServer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const closer = {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  running.push(closer);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("OAuth token", () => {
  it("is fetched once for many payments, concurrent ones included", async () => {
    const { sim, client } = await setup();
    // Concurrent first, while no token is cached: they share one token request.
    await Promise.all(Array.from({ length: 5 }, () => pay(client)));
    for (let i = 0; i < 3; i++) await pay(client);
    expect(tokenCalls(sim)).toBe(1);
    expect(b2cCalls(sim)).toHaveLength(8);
    const token = sim.requests[0]!;
    expect(token.authorization).toBe(`Basic ${Buffer.from(`${KEY}:${SECRET}`).toString("base64")}`);
    expect(
      b2cCalls(sim).every(
        (r) =>
          r.authorization === b2cCalls(sim)[0]!.authorization &&
          /^Bearer \S+$/.test(r.authorization ?? ""),
      ),
    ).toBe(true);
  });

  it("is refreshed shortly before expires_in runs out on the client's clock", async () => {
    const { sim, client, clock } = await setup();
    await pay(client);
    clock.now = NOW + (3599 - 61) * 1000; // still inside the lifetime minus the 60 s margin
    await pay(client);
    expect(tokenCalls(sim)).toBe(1);
    clock.now = NOW + (3599 - 59) * 1000; // inside the margin: refresh
    await pay(client);
    expect(tokenCalls(sim)).toBe(2);
    const bearers = new Set(b2cCalls(sim).map((r) => r.authorization));
    expect(bearers.size).toBe(2);
  });

  it("is refreshed once when Daraja answers 401 404.001.03, and the payment goes through", async () => {
    const { sim, client } = await setup();
    await pay(client);
    sim.expireTokens();
    const ack = await pay(client);
    expect(ack.responseCode).toBe("0");
    expect(tokenCalls(sim)).toBe(2);
    expect(b2cCalls(sim).map((r) => r.status)).toEqual([200, 401, 200]);
  });

  it("gives up after one refresh when the token keeps being refused", async () => {
    let tokens = 0;
    let posts = 0;
    const baseUrl = await scriptedServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url?.startsWith("/oauth/")) {
        tokens++;
        res.end(JSON.stringify({ access_token: `t${tokens}`, expires_in: "3599" }));
      } else {
        posts++;
        res.statusCode = 401;
        res.end(
          JSON.stringify({
            requestId: "r-1",
            errorCode: "404.001.03",
            errorMessage: "Invalid Access Token",
          }),
        );
      }
    });
    const { client } = await setup({}, { baseUrl });
    const error = await pay(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaApiError);
    expect(error).toMatchObject({
      httpStatus: 401,
      errorCode: "404.001.03",
      errorMessage: "Invalid Access Token",
      requestId: "r-1",
    });
    expect([tokens, posts]).toEqual([2, 2]);
  });

  it("surfaces wrong consumer credentials as a DarajaApiError", async () => {
    const { client } = await setup({}, { consumerSecret: "wrong" });
    await expect(pay(client)).rejects.toMatchObject({
      name: "DarajaApiError",
      httpStatus: 400,
      errorCode: "400.008.01",
    });
  });
});

describe("B2C payment end to end", () => {
  it("sends the documented request, gets the ack, and the Result reaches the receiver and parses", async () => {
    const { sim, receiver, client } = await setup();
    const id = nextId();
    const ack = await client.b2cPayment({
      originatorConversationId: id,
      phone: "+254 712 345 600",
      amountKes: 2500,
      remarks: `Settlement ${"r".repeat(200)}`,
      occasion: `Payment ${"o".repeat(200)}`,
      commandId: "BusinessPayment",
    });
    expect(ack).toEqual({
      conversationId: expect.stringMatching(/^AG_20260115_[0-9a-f]{20}$/) as unknown,
      originatorConversationId: id,
      responseCode: "0",
      responseDescription: "Accept the service request successfully.",
    });
    const sent = b2cCalls(sim)[0]!.body as Record<string, unknown>;
    expect(sent).toEqual({
      OriginatorConversationID: id,
      InitiatorName: "onehop-api",
      SecurityCredential: "c2ltdWxhdGVkLWNyZWRlbnRpYWw=",
      CommandID: "BusinessPayment",
      Amount: 2500,
      PartyA: "600997",
      PartyB: "254712345600",
      Remarks: `Settlement ${"r".repeat(89)}`,
      QueueTimeOutURL: receiver.url("/webhooks/mpesa/b2c/timeout"),
      ResultURL: receiver.url("/webhooks/mpesa/b2c/result"),
      Occasion: `Payment ${"o".repeat(92)}`,
    });
    expect((sent.Remarks as string).length).toBe(100);
    expect((sent.Occasion as string).length).toBe(100);

    await sim.flush();
    const callback = await receiver.waitFor((c) => c.path === "/webhooks/mpesa/b2c/result");
    const result = parseB2cResult(callback.body);
    expect(isSuccess(result)).toBe(true);
    expect(result).toMatchObject({
      originatorConversationId: id,
      conversationId: ack.conversationId,
      amountKes: 2500,
      receiverName: "JOHN DOE",
      receiverMsisdn: "254712345600",
      completedAt: new Date(NOW).toISOString(),
      receipt: sim.transaction(id)?.transactionId,
    });
  });

  it.each([
    ["insufficient-float", 1, "failed-retryable"],
    ["invalid-number", 7, "failed-permanent"],
    ["invalid-initiator", 2001, "failed-permanent"],
  ] as const)("outcome %s: Result %i, %s", async (outcome, code, klass) => {
    const { sim, receiver, client } = await setup();
    sim.setOutcome("0722 000 001", outcome);
    const id = nextId();
    await pay(client, "0722000001", 500, id);
    await sim.flush();
    const result = parseB2cResult(
      (await receiver.waitFor((c) => c.path.endsWith("/b2c/result"))).body,
    );
    expect(result).toMatchObject({ originatorConversationId: id, resultCode: code });
    expect(result.receipt).toBeUndefined();
    expect(classifyResultCode(result.resultCode).class).toBe(klass);
    expect(sim.floatKes()).toBe(5_000_000);
  });

  it("pays from the simulated float until it runs out (ResultCode 1)", async () => {
    const { sim, receiver, client } = await setup({ floatKes: 3000 });
    await pay(client, "0712345601", 2000);
    await pay(client, "0712345602", 2000);
    await sim.flush();
    const results = receiver.received.map((c) => parseB2cResult(c.body));
    expect(results.map((r) => r.resultCode)).toEqual([0, 1]);
    expect(results[0]!.utilityAccountAvailableKes).toBe(1000);
    expect(sim.floatKes()).toBe(1000);
  });

  it("timeout: the QueueTimeOutURL gets the call, and the status query then finds nothing", async () => {
    const { sim, receiver, client } = await setup();
    const id = nextId();
    await pay(client, "254700000003", 700, id);
    await sim.flush();
    expect(receiver.received.map((c) => c.path)).toEqual(["/webhooks/mpesa/b2c/timeout"]);
    expect(parseQueueTimeout(receiver.received[0]!.body).originatorConversationId).toBe(id);

    const query = await client.transactionStatus({ originatorConversationId: id });
    await sim.flush();
    const status = parseTransactionStatusResult(
      (await receiver.waitFor((c) => c.path === "/webhooks/mpesa/status/result")).body,
    );
    expect(status.originatorConversationId).toBe(query.originatorConversationId);
    expect(status.occasion).toBe(id);
    expect(statusOutcome(status)).toBe("not-found");
    expect(sim.floatKes()).toBe(5_000_000);
  });

  it("silent: no callback ever comes, and the status query tells the payment completed", async () => {
    const { sim, receiver, client } = await setup();
    const id = nextId();
    await pay(client, "0700000004", 900, id);
    await sim.flush();
    expect(receiver.received).toHaveLength(0);

    await client.transactionStatus({ originatorConversationId: id });
    const statusBody = b2cCallsAndStatus(sim).at(-1)!.body as Record<string, unknown>;
    expect(statusBody).toMatchObject({
      Initiator: "onehop-api",
      CommandID: "TransactionStatusQuery",
      OriginalConversationID: id,
      PartyA: "600997",
      IdentifierType: "4",
      ResultURL: receiver.url("/webhooks/mpesa/status/result"),
      QueueTimeOutURL: receiver.url("/webhooks/mpesa/status/result"),
      Occasion: id,
    });
    await sim.flush();
    const status = parseTransactionStatusResult(receiver.received[0]!.body);
    expect(statusOutcome(status)).toBe("completed");
    expect(status).toMatchObject({
      queriedOriginatorConversationId: id,
      amountKes: 900,
      receiptNo: sim.transaction(id)?.transactionId,
    });

    // The receipt works as a key too.
    await client.transactionStatus({ transactionId: status.receiptNo! });
    await sim.flush();
    expect(statusOutcome(parseTransactionStatusResult(receiver.received[1]!.body))).toBe(
      "completed",
    );
  });

  it("a failed payment shows as failed in the status query", async () => {
    const { sim, receiver, client } = await setup();
    const id = nextId();
    await pay(client, "254700000002", 300, id);
    await client.transactionStatus({ originatorConversationId: id });
    await sim.flush();
    const status = parseTransactionStatusResult(
      receiver.received.find((c) => c.path.includes("/status/"))!.body,
    );
    expect(statusOutcome(status)).toBe("failed");
    expect(status.transactionReason).toBe("The receiver party is unresolved.");
  });

  it("a repeated OriginatorConversationID is a DuplicateRequestError and nothing is paid twice", async () => {
    const { sim, receiver, client } = await setup();
    const id = nextId();
    await pay(client, "0712345678", 1200, id);
    const error = await pay(client, "0712345678", 1200, id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateRequestError);
    const recorded = JSON.parse(fixtureText("b2c-error-duplicate-originator.json")) as {
      errorCode: string;
      errorMessage: string;
    };
    expect(error).toMatchObject({
      originatorConversationId: id,
      httpStatus: 500,
      errorCode: recorded.errorCode,
      errorMessage: recorded.errorMessage,
    });
    await sim.flush();
    expect(receiver.received).toHaveLength(1);
    expect(sim.floatKes()).toBe(5_000_000 - 1200);
  });
});

describe("validation before the network", () => {
  it.each([
    [{ phone: "0812 345 678" }, "phone"],
    [{ phone: "+255712345678" }, "phone"],
    [{ amountKes: 100.5 }, "amountKes"],
    [{ amountKes: 9 }, "amountKes"],
    [{ amountKes: Number.NaN }, "amountKes"],
    [{ remarks: "   " }, "remarks"],
    [{ originatorConversationId: "" }, "originatorConversationId"],
    [{ commandId: "Refund" }, "commandId"],
  ])("%j is refused (%s) without any request", async (override, field) => {
    const { sim, client } = await setup();
    const input = {
      originatorConversationId: nextId(),
      phone: "0712345678",
      amountKes: 100,
      remarks: "x",
      ...override,
    };
    const error = await client
      .b2cPayment(input as Parameters<typeof client.b2cPayment>[0])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaValidationError);
    expect((error as DarajaValidationError).field).toBe(field);
    expect(sim.requests).toHaveLength(0);
  });

  it("refuses bad configuration at creation", () => {
    const base = {
      baseUrl: "http://127.0.0.1:1",
      consumerKey: "k",
      consumerSecret: "s",
      initiatorName: "i",
      securityCredential: "c",
      shortCode: "600997",
      resultUrl: "https://onehop.example/webhooks/mpesa/b2c/result",
      queueTimeoutUrl: "https://onehop.example/webhooks/mpesa/b2c/timeout",
      timeoutMs: 1000,
    };
    expect(() => createDarajaClient(base)).not.toThrow();
    expect(() => createDarajaClient({ ...base, shortCode: "60A997" })).toThrow(
      DarajaValidationError,
    );
    expect(() => createDarajaClient({ ...base, resultUrl: "ftp://x" })).toThrow(/resultUrl/);
    expect(() =>
      createDarajaClient({
        ...base,
        securityCredential: { initiatorPassword: "p", certificatePem: "nope" },
      }),
    ).toThrow(/certificate/);
  });
});

describe("SecurityCredential from the initiator password and certificate", () => {
  const initiator = {
    name: "onehop-api",
    password: "Init!ator-2026",
    privateKeyPem: fixtureText("test-initiator-key.pem"),
  };

  it("is encrypted with the certificate and accepted by a simulator holding the private key", async () => {
    const { sim, receiver, client } = await setup(
      { initiator },
      {
        securityCredential: {
          initiatorPassword: initiator.password,
          certificatePem: fixtureText("test-initiator-cert.pem"),
        },
      },
    );
    await pay(client);
    await sim.flush();
    expect(parseB2cResult(receiver.received[0]!.body).resultCode).toBe(0);
    const sent = (b2cCalls(sim)[0]!.body as { SecurityCredential: string }).SecurityCredential;
    expect(Buffer.from(sent, "base64")).toHaveLength(256);
  });

  it("a wrong password comes back as Result 2001, the way Daraja reports a bad credential", async () => {
    const { sim, receiver, client } = await setup(
      { initiator },
      {
        securityCredential: {
          initiatorPassword: "wrong",
          certificatePem: fixtureText("test-initiator-cert.pem"),
        },
      },
    );
    await pay(client);
    await sim.flush();
    const result = parseB2cResult(receiver.received[0]!.body);
    expect(result.resultCode).toBe(2001);
    expect(classifyResultCode(result.resultCode).message).toMatch(/credentials/);
  });
});

describe("transport failures", () => {
  it("a server that never answers is a timeout (outcome unknown)", async () => {
    const baseUrl = await scriptedServer(() => {
      // never answers
    });
    const { client } = await setup({}, { baseUrl, timeoutMs: 150 });
    await expect(pay(client)).rejects.toMatchObject({
      name: "DarajaTransportError",
      kind: "timeout",
    });
  });

  it("an unreachable host is a network error", async () => {
    const baseUrl = await scriptedServer(() => undefined);
    await running.pop()!.close();
    const { client } = await setup({}, { baseUrl });
    const error = await pay(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaTransportError);
    expect((error as DarajaTransportError).kind).toBe("network");
  });

  it("a gateway page instead of Daraja's body, an odd ack, and a non-zero ResponseCode", async () => {
    let mode = "html";
    const baseUrl = await scriptedServer((req, res) => {
      if (req.url?.startsWith("/oauth/")) {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ access_token: "t", expires_in: "3599" }));
        return;
      }
      if (mode === "html") {
        res.writeHead(502, { "content-type": "text/html" });
        res.end("<html>Bad Gateway</html>");
      } else if (mode === "odd") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ok: true }));
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            ConversationID: "AG_x",
            OriginatorConversationID: "y",
            ResponseCode: "1",
            ResponseDescription: "Rejected",
          }),
        );
      }
    });
    const { client } = await setup({}, { baseUrl });
    await expect(pay(client)).rejects.toMatchObject({
      name: "DarajaTransportError",
      kind: "invalid_response",
      httpStatus: 502,
    });
    mode = "odd";
    await expect(pay(client)).rejects.toMatchObject({
      name: "DarajaTransportError",
      kind: "invalid_response",
    });
    mode = "rejected";
    await expect(pay(client)).rejects.toMatchObject({
      name: "DarajaApiError",
      errorCode: "1",
      errorMessage: "Rejected",
    });
  });
});

function b2cCallsAndStatus(sim: DarajaSimulator) {
  return sim.requests.filter((r) => r.path.startsWith("/mpesa/"));
}
