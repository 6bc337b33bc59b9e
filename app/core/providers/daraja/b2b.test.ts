/**
 * M-Pesa B2B (BusinessPayBill / BusinessBuyGoods): the client against the simulator over real HTTP
 * on 127.0.0.1, a local receiver standing where our Result route will stand, and the Result parser
 * (amounts and charges in bigint cents).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
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
import { createDarajaClient, type DarajaClientOptions } from "./client.server";
import {
  DarajaApiError,
  DarajaCallbackError,
  DarajaTransportError,
  DarajaValidationError,
  DuplicateRequestError,
} from "./errors";
import {
  balanceAccount,
  parseAccountBalanceResult,
  parseB2bResult,
  parseDebitPartyCharges,
  parseQueueTimeout,
} from "./result";
import type { B2bPaymentInput } from "./types";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const KEY = "b2b-test-key";
const SECRET = "b2b-test-secret";

let running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function setup(
  simOptions: Partial<DarajaSimulatorOptions> = {},
  clientOptions: Partial<DarajaClientOptions> = {},
) {
  const sim: DarajaSimulator = await startDarajaSimulator({
    consumerKey: KEY,
    consumerSecret: SECRET,
    seed: 3,
    now: () => NOW,
    floatKes: 100_000,
    ...simOptions,
  });
  const receiver: CallbackReceiver = await startCallbackReceiver();
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
    balanceResultUrl: receiver.url("/webhooks/mpesa/balance/result"),
    timeoutMs: 2000,
    now: () => NOW,
    ...clientOptions,
  });
  return { sim, receiver, client };
}
type Setup = Awaited<ReturnType<typeof setup>>;

function paybill(receiver: CallbackReceiver, overrides: Partial<B2bPaymentInput> = {}) {
  return {
    commandId: "BusinessPayBill",
    amountKes: 1_500,
    partyB: "700100",
    accountReference: "ACC-0042",
    remarks: "Supplier invoice 42",
    resultUrl: receiver.url("/webhooks/mpesa/b2b/result?transfer=b2b_0001"),
    queueTimeoutUrl: receiver.url("/webhooks/mpesa/b2b/timeout?transfer=b2b_0001"),
    ...overrides,
  } satisfies B2bPaymentInput;
}

const b2bCalls = (sim: DarajaSimulator) =>
  sim.requests.filter((r) => r.path === "/mpesa/b2b/v1/paymentrequest");

async function control(sim: DarajaSimulator, path: string, body: unknown) {
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Flush and return what reached the B2B ResultURL for this ack. */
async function resultFor({ sim, receiver }: Setup, originatorConversationId: string) {
  await sim.flush();
  const callback = await receiver.waitFor(
    (c) =>
      c.path.startsWith("/webhooks/mpesa/b2b/result") &&
      (c.body as { Result?: { OriginatorConversationID?: string } }).Result
        ?.OriginatorConversationID === originatorConversationId,
  );
  return { callback, result: parseB2bResult(callback.body) };
}

/** The Utility Account as the balance query reports it, in cents. */
async function utilityCents({ sim, receiver, client }: Setup): Promise<bigint> {
  const ack = await client.queryAccountBalance();
  await sim.flush();
  const callback = await receiver.waitFor(
    (c) =>
      c.path === "/webhooks/mpesa/balance/result" &&
      (c.body as { Result?: { OriginatorConversationID?: string } }).Result
        ?.OriginatorConversationID === ack.originatorConversationId,
  );
  const account = balanceAccount(parseAccountBalanceResult(callback.body));
  if (!account) throw new Error("no Utility Account in the balance Result");
  return account.availableCents;
}

describe("b2bPayment: BusinessPayBill", () => {
  it("sends Daraja's B2B request with no id of ours, returns Daraja's ids, and its Result parses into cents", async () => {
    const s = await setup();
    const { sim, receiver, client } = s;
    const ack = await client.b2bPayment(paybill(receiver, { requester: "0712 345 678" }));
    expect(ack).toEqual({
      originatorConversationId: expect.stringMatching(/^\d{5}-\d{8}-1$/),
      conversationId: expect.stringMatching(/^AG_20260115_[0-9a-f]{20}$/),
      responseCode: "0",
      responseDescription: "Accept the service request successfully.",
    });
    const [request] = b2bCalls(sim);
    expect(request?.body).toEqual({
      Initiator: "onehop-api",
      SecurityCredential: "c2ltdWxhdGVkLWNyZWRlbnRpYWw=",
      CommandID: "BusinessPayBill",
      SenderIdentifierType: "4",
      RecieverIdentifierType: "4",
      Amount: 1500,
      PartyA: "600997",
      PartyB: "700100",
      AccountReference: "ACC-0042",
      Requester: "254712345678",
      Remarks: "Supplier invoice 42",
      QueueTimeOutURL: receiver.url("/webhooks/mpesa/b2b/timeout?transfer=b2b_0001"),
      ResultURL: receiver.url("/webhooks/mpesa/b2b/result?transfer=b2b_0001"),
    });
    expect(request?.body).not.toHaveProperty("OriginatorConversationID");

    expect(receiver.received).toHaveLength(0);
    const { callback, result } = await resultFor(s, ack.originatorConversationId);
    // Our own id comes back only through the ResultURL we chose.
    expect(callback.path).toBe("/webhooks/mpesa/b2b/result?transfer=b2b_0001");
    expect(result).toMatchObject({
      resultCode: 0,
      originatorConversationId: ack.originatorConversationId,
      conversationId: ack.conversationId,
      transactionId: expect.stringMatching(/^UA[0-9A-Z]{8}$/),
      amountCents: 150_000n,
      currency: "KES",
      completedAt: new Date(NOW).toISOString(),
      receiverShortCode: "700100",
      receiverName: "KENYA POWER",
      receiverPartyPublicName: "700100 - KENYA POWER",
      debitPartyCharges: [{ name: "Business Pay Bill Charge", currency: "KES", cents: 900n }],
      debitPartyChargesCents: 900n,
      billReferenceNumber: "ACC-0042",
      queueTimeoutUrl: receiver.url("/webhooks/mpesa/b2b/timeout?transfer=b2b_0001"),
    });
    // The float after the payment: 100,000 - 1,500 - 9.
    expect(result.debitAccountBalances?.[0]).toMatchObject({
      name: "Utility Account",
      availableCents: 9_849_100n,
    });
    expect(typeof result.amountCents).toBe("bigint");
  });

  it("takes the amount and the charge off the balance the balance query reports", async () => {
    const s = await setup();
    const before = await utilityCents(s);
    const ack = await s.client.b2bPayment(paybill(s.receiver, { amountKes: 12_000 }));
    const { result } = await resultFor(s, ack.originatorConversationId);
    expect(result.debitPartyChargesCents).toBe(1_800n);
    const after = await utilityCents(s);
    expect(before - after).toBe(result.amountCents! + result.debitPartyChargesCents);
    expect(before - after).toBe(1_201_800n);
  });
});

describe("b2bPayment: BusinessBuyGoods", () => {
  it("pays a till; without an account reference the till number is sent as AccountReference", async () => {
    const s = await setup();
    const ack = await s.client.b2bPayment({
      commandId: "BusinessBuyGoods",
      amountKes: 300,
      partyB: "5123456",
      remarks: "Stock",
      resultUrl: s.receiver.url("/webhooks/mpesa/b2b/result?transfer=b2b_0002"),
      queueTimeoutUrl: s.receiver.url("/webhooks/mpesa/b2b/timeout?transfer=b2b_0002"),
    });
    expect(b2bCalls(s.sim)[0]?.body).toMatchObject({
      CommandID: "BusinessBuyGoods",
      PartyB: "5123456",
      AccountReference: "5123456",
    });
    expect(b2bCalls(s.sim)[0]?.body).not.toHaveProperty("Requester");
    const { result } = await resultFor(s, ack.originatorConversationId);
    expect(result).toMatchObject({
      resultCode: 0,
      amountCents: 30_000n,
      receiverShortCode: "5123456",
      debitPartyCharges: [{ name: "Business Buy Goods Charge", currency: "KES", cents: 400n }],
      debitPartyChargesCents: 400n,
      billReferenceNumber: "5123456",
    });
  });
});

describe("b2bPayment: refusals", () => {
  it("refuses bad input before anything is sent, naming the field", async () => {
    const { sim, receiver, client } = await setup();
    const cases: [Partial<B2bPaymentInput>, string][] = [
      [{ accountReference: undefined }, "accountReference"],
      [{ accountReference: "   " }, "accountReference"],
      [{ accountReference: "12345678901234" }, "accountReference"],
      [{ amountKes: 100.5 }, "amountKes"],
      [{ amountKes: 0 }, "amountKes"],
      [{ partyB: "1234" }, "partyB"],
      [{ partyB: "12345678" }, "partyB"],
      [{ partyB: "70O100" }, "partyB"],
      [{ requester: "255712345678" }, "requester"],
      [{ remarks: "" }, "remarks"],
      [{ resultUrl: "not a url" }, "resultUrl"],
      [{ commandId: "BusinessPayment" as B2bPaymentInput["commandId"] }, "commandId"],
    ];
    for (const [override, field] of cases) {
      const error = await client.b2bPayment(paybill(receiver, override)).catch((e: unknown) => e);
      expect(error, field).toBeInstanceOf(DarajaValidationError);
      expect((error as DarajaValidationError).field, JSON.stringify(override)).toBe(field);
    }
    expect(b2bCalls(sim)).toHaveLength(0);
    // A 13-character reference is Daraja's limit and goes through untouched.
    await client.b2bPayment(paybill(receiver, { accountReference: "1234567890123" }));
    expect(b2bCalls(sim)[0]?.body).toMatchObject({ AccountReference: "1234567890123" });
  });

  it("throws Daraja's refusals as the B2C call does: error body, ack code, no answer", async () => {
    const answers: ((res: ServerResponse) => void)[] = [
      (res) => {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            requestId: "r-9",
            errorCode: "400.002.02",
            errorMessage: "Bad Request - Invalid PartyB",
          }),
        );
      },
      (res) =>
        res.end(
          JSON.stringify({
            OriginatorConversationID: "1-2-3",
            ConversationID: "AG_x",
            ResponseCode: "1",
            ResponseDescription: "Rejected",
          }),
        ),
      (res) => {
        // Daraja's duplicate code, but a B2B request has no id of ours: a plain refusal.
        res.statusCode = 500;
        res.end(JSON.stringify({ errorCode: "500.002.1001", errorMessage: "Duplicate" }));
      },
      (res) => {
        res.statusCode = 503;
        res.setHeader("content-type", "text/html");
        res.end("<html>Service Unavailable</html>");
      },
    ];
    let next = 0;
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      res.setHeader("content-type", "application/json");
      if (req.url?.startsWith("/oauth/")) {
        res.end(JSON.stringify({ access_token: "t", expires_in: "3599" }));
        return;
      }
      answers[next++]!(res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    running.push({
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    });
    const { receiver, client } = await setup(
      {},
      { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    );
    const refused = await client.b2bPayment(paybill(receiver)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DarajaApiError);
    expect(refused).toMatchObject({ httpStatus: 400, errorCode: "400.002.02", requestId: "r-9" });
    await expect(client.b2bPayment(paybill(receiver))).rejects.toMatchObject({
      name: "DarajaApiError",
      errorCode: "1",
      errorMessage: "Rejected",
    });
    const duplicate = await client.b2bPayment(paybill(receiver)).catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(DarajaApiError);
    expect(duplicate).not.toBeInstanceOf(DuplicateRequestError);
    const unknown = await client.b2bPayment(paybill(receiver)).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(DarajaTransportError);
    expect(unknown).toMatchObject({ kind: "invalid_response", httpStatus: 503 });
  });
});

describe("b2bPayment: outcomes", () => {
  it("a refused account number: ResultCode 2007, nothing paid, no charge", async () => {
    const s = await setup();
    expect(
      (
        await control(s.sim, "/__sim/b2b-outcome", {
          shortCode: "700100",
          outcome: "invalid-account",
        })
      ).status,
    ).toBe(200);
    const ack = await s.client.b2bPayment(paybill(s.receiver));
    const { result } = await resultFor(s, ack.originatorConversationId);
    expect(result).toMatchObject({
      resultCode: 2007,
      resultDesc: "External validation failed for the C2B transaction.",
      originatorConversationId: ack.originatorConversationId,
      debitPartyCharges: [],
      debitPartyChargesCents: 0n,
      billReferenceNumber: "ACC-0042",
    });
    expect(result.amountCents).toBeUndefined();
    expect(s.sim.floatKes()).toBe(100_000);
  });

  it("an unknown till: the non-numeric ResultCode SFC_IC0003 is kept as sent", async () => {
    const s = await setup();
    const ack = await s.client.b2bPayment(paybill(s.receiver, { partyB: "700004" }));
    const { result } = await resultFor(s, ack.originatorConversationId);
    expect(result).toMatchObject({ resultCode: -1, resultCodeRaw: "SFC_IC0003" });
  });

  it("silent: paid, but no Result ever comes", async () => {
    const s = await setup();
    await control(s.sim, "/__sim/b2b-outcome", { shortCode: "700100", outcome: "silent" });
    const ack = await s.client.b2bPayment(paybill(s.receiver, { amountKes: 2_000 }));
    expect(ack.responseCode).toBe("0");
    expect(s.sim.pendingCallbacks()).toBe(0);
    await s.sim.flush();
    expect(s.receiver.received).toHaveLength(0);
    expect(s.sim.callbacks).toHaveLength(0);
    expect(s.sim.floatKes()).toBe(100_000 - 2_000 - 12);
  });

  it("timeout: nothing paid, the timeout goes to QueueTimeOutURL", async () => {
    const s = await setup();
    const ack = await s.client.b2bPayment(paybill(s.receiver, { partyB: "700005" }));
    await s.sim.flush();
    expect(s.receiver.received.map((c) => c.path)).toEqual([
      "/webhooks/mpesa/b2b/timeout?transfer=b2b_0001",
    ]);
    expect(parseQueueTimeout(s.receiver.received[0]!.body)).toMatchObject({
      originatorConversationId: ack.originatorConversationId,
      conversationId: ack.conversationId,
    });
    expect(s.sim.floatKes()).toBe(100_000);
  });
});

describe("parseB2bResult", () => {
  /** Daraja's own B2B Result sample (ResultParameter array, Amount a number, charge 77.00). */
  const sample = {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: "The service request has been accepted successfully.",
      OriginatorConversationID: "8551-61996-3",
      ConversationID: "AG_20170727_00006c6f7f5b8b6b1a62",
      TransactionID: "LGR519G2QV",
      ResultParameters: {
        ResultParameter: [
          {
            Key: "InitiatorAccountCurrentBalance",
            Value: "{ Amount={BasicAmount=46713.00, MinimumAmount=4671300, CurrencyCode=KES}}",
          },
          {
            Key: "DebitAccountCurrentBalance",
            Value: "{Amount={BasicAmount=46713.00, MinimumAmount=4671300, CurrencyCode=KES}}",
          },
          { Key: "Amount", Value: 10 },
          {
            Key: "DebitPartyAffectedAccountBalance",
            Value: "Working Account|KES|46713.00|46713.00|0.00|0.00",
          },
          { Key: "TransCompletedTime", Value: 20170727102524 },
          { Key: "DebitPartyCharges", Value: "Business Pay Bill Charge|KES|77.00" },
          { Key: "ReceiverPartyPublicName", Value: "603094 - Safaricom3117" },
          { Key: "Currency", Value: "KES" },
        ],
      },
      ReferenceData: {
        ReferenceItem: [
          { Key: "BillReferenceNumber", Value: "aaa" },
          { Key: "QueueTimeoutURL", Value: "https://example.test/b2bresults/v1/submit" },
          { Key: "Occasion" },
        ],
      },
    },
  };

  it("reads Daraja's sample", () => {
    const result = parseB2bResult(sample);
    expect(result).toMatchObject({
      resultCode: 0,
      originatorConversationId: "8551-61996-3",
      transactionId: "LGR519G2QV",
      amountCents: 1_000n,
      completedAt: "2017-07-27T07:25:24.000Z",
      receiverShortCode: "603094",
      receiverName: "Safaricom3117",
      debitPartyCharges: [{ name: "Business Pay Bill Charge", currency: "KES", cents: 7_700n }],
      debitPartyChargesCents: 7_700n,
      billReferenceNumber: "aaa",
      debitAccountBalances: [{ name: "Working Account", availableCents: 4_671_300n }],
    });
    // The same body as JSON text.
    expect(parseB2bResult(JSON.stringify(sample))).toEqual(result);
  });

  it("takes amounts as strings with decimals and adds up several charges", () => {
    const body = structuredClone(sample);
    const params = body.Result.ResultParameters.ResultParameter;
    params[2] = { Key: "Amount", Value: "37,600.50" } as (typeof params)[number];
    params[5] = {
      Key: "DebitPartyCharges",
      Value: "Business Pay Bill Charge|KES|77.00&Excise Duty|KES|11.55",
    };
    const result = parseB2bResult(body);
    expect(result.amountCents).toBe(3_760_050n);
    expect(result.debitPartyChargesCents).toBe(8_855n);
    expect(parseDebitPartyCharges("")).toEqual([]);
  });

  it("gives a clear DarajaCallbackError for bad or partial bodies, never a crash", () => {
    const broken: [unknown, RegExp][] = [
      ["{not json", /not JSON/],
      [{}, /not a Daraja Result envelope/],
      [{ Result: { ResultCode: 0 } }, /OriginatorConversationID/],
      [
        {
          Result: {
            ResultCode: 0,
            OriginatorConversationID: "1",
            ResultParameters: { ResultParameter: { Key: "Currency", Value: "KES" } },
          },
        },
        /success without Amount/,
      ],
      [
        {
          Result: {
            ResultCode: 0,
            OriginatorConversationID: "1",
            ResultParameters: { ResultParameter: { Key: "Amount", Value: "ten" } },
          },
        },
        /Amount "ten" is not an amount/,
      ],
      [
        {
          Result: {
            ResultCode: 0,
            OriginatorConversationID: "1",
            ResultParameters: {
              ResultParameter: [
                { Key: "Amount", Value: 10 },
                { Key: "DebitPartyCharges", Value: "Business Pay Bill Charge|KES|7.7.0" },
              ],
            },
          },
        },
        /DebitPartyCharges .* is not Name\|Currency\|amount/,
      ],
      [
        {
          Result: {
            ResultCode: 0,
            OriginatorConversationID: "1",
            ResultParameters: {
              ResultParameter: [
                { Key: "Amount", Value: 10 },
                { Key: "DebitPartyCharges", Value: "Charge|USD|1.00" },
              ],
            },
          },
        },
        /in USD, expected KES/,
      ],
    ];
    for (const [body, message] of broken) {
      const error = (() => {
        try {
          parseB2bResult(body);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error, JSON.stringify(body)).toBeInstanceOf(DarajaCallbackError);
      expect((error as Error).message).toMatch(message);
    }
  });

  it("a failure without ResultParameters and a single ReferenceItem object parses", () => {
    const result = parseB2bResult({
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: "The initiator information is invalid.",
        OriginatorConversationID: "1-2-3",
        ConversationID: "AG_1",
        TransactionID: "UA00000000",
        ReferenceData: { ReferenceItem: { Key: "BillReferenceNumber", Value: "ACC1" } },
      },
    });
    expect(result).toMatchObject({
      resultCode: 2001,
      billReferenceNumber: "ACC1",
      debitPartyCharges: [],
      debitPartyChargesCents: 0n,
    });
    expect(result.amountCents).toBeUndefined();
  });
});
