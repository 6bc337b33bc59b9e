/**
 * The simulator's M-Pesa B2B at the protocol level: raw HTTP requests as any Daraja client would
 * send them, its control route, its money, its place in the callback queue, the status query and a
 * restart.
 */
import { generateKeyPairSync } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  startCallbackReceiver,
  type CallbackReceiver,
} from "../../../tests/support/daraja-callbacks";
import { parseB2bResult, parseTransactionStatusResult } from "~/core/providers/daraja/result";
import { encryptSecurityCredential } from "~/core/providers/daraja/security-credential.server";
import { createDbSimulatorStore, openSimulatorDatabase } from "../store.server";
import { simulatedB2bChargeKes } from "./b2b.server";
import {
  startDarajaSimulator,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
} from "./index.server";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const KEY = "sim-b2b-key";
const SECRET = "sim-b2b-secret";
const BASIC = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString("base64")}`;
const B2B = "/mpesa/b2b/v1/paymentrequest";

const sims = openSimulatorDatabase(":memory:");
afterAll(() => sims.close());
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
    seed: 9,
    floatKes: 50_000,
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
  return ((await response.json()) as { access_token: string }).access_token;
}

function b2bBody(receiver: CallbackReceiver, overrides: Record<string, unknown> = {}) {
  return {
    Initiator: "testapi",
    SecurityCredential: "c2VjcmV0",
    CommandID: "BusinessPayBill",
    SenderIdentifierType: "4",
    RecieverIdentifierType: "4",
    Amount: "239",
    PartyA: "600997",
    PartyB: "700100",
    AccountReference: "353353",
    Requester: "254700000000",
    Remarks: "OK",
    QueueTimeOutURL: receiver.url("/b2b/timeout"),
    ResultURL: receiver.url("/b2b/result"),
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
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function get(sim: DarajaSimulator, path: string) {
  return (await (await fetch(`${sim.baseUrl}${path}`)).json()) as unknown;
}

describe("B2B payment request", () => {
  it("answers the ack with ids of Daraja's making, then POSTs the B2B Result with Daraja's keys on flush", async () => {
    const { sim, receiver } = await setup();
    const bearer = await token(sim);
    const ack = await post(sim, B2B, bearer, b2bBody(receiver));
    expect(ack.status).toBe(200);
    expect(Object.keys(ack.body)).toEqual([
      "OriginatorConversationID",
      "ConversationID",
      "ResponseCode",
      "ResponseDescription",
    ]);
    expect(ack.body).toMatchObject({
      ResponseCode: "0",
      ResponseDescription: "Accept the service request successfully.",
    });
    expect(sim.pendingCallbacks()).toBe(1);
    await sim.flush();
    expect(receiver.received).toHaveLength(1);
    const callback = receiver.received[0]!;
    expect(callback.path).toBe("/b2b/result");
    const raw = callback.body as {
      Result: { ResultParameters: { ResultParameter: { Key: string }[] } };
    };
    expect(raw.Result.ResultParameters.ResultParameter.map((p) => p.Key)).toEqual([
      "InitiatorAccountCurrentBalance",
      "DebitAccountCurrentBalance",
      "Amount",
      "DebitPartyAffectedAccountBalance",
      "TransCompletedTime",
      "DebitPartyCharges",
      "ReceiverPartyPublicName",
      "Currency",
    ]);
    const result = parseB2bResult(callback.body);
    expect(result).toMatchObject({
      resultCode: 0,
      originatorConversationId: ack.body.OriginatorConversationID,
      conversationId: ack.body.ConversationID,
      amountCents: 23_900n,
      debitPartyChargesCents: 400n,
      billReferenceNumber: "353353",
      receiverShortCode: "700100",
    });
    expect(result.parameters.InitiatorAccountCurrentBalance).toBe(
      "{Amount={BasicAmount=49757.00, MinimumAmount=4975700, CurrencyCode=KES}}",
    );
    expect(sim.callbacks[0]).toMatchObject({ kind: "b2b-result", status: 200 });
    expect(sim.floatKes()).toBe(50_000 - 239 - 4);
  });

  it("refuses each invalid field with 400 400.002.02 naming it, and accepts nothing", async () => {
    const { sim, receiver } = await setup();
    const bearer = await token(sim);
    const cases: [Record<string, unknown>, string][] = [
      [{ CommandID: "BusinessPayment" }, "CommandID"],
      [{ CommandID: undefined }, "CommandID"],
      [{ SenderIdentifierType: "1" }, "SenderIdentifierType"],
      [{ RecieverIdentifierType: "2" }, "RecieverIdentifierType"],
      [{ RecieverIdentifierType: undefined }, "RecieverIdentifierType"],
      [{ Amount: 100.5 }, "Amount"],
      [{ Amount: "12.50" }, "Amount"],
      [{ Amount: 0 }, "Amount"],
      [{ PartyA: "abc" }, "PartyA"],
      [{ PartyB: "1234" }, "PartyB"],
      [{ PartyB: "12345678" }, "PartyB"],
      [{ PartyB: "70O100" }, "PartyB"],
      [{ AccountReference: undefined }, "AccountReference"],
      [{ AccountReference: "" }, "AccountReference"],
      [{ AccountReference: "12345678901234" }, "AccountReference"],
      [{ Requester: "0712345678" }, "Requester"],
      [{ Remarks: "" }, "Remarks"],
      [{ Remarks: "x".repeat(101) }, "Remarks"],
      [{ ResultURL: "not a url" }, "ResultURL"],
      [{ QueueTimeOutURL: undefined }, "QueueTimeOutURL"],
      [{ Initiator: 42 }, "Initiator"],
      [{ SecurityCredential: "not base64!" }, "SecurityCredential"],
    ];
    for (const [override, field] of cases) {
      const answer = await post(sim, B2B, bearer, b2bBody(receiver, override));
      expect(answer.status, field).toBe(400);
      expect(answer.body, field).toMatchObject({
        errorCode: "400.002.02",
        errorMessage: `Bad Request - Invalid ${field}`,
      });
    }
    expect(await get(sim, "/__sim/b2b")).toEqual([]);
    expect(sim.pendingCallbacks()).toBe(0);
    expect(sim.floatKes()).toBe(50_000);

    // Buy Goods takes no account number; without a Bearer token nothing is looked at.
    const buyGoods = b2bBody(receiver, {
      CommandID: "BusinessBuyGoods",
      AccountReference: undefined,
    });
    expect((await post(sim, B2B, bearer, buyGoods)).status).toBe(200);
    const noToken = await post(sim, B2B, undefined, b2bBody(receiver));
    expect(noToken).toMatchObject({ status: 401, body: { errorCode: "404.001.03" } });
  });

  it("checks the SecurityCredential like B2C: a wrong one is ResultCode 2001 and pays nothing", async () => {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();
    const privateKeyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const { sim, receiver } = await setup({
      initiator: { name: "testapi", password: "right", privateKeyPem },
    });
    const bearer = await token(sim);
    await post(sim, B2B, bearer, {
      ...b2bBody(receiver),
      SecurityCredential: encryptSecurityCredential("wrong", publicPem),
    });
    await post(sim, B2B, bearer, {
      ...b2bBody(receiver),
      SecurityCredential: encryptSecurityCredential("right", publicPem),
    });
    await sim.flush();
    const [bad, good] = receiver.received.map((c) => parseB2bResult(c.body));
    expect(bad).toMatchObject({
      resultCode: 2001,
      resultDesc: "The initiator information is invalid.",
    });
    expect(good?.resultCode).toBe(0);
    expect(sim.floatKes()).toBe(50_000 - 239 - 4);
  });

  it("plays each outcome per receiving shortcode, set over HTTP or by the magic shortcodes", async () => {
    const { sim, receiver } = await setup();
    const bearer = await token(sim);
    const bad = await post(sim, "/__sim/b2b-outcome", undefined, {
      shortCode: "700100",
      outcome: "nope",
    });
    expect(bad.status).toBe(400);
    const badCode = await post(sim, "/__sim/b2b-outcome", undefined, {
      shortCode: "0712345678",
      outcome: "silent",
    });
    expect(badCode.status).toBe(400);
    const set = await post(sim, "/__sim/b2b-outcome", undefined, {
      shortCode: "700100",
      outcome: "not-permitted",
    });
    expect(set.body).toMatchObject({ b2bOutcomes: { "700100": "not-permitted" } });

    const expected: [string, number | string][] = [
      ["700100", 2028],
      ["700001", 1],
      ["700002", 2007],
      ["700003", 2028],
      ["700004", "SFC_IC0003"],
      ["700007", 2001],
    ];
    for (const [partyB] of expected)
      await post(sim, B2B, bearer, b2bBody(receiver, { PartyB: partyB }));
    await sim.flush();
    const codes = receiver.received.map(
      (c) => (c.body as { Result: { ResultCode: number | string } }).Result.ResultCode,
    );
    expect(codes).toEqual(expected.map(([, code]) => code));
    expect(sim.floatKes()).toBe(50_000);

    // Cleared: the shortcode pays again.
    await post(sim, "/__sim/b2b-outcome", undefined, { shortCode: "700100", outcome: null });
    await post(sim, B2B, bearer, b2bBody(receiver));
    await sim.flush();
    expect(parseB2bResult(receiver.received.at(-1)!.body).resultCode).toBe(0);
  });

  it("declines above the maximum (3) and when amount + charge exceed the float (1)", async () => {
    const { sim, receiver } = await setup({ floatKes: 1_000, maxAmountKes: 5_000 });
    const bearer = await token(sim);
    await post(sim, B2B, bearer, b2bBody(receiver, { Amount: 5_001 }));
    // 995 + its charge of 9 is more than 1,000; 991 + 9 is exactly 1,000.
    await post(sim, B2B, bearer, b2bBody(receiver, { Amount: 995 }));
    await post(sim, B2B, bearer, b2bBody(receiver, { Amount: 991 }));
    await sim.flush();
    expect(receiver.received.map((c) => parseB2bResult(c.body).resultCode)).toEqual([3, 1, 0]);
    expect(simulatedB2bChargeKes(991)).toBe(9);
    expect(sim.floatKes()).toBe(0);
  });

  it("queues B2B Results with B2C Results, delivered in the order accepted", async () => {
    const { sim, receiver } = await setup();
    const bearer = await token(sim);
    await post(sim, B2B, bearer, b2bBody(receiver));
    await post(sim, "/mpesa/b2c/v3/paymentrequest", bearer, {
      OriginatorConversationID: "ocid-order-1",
      InitiatorName: "testapi",
      SecurityCredential: "c2VjcmV0",
      CommandID: "BusinessPayment",
      Amount: 100,
      PartyA: "600997",
      PartyB: "254712345678",
      Remarks: "Settlement",
      QueueTimeOutURL: receiver.url("/b2c/timeout"),
      ResultURL: receiver.url("/b2c/result"),
    });
    await post(sim, B2B, bearer, b2bBody(receiver, { PartyB: "700006" })); // silent
    await post(sim, B2B, bearer, b2bBody(receiver, { PartyB: "700005" })); // timeout
    expect(sim.pendingCallbacks()).toBe(3);
    await sim.flush();
    expect(sim.callbacks.map((c) => c.kind)).toEqual(["b2b-result", "b2c-result", "b2b-timeout"]);
    expect(receiver.received.map((c) => c.path)).toEqual([
      "/b2b/result",
      "/b2c/result",
      "/b2b/timeout",
    ]);
    // The silent one was paid all the same; the timed-out one was not.
    const payments = (await get(sim, "/__sim/b2b")) as { partyB: string; status: string }[];
    expect(payments.map((p) => [p.partyB, p.status])).toEqual([
      ["700100", "Completed"],
      ["700006", "Completed"],
      ["700005", "NotProcessed"],
    ]);
  });

  it("is known to the transaction status query by receipt, and after a restart (stored with the float)", async () => {
    const store = createDbSimulatorStore(sims, "daraja", () => NOW);
    const { sim, receiver } = await setup({ store, floatKes: 20_000 });
    const bearer = await token(sim);
    const ack = await post(sim, B2B, bearer, b2bBody(receiver, { Amount: 2_000 }));
    await sim.flush();
    const paid = parseB2bResult(receiver.received[0]!.body);
    await sim.close();

    const again = await startDarajaSimulator({
      consumerKey: KEY,
      consumerSecret: SECRET,
      now: () => NOW,
      seed: 10,
      store,
    });
    running.push(again);
    expect(again.floatKes()).toBe(20_000 - 2_000 - 12);
    const stored = (await get(again, "/__sim/b2b")) as { originatorConversationId: string }[];
    expect(stored.map((p) => p.originatorConversationId)).toEqual([
      ack.body.OriginatorConversationID,
    ]);
    const status = await post(again, "/mpesa/transactionstatus/v1/query", await token(again), {
      Initiator: "testapi",
      SecurityCredential: "c2VjcmV0",
      CommandID: "TransactionStatusQuery",
      TransactionID: paid.transactionId,
      PartyA: "600997",
      IdentifierType: "4",
      ResultURL: receiver.url("/status/result"),
      QueueTimeOutURL: receiver.url("/status/timeout"),
      Remarks: "status",
    });
    expect(status.status).toBe(200);
    await again.flush();
    const result = parseTransactionStatusResult(receiver.received.at(-1)!.body);
    expect(result).toMatchObject({
      resultCode: 0,
      receiptNo: paid.transactionId,
      transactionStatus: "Completed",
      amountKes: 2_000,
      reasonType: "Business Pay Bill",
      debitPartyCharges: "Business Pay Bill Charge|KES|12.00",
      queriedOriginatorConversationId: ack.body.OriginatorConversationID,
      creditPartyName: "700100 - KENYA POWER",
    });
  });
});
