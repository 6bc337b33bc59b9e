/**
 * The live custody client against the custody simulator over real HTTP on 127.0.0.1: deposit
 * addresses, transaction reads, and Fireblocks request authentication (every way a token can be
 * wrong gets a 401 with Fireblocks' code, surfaced as a typed CustodyHttpError).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustodyClient, CustodyError, CustodyHttpError } from "./client.server";
import { sha256Hex } from "./jwt.server";
import { signedRequest, startReceiver, type Receiver } from "../../../../tests/support/custody";
import {
  generateRsaKeyPair,
  isValidBech32,
  startCustodySimulator,
  type CustodySimulator,
  type RsaKeyPairPem,
} from "../../../../tests/support/simulators";
import { isEvmAddress, isTronAddress } from "~/core/networks/addresses";
import type { Custody } from "./types";

const API_KEY = "0b6b4a55-6d1e-4a2c-9f2e-7c1c1f0e9a01";

let api: RsaKeyPairPem;
let otherKey: RsaKeyPairPem;
let receiver: Receiver;
let sim: CustodySimulator;
let client: Custody;

function clientWith(overrides: Partial<Parameters<typeof createCustodyClient>[0]> = {}): Custody {
  return createCustodyClient({
    baseUrl: sim.baseUrl,
    apiKey: API_KEY,
    apiSecretPem: api.privateKeyPem,
    timeoutMs: 2000,
    ...overrides,
  });
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
}

async function httpError(promise: Promise<unknown>): Promise<CustodyHttpError> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(CustodyHttpError);
  return error as CustodyHttpError;
}

beforeAll(async () => {
  [api, otherKey] = await Promise.all([generateRsaKeyPair(), generateRsaKeyPair()]);
  receiver = await startReceiver();
  sim = await startCustodySimulator({
    webhookUrl: receiver.url,
    apiPublicKeyPem: api.publicKeyPem,
    apiKey: API_KEY,
    signingKeyPem: otherKey.privateKeyPem,
    seed: 7,
  });
  client = clientWith();
});

afterAll(async () => {
  await sim?.close();
  await receiver?.close();
});

describe("deposit addresses", () => {
  it("gives each BTC payment a new bech32 address in the deposit vault, described by the payment id", async () => {
    const first = await client.createDepositAddress({ paymentId: "pay_btc_1", asset: "BTC" });
    const second = await client.createDepositAddress({ paymentId: "pay_btc_2", asset: "BTC" });
    expect(first.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(isValidBech32(first.address)).toBe(true);
    expect(second.address).not.toBe(first.address);
    expect(first).toMatchObject({ assetId: "BTC", vaultAccountId: "0" });
    const known = sim.depositAddresses().find((row) => row.address === first.address);
    expect(known).toMatchObject({
      vaultAccountId: "0",
      assetIds: ["BTC"],
      description: "pay_btc_1",
      customerRefId: "pay_btc_1",
    });
  });

  it("gives each ETH, USDT and USDC payment its own vault account and 0x address, with Fireblocks asset ids", async () => {
    const eth = await client.createDepositAddress({ paymentId: "pay_eth_1", asset: "ETH" });
    const usdt = await client.createDepositAddress({
      paymentId: "pay_usdt_1",
      asset: "USDT",
      network: "ethereum",
      customerRefId: "MRC-7K2Q9D",
    });
    const usdc = await client.createDepositAddress({ paymentId: "pay_usdc_1", asset: "USDC" });
    // EVM addresses carry their EIP-55 checksum (mixed case), as Fireblocks returns them.
    for (const created of [eth, usdt, usdc]) {
      expect(created.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(isEvmAddress(created.address)).toBe(true);
      expect(created.network).toBe("ethereum");
    }
    expect([eth.assetId, usdt.assetId, usdc.assetId]).toEqual(["ETH", "USDT_ERC20", "USDC"]);
    expect(new Set([eth.address, usdt.address, usdc.address]).size).toBe(3);
    expect(new Set([eth.vaultAccountId, usdt.vaultAccountId, usdc.vaultAccountId, "0"]).size).toBe(
      4,
    );
    expect(sim.depositAddresses().find((row) => row.address === usdt.address)?.customerRefId).toBe(
      "MRC-7K2Q9D",
    );
  });

  it("gives USDT on Tron a base58check T-address and USDC on Base a checksummed address, with Fireblocks' ids", async () => {
    const tron = await client.createDepositAddress({
      paymentId: "pay_usdt_tron_1",
      asset: "USDT",
      network: "tron",
    });
    expect(tron).toMatchObject({ assetId: "TRX_USDT_S2UZ", network: "tron" });
    expect(tron.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(isTronAddress(tron.address)).toBe(true);
    const base = await client.createDepositAddress({
      paymentId: "pay_usdc_base_1",
      asset: "USDC",
      network: "base",
    });
    expect(base).toMatchObject({ assetId: "USDC_BASECHAIN_ETH_5I5C", network: "base" });
    expect(isEvmAddress(base.address)).toBe(true);
    expect(base.address).not.toBe(base.address.toLowerCase());
    expect(new Set([tron.vaultAccountId, base.vaultAccountId]).size).toBe(2);
    expect(sim.depositAddresses().find((row) => row.address === tron.address)?.assetIds).toEqual([
      "TRX_USDT_S2UZ",
    ]); // USDT without a network: its default network, Tron.
    const plain = await client.createDepositAddress({ paymentId: "pay_usdt_2", asset: "USDT" });
    expect(plain).toMatchObject({ assetId: "TRX_USDT_S2UZ", network: "tron" });
    expect(isTronAddress(plain.address)).toBe(true);
  });

  it("refuses a network the asset is not on, before asking custody", async () => {
    const error = await caught(
      client.createDepositAddress({ paymentId: "pay_x", asset: "USDT", network: "base" }),
    );
    expect(error).toBeInstanceOf(CustodyError);
    expect((error as CustodyError).kind).toBe("invalid_request");
    expect((error as CustodyError).message).toBe(
      'USDT is not accepted on Base: USDT is paid on "tron" or "ethereum".',
    );
  });

  it("returns the same address when a payment's request is retried (Idempotency-Key)", async () => {
    const eth = await client.createDepositAddress({ paymentId: "pay_retry", asset: "ETH" });
    const again = await client.createDepositAddress({ paymentId: "pay_retry", asset: "ETH" });
    expect(again).toEqual(eth);
    const btc = await client.createDepositAddress({ paymentId: "pay_retry_btc", asset: "BTC" });
    expect(await client.createDepositAddress({ paymentId: "pay_retry_btc", asset: "BTC" })).toEqual(
      btc,
    );
  });

  it("refuses extra addresses for an account-based asset, like Fireblocks (one address per vault account)", async () => {
    const body = JSON.stringify({ description: "x" });
    const response = await signedRequest(sim.baseUrl, {
      method: "POST",
      path: "/v1/vault/accounts/0/ETH/addresses",
      body,
      apiKey: API_KEY,
      privateKeyPem: api.privateKeyPem,
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: expect.any(Number),
      message: expect.stringContaining("not supported"),
    });
  });

  it("answers an unknown vault account with 404 and Fireblocks' code 1004", async () => {
    const failing = clientWith({ depositVaultAccountId: "999" });
    const error = await httpError(
      failing.createDepositAddress({ paymentId: "pay_x", asset: "BTC" }),
    );
    expect(error.status).toBe(404);
    expect(error.code).toBe(1004);
    expect(error.isAuthError).toBe(false);
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("transactions", () => {
  it("reads an incoming transfer as it confirms, amounts as decimal strings", async () => {
    const deposit = await client.createDepositAddress({ paymentId: "pay_read", asset: "BTC" });
    const sent = await sim.sendPayment({ address: deposit.address, amount: "0.00150000" });

    const confirming = await client.getTransaction(sent.id);
    expect(confirming).toMatchObject({
      id: sent.id,
      status: "CONFIRMING",
      subStatus: "PENDING_BLOCKCHAIN_CONFIRMATIONS",
      operation: "TRANSFER",
      assetId: "BTC",
      destinationAddress: deposit.address,
      destination: { type: "VAULT_ACCOUNT", id: "0" },
      source: { type: "UNKNOWN" },
      numOfConfirmations: 0,
      amountInfo: {
        amount: "0.00150000",
        netAmount: "0.00150000",
        requestedAmount: "0.00150000",
        amountUSD: "97.50",
      },
      blockInfo: { blockHeight: null, blockHash: null },
    });
    expect(confirming.txHash).toMatch(/^[0-9a-f]{64}$/);
    // The deprecated float field Fireblocks still sends is not part of what we read.
    expect(confirming).not.toHaveProperty("amount");

    await sim.confirm(sent.id, 3);
    const completed = await client.getTransaction(sent.id);
    expect(completed).toMatchObject({
      status: "COMPLETED",
      subStatus: "CONFIRMED",
      numOfConfirmations: 3,
    });
    expect(completed.blockInfo.blockHeight).toMatch(/^\d+$/);
    expect(completed.lastUpdated).toBeGreaterThanOrEqual(completed.createdAt);
  });

  it("raises a typed 404 for an unknown transaction", async () => {
    const error = await httpError(client.getTransaction("3f1c2a9e-0000-4000-8000-000000000000"));
    expect(error.status).toBe(404);
    expect(error.isRetryable).toBe(false);
  });
});

describe("request authentication", () => {
  it("signs with the wrong private key: 401, code -1 (invalid signature)", async () => {
    const error = await httpError(
      clientWith({ apiSecretPem: otherKey.privateKeyPem }).getTransaction("any"),
    );
    expect(error).toMatchObject({ status: 401, code: -1, providerMessage: "invalid signature" });
    expect(error.isAuthError).toBe(true);
  });

  it("uses an expired token (clock two minutes behind): 401, code -10", async () => {
    const error = await httpError(
      clientWith({ now: () => Date.now() - 120_000 }).getTransaction("any"),
    );
    expect(error).toMatchObject({ status: 401, code: -10 });
  });

  it("issues a token in the future (clock a minute ahead): 401, code -12", async () => {
    const error = await httpError(
      clientWith({ now: () => Date.now() + 60_000 }).getTransaction("any"),
    );
    expect(error).toMatchObject({ status: 401, code: -12 });
  });

  it("uses another API key: 401", async () => {
    const error = await httpError(clientWith({ apiKey: "someone-else" }).getTransaction("any"));
    expect(error.status).toBe(401);
  });

  const path = "/v1/transactions/not-there";
  const request = (overrides: Partial<Parameters<typeof signedRequest>[1]> = {}) =>
    signedRequest(sim.baseUrl, {
      method: "GET",
      path,
      apiKey: API_KEY,
      privateKeyPem: api.privateKeyPem,
      ...overrides,
    });

  it("accepts a correctly signed raw request (the baseline for the cases below)", async () => {
    const response = await request();
    expect(response.status).toBe(404);
  });

  it("rejects a tampered token (payload changed, signature kept): code -1", async () => {
    const response = await request({
      token: (token) => {
        const [header, payload, signature] = token.split(".");
        const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<
          string,
          unknown
        >;
        claims.uri = "/v1/transactions/other";
        return `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
      },
      // Signed for the path we were allowed, rewritten to another one.
      jwt: { uri: path },
      path: "/v1/transactions/other",
    });
    expect(response).toEqual({ status: 401, json: { message: "invalid signature", code: -1 } });
  });

  it("rejects a body that does not match bodyHash", async () => {
    const response = await signedRequest(sim.baseUrl, {
      method: "POST",
      path: "/v1/vault/accounts",
      body: JSON.stringify({ name: "tampered" }),
      apiKey: API_KEY,
      privateKeyPem: api.privateKeyPem,
      jwt: { body: JSON.stringify({ name: "signed" }) },
    });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ code: -7 });
  });

  it("rejects an expired raw token (code -10), a token for another URI (-4) and a too-long lifetime", async () => {
    expect((await request({ jwt: { nowMs: Date.now() - 45_000 } })).json).toMatchObject({
      code: -10,
    });
    expect((await request({ jwt: { uri: "/v1/transactions/elsewhere" } })).json).toMatchObject({
      code: -4,
    });
    expect((await request({ jwt: { ttlSeconds: 55 } })).status).toBe(401);
  });

  it("rejects a replayed token (same nonce)", async () => {
    const token = (await import("./jwt.server")).signFireblocksJwt({
      apiKey: API_KEY,
      privateKey: api.privateKeyPem,
      uri: path,
      body: "",
    });
    expect((await request({ token: () => token })).status).toBe(404);
    expect(await request({ token: () => token })).toMatchObject({
      status: 401,
      json: { code: -7 },
    });
  });

  it("rejects a missing Authorization (-3), a missing X-API-Key and a token that is not a JWT (-5)", async () => {
    expect((await request({ headers: { Authorization: null } })).json).toMatchObject({ code: -3 });
    expect((await request({ headers: { "X-API-Key": null } })).status).toBe(401);
    expect((await request({ token: () => "not-a-jwt" })).json).toMatchObject({ code: -5 });
  });

  it("accepts the legacy SDK's hash of an empty body (sha256 of two quote marks) on a GET", async () => {
    const legacy = await request({ jwt: { body: '""' } });
    expect(legacy.status).toBe(404);
    expect(sha256Hex('""')).not.toBe(sha256Hex(""));
  });

  it("works with the key pair the simulator generates for itself", async () => {
    const selfKeyed = await startCustodySimulator({
      webhookUrl: receiver.url,
      generateApiKeyPair: true,
      signingKeyPem: otherKey.privateKeyPem,
    });
    try {
      const pair = selfKeyed.apiKeyPair;
      expect(pair).not.toBeNull();
      const own = createCustodyClient({
        baseUrl: selfKeyed.baseUrl,
        apiKey: pair?.apiKey ?? "",
        apiSecretPem: pair?.privateKeyPem ?? "",
        timeoutMs: 2000,
      });
      expect(
        (await own.createDepositAddress({ paymentId: "pay_self", asset: "USDC" })).assetId,
      ).toBe("USDC");
      const stranger = createCustodyClient({
        baseUrl: selfKeyed.baseUrl,
        apiKey: pair?.apiKey ?? "",
        apiSecretPem: api.privateKeyPem,
        timeoutMs: 2000,
      });
      expect((await httpError(stranger.getTransaction("x"))).code).toBe(-1);
    } finally {
      await selfKeyed.close();
    }
  });
});

describe("transport faults", () => {
  async function localServer(
    handler: Parameters<typeof createServer>[1],
  ): Promise<{ url: string; server: Server }> {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }
  const stop = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  it("times out a provider that does not answer", async () => {
    const { url, server } = await localServer(() => undefined);
    try {
      const error = await caught(
        clientWith({ baseUrl: url, timeoutMs: 150 }).getTransaction("slow"),
      );
      expect(error).toBeInstanceOf(CustodyError);
      expect((error as CustodyError).kind).toBe("timeout");
    } finally {
      await stop(server);
    }
  });

  it("reports an unreachable provider as a network error", async () => {
    const { url, server } = await localServer(() => undefined);
    await stop(server);
    const error = await caught(clientWith({ baseUrl: url }).getTransaction("gone"));
    expect((error as CustodyError).kind).toBe("network");
  });

  it("rejects TransactionDetails with a float amount, and a body that is not JSON", async () => {
    const bodies = [
      JSON.stringify({
        id: "tx-1",
        status: "COMPLETED",
        operation: "TRANSFER",
        assetId: "BTC",
        source: { type: "UNKNOWN" },
        destination: { type: "VAULT_ACCOUNT", id: "0" },
        amountInfo: { amount: 0.0015 },
        createdAt: 1,
        lastUpdated: 2,
        numOfConfirmations: 3,
      }),
      "<html>bad gateway</html>",
    ];
    let index = 0;
    const { url, server } = await localServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(bodies[index++]);
    });
    try {
      const floatAmount = await caught(clientWith({ baseUrl: `${url}/v1` }).getTransaction("tx-1"));
      expect((floatAmount as CustodyError).kind).toBe("invalid_response");
      expect((floatAmount as CustodyError).message).toContain("amountInfo.amount");
      const notJson = await caught(clientWith({ baseUrl: url }).getTransaction("tx-1"));
      expect((notJson as CustodyError).kind).toBe("invalid_response");
    } finally {
      await stop(server);
    }
  });

  it("refuses an address custody gives that the network cannot have (a Tron address with a bad checksum)", async () => {
    const { url, server } = await localServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      // The vault, then its TRX_USDT_S2UZ wallet with one character of a real address changed.
      res.end(
        JSON.stringify(
          req.url?.endsWith("/vault/accounts")
            ? { id: "7", name: "OneHop payment pay_bad", hiddenOnUI: true, assets: [] }
            : { id: "TRX_USDT_S2UZ", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" },
        ),
      );
    });
    try {
      const error = await caught(
        clientWith({ baseUrl: url }).createDepositAddress({
          paymentId: "pay_bad",
          asset: "USDT",
          network: "tron",
        }),
      );
      expect((error as CustodyError).kind).toBe("invalid_response");
      expect((error as CustodyError).message).toContain("not a valid tron address");
    } finally {
      await stop(server);
    }
  });

  it("refuses an unreadable API secret at construction", () => {
    expect(() => clientWith({ apiSecretPem: "not a key" })).toThrow(CustodyError);
  });
});
