/**
 * The payments core wired to the real custody and M-Pesa simulators over HTTP on 127.0.0.1, with a
 * small server standing in for the app's webhook routes (it calls the same handlers). For integration
 * and property tests. Nothing here is mocked: only the clock is the test's.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { merchants } from "../../drizzle/schema";
import { capital, postTransaction, railFloat } from "~/core/ledger/ledger.server";
import type { PaymentsConfig } from "~/core/payments/config";
import type { PaymentsRuntime } from "~/core/payments/runtime.server";
import { callbackTokenFor } from "~/core/payments/runtime.server";
import { handleCustodyWebhook, handleMpesaCallback } from "~/core/payments/webhooks.server";
import { createCustodyClient } from "~/core/providers/custody/client.server";
import { startCustodySimulator, type CustodySimulator } from "~/core/providers/custody/simulator.server";
import { createDarajaClient } from "~/core/providers/daraja/client.server";
import { startDarajaSimulator, type DarajaSimulator } from "~/core/providers/daraja/simulator.server";
import type { RatesView } from "~/core/rates/read-rates.server";
import type { Db } from "~/utils/db.server";

export const testConfig: PaymentsConfig = {
  spreadBps: 50,
  quoteTtlMs: 15 * 60_000,
  confirmations: { BTC: 3, ETH: 2, USDT: 2, USDC: 2 },
  c2bFeeBps: 100,
  b2cFeeBps: 150,
  payoutDestinationCoolingOffHours: 24,
  railPerTransferKes: 250_000,
  railDailyKes: 500_000,
  minimumKes: 500,
  autoMaxKes: 1_000_000,
  reviewMaxKes: 5_000_000,
  dailyPerMerchantKes: 10_000_000,
  publicSiteUrl: "http://localhost:3000",
};

export function liveRates(now: number, prices: Partial<Record<"BTC" | "ETH" | "USDT" | "USDC", string>> = {}, kind: "live" | "stale" | "fallback" = "live"): RatesView {
  const all = { BTC: "11650000", ETH: "398000", USDT: "129.2", USDC: "129.15", ...prices };
  return {
    status: kind === "live" ? "live" : "degraded",
    lastUpdatedAt: now,
    lastRefresh: null,
    rates: (Object.keys(all) as (keyof typeof all)[]).map((symbol) => ({
      symbol,
      name: symbol,
      priceKes: all[symbol],
      kind,
      asOf: now,
      fetchedAt: now,
      source: "coingecko",
      derived: true,
      usdKes: "129.2",
      fxSource: "open-er-api",
    })),
  };
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request(`${origin}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
}

export interface PaymentsHarness {
  runtime: PaymentsRuntime;
  custodySim: CustodySimulator;
  darajaSim: DarajaSimulator;
  clock: { now: number };
  close(): Promise<void>;
}

export async function startPaymentsHarness(db: Db, options: { floatKes?: number } = {}): Promise<PaymentsHarness> {
  const clock = { now: Date.UTC(2026, 10, 20, 7, 0) };
  const now = () => clock.now;
  const callbackToken = callbackTokenFor("test-secret");
  // Filled in below, once the simulators know where to call us.
  const runtime = {} as PaymentsRuntime;
  const app: Server = createServer((req, res) => {
    void (async () => {
      const request = await toRequest(req, origin);
      const path = new URL(request.url).pathname;
      const answer =
        path === "/webhooks/custody"
          ? await handleCustodyWebhook(db, runtime, request, now)
          : await handleMpesaCallback(
              db,
              runtime,
              ({ "/webhooks/mpesa/b2c/result": "b2c-result", "/webhooks/mpesa/b2c/timeout": "b2c-timeout", "/webhooks/mpesa/status/result": "status-result", "/webhooks/mpesa/status/timeout": "status-timeout" } as const)[
                path as "/webhooks/mpesa/b2c/result"
              ] ?? "b2c-result",
              request,
              now,
            );
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;

  const custodySim = await startCustodySimulator({ webhookUrl: `${origin}/webhooks/custody`, generateApiKeyPair: true, completeAt: testConfig.confirmations, seed: 7, now });
  const keys = custodySim.apiKeyPair!;
  const darajaSim = await startDarajaSimulator({ consumerKey: "k", consumerSecret: "s", callbackDelayMs: 0, seed: 7, now, floatKes: Math.max(options.floatKes ?? 0, 50_000_000) });
  Object.assign(runtime, {
    config: testConfig,
    custody: createCustodyClient({ baseUrl: custodySim.baseUrl, apiKey: keys.apiKey, apiSecretPem: keys.privateKeyPem, timeoutMs: 5_000, now }),
    payouts: createDarajaClient({
      baseUrl: darajaSim.baseUrl,
      consumerKey: "k",
      consumerSecret: "s",
      initiatorName: "onehop",
      securityCredential: "c2ltdWxhdGVk",
      shortCode: "600000",
      timeoutMs: 5_000,
      now,
      resultUrl: `${origin}/webhooks/mpesa/b2c/result?token=${callbackToken}`,
      queueTimeoutUrl: `${origin}/webhooks/mpesa/b2c/timeout?token=${callbackToken}`,
      statusResultUrl: `${origin}/webhooks/mpesa/status/result?token=${callbackToken}`,
      statusQueueTimeoutUrl: `${origin}/webhooks/mpesa/status/timeout?token=${callbackToken}`,
    }),
    custodyWebhookPublicKeyPem: custodySim.webhookPublicKeyPem,
    callbackToken,
    custodySimulator: custodySim,
    darajaSimulator: darajaSim,
  } satisfies PaymentsRuntime);
  const floatCents = BigInt(options.floatKes ?? 20_000_000) * 100n;
  postTransaction(db, {
    idempotencyKey: "test:float",
    kind: "float.funded",
    entries: [
      { account: railFloat("mpesa"), amount: floatCents },
      { account: capital("KES"), amount: -floatCents },
    ],
  });
  return {
    runtime,
    custodySim,
    darajaSim,
    clock,
    async close() {
      await Promise.all([custodySim.close(), darajaSim.close(), new Promise<void>((resolve) => app.close(() => resolve()))]);
    },
  };
}

export function addMerchant(db: Db, id: string, settlementPhone: string | null = "254712345678") {
  db.insert(merchants).values({ id, businessName: `Shop ${id}`, contactEmail: `${id.toLowerCase()}@shop.example`, settlementPhone, createdAt: 0 }).run();
}
