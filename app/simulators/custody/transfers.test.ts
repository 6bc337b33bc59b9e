/**
 * The custody simulator's outgoing transfers beyond what the client sees: the HTTP control routes
 * (broadcast, complete, failure rules), step-by-step driving with tick/confirm, the list filters
 * telling deposits and transfers apart, and a restart keeping transfers, their debits and the
 * externalTxId refusal.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createCustodyClient } from "~/core/providers/custody/client.server";
import { startReceiver, type Receiver } from "../../../tests/support/custody";
import { createDbSimulatorStore, openSimulatorDatabase } from "../store.server";
import {
  startCustodySimulator,
  type CustodySimulator,
  type CustodySimulatorOptions,
} from "./index.server";

const sims = openSimulatorDatabase(":memory:");
const close = () => sims.close();
const clock = { now: Date.UTC(2026, 10, 22, 8, 0) };
const now = () => clock.now;
const EXTERNAL = `0x${"cd".repeat(20)}`;
let open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.map((item) => item.close()));
  open = [];
});
afterAll(close);

async function start(receiver: Receiver, options: Partial<CustodySimulatorOptions> = {}) {
  const sim = await startCustodySimulator({
    webhookUrl: receiver.url,
    generateApiKeyPair: true,
    completeAt: { ETH: 2 },
    now,
    ...options,
  });
  open.push(sim);
  const client = createCustodyClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKeyPair!.apiKey,
    apiSecretPem: sim.apiKeyPair!.privateKeyPem,
    timeoutMs: 5_000,
    now,
  });
  return { sim, client };
}

async function control(sim: CustodySimulator, path: string, body: unknown) {
  const response = await fetch(`${sim.baseUrl}/__sim${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("outgoing transfers on the custody simulator", () => {
  it("are driven step by step (tick, confirm) or over HTTP (broadcast, complete, failure rules)", async () => {
    const receiver = await startReceiver();
    open.push(receiver);
    const { sim, client } = await start(receiver);
    const deposit = await client.createDepositAddress({ paymentId: "pay_sim_tr_1", asset: "ETH" });
    await sim.confirm((await sim.sendPayment({ address: deposit.address, amount: "2" })).id, 2);
    const send = (externalTxId: string) =>
      client.createTransfer({
        externalTxId,
        assetId: "ETH",
        sourceVaultAccountId: deposit.vaultAccountId,
        destinationAddress: EXTERNAL,
        amount: "0.5",
      });

    const one = await send("rfd_sim_1");
    // A tick signs and broadcasts it; the next ones confirm it.
    await sim.tick();
    expect(sim.transaction(one.id)).toMatchObject({ status: "CONFIRMING", numOfConfirmations: 0 });
    expect(sim.transaction(one.id)?.txHash).toMatch(/^0x/);
    await sim.confirm(one.id, 1);
    expect(sim.transaction(one.id)).toMatchObject({ status: "CONFIRMING", numOfConfirmations: 1 });
    await sim.tick();
    expect(sim.transaction(one.id)).toMatchObject({ status: "COMPLETED", numOfConfirmations: 2 });

    const two = await send("rfd_sim_2");
    const broadcast = await control(sim, `/transactions/${two.id}/broadcast`, {});
    expect(broadcast.json).toMatchObject({ status: "CONFIRMING", numOfConfirmations: 0 });
    // Broadcast: spent, no longer locked.
    expect(await client.getAssetBalance("ETH")).toMatchObject({
      total: 999_200_000n,
      available: 999_200_000n,
      lockedAmount: 0n,
    });
    const completed = await control(sim, `/transactions/${two.id}/complete`, {});
    expect(completed).toMatchObject({ status: 200, json: { status: "COMPLETED" } });
    expect((await control(sim, `/transactions/${two.id}/complete`, {})).status).toBe(409);

    const rule = await control(sim, "/transfer-failures", {
      address: EXTERNAL,
      subStatus: "BLOCKED_BY_POLICY",
    });
    expect(rule.status).toBe(200);
    const three = await send("rfd_sim_3");
    expect(sim.transaction(three.id)).toMatchObject({
      status: "BLOCKED",
      subStatus: "BLOCKED_BY_POLICY",
    });
    expect(sim.transferFailures()).toEqual([
      { address: EXTERNAL, status: "BLOCKED", subStatus: "BLOCKED_BY_POLICY" },
    ]);
    await control(sim, "/transfer-failures", { address: EXTERNAL, subStatus: null });
    expect(sim.transferFailures()).toEqual([]);
    expect(
      (await control(sim, "/transfer-failures", { address: EXTERNAL, subStatus: "no way" })).status,
    ).toBe(400);

    // Deposits and transfers apart in the list filters; findDeposits is not fooled.
    const deposits = await client.findDeposits({
      address: deposit.address,
      assetId: "ETH",
      vaultAccountId: deposit.vaultAccountId,
      after: 0,
    });
    expect(deposits).toHaveLength(1);
    expect(deposits[0]?.destination.type).toBe("VAULT_ACCOUNT");
    await sim.flushWebhooks();
    expect(
      receiver.received
        .filter((r) => JSON.parse(r.body).data.id === two.id)
        .map((r) => JSON.parse(r.body).data.status),
    ).toEqual([
      "SUBMITTED",
      "PENDING_SIGNATURE",
      "BROADCASTING",
      "CONFIRMING",
      "CONFIRMING",
      "COMPLETED",
    ]);
  });

  it("keeps transfers, their debits and their externalTxIds across a restart", async () => {
    const receiver = await startReceiver();
    open.push(receiver);
    const store = () => createDbSimulatorStore(sims, "custody", now);
    const first = await start(receiver, { store: store() });
    const deposit = await first.client.createDepositAddress({
      paymentId: "pay_sim_tr_2",
      asset: "ETH",
    });
    await first.sim.confirm(
      (await first.sim.sendPayment({ address: deposit.address, amount: "1" })).id,
      2,
    );
    const input = {
      externalTxId: "rfd_restart_1",
      assetId: "ETH",
      sourceVaultAccountId: deposit.vaultAccountId,
      destinationAddress: EXTERNAL,
      amount: "0.3",
    };
    const sent = await first.client.createTransfer(input);
    await first.sim.flushWebhooks();
    const { apiKeyPair } = first.sim;
    await first.sim.close();

    const second = await start(receiver, { store: store() });
    expect(second.sim.apiKeyPair).toEqual(apiKeyPair);
    // Still locked, still known by its externalTxId, and a repeat still sends nothing.
    expect(await second.client.getAssetBalance("ETH")).toMatchObject({
      total: 1_000_000_000n,
      available: 699_600_000n,
      lockedAmount: 300_400_000n,
    });
    expect((await second.client.findTransactionByExternalId("rfd_restart_1"))?.id).toBe(sent.id);
    clock.now += 25 * 3_600_000;
    expect(await second.client.createTransfer(input)).toEqual({ id: sent.id, status: "SUBMITTED" });
    expect(await second.sim.completeTransfer(sent.id)).toMatchObject({ status: "COMPLETED" });
    expect((await second.client.getAssetBalance("ETH")).total).toBe(699_600_000n);
  });
});
