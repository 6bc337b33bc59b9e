/**
 * The account balance query: the client's request and ack against the simulator over real HTTP,
 * the Result the simulator POSTs to the balance ResultURL, its parser (amounts in bigint cents),
 * and the simulator's drift.
 */
import { createServer } from "node:http";
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
import { decimalToUnits, unitsToDecimal } from "./amounts";
import { createDarajaClient, type DarajaClientOptions } from "./client.server";
import { DarajaApiError, DarajaCallbackError, DarajaValidationError } from "./errors";
import {
  balanceAccount,
  parseAccountBalanceResult,
  parseAccountBalanceString,
  UTILITY_ACCOUNT,
} from "./result";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const KEY = "balance-test-key";
const SECRET = "balance-test-secret";

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
    seed: 5,
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

/** Query, deliver the Result, parse what reached the balance ResultURL. */
async function balance({ sim, receiver, client }: Awaited<ReturnType<typeof setup>>) {
  const ack = await client.queryAccountBalance();
  await sim.flush();
  const callback = await receiver.waitFor(
    (c) =>
      c.path === "/webhooks/mpesa/balance/result" &&
      (c.body as { Result?: { OriginatorConversationID?: string } }).Result
        ?.OriginatorConversationID === ack.originatorConversationId,
  );
  return { ack, result: parseAccountBalanceResult(callback.body) };
}

describe("queryAccountBalance against the simulator", () => {
  it("sends Daraja's AccountBalance request, gets the ack, and the Result says the float less what B2C paid", async () => {
    const env = await setup();
    let n = 0;
    for (const amountKes of [1_000, 2_500, 750]) {
      await env.client.b2cPayment({
        originatorConversationId: `onehop-bal-${++n}`,
        phone: "0712345600",
        amountKes,
        remarks: "OneHop settlement",
      });
    }
    // A failed payout (magic number: insufficient float) pays nothing.
    await env.client.b2cPayment({
      originatorConversationId: `onehop-bal-${++n}`,
      phone: "254700000001",
      amountKes: 5_000,
      remarks: "OneHop settlement",
    });
    const { ack, result } = await balance(env);

    expect(ack.responseCode).toBe("0");
    const request = env.sim.requests.find((r) => r.path === "/mpesa/accountbalance/v1/query");
    expect(request?.body).toEqual({
      Initiator: "onehop-api",
      SecurityCredential: "c2ltdWxhdGVkLWNyZWRlbnRpYWw=",
      CommandID: "AccountBalance",
      PartyA: "600997",
      IdentifierType: "4",
      Remarks: "OneHop balance check",
      QueueTimeOutURL: env.receiver.url("/webhooks/mpesa/balance/result"),
      ResultURL: env.receiver.url("/webhooks/mpesa/balance/result"),
    });
    expect(result.resultCode).toBe(0);
    expect(result.originatorConversationId).toBe(ack.originatorConversationId);
    expect(result.conversationId).toBe(ack.conversationId);
    expect(result.accounts.map((a) => a.name)).toEqual([
      "Working Account",
      UTILITY_ACCOUNT,
      "Charges Paid Account",
      "Organization Settlement Account",
    ]);
    // 100,000 - 1,000 - 2,500 - 750 = 95,750 KES, in cents.
    expect(balanceAccount(result)).toEqual({
      name: UTILITY_ACCOUNT,
      currency: "KES",
      availableCents: 9_575_000n,
      currentCents: 9_575_000n,
      reservedCents: 0n,
      unclearedCents: 0n,
    });
    expect(env.sim.floatKes()).toBe(95_750);
    // BOCompletedTime is the simulator's clock, read back as UTC.
    expect(result.completedAt).toBe(new Date(NOW).toISOString());
  });

  it("reports the drift on top of the float, and 0 resets it", async () => {
    const env = await setup({ floatKes: 50_000 });
    env.sim.setDrift(-123.45);
    expect(balanceAccount((await balance(env)).result)?.availableCents).toBe(4_987_655n);
    env.sim.setDrift(10);
    expect(balanceAccount((await balance(env)).result)?.availableCents).toBe(5_001_000n);
    env.sim.setDrift(0);
    expect(balanceAccount((await balance(env)).result)?.availableCents).toBe(5_000_000n);
    expect(() => env.sim.setDrift(0.001)).toThrow(/2 decimals/);
  });

  it("takes the drift over the control API too", async () => {
    const env = await setup({ floatKes: 1_000 });
    const post = (body: unknown) =>
      fetch(`${env.sim.baseUrl}/__sim/drift`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const answer = await post({ kes: 250.5 });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { driftKes: number }).driftKes).toBe(250.5);
    expect(env.sim.driftKes()).toBe(250.5);
    expect(balanceAccount((await balance(env)).result)?.availableCents).toBe(125_050n);
    expect((await post({ kes: "12" })).status).toBe(400);
    expect(env.sim.driftKes()).toBe(250.5);
  });

  it("answers a bad credential with a 2001 Result that has no accounts", async () => {
    const { generateKeyPairSync } = await import("node:crypto");
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const env = await setup({
      initiator: {
        password: "right",
        privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      },
    });
    const { result } = await balance(env);
    expect(result.resultCode).toBe(2001);
    expect(result.accounts).toEqual([]);
    expect(balanceAccount(result)).toBeUndefined();
  });

  it("refuses to query without a balance ResultURL (never sends it to the B2C route)", async () => {
    const env = await setup({}, { balanceResultUrl: undefined });
    await expect(env.client.queryAccountBalance()).rejects.toBeInstanceOf(DarajaValidationError);
    expect(env.sim.requests).toHaveLength(0);
  });

  it("throws DarajaApiError when Daraja refuses the query", async () => {
    const server = createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url?.startsWith("/oauth/"))
        return void res.end(JSON.stringify({ access_token: "t", expires_in: "3599" }));
      res.statusCode = 400;
      res.end(
        JSON.stringify({
          requestId: "r-9",
          errorCode: "400.002.02",
          errorMessage: "Bad Request - Invalid PartyA",
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    running.push({
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    });
    const env = await setup(
      {},
      { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    );
    await expect(env.client.queryAccountBalance()).rejects.toMatchObject({
      name: "DarajaApiError",
      errorCode: "400.002.02",
    });
    await expect(env.client.queryAccountBalance()).rejects.toBeInstanceOf(DarajaApiError);
  });
});

describe("parseAccountBalanceResult", () => {
  const envelope = (parameters: unknown, code: number | string = 0) => ({
    Result: {
      ResultType: 0,
      ResultCode: code,
      ResultDesc: "The service request is processed successfully.",
      OriginatorConversationID: "16917-22577599-3",
      ConversationID: "AG_20200206_00005e091a8ec6b9eac5",
      TransactionID: "OA90000000",
      ResultParameters: { ResultParameter: parameters },
      ReferenceData: { ReferenceItem: { Key: "QueueTimeoutURL", Value: "https://x/timeout" } },
    },
  });

  it("reads Daraja's published sample: every account, negative charges, no floats", () => {
    const result = parseAccountBalanceResult(
      envelope([
        {
          Key: "AccountBalance",
          Value:
            "Working Account|KES|700000.00|700000.00|0.00|0.00&Float Account|KES|0.00|0.00|0.00|0.00&Utility Account|KES|228037.00|228037.00|0.00|0.00&Charges Paid Account|KES|-1540.00|-1540.00|0.00|0.00&Organization Settlement Account|KES|0.00|0.00|0.00|0.00",
        },
        { Key: "BOCompletedTime", Value: 20200109125710 },
      ]),
    );
    expect(result.accounts).toHaveLength(5);
    expect(balanceAccount(result)?.availableCents).toBe(22_803_700n);
    expect(balanceAccount(result, "charges paid account")).toMatchObject({
      availableCents: -154_000n,
      currentCents: -154_000n,
    });
    // 12:57:10 in Nairobi is 09:57:10 UTC.
    expect(result.completedAt).toBe("2020-01-09T09:57:10.000Z");
    expect(result.referenceData.QueueTimeoutURL).toBe("https://x/timeout");
  });

  it("takes a single ResultParameter sent as an object, and the raw JSON text", () => {
    const body = envelope({
      Key: "AccountBalance",
      Value: "Utility Account|KES|10.5|10.50|0|0.01",
    });
    const result = parseAccountBalanceResult(JSON.stringify(body));
    expect(balanceAccount(result)).toEqual({
      name: UTILITY_ACCOUNT,
      currency: "KES",
      availableCents: 1_050n,
      currentCents: 1_050n,
      reservedCents: 0n,
      unclearedCents: 1n,
    });
    expect(result.completedAt).toBeUndefined();
  });

  it("refuses a malformed AccountBalance instead of guessing", () => {
    for (const value of [
      "Utility Account|KES|10.005|10.00|0.00|0.00",
      "Utility Account|KES|ten|10.00|0.00|0.00",
      "Utility Account|KES|10.00|10.00|0.00",
      "",
    ]) {
      expect(() =>
        parseAccountBalanceResult(envelope([{ Key: "AccountBalance", Value: value }])),
      ).toThrow(DarajaCallbackError);
    }
    expect(() =>
      parseAccountBalanceResult(envelope([{ Key: "BOCompletedTime", Value: 1 }])),
    ).toThrow(/without AccountBalance/);
    expect(() => parseAccountBalanceResult({ not: "a result" })).toThrow(DarajaCallbackError);
    expect(() => parseAccountBalanceResult("{")).toThrow(DarajaCallbackError);
  });

  it("gives a failed query no accounts", () => {
    const result = parseAccountBalanceResult({
      Result: {
        ResultType: 0,
        ResultCode: "2001",
        ResultDesc: "The initiator information is invalid.",
        OriginatorConversationID: "1-2-3",
        ConversationID: "AG_1",
      },
    });
    expect(result).toMatchObject({ resultCode: 2001, accounts: [] });
  });

  it("parseAccountBalanceString keeps the order sent", () => {
    expect(
      parseAccountBalanceString("B|KES|1.00|1.00|0.00|0.00&A|KES|2.00|2.00|0.00|0.00").map(
        (a) => a.name,
      ),
    ).toEqual(["B", "A"]);
  });
});

describe("decimal amounts", () => {
  it("converts exactly, with signs and thousands separators, and refuses the rest", () => {
    expect(decimalToUnits("46713.00", 2)).toBe(4_671_300n);
    expect(decimalToUnits("-1540", 2)).toBe(-154_000n);
    expect(decimalToUnits("37,600.00", 2)).toBe(3_760_000n);
    expect(decimalToUnits("0.00150000", 8)).toBe(150_000n);
    expect(decimalToUnits("9007199254740993.01", 2)).toBe(900_719_925_474_099_301n);
    for (const bad of ["1.001", "1,00.00", "1e3", "", "--1", "1."])
      expect(decimalToUnits(bad, 2)).toBeUndefined();
    expect(unitsToDecimal(-154_000n, 2)).toBe("-1540.00");
    expect(unitsToDecimal(5n, 2)).toBe("0.05");
  });
});
