/**
 * The provider simulators keep their state in our database (simulator mode) and pick it up after a
 * restart, like a real provider (issue 10, item 4): custody keeps its keys, vaults, addresses,
 * transactions, confirmations and idempotent answers, and its automatic confirmations carry on;
 * M-Pesa keeps the transfers it accepted (duplicate check, status query) and its float. Also the
 * custody client's deposit search (`findDeposits`), which reconciliation uses.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createCustodyClient } from "~/core/providers/custody/client.server";
import {
  startCustodySimulator,
  type CustodySimulator,
  type CustodySimulatorOptions,
} from "./custody/index.server";
import { startReceiver, type Receiver } from "../../tests/support/custody";
import { startCallbackReceiver } from "../../tests/support/daraja-callbacks";
import { DuplicateRequestError } from "~/core/providers/daraja/errors";
import { startDarajaSimulator, type DarajaSimulatorOptions } from "./daraja/index.server";
import { createDbSimulatorStore, openSimulatorDatabase } from "./store.server";
import { TEST_DARAJA_KEYS, testDarajaClient } from "../../tests/setup/payments";

const sims = openSimulatorDatabase(":memory:");
const close = () => sims.close();
const clock = { now: Date.UTC(2026, 10, 20, 7, 0) };
const now = () => clock.now;
let open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.map((item) => item.close()));
  open = [];
});
afterAll(close);

async function custodySim(
  receiver: Receiver,
  options: Partial<CustodySimulatorOptions> = {},
): Promise<CustodySimulator> {
  const sim = await startCustodySimulator({
    store: createDbSimulatorStore(sims, "custody", now),
    webhookUrl: receiver.url,
    generateApiKeyPair: true,
    completeAt: { USDT: 2, BTC: 3 },
    now,
    ...options,
  });
  open.push(sim);
  return sim;
}

const clientFor = (sim: CustodySimulator) =>
  createCustodyClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKeyPair!.apiKey,
    apiSecretPem: sim.apiKeyPair!.privateKeyPem,
    timeoutMs: 5_000,
    now,
  });

/** Wait (bounded, no fixed sleep) until `done()` holds. */
async function until(done: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the custody simulator across a restart", () => {
  it("remembers its keys, addresses, transactions and confirmations, answers a repeated request the same, and goes on confirming", async () => {
    const receiver = await startReceiver();
    open.push(receiver);
    const first = await custodySim(receiver);
    const client = clientFor(first);
    const usdt = await client.createDepositAddress({ paymentId: "pay_restart0001", asset: "USDT" });
    const btc = await client.createDepositAddress({ paymentId: "pay_restart0002", asset: "BTC" });
    const sent = await first.sendPayment({ address: usdt.address, amount: "12.5" });
    await first.confirm(sent.id, 1);
    const { webhookPublicKeyPem, apiKeyPair } = first;
    await first.close();

    const second = await custodySim(receiver);
    expect(second.webhookPublicKeyPem).toBe(webhookPublicKeyPem);
    expect(second.apiKeyPair).toEqual(apiKeyPair);
    expect(second.depositAddresses().map((a) => a.address)).toEqual(
      expect.arrayContaining([usdt.address, btc.address]),
    );
    expect(second.transaction(sent.id)).toMatchObject({
      status: "CONFIRMING",
      numOfConfirmations: 1,
      amountInfo: { amount: "12.5" },
    });
    // The same client (same credentials) still works, and a retried creation gets the same address.
    const again = clientFor(second);
    expect((await again.getTransaction(sent.id)).numOfConfirmations).toBe(1);
    expect(
      await again.createDepositAddress({ paymentId: "pay_restart0001", asset: "USDT" }),
    ).toEqual(usdt);
    const fresh = await again.createDepositAddress({ paymentId: "pay_restart0003", asset: "USDT" });
    expect([usdt.address, btc.address]).not.toContain(fresh.address);
    expect(fresh.vaultAccountId).not.toBe(usdt.vaultAccountId);

    // Automatic confirmation resumes with the transactions still pending.
    const before = receiver.received.length;
    second.setAutoConfirm(50);
    await until(() => second.transaction(sent.id)?.status === "COMPLETED");
    expect(second.transaction(sent.id)?.numOfConfirmations).toBe(2);
    await until(() =>
      receiver.received.slice(before).some((r) => JSON.parse(r.body).data.status === "COMPLETED"),
    );
    second.setAutoConfirm(null);
  });

  it("findDeposits: the deposits to one address after a time, told apart in a shared BTC vault", async () => {
    const receiver = await startReceiver();
    open.push(receiver);
    const sim = await custodySim(receiver);
    const client = clientFor(sim);
    const mine = await client.createDepositAddress({ paymentId: "pay_find000001", asset: "BTC" });
    const theirs = await client.createDepositAddress({ paymentId: "pay_find000002", asset: "BTC" });
    const token = await client.createDepositAddress({ paymentId: "pay_find000003", asset: "USDC" });
    const start = clock.now;
    clock.now += 1_000;
    const one = await sim.sendPayment({ address: mine.address, amount: "0.001" });
    await sim.sendPayment({ address: theirs.address, amount: "0.002" });
    clock.now += 1_000;
    const two = await sim.sendPayment({ address: mine.address, amount: "0.003" });
    const usdc = await sim.sendPayment({ address: token.address, amount: "50" });

    expect(
      (
        await client.findDeposits({
          address: mine.address,
          assetId: "BTC",
          vaultAccountId: mine.vaultAccountId,
          after: start,
        })
      ).map((t) => t.id),
    ).toEqual([one.id, two.id]);
    expect(
      (
        await client.findDeposits({ address: mine.address, assetId: "BTC", after: start + 1_500 })
      ).map((t) => t.id),
    ).toEqual([two.id]);
    expect(
      (
        await client.findDeposits({
          address: token.address,
          assetId: "USDC",
          vaultAccountId: token.vaultAccountId,
          after: start,
        })
      ).map((t) => t.id),
    ).toEqual([usdc.id]);
    expect(
      await client.findDeposits({ address: token.address, assetId: "USDT_ERC20", after: start }),
    ).toEqual([]);
  });
});

describe("the M-Pesa simulator across a restart", () => {
  it("still knows an accepted transfer: a resend is a duplicate, the status query says Completed, the float stays spent", async () => {
    const store = createDbSimulatorStore(sims, "daraja", now);
    const options: DarajaSimulatorOptions = {
      store,
      ...TEST_DARAJA_KEYS,
      now,
      seed: 11,
      floatKes: 100_000,
    };
    const receiver = await startCallbackReceiver();
    open.push(receiver);
    const urls = {
      resultUrl: receiver.url("/b2c/result"),
      queueTimeoutUrl: receiver.url("/b2c/timeout"),
      statusResultUrl: receiver.url("/status/result"),
      statusQueueTimeoutUrl: receiver.url("/status/timeout"),
    };
    const clientOf = (baseUrl: string) => testDarajaClient(baseUrl, { urls, now });
    const first = await startDarajaSimulator(options);
    open.push(first);
    await clientOf(first.baseUrl).b2cPayment({
      originatorConversationId: "trf_restart00001",
      phone: "0712345678",
      amountKes: 2_500,
      remarks: "settlement",
    });
    expect(first.pendingCallbacks()).toBe(1);
    await first.close(); // the Result callback was never delivered

    const second = await startDarajaSimulator({ ...options, seed: 12 });
    open.push(second);
    expect(second.floatKes()).toBe(97_500);
    expect(second.transaction("trf_restart00001")).toMatchObject({
      status: "Completed",
      amountKes: 2_500,
    });
    const client = clientOf(second.baseUrl);
    await expect(
      client.b2cPayment({
        originatorConversationId: "trf_restart00001",
        phone: "0712345678",
        amountKes: 2_500,
        remarks: "settlement",
      }),
    ).rejects.toBeInstanceOf(DuplicateRequestError);
    await client.transactionStatus({ originatorConversationId: "trf_restart00001" });
    await second.flush();
    const status = second.callbacks.find((c) => c.kind === "status-result");
    expect(JSON.stringify(status?.body)).toContain('"Value":"Completed"');
  });
});
