/**
 * Vault balances (Fireblocks `GET /v1/vault/accounts/{id}/{assetId}` and `GET
 * /v1/vault/assets/{assetId}`) against the custody simulator over real HTTP: the deposits, in the
 * ledger's base units as bigint; the simulator's drift; refused and malformed answers as typed
 * errors.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  generateRsaKeyPair,
  startCustodySimulator,
  type CustodySimulator,
  type RsaKeyPairPem,
} from "../../../../tests/support/simulators";
import { createCustodyClient, CustodyError, CustodyHttpError } from "./client.server";

const API_KEY = "5d1c0a55-6d1e-4a2c-9f2e-7c1c1f0e9a02";

let api: RsaKeyPairPem;
let sim: CustodySimulator;
const closers: { close(): unknown }[] = [];

const clientFor = (baseUrl: string) =>
  createCustodyClient({
    baseUrl,
    apiKey: API_KEY,
    apiSecretPem: api.privateKeyPem,
    timeoutMs: 2000,
  });

beforeAll(async () => {
  api = await generateRsaKeyPair();
  sim = await startCustodySimulator({
    webhookUrl: "http://127.0.0.1:9/webhooks/custody",
    apiPublicKeyPem: api.publicKeyPem,
    apiKey: API_KEY,
    maxRetries: 0,
    deliveryTimeoutMs: 200,
    completeAt: { BTC: 2, ETH: 1, USDT: 1 },
    seed: 11,
  });
  closers.push(sim);
});

afterAll(async () => {
  for (const closer of closers) await closer.close();
});

/** An answer the simulator never gives, from a scripted server. */
async function scripted(body: unknown, status = 200) {
  const server = createServer((_req, res) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  closers.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("custody balances", () => {
  it("sums the deposits per wallet and per asset: completed available, confirming pending", async () => {
    const client = clientFor(sim.baseUrl);
    const a = await client.createDepositAddress({ paymentId: "pay_bal_btc_1", asset: "BTC" });
    const b = await client.createDepositAddress({ paymentId: "pay_bal_btc_2", asset: "BTC" });
    const first = await sim.sendPayment({ address: a.address, amount: "0.00150000" });
    await sim.confirm(first.id, 2);
    const second = await sim.sendPayment({ address: b.address, amount: "0.0002" });
    await sim.confirm(second.id, 1); // 1 of 2: still pending
    const failed = await sim.sendPayment({ address: b.address, amount: "1" });
    await sim.fail(failed.id, "FAILED");

    const wallet = await client.getVaultAssetBalance("0", "BTC");
    expect(wallet).toMatchObject({
      assetId: "BTC",
      asset: "BTC",
      scale: 8,
      total: 170_000n,
      available: 150_000n,
      pending: 20_000n,
      frozen: 0n,
      lockedAmount: 0n,
      exact: true,
    });
    expect(await client.getAssetBalance("BTC")).toMatchObject({ total: 170_000n });

    // ETH: one vault per payment; the custody total adds them up.
    const eth1 = await client.createDepositAddress({ paymentId: "pay_bal_eth_1", asset: "ETH" });
    const eth2 = await client.createDepositAddress({ paymentId: "pay_bal_eth_2", asset: "ETH" });
    await sim.confirm((await sim.sendPayment({ address: eth1.address, amount: "0.5" })).id, 1);
    await sim.confirm((await sim.sendPayment({ address: eth2.address, amount: "0.25" })).id, 1);
    expect((await client.getVaultAssetBalance(eth1.vaultAccountId, "ETH")).available).toBe(
      500_000_000n,
    );
    const eth = await client.getAssetBalance("ETH");
    // The ledger counts ETH in gwei (9 decimals), not wei.
    expect(eth).toMatchObject({ scale: 9, total: 750_000_000n, available: 750_000_000n });
  });

  it("shows the drift (signed, per wallet), in process and over the control API; 0 resets it", async () => {
    const client = clientFor(sim.baseUrl);
    const before = (await client.getVaultAssetBalance("0", "BTC")).available;
    sim.setDrift("BTC", "-0.00001");
    expect((await client.getVaultAssetBalance("0", "BTC")).available).toBe(before - 1_000n);
    expect((await client.getAssetBalance("BTC")).available).toBe(before - 1_000n);
    const answer = await fetch(`${sim.baseUrl}/__sim/drift`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ assetId: "BTC", amount: "0.1" }),
    });
    expect(answer.status).toBe(200);
    expect(sim.drift("BTC")).toBe("0.10000000");
    expect((await client.getVaultAssetBalance("0", "BTC")).total).toBe(
      before + 10_000_000n + 20_000n,
    );
    const bad = await fetch(`${sim.baseUrl}/__sim/drift`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ assetId: "BTC", amount: "0.000000001" }),
    });
    expect(bad.status).toBe(400);
    expect(() => sim.setDrift("DOGE", "1")).toThrow(/Unknown asset/);
    sim.setDrift("BTC", "0");
    expect((await client.getVaultAssetBalance("0", "BTC")).available).toBe(before);
  });

  it("keeps wei below the ledger's gwei out, and says so", async () => {
    sim.setDrift("ETH", "0.000000000000000001", "1");
    const client = clientFor(sim.baseUrl);
    const eth = await client.getVaultAssetBalance("1", "ETH");
    expect(eth.exact).toBe(false);
    expect(eth.raw.available).toBe("0.500000000000000001");
    expect(eth.available).toBe(500_000_000n);
    sim.setDrift("ETH", "0", "1");
  });

  it("surfaces Fireblocks' refusals as CustodyHttpError and odd bodies as CustodyError", async () => {
    const client = clientFor(sim.baseUrl);
    await expect(client.getVaultAssetBalance("999", "BTC")).rejects.toMatchObject({
      name: "CustodyHttpError",
      status: 404,
      code: 1004,
    });
    // Vault 0 has no ETH wallet.
    const noWallet = await client.getVaultAssetBalance("0", "ETH").catch((e: unknown) => e);
    expect(noWallet).toBeInstanceOf(CustodyHttpError);
    await expect(client.getAssetBalance("DOGE")).rejects.toMatchObject({
      kind: "invalid_request",
    });

    for (const body of [
      { id: "BTC", total: 0.0015 },
      { id: "BTC", total: "lots" },
      { id: "ETH", total: "1" },
      [],
    ]) {
      const error = await clientFor(await scripted(body))
        .getVaultAssetBalance("0", "BTC")
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CustodyError);
      expect(error).toMatchObject({ kind: "invalid_response" });
    }
  });
});
