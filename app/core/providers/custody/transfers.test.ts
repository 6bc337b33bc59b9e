/**
 * Outgoing transfers (refunds) through the live custody client against the custody simulator over
 * real HTTP: the fee estimate and its asset, a transfer created SUBMITTED and driven to COMPLETED
 * with its webhooks (carrying our externalTxId), the balances falling by amount and fee, a repeated
 * externalTxId never sending twice (idempotency key, then Fireblocks' 400 refusal and the look-up),
 * insufficient funds and the failure rules ending the transfer without taking anything.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tronAddressFromAccount } from "~/core/networks/addresses";
import {
  generateRsaKeyPair,
  segwitV0Address,
  startCustodySimulator,
  type CustodySimulator,
  type CustodySimulatorOptions,
  type RsaKeyPairPem,
} from "../../../../tests/support/simulators";
import { signedRequest, startReceiver, type Receiver } from "../../../../tests/support/custody";
import {
  createCustodyClient,
  CustodyError,
  CustodyHttpError,
  idempotencyKey,
} from "./client.server";
import { resolveFeeAssetIds, resolveWalletAssetIds, type CustodyAsset } from "./types";
import { readWebhook } from "./webhook.server";

const API_KEY = "7a0c1d55-6d1e-4a2c-9f2e-7c1c1f0e9a03";
const HOUR = 3_600_000;

let api: RsaKeyPairPem;
let signing: RsaKeyPairPem;
let open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  [api, signing] = await Promise.all([generateRsaKeyPair(), generateRsaKeyPair()]);
});
afterEach(async () => {
  await Promise.all(open.map((item) => item.close()));
  open = [];
});
afterAll(async () => {
  await Promise.all(open.map((item) => item.close()));
});

/** External addresses (valid on their networks, not the simulator's). */
const external = {
  btc: segwitV0Address("bc", new Uint8Array(20).fill(7)),
  evm: `0x${"ab".repeat(20)}`,
  tron: tronAddressFromAccount(new Uint8Array(20).fill(9)),
};

async function setup(options: Partial<CustodySimulatorOptions> = {}) {
  const clock = { now: Date.UTC(2026, 10, 21, 9, 0) };
  const now = () => clock.now;
  const receiver: Receiver = await startReceiver();
  open.push(receiver);
  const sim: CustodySimulator = await startCustodySimulator({
    webhookUrl: receiver.url,
    apiPublicKeyPem: api.publicKeyPem,
    apiKey: API_KEY,
    signingKeyPem: signing.privateKeyPem,
    // USDT here is ERC-20 (its fees are paid in ETH): counted by pair, Tron being USDT's default.
    completeAt: { BTC: 2, ETH: 1, "USDT:ethereum": 2 },
    seed: 5,
    now,
    ...options,
  });
  open.push(sim);
  const client = createCustodyClient({
    baseUrl: sim.baseUrl,
    apiKey: API_KEY,
    apiSecretPem: api.privateKeyPem,
    timeoutMs: 2000,
    now,
  });
  let payments = 0;
  /** A completed deposit of `amount` (tokens on Ethereum); the vault account it landed in. */
  async function fund(asset: CustodyAsset, amount: string): Promise<string> {
    const address = await client.createDepositAddress({
      paymentId: `pay_fund_${++payments}`,
      asset,
      network: asset === "BTC" ? "bitcoin" : "ethereum",
    });
    const tx = await sim.sendPayment({ address: address.address, amount });
    await sim.confirm(tx.id, 5);
    return address.vaultAccountId;
  }
  /** The verified webhooks about one transaction, as `type:status:confirmations`. */
  function webhooksOf(txId: string) {
    return receiver.received
      .map((request) => {
        const read = readWebhook(
          request.body,
          request.headers["fireblocks-signature"] as string,
          sim.webhookPublicKeyPem,
        );
        if (read.kind !== "transaction") throw new Error(`webhook did not verify: ${read.kind}`);
        return read.event;
      })
      .filter((event) => event.data.id === txId);
  }
  const total = async (assetId: string) => (await client.getAssetBalance(assetId)).total;
  const available = async (assetId: string) => (await client.getAssetBalance(assetId)).available;
  return { clock, receiver, sim, client, fund, webhooksOf, total, available };
}

describe("estimateNetworkFee", () => {
  it("answers Fireblocks' medium estimate and the asset the fee is paid in", async () => {
    const { client } = await setup();
    expect(await client.estimateNetworkFee("BTC")).toEqual({
      networkFee: "0.00002",
      feeAsset: "BTC",
    });
    expect(await client.estimateNetworkFee("ETH")).toEqual({
      networkFee: "0.0004",
      feeAsset: "ETH",
    });
    expect(await client.estimateNetworkFee("USDT_ERC20")).toEqual({
      networkFee: "0.0012",
      feeAsset: "ETH",
    });
    expect(await client.estimateNetworkFee("USDC")).toEqual({
      networkFee: "0.0012",
      feeAsset: "ETH",
    });
    expect(await client.estimateNetworkFee("TRX_USDT_S2UZ")).toEqual({
      networkFee: "13.3959",
      feeAsset: "TRX",
    });
    expect(await client.estimateNetworkFee("USDC_BASECHAIN_ETH_5I5C")).toEqual({
      networkFee: "0.000005",
      feeAsset: "BASECHAIN_ETH",
    });
    const unknown = await client.estimateNetworkFee("DOGE").catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(CustodyError);
    expect((unknown as CustodyError).kind).toBe("invalid_request");
  });

  it("maps testnet ids: a token pays in the overridden native id", () => {
    const ids = resolveWalletAssetIds({
      ETH: "ETH_TEST5",
      USDT: "USDT_ERC20_TEST",
      BTC: "BTC_TEST",
    });
    const fees = resolveFeeAssetIds(ids, { tron: "TRX_TEST" });
    expect(fees.get("USDT_ERC20_TEST")).toBe("ETH_TEST5");
    expect(fees.get("BTC_TEST")).toBe("BTC_TEST");
    expect(fees.get("TRX_USDT_S2UZ")).toBe("TRX_TEST");
    expect(fees.get("USDC_BASECHAIN_ETH_5I5C")).toBe("BASECHAIN_ETH");
  });
});

describe("createTransfer", () => {
  it("sends a token out of a vault: SUBMITTED, then driven to COMPLETED with its webhooks; the balances fall by amount and fee", async () => {
    const h = await setup();
    const gasVault = await h.fund("ETH", "0.5");
    const vault = await h.fund("USDT", "100");
    const [usdtBefore, ethBefore] = [await h.total("USDT_ERC20"), await h.total("ETH")];
    const fee = await h.client.estimateNetworkFee("USDT_ERC20");

    const created = await h.client.createTransfer({
      externalTxId: "rfd_000001",
      assetId: "USDT_ERC20",
      sourceVaultAccountId: vault,
      destinationAddress: external.evm,
      amount: "40.25",
      note: "Refund rfd_000001",
    });
    expect(created).toEqual({ id: expect.any(String), status: "SUBMITTED" });
    // Locked at once: no longer available, still on chain until broadcast.
    expect((await h.client.getAssetBalance("USDT_ERC20")).available).toBe(usdtBefore - 40_250_000n);
    expect(await h.total("USDT_ERC20")).toBe(usdtBefore);

    const done = await h.sim.completeTransfer(created.id);
    expect(done).toMatchObject({ status: "COMPLETED", subStatus: "CONFIRMED" });
    const tx = await h.client.getTransaction(created.id);
    expect(tx).toMatchObject({
      id: created.id,
      externalTxId: "rfd_000001",
      operation: "TRANSFER",
      assetId: "USDT_ERC20",
      status: "COMPLETED",
      subStatus: "CONFIRMED",
      source: { type: "VAULT_ACCOUNT", id: vault },
      destination: { type: "ONE_TIME_ADDRESS" },
      destinationAddress: external.evm,
      amountInfo: { amount: "40.25" },
      feeInfo: { networkFee: fee.networkFee },
      feeCurrency: "ETH",
      numOfConfirmations: 2,
    });
    expect(tx.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await h.client.findTransactionByExternalId("rfd_000001")).toEqual(tx);

    // Exactly the amount in USDT and the fee in ETH (ETH's ledger unit is gwei: 0.0012 = 1.2M).
    expect(await h.total("USDT_ERC20")).toBe(usdtBefore - 40_250_000n);
    expect(await h.total("ETH")).toBe(ethBefore - 1_200_000n);
    // The source vault first (all the USDT is there); the gas from the vault that holds ETH.
    expect((await h.client.getVaultAssetBalance(vault, "USDT_ERC20")).total).toBe(59_750_000n);
    expect((await h.client.getVaultAssetBalance(gasVault, "ETH")).total).toBe(498_800_000n);

    await h.sim.flushWebhooks();
    const events = h.webhooksOf(created.id);
    expect(events.map((e) => `${e.type}:${e.data.status}:${e.data.numOfConfirmations}`)).toEqual([
      "TRANSACTION_CREATED:SUBMITTED:0",
      "TRANSACTION_STATUS_UPDATED:PENDING_SIGNATURE:0",
      "TRANSACTION_STATUS_UPDATED:BROADCASTING:0",
      "TRANSACTION_STATUS_UPDATED:CONFIRMING:0",
      "TRANSACTION_STATUS_UPDATED:CONFIRMING:1",
      "TRANSACTION_STATUS_UPDATED:COMPLETED:2",
    ]);
    for (const event of events)
      expect(event.data).toMatchObject({
        externalTxId: "rfd_000001",
        operation: "TRANSFER",
        source: { type: "VAULT_ACCOUNT", id: vault },
        destination: { type: "ONE_TIME_ADDRESS" },
        destinationAddress: external.evm,
        amountInfo: { amount: "40.25" },
        feeInfo: { networkFee: "0.0012" },
        feeCurrency: "ETH",
      });
    expect(events.at(-1)?.data.txHash).toBe(tx.txHash);
  });

  it("BTC pays its fee in BTC, taken from the source vault first, then the others", async () => {
    const h = await setup();
    // ETH: two per-payment vaults; send more than the first holds.
    const first = await h.fund("ETH", "0.3");
    const second = await h.fund("ETH", "0.5");
    const created = await h.client.createTransfer({
      externalTxId: "rfd_eth_1",
      assetId: "ETH",
      sourceVaultAccountId: second,
      destinationAddress: external.evm,
      amount: "0.6",
    });
    await h.sim.completeTransfer(created.id);
    // 0.6 + 0.0004 fee: all of `second` (0.5), the rest (0.1004) from `first`.
    expect((await h.client.getVaultAssetBalance(second, "ETH")).total).toBe(0n);
    expect((await h.client.getVaultAssetBalance(first, "ETH")).total).toBe(199_600_000n);
    expect(await h.total("ETH")).toBe(199_600_000n);

    await h.fund("BTC", "0.01");
    const btc = await h.client.createTransfer({
      externalTxId: "rfd_btc_1",
      assetId: "BTC",
      sourceVaultAccountId: "0",
      destinationAddress: external.btc,
      amount: "0.004",
    });
    await h.sim.completeTransfer(btc.id);
    expect(await h.total("BTC")).toBe(1_000_000n - 400_000n - 2_000n);
    expect(await h.client.getTransaction(btc.id)).toMatchObject({
      feeInfo: { networkFee: "0.00002" },
      feeCurrency: "BTC",
      numOfConfirmations: 2,
    });
  });

  it("never sends twice for one externalTxId: a repeat gets the first transaction, within the idempotency window and after it", async () => {
    const h = await setup();
    const vault = await h.fund("USDT", "100");
    const input = {
      externalTxId: "rfd_dup_1",
      assetId: "USDT_ERC20",
      sourceVaultAccountId: vault,
      destinationAddress: external.evm,
      amount: "10",
    };
    const first = await h.client.createTransfer(input);
    // The answer was lost; the caller retries: the Idempotency-Key gets the first answer back.
    expect(await h.client.createTransfer(input)).toEqual(first);
    await h.sim.completeTransfer(first.id);
    // A day later the key is forgotten: Fireblocks refuses the externalTxId with HTTP 400, and the
    // client answers with the transaction that has it (now COMPLETED).
    h.clock.now += 25 * HOUR;
    expect(await h.client.createTransfer(input)).toEqual({ id: first.id, status: "COMPLETED" });
    expect(h.sim.transactions().filter((tx) => tx.externalTxId === "rfd_dup_1")).toHaveLength(1);
    expect(await h.total("USDT_ERC20")).toBe(90_000_000n);

    // The refusal itself, as Fireblocks sends it.
    const raw = await signedRequest(h.sim.baseUrl, {
      method: "POST",
      path: "/v1/transactions",
      body: JSON.stringify({
        operation: "TRANSFER",
        assetId: "USDT_ERC20",
        source: { type: "VAULT_ACCOUNT", id: vault },
        destination: { type: "ONE_TIME_ADDRESS", oneTimeAddress: { address: external.evm } },
        amount: "10",
        externalTxId: "rfd_dup_1",
      }),
      apiKey: API_KEY,
      privateKeyPem: api.privateKeyPem,
      jwt: { nowMs: h.clock.now },
    });
    expect(raw).toEqual({
      status: 400,
      json: { message: "Transaction with this externalTxId already exists", code: 1438 },
    });

    // The same externalTxId for another transfer is a caller's bug: refused, not retryable.
    const other = await h.client
      .createTransfer({ ...input, amount: "11" })
      .catch((error: unknown) => error);
    expect(other).toBeInstanceOf(CustodyHttpError);
    expect((other as CustodyHttpError).isRetryable).toBe(false);
    expect((other as CustodyHttpError).message).toContain(
      `already used by transaction ${first.id}`,
    );
    expect(h.sim.transactions().filter((tx) => tx.externalTxId === "rfd_dup_1")).toHaveLength(1);
  });

  it("a send whose answer never came back (no idempotency key) is found by its externalTxId on retry", async () => {
    const h = await setup();
    const vault = await h.fund("ETH", "1");
    const body = {
      operation: "TRANSFER",
      assetId: "ETH",
      source: { type: "VAULT_ACCOUNT", id: vault },
      destination: { type: "ONE_TIME_ADDRESS", oneTimeAddress: { address: external.evm } },
      amount: "0.25",
      externalTxId: "rfd_lost_1",
    };
    const lost = await signedRequest(h.sim.baseUrl, {
      method: "POST",
      path: "/v1/transactions",
      body: JSON.stringify(body),
      apiKey: API_KEY,
      privateKeyPem: api.privateKeyPem,
      jwt: { nowMs: h.clock.now },
    });
    expect(lost.status).toBe(200);
    const retried = await h.client.createTransfer({
      externalTxId: "rfd_lost_1",
      assetId: "ETH",
      sourceVaultAccountId: vault,
      destinationAddress: external.evm.toUpperCase().replace("0X", "0x"),
      amount: "0.250",
    });
    expect(retried).toEqual({ id: (lost.json as { id: string }).id, status: "SUBMITTED" });
    expect(h.sim.transactions().filter((tx) => tx.externalTxId === "rfd_lost_1")).toHaveLength(1);
    expect(idempotencyKey("rfd_lost_1", "transfer")).toHaveLength(40);
  });

  it("insufficient funds: created, then FAILED / INSUFFICIENT_FUNDS with its webhooks; nothing taken", async () => {
    const h = await setup();
    const vault = await h.fund("USDT", "100");
    await h.fund("BTC", "0.001");
    const [usdt, btc] = [await h.total("USDT_ERC20"), await h.total("BTC")];
    const created = await h.client.createTransfer({
      externalTxId: "rfd_poor_1",
      assetId: "USDT_ERC20",
      sourceVaultAccountId: vault,
      destinationAddress: external.evm,
      amount: "100.000001",
    });
    expect(created.status).toBe("SUBMITTED");
    expect(await h.client.getTransaction(created.id)).toMatchObject({
      status: "FAILED",
      subStatus: "INSUFFICIENT_FUNDS",
      externalTxId: "rfd_poor_1",
      feeInfo: { networkFee: "0" },
    });
    // The amount is there but not the amount and the fee.
    const fee = await h.client.createTransfer({
      externalTxId: "rfd_poor_2",
      assetId: "BTC",
      sourceVaultAccountId: "0",
      destinationAddress: external.btc,
      amount: "0.001",
    });
    expect((await h.client.getTransaction(fee.id)).subStatus).toBe("INSUFFICIENT_FUNDS");
    expect(await h.total("USDT_ERC20")).toBe(usdt);
    expect(await h.available("USDT_ERC20")).toBe(usdt);
    expect(await h.total("BTC")).toBe(btc);

    await h.sim.flushWebhooks();
    expect(h.webhooksOf(created.id).map((e) => `${e.type}:${e.data.status}`)).toEqual([
      "TRANSACTION_CREATED:SUBMITTED",
      "TRANSACTION_STATUS_UPDATED:FAILED",
    ]);
    expect(h.webhooksOf(created.id).every((e) => e.data.externalTxId === "rfd_poor_1")).toBe(true);
    await expect(h.sim.completeTransfer(created.id)).rejects.toThrow(/already FAILED/);
  });

  it("failure rules: a transfer to a blocked or AML-rejected address ends at once and takes nothing; cleared, it goes through", async () => {
    const h = await setup();
    const vault = await h.fund("USDT", "100");
    await h.fund("ETH", "1");
    const transfer = (externalTxId: string) =>
      h.client.createTransfer({
        externalTxId,
        assetId: "USDT_ERC20",
        sourceVaultAccountId: vault,
        destinationAddress: external.evm,
        amount: "5",
      });
    h.sim.failTransfersTo(external.evm.toUpperCase().replace("0X", "0x"), "BLOCKED_BY_POLICY");
    const blocked = await transfer("rfd_rule_1");
    expect(await h.client.getTransaction(blocked.id)).toMatchObject({
      status: "BLOCKED",
      subStatus: "BLOCKED_BY_POLICY",
    });
    h.sim.failTransfersTo(external.evm, "REJECTED_AML_SCREENING");
    const rejected = await transfer("rfd_rule_2");
    expect(await h.client.getTransaction(rejected.id)).toMatchObject({
      status: "REJECTED",
      subStatus: "REJECTED_AML_SCREENING",
    });
    expect(await h.total("USDT_ERC20")).toBe(100_000_000n);
    expect(await h.total("ETH")).toBe(1_000_000_000n);
    await h.sim.flushWebhooks();
    expect(h.webhooksOf(rejected.id).map((e) => e.data.status)).toEqual([
      "SUBMITTED",
      "PENDING_AML_SCREENING",
      "REJECTED",
    ]);

    h.sim.failTransfersTo(external.evm, null);
    const fine = await transfer("rfd_rule_3");
    expect((await h.sim.completeTransfer(fine.id)).status).toBe("COMPLETED");
    expect(await h.total("USDT_ERC20")).toBe(95_000_000n);
  });

  it("refuses before sending what Fireblocks would refuse: bad address, too many decimals, zero, unknown asset", async () => {
    const h = await setup();
    const vault = await h.fund("USDT", "10");
    const base = {
      externalTxId: "rfd_bad_1",
      assetId: "USDT_ERC20",
      sourceVaultAccountId: vault,
      destinationAddress: external.evm,
      amount: "1",
    };
    for (const wrong of [
      { destinationAddress: external.tron },
      { destinationAddress: "" },
      { amount: "1.0000001" },
      { amount: "0" },
      { amount: "-1" },
      { assetId: "DOGE" },
      { externalTxId: "" },
    ]) {
      const error = await h.client
        .createTransfer({ ...base, ...wrong })
        .catch((caught: unknown) => caught);
      expect(error, JSON.stringify(wrong)).toBeInstanceOf(CustodyError);
      expect((error as CustodyError).kind).toBe("invalid_request");
    }
    // An unknown source vault: Fireblocks' 404, not retryable.
    const missing = await h.client
      .createTransfer({ ...base, sourceVaultAccountId: "999" })
      .catch((caught: unknown) => caught);
    expect(missing).toMatchObject({ status: 404, code: 1004, isRetryable: false });
    expect(
      h.sim.transactions().filter((tx) => tx.operation === "TRANSFER" && tx.externalTxId),
    ).toEqual([]);
    expect(await h.client.findTransactionByExternalId("rfd_none")).toBeNull();
  });

  it("USDT on Tron pays in TRX, which the workspace does not hold: the fee is reported, not debited", async () => {
    const h = await setup({ completeAt: { "USDT:tron": 1 } });
    const address = await h.client.createDepositAddress({
      paymentId: "pay_tron_1",
      asset: "USDT",
      network: "tron",
    });
    const deposit = await h.sim.sendPayment({ address: address.address, amount: "30" });
    await h.sim.confirm(deposit.id, 1);
    const created = await h.client.createTransfer({
      externalTxId: "rfd_tron_1",
      assetId: "TRX_USDT_S2UZ",
      sourceVaultAccountId: address.vaultAccountId,
      destinationAddress: external.tron,
      amount: "12.5",
    });
    expect(await h.sim.completeTransfer(created.id)).toMatchObject({
      status: "COMPLETED",
      feeInfo: { networkFee: "13.3959" },
      feeCurrency: "TRX",
    });
    expect(await h.total("TRX_USDT_S2UZ")).toBe(17_500_000n);
  });
});
