/**
 * The custody simulator's webhooks and control surface, over real HTTP on 127.0.0.1: signed
 * deliveries of the exact bytes, confirmations up to COMPLETED, duplicate / out-of-order /
 * bad-signature modes, retries, the JSON control API, the HTML page (forms without JavaScript) and
 * mounting it elsewhere.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCustodyClient } from "~/core/providers/custody/client.server";
import {
  generateRsaKeyPair,
  SimulatorError,
  startCustodySimulator,
  type CustodySimulator,
  type CustodySimulatorOptions,
  type RsaKeyPairPem,
} from "./index.server";
import { startReceiver, type Receiver } from "../../../tests/support/custody";
import {
  dedupeKey,
  type Custody,
  type CustodyAsset,
  type CustodyWebhookEvent,
} from "~/core/providers/custody/types";
import { isTronAddress } from "~/core/networks/addresses";
import {
  parseWebhook,
  readWebhook,
  verifyWebhookSignature,
} from "~/core/providers/custody/webhook.server";

const API_KEY = "sim-test-key";
let api: RsaKeyPairPem;
let signing: RsaKeyPairPem;
const cleanup: Array<() => Promise<void>> = [];

beforeAll(async () => {
  [api, signing] = await Promise.all([generateRsaKeyPair(), generateRsaKeyPair()]);
});

afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.();
});

interface Harness {
  sim: CustodySimulator;
  receiver: Receiver;
  client: Custody;
  /** The webhook events the receiver got, parsed (after checking each signature). */
  events(): CustodyWebhookEvent[];
  deposit(asset: CustodyAsset, paymentId?: string): Promise<string>;
}

async function harness(options: Partial<CustodySimulatorOptions> = {}): Promise<Harness> {
  const receiver = await startReceiver();
  cleanup.push(() => receiver.close());
  const sim = await startCustodySimulator({
    webhookUrl: receiver.url,
    signingKeyPem: signing.privateKeyPem,
    apiPublicKeyPem: api.publicKeyPem,
    apiKey: API_KEY,
    seed: 42,
    ...options,
  });
  cleanup.push(() => sim.close());
  const client = createCustodyClient({
    baseUrl: sim.baseUrl,
    apiKey: API_KEY,
    apiSecretPem: api.privateKeyPem,
    timeoutMs: 2000,
  });
  let payments = 0;
  return {
    sim,
    receiver,
    client,
    events: () =>
      receiver.received.map((request) => {
        const result = readWebhook(
          request.body,
          request.headers["fireblocks-signature"] as string,
          sim.webhookPublicKeyPem,
        );
        if (result.kind !== "transaction")
          throw new Error(`webhook did not verify and parse: ${result.kind}`);
        return result.event;
      }),
    deposit: async (asset, paymentId = `pay_${asset.toLowerCase()}_${++payments}`) =>
      (await client.createDepositAddress({ paymentId, asset })).address,
  };
}

const steps = (events: CustodyWebhookEvent[]) =>
  events.map((event) => `${event.type}:${event.data.status}:${event.data.numOfConfirmations}`);

describe("webhooks for an incoming payment", () => {
  it("sends TRANSACTION_CREATED (SUBMITTED) then STATUS_UPDATED (CONFIRMING, 0), signed over the exact body", async () => {
    const h = await harness();
    const address = await h.deposit("BTC", "pay_flow");
    const tx = await h.sim.sendPayment({ address, amount: "0.0042" });

    expect(h.receiver.received).toHaveLength(2);
    for (const request of h.receiver.received) {
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/webhooks/custody");
      expect(request.headers["content-type"]).toBe("application/json");
      const signature = request.headers["fireblocks-signature"] as string;
      expect(verifyWebhookSignature(request.body, signature, h.sim.webhookPublicKeyPem)).toBe(true);
      expect(
        verifyWebhookSignature(
          request.body.replace("0.0042", "0.0043"),
          signature,
          h.sim.webhookPublicKeyPem,
        ),
      ).toBe(false);
    }
    const events = h.events();
    expect(steps(events)).toEqual([
      "TRANSACTION_CREATED:SUBMITTED:0",
      "TRANSACTION_STATUS_UPDATED:CONFIRMING:0",
    ]);
    expect(
      events.every((event) => event.tenantId === h.sim.tenantId && event.data.id === tx.id),
    ).toBe(true);
    expect(events[1]?.data).toMatchObject({
      destinationAddress: address,
      assetId: "BTC",
      amountInfo: { amount: "0.0042" },
    });
    expect(h.sim.deliveries.map((row) => [row.attempt, row.statusCode])).toEqual([
      [1, 200],
      [1, 200],
    ]);
  });

  it("grows the confirmations one event at a time and completes at completeAt (BTC 3)", async () => {
    const h = await harness();
    const tx = await h.sim.sendPayment({ address: await h.deposit("BTC"), amount: "0.01" });
    expect((await h.sim.confirm(tx.id)).numOfConfirmations).toBe(1);
    await h.sim.confirm(tx.id);
    const done = await h.sim.confirm(tx.id);
    expect(done).toMatchObject({
      status: "COMPLETED",
      subStatus: "CONFIRMED",
      numOfConfirmations: 3,
    });
    expect(steps(h.events()).slice(2)).toEqual([
      "TRANSACTION_STATUS_UPDATED:CONFIRMING:1",
      "TRANSACTION_STATUS_UPDATED:CONFIRMING:2",
      "TRANSACTION_STATUS_UPDATED:COMPLETED:3",
    ]);
    expect(h.events()[2]?.data.blockInfo.blockHeight).toMatch(/^\d+$/);
    await expect(h.sim.confirm(tx.id)).rejects.toMatchObject({ status: 409 });
    expect(h.receiver.received).toHaveLength(5);
  });

  it("stops at completeAt when asked for more confirmations (ETH 2, or a configured count)", async () => {
    const h = await harness({ completeAt: { USDC: 1 } });
    const eth = await h.sim.sendPayment({ address: await h.deposit("ETH"), amount: "0.25" });
    expect(await h.sim.confirm(eth.id, 5)).toMatchObject({
      status: "COMPLETED",
      numOfConfirmations: 2,
    });
    const usdc = await h.sim.sendPayment({ address: await h.deposit("USDC"), amount: "100.5" });
    expect(await h.sim.confirm(usdc.id, 3)).toMatchObject({
      status: "COMPLETED",
      numOfConfirmations: 1,
    });
    expect(h.sim.completeAt()).toEqual({
      BTC: 3,
      ETH: 2,
      // By symbol on the asset's default network: USDT's is Tron.
      TRX_USDT_S2UZ: 2,
      USDC: 1,
      // The other networks complete at their own counts (core/networks, ADR 0031).
      USDT_ERC20: 12,
      USDC_BASECHAIN_ETH_5I5C: 12,
    });
    expect(steps(h.events()).filter((step) => step.includes("COMPLETED"))).toEqual([
      "TRANSACTION_STATUS_UPDATED:COMPLETED:2",
      "TRANSACTION_STATUS_UPDATED:COMPLETED:1",
    ]);
  });

  it("fails a transaction with the status asked for", async () => {
    const h = await harness();
    const tx = await h.sim.sendPayment({ address: await h.deposit("USDT"), amount: "50" });
    expect(await h.sim.fail(tx.id, "BLOCKED")).toMatchObject({
      status: "BLOCKED",
      subStatus: "BLOCKED_BY_POLICY",
    });
    expect(steps(h.events()).at(-1)).toBe("TRANSACTION_STATUS_UPDATED:BLOCKED:0");
    await expect(h.sim.fail(tx.id, "FAILED")).rejects.toBeInstanceOf(SimulatorError);
  });

  it("rejects a payment to an unknown address, with too many decimals, or of zero", async () => {
    const h = await harness();
    const address = await h.deposit("BTC");
    await expect(h.sim.sendPayment({ address: "bc1qunknown", amount: "1" })).rejects.toMatchObject({
      status: 404,
    });
    await expect(h.sim.sendPayment({ address, amount: "0.123456789" })).rejects.toMatchObject({
      status: 400,
    });
    await expect(h.sim.sendPayment({ address, amount: "0" })).rejects.toMatchObject({
      status: 400,
    });
    await expect(h.sim.sendPayment({ address, amount: "1", assetId: "ETH" })).rejects.toMatchObject(
      { status: 400 },
    );
    expect(h.receiver.received).toHaveLength(0);
  });

  it("confirms USDT on Tron at USDT's count, on Ethereum at Ethereum's (12), and USDC on Base at a configured pair count, on their own chains", async () => {
    const h = await harness({ completeAt: { USDT: 3, "USDC:base": 4 } });
    const tron = await h.client.createDepositAddress({
      paymentId: "pay_tron",
      asset: "USDT",
      network: "tron",
    });
    const tx = await h.sim.sendPayment({ address: tron.address, amount: "25.5" });
    expect(tx).toMatchObject({ assetId: "TRX_USDT_S2UZ", feeCurrency: "TRX" });
    expect(tx.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(isTronAddress(tx.sourceAddress ?? "")).toBe(true);
    // Tron is USDT's default network: the count by symbol is its.
    expect(await h.sim.confirm(tx.id, 2)).toMatchObject({
      status: "CONFIRMING",
      numOfConfirmations: 2,
    });
    expect(await h.sim.confirm(tx.id)).toMatchObject({
      status: "COMPLETED",
      numOfConfirmations: 3,
    });
    const ethereum = await h.client.createDepositAddress({
      paymentId: "pay_erc20",
      asset: "USDT",
      network: "ethereum",
    });
    const erc20 = await h.sim.sendPayment({ address: ethereum.address, amount: "25.5" });
    expect(erc20).toMatchObject({ assetId: "USDT_ERC20", feeCurrency: "ETH" });
    expect(await h.sim.confirm(erc20.id, 11)).toMatchObject({
      status: "CONFIRMING",
      numOfConfirmations: 11,
    });
    expect(await h.sim.confirm(erc20.id)).toMatchObject({
      status: "COMPLETED",
      numOfConfirmations: 12,
    });
    const base = await h.client.createDepositAddress({
      paymentId: "pay_base",
      asset: "USDC",
      network: "base",
    });
    const onBase = await h.sim.sendPayment({ address: base.address, amount: "10" });
    expect(onBase.assetId).toBe("USDC_BASECHAIN_ETH_5I5C");
    expect(await h.sim.confirm(onBase.id, 9)).toMatchObject({
      status: "COMPLETED",
      numOfConfirmations: 4,
    });
    expect(h.sim.completeAt()).toMatchObject({
      TRX_USDT_S2UZ: 3,
      USDT_ERC20: 12,
      USDC_BASECHAIN_ETH_5I5C: 4,
    });
  });

  it("refuses a deposit on the wrong network: ERC-20 USDT to a Tron address", async () => {
    const h = await harness();
    const tron = await h.client.createDepositAddress({
      paymentId: "pay_wrong",
      asset: "USDT",
      network: "tron",
    });
    await expect(
      h.sim.sendPayment({ address: tron.address, amount: "5", assetId: "USDT_ERC20" }),
    ).rejects.toMatchObject({ status: 400 });
    expect(h.receiver.received).toHaveLength(0);
  });

  it("one tick adds a confirmation to every pending transaction and leaves final ones alone", async () => {
    const h = await harness();
    const a = await h.sim.sendPayment({ address: await h.deposit("ETH"), amount: "1" });
    const b = await h.sim.sendPayment({ address: await h.deposit("BTC"), amount: "1" });
    const c = await h.sim.sendPayment({ address: await h.deposit("USDC"), amount: "1" });
    await h.sim.fail(c.id, "REJECTED");
    await h.sim.tick();
    await h.sim.tick();
    expect(h.sim.transaction(a.id)).toMatchObject({ status: "COMPLETED", numOfConfirmations: 2 });
    expect(h.sim.transaction(b.id)).toMatchObject({ status: "CONFIRMING", numOfConfirmations: 2 });
    expect(h.sim.transaction(c.id)).toMatchObject({ status: "REJECTED", numOfConfirmations: 0 });
  });
});

describe("delivery modes", () => {
  it("duplicate: delivers every webhook twice, byte for byte", async () => {
    const h = await harness();
    await h.sim.sendPayment(
      { address: await h.deposit("BTC"), amount: "0.5" },
      { duplicate: true },
    );
    const bodies = h.receiver.received.map((request) => request.body);
    expect(bodies).toHaveLength(4);
    expect(bodies[0]).toBe(bodies[1]);
    expect(bodies[2]).toBe(bodies[3]);
    expect(bodies[0]).not.toBe(bodies[2]);
    expect(new Set(h.events().map(dedupeKey)).size).toBe(2);
  });

  it("outOfOrder: delivers a step's webhooks in reverse order", async () => {
    let tick = 0;
    const h = await harness({ now: () => Date.now() + tick++ });
    const tx = await h.sim.sendPayment(
      { address: await h.deposit("BTC"), amount: "0.5" },
      { outOfOrder: true },
    );
    expect(steps(h.events())).toEqual([
      "TRANSACTION_STATUS_UPDATED:CONFIRMING:0",
      "TRANSACTION_CREATED:SUBMITTED:0",
    ]);
    await h.sim.confirm(tx.id, 3, { outOfOrder: true });
    expect(steps(h.events()).slice(2)).toEqual([
      "TRANSACTION_STATUS_UPDATED:COMPLETED:3",
      "TRANSACTION_STATUS_UPDATED:CONFIRMING:2",
      "TRANSACTION_STATUS_UPDATED:CONFIRMING:1",
    ]);
    // The events carry their own time of creation, so a receiver can tell the order.
    const timestamps = h
      .events()
      .slice(2)
      .map((event) => event.data.lastUpdated);
    expect(new Set(timestamps).size).toBe(3);
    expect([...timestamps].sort((x, y) => x - y)).toEqual([...timestamps].reverse());
  });

  it("badSignature: delivers a signature that does not verify (and records it)", async () => {
    const h = await harness();
    await h.sim.sendPayment(
      { address: await h.deposit("ETH"), amount: "0.1" },
      { badSignature: true },
    );
    expect(h.receiver.received).toHaveLength(2);
    for (const request of h.receiver.received) {
      const signature = request.headers["fireblocks-signature"] as string;
      expect(signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(readWebhook(request.body, signature, h.sim.webhookPublicKeyPem)).toEqual({
        kind: "unauthenticated",
      });
      expect(parseWebhook(request.body).kind).toBe("transaction");
    }
    expect(h.sim.deliveries.every((row) => !row.signatureValid)).toBe(true);
  });

  it("retries a delivery the receiver answers with 500, up to 3 times", async () => {
    const h = await harness();
    // First event: 500, 500, then 200. Second event: 500 four times (gives up after 3 retries).
    h.receiver.respondWith((index) => (index === 2 ? 200 : 500));
    await h.sim.sendPayment({ address: await h.deposit("BTC"), amount: "0.2" });
    expect(h.sim.deliveries.map((row) => [row.type, row.attempt, row.statusCode])).toEqual([
      ["TRANSACTION_CREATED", 1, 500],
      ["TRANSACTION_CREATED", 2, 500],
      ["TRANSACTION_CREATED", 3, 200],
      ["TRANSACTION_STATUS_UPDATED", 1, 500],
      ["TRANSACTION_STATUS_UPDATED", 2, 500],
      ["TRANSACTION_STATUS_UPDATED", 3, 500],
      ["TRANSACTION_STATUS_UPDATED", 4, 500],
    ]);
    expect(h.receiver.received).toHaveLength(7);
    expect(new Set(h.receiver.received.slice(3).map((request) => request.body)).size).toBe(1);
  });

  it("retries when nobody listens, recording the error, and reads a webhook URL given as a function", async () => {
    let url = "http://127.0.0.1:1/webhooks/custody";
    const h = await harness({ webhookUrl: () => url, maxRetries: 2 });
    const address = await h.deposit("BTC");
    await h.sim.sendPayment({ address, amount: "0.2" });
    expect(
      h.sim.deliveries.map((row) => [row.attempt, row.statusCode, row.error !== null]),
    ).toEqual([
      [1, null, true],
      [2, null, true],
      [3, null, true],
      [1, null, true],
      [2, null, true],
      [3, null, true],
    ]);
    url = h.receiver.url;
    await h.sim.sendPayment({ address, amount: "0.3" });
    expect(h.receiver.received).toHaveLength(2);
  });
});

describe("control API over HTTP", () => {
  async function post(
    base: string,
    path: string,
    body: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  it("sends, confirms and fails through JSON, with delivery options", async () => {
    const h = await harness();
    const address = await h.deposit("USDT");
    const sent = await post(h.sim.baseUrl, "/__sim/payments", {
      address,
      amount: "75.25",
      duplicate: true,
    });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({
      status: "CONFIRMING",
      assetId: "TRX_USDT_S2UZ",
      amountInfo: { amount: "75.25" },
    });
    expect(h.receiver.received).toHaveLength(4);
    const txId = String(sent.json.id);

    const confirmed = await post(h.sim.baseUrl, `/__sim/transactions/${txId}/confirmations`, {
      add: 2,
    });
    expect(confirmed.json).toMatchObject({ status: "COMPLETED", numOfConfirmations: 2 });
    expect(
      (await post(h.sim.baseUrl, `/__sim/transactions/${txId}/confirmations`, { add: 1 })).status,
    ).toBe(409);
    expect(
      (await post(h.sim.baseUrl, `/__sim/transactions/${txId}/fail`, { status: "FAILED" })).status,
    ).toBe(409);

    const other = await post(h.sim.baseUrl, "/__sim/payments", { address, amount: "1" });
    const failed = await post(h.sim.baseUrl, `/__sim/transactions/${String(other.json.id)}/fail`, {
      status: "REJECTED",
    });
    expect(failed.json).toMatchObject({ status: "REJECTED", subStatus: "REJECTED_AML_SCREENING" });

    const list = (await (await fetch(`${h.sim.baseUrl}/__sim/transactions`)).json()) as Array<{
      id: string;
    }>;
    expect(list.map((tx) => tx.id)).toEqual([txId, String(other.json.id)]);
    expect((await post(h.sim.baseUrl, "/__sim/payments", { address, amount: "lots" })).status).toBe(
      400,
    );
    expect(
      (await post(h.sim.baseUrl, "/__sim/transactions/nope/confirmations", { add: 1 })).status,
    ).toBe(404);
    expect((await post(h.sim.baseUrl, "/__sim/auto-confirm", { intervalMs: null })).json).toEqual({
      autoConfirmMs: null,
    });
  });

  it("serves the control page: one h1, every field labelled, every value escaped", async () => {
    const h = await harness();
    const hostile = `<script>alert("x")</script>`;
    const address = (await h.client.createDepositAddress({ paymentId: hostile, asset: "BTC" }))
      .address;
    await h.sim.sendPayment({ address, amount: "0.001" });
    const response = await fetch(
      `${h.sim.baseUrl}/__sim/?address=${encodeURIComponent('"><img src=x onerror=alert(1)>')}&amount=0.5`,
    );
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).toContain(address);
    // Every visible control has a <label for> naming it.
    const ids = [
      ...html.matchAll(/<(?:input|select)(?![^>]*type="hidden")[^>]*\bid="([^"]+)"/g),
    ].map((match) => match[1]);
    expect(ids.length).toBeGreaterThanOrEqual(7);
    for (const id of ids) expect(html).toContain(`for="${id}"`);
    expect(html).toContain('action="/__sim/payments"');
    expect(html).toMatch(/action="\/__sim\/transactions\/[^"]+\/confirmations"/);
  });

  it("takes plain form posts and redirects back (to an allowed returnTo only)", async () => {
    const h = await harness();
    const address = await h.deposit("ETH");
    const form = (fields: Record<string, string>) =>
      fetch(`${h.sim.baseUrl}/__sim/payments`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });

    const back = `${h.receiver.origin}/pay/pay_123`;
    const toCheckout = await form({ address, amount: "0.01", returnTo: back, outOfOrder: "true" });
    expect(toCheckout.status).toBe(303);
    expect(toCheckout.headers.get("location")).toBe(back);
    expect(steps(h.events())[0]).toBe("TRANSACTION_STATUS_UPDATED:CONFIRMING:0");

    const elsewhere = await form({
      address,
      amount: "0.02",
      returnTo: "https://evil.example/phish",
    });
    expect(elsewhere.headers.get("location")).toMatch(/^\/__sim\/\?notice=Sent/);

    const invalid = await form({ address, amount: "1.2.3", returnTo: back });
    expect(invalid.status).toBe(400);
    const page = await invalid.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain(`value="${back}"`);

    const txId = h.sim.transactions()[0]?.id ?? "";
    const confirm = await fetch(`${h.sim.baseUrl}/__sim/transactions/${txId}/confirmations`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "add=1",
      redirect: "manual",
    });
    expect(confirm.status).toBe(303);
    expect(h.sim.transaction(txId)?.numOfConfirmations).toBe(1);
  });

  it("can be mounted under another path through handleControlRequest (Fetch API)", async () => {
    const h = await harness();
    const address = await h.deposit("BTC");
    const base = "http://localhost:3000/simulator/custody";
    const page = await h.sim.handleControlRequest(new Request(`${base}/`), "/simulator/custody");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('action="/simulator/custody/payments"');

    const posted = await h.sim.handleControlRequest(
      new Request(`${base}/payments`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ address, amount: "0.003", returnTo: "/pay/pay_9" }).toString(),
      }),
      "/simulator/custody",
    );
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/pay/pay_9");
    expect(h.receiver.received).toHaveLength(2);
    expect(
      (
        await h.sim.handleControlRequest(
          new Request("http://localhost:3000/elsewhere"),
          "/simulator/custody",
        )
      ).status,
    ).toBe(404);
  });

  it("answers API paths without a token with 401 and unknown paths with 404", async () => {
    const h = await harness();
    const unauthenticated = await fetch(`${h.sim.baseUrl}/v1/transactions/x`);
    expect(unauthenticated.status).toBe(401);
    expect(await unauthenticated.json()).toEqual({
      message: "Unauthorized: JWT is missing",
      code: -3,
    });
    expect((await fetch(`${h.sim.baseUrl}/nowhere`)).status).toBe(404);
  });
});
