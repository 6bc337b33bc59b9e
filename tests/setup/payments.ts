/**
 * The payments core wired to the real custody and M-Pesa simulators over HTTP on 127.0.0.1, with a
 * small server standing in for the app's webhook routes (it calls the same handlers). For
 * integration and property tests. Nothing here is mocked: only the clock is the test's.
 */
import { defaultNetwork, type NetworkId } from "~/core/networks/networks";
import { requiredConfirmations } from "~/core/payments/config";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { merchants, settlementDestinations } from "../../drizzle/schema";
import { verifiedDestinationRow } from "~/core/destinations/destinations.server";
import {
  capital,
  type LedgerBook,
  ledgerBook,
  postTransaction,
  railFloat,
} from "~/core/ledger/ledger.server";
import { normalizeStoredPhone } from "~/utils/phone";
import type { PaymentsConfig } from "~/core/payments/config";
import { payoutRailsOf } from "~/core/payments/rails.server";
import type { PayoutRails } from "~/core/rails/types";
import { callbackTokenFor } from "~/core/payments/callback-token.server";
import { applyMpesaResult } from "~/core/payments/mpesa-results.server";
import { handleCustodyWebhook } from "~/core/payments/webhooks.server";
import { answerMpesaCallback } from "~/route-support/mpesa-callback.server";
import { createCustodyClient } from "~/core/providers/custody/client.server";
import { startCustodySimulator, type CustodySimulator } from "~/simulators/custody/index.server";
import {
  createDarajaClient,
  type DarajaClientOptions,
} from "~/core/providers/daraja/client.server";
import { startDarajaSimulator, type DarajaSimulator } from "~/simulators/daraja/index.server";
import type { DarajaClient } from "~/core/providers/daraja/types";
import type { RatesView } from "~/core/rates/read-rates.server";
import { installPaymentsRuntime, type PaymentsRuntime } from "~/wiring/payments.server";
import { runningMarketSimulator, startRates } from "~/wiring/rates.server";
import type { Db } from "~/db/sqlite-connection.server";
import type { ApiMode } from "~/core/api/vocabulary";
import { createPayment, getPayment, type Payment } from "~/core/payments/payments.server";
import { formatCryptoUnits } from "~/core/payments/quote";
import { stopAllJobs } from "~/utils/jobs.server";
import {
  custodyNotificationOf,
  custodyWebhookAnswer,
} from "~/route-support/custody-webhook.server";
import { testStore } from "./db";

/**
 * The payments dependencies as boot wires them (app/wiring/payments.server.ts), for tests outside
 * the composition place.
 */
export type { PaymentsRuntime };

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

export function liveRates(
  now: number,
  prices: Partial<Record<"BTC" | "ETH" | "USDT" | "USDC", string>> = {},
  kind: "live" | "stale" | "fallback" = "live",
): RatesView {
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
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string") headers.set(name, value);
  return new Request(`${origin}${req.url}`, {
    method: req.method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
}

const MPESA_CALLBACK_KINDS = {
  "/webhooks/mpesa/b2c/result": "b2c-result",
  "/webhooks/mpesa/b2c/timeout": "b2c-timeout",
  "/webhooks/mpesa/status/result": "status-result",
  "/webhooks/mpesa/status/timeout": "status-timeout",
  "/webhooks/mpesa/b2b/result": "b2b-result",
  "/webhooks/mpesa/b2b/timeout": "b2b-timeout",
} as const;

export interface WebhookEndpoint {
  /** Where the endpoints are, e.g. http://127.0.0.1:41234. */
  origin: string;
  server: Server;
}

/**
 * The app's webhook routes on 127.0.0.1 (`/webhooks/custody` and the four M-Pesa callbacks),
 * calling the same handlers with `runtime` (which may still be filled in after this starts).
 */
export async function startWebhookEndpoint(
  db: Db,
  runtime: PaymentsRuntime,
  now: () => number,
  options: {
    /**
     * While true, every delivery is answered 503 and nothing is handled (the process is going
     * down).
     */
    refusing?: () => boolean;
    /** Told of every delivery a handler answered. */
    onAnswer?: (path: string, status: number) => void;
  } = {},
): Promise<WebhookEndpoint> {
  /** An M-Pesa result callback through the app's edge and core (as its routes do). */
  const mpesaCallback = (request: Request, path: string) => {
    const kind = MPESA_CALLBACK_KINDS[path as keyof typeof MPESA_CALLBACK_KINDS] ?? "b2c-result";
    return answerMpesaCallback(request, kind, [runtime.callbackToken], undefined, (body, _, url) =>
      applyMpesaResult(
        testStore(db),
        runtime,
        { kind, body, transferId: url.searchParams.get("transfer") },
        now,
      ),
    );
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const request = await toRequest(req, origin);
      const path = new URL(request.url).pathname;
      if (options.refusing?.()) {
        res.writeHead(503);
        res.end();
        return;
      }
      const answer =
        path === "/webhooks/custody"
          ? custodyWebhookAnswer(
              await handleCustodyWebhook(
                testStore(db),
                runtime,
                await custodyNotificationOf(request),
                now,
              ),
            )
          : await mpesaCallback(request, path);
      options.onAnswer?.(path, answer.status);
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, server };
}

/** The Daraja API keys the test simulators take and the test clients send. */
export const TEST_DARAJA_KEYS = { consumerKey: "k", consumerSecret: "s" } as const;

/** Where a Daraja client sends its B2C and status-query callbacks. */
export type DarajaCallbackUrls = Required<
  Pick<
    DarajaClientOptions,
    "resultUrl" | "queueTimeoutUrl" | "statusResultUrl" | "statusQueueTimeoutUrl"
  >
>;

/**
 * The app's M-Pesa callback URLs on `origin`, each carrying the callback token (as startPayments()
 * gives them to Daraja).
 */
export function mpesaCallbackUrls(origin: string, callbackToken: string): DarajaCallbackUrls {
  return {
    resultUrl: `${origin}/webhooks/mpesa/b2c/result?token=${callbackToken}`,
    queueTimeoutUrl: `${origin}/webhooks/mpesa/b2c/timeout?token=${callbackToken}`,
    statusResultUrl: `${origin}/webhooks/mpesa/status/result?token=${callbackToken}`,
    statusQueueTimeoutUrl: `${origin}/webhooks/mpesa/status/timeout?token=${callbackToken}`,
  };
}

/**
 * A Daraja client for the M-Pesa simulator at `baseUrl`: the test keys, initiator and shortcode,
 * callbacks to `urls`.
 */
export function testDarajaClient(
  baseUrl: string,
  { urls, now }: { urls: DarajaCallbackUrls; now: () => number },
): DarajaClient {
  return createDarajaClient({
    baseUrl,
    ...TEST_DARAJA_KEYS,
    initiatorName: "onehop",
    securityCredential: "c2ltdWxhdGVk",
    shortCode: "600000",
    timeoutMs: 5_000,
    now,
    ...urls,
  });
}

/**
 * The payments runtime on two running simulators, as startPayments() wires it in simulator mode:
 * the custody client with the simulator's API key pair, the Daraja client calling back to the app
 * at `origin`.
 */
export function testPaymentsRuntime(
  { custodySim, darajaSim }: { custodySim: CustodySimulator; darajaSim: DarajaSimulator },
  { origin, callbackToken, now }: { origin: string; callbackToken: string; now: () => number },
): PaymentsRuntime {
  const keys = custodySim.apiKeyPair!;
  const payouts = testDarajaClient(darajaSim.baseUrl, {
    urls: mpesaCallbackUrls(origin, callbackToken),
    now,
  });
  return {
    config: testConfig,
    custody: createCustodyClient({
      baseUrl: custodySim.baseUrl,
      apiKey: keys.apiKey,
      apiSecretPem: keys.privateKeyPem,
      timeoutMs: 5_000,
      now,
    }),
    payouts,
    // M-Pesa B2B (Paybill and Till disbursements) on the same client, as startPayments() wires it.
    b2b: {
      client: payouts,
      resultUrl: `${origin}/webhooks/mpesa/b2b/result?token=${callbackToken}`,
      queueTimeoutUrl: `${origin}/webhooks/mpesa/b2b/timeout?token=${callbackToken}`,
    },
    custodyWebhookPublicKeyPem: custodySim.webhookPublicKeyPem,
    callbackToken,
    custodySimulator: custodySim,
    darajaSimulator: darajaSim,
  };
}

export interface PaymentsHarness {
  runtime: PaymentsRuntime;
  /** The runtime's payout rails (M-Pesa B2C on the Daraja simulator), as settlement takes them. */
  rails: PayoutRails;
  custodySim: CustodySimulator;
  darajaSim: DarajaSimulator;
  clock: { now: number };
  close(): Promise<void>;
}

export async function startPaymentsHarness(
  db: Db,
  options: { floatKes?: number } = {},
): Promise<PaymentsHarness> {
  const clock = { now: Date.UTC(2026, 10, 20, 7, 0) };
  const now = () => clock.now;
  const callbackToken = callbackTokenFor("test-secret");
  // Filled in below, once the simulators know where to call us.
  const runtime = {} as PaymentsRuntime;
  const { origin, server: app } = await startWebhookEndpoint(db, runtime, now);

  const custodySim = await startCustodySimulator({
    webhookUrl: `${origin}/webhooks/custody`,
    generateApiKeyPair: true,
    completeAt: testConfig.confirmations,
    seed: 7,
    now,
  });
  const darajaSim = await startDarajaSimulator({
    ...TEST_DARAJA_KEYS,
    callbackDelayMs: 0,
    seed: 7,
    now,
    floatKes: Math.max(options.floatKes ?? 0, 50_000_000),
  });
  Object.assign(
    runtime,
    testPaymentsRuntime({ custodySim, darajaSim }, { origin, callbackToken, now }),
  );
  const floatCents = BigInt(options.floatKes ?? 20_000_000) * 100n;
  await postTransaction(testStore(db), {
    idempotencyKey: "test:float",
    kind: "float.funded",
    entries: [
      { account: railFloat("mpesa"), amount: floatCents },
      { account: capital("KES"), amount: -floatCents },
    ],
  });
  return {
    runtime,
    rails: payoutRailsOf(runtime),
    custodySim,
    darajaSim,
    clock,
    async close() {
      await Promise.all([
        custodySim.close(),
        darajaSim.close(),
        new Promise<void>((resolve) => app.close(() => resolve())),
      ]);
    },
  };
}

/**
 * The harness for the tests of this file (or of the describe block it is called in): started before
 * them, closed after them. Returns the harness, filled in once the before-hook ran. With `install`,
 * it is also the process's payments runtime (what startPayments() does at boot), for the routes;
 * with `rates`, the rates service runs too (market simulator, jobs stopped after). `test.close`, if
 * given (the file's database), runs last.
 */
export function setUpPaymentsHarness(
  test: { db: Db; close?: () => void },
  options: { install?: boolean; rates?: boolean } = {},
): PaymentsHarness {
  const harness = {} as PaymentsHarness;
  beforeAll(async () => {
    Object.assign(harness, await startPaymentsHarness(test.db));
    if (options.install) installPaymentsRuntime(harness.runtime);
    if (options.rates) await startRates({ store: testStore(test.db), simulators: true });
  });
  afterAll(async () => {
    if (options.rates) stopAllJobs();
    if (options.install) installPaymentsRuntime(null);
    if (options.rates) await runningMarketSimulator()?.stop();
    await harness.close();
    test.close?.();
  });
  return harness;
}

/** A merchant paid to `settlementPhone` on M-Pesa (a verified default destination), or nowhere. */
export function addMerchant(db: Db, id: string, settlementPhone: string | null = "254712345678") {
  db.insert(merchants)
    .values({
      id,
      businessName: `Shop ${id}`,
      contactEmail: `${id.toLowerCase()}@shop.example`,
      createdAt: 0,
    })
    .run();
  // A new merchant has no destination yet: this one is its default.
  if (settlementPhone)
    db.insert(settlementDestinations)
      .values(
        verifiedDestinationRow(
          id,
          { rail: "mpesa", phone: normalizeStoredPhone(settlementPhone) },
          0,
          true,
        ),
      )
      .run();
}

/**
 * A USDT payment of `amountKes` for the merchant (live unless `mode` says test), paid in full
 * through the custody simulator and confirmed (throws if it is not).
 */
export async function confirmedPayment(
  db: Db,
  h: PaymentsHarness,
  input: {
    merchantId: string;
    amountKes: number;
    reference?: string;
    mode?: ApiMode;
    /** Default: USDT's default network (Tron). */
    network?: NetworkId;
  },
): Promise<{ payment: Payment; tx: { id: string } }> {
  const { merchantId, amountKes, mode, network } = input;
  const payment = await createPayment(
    testStore(db),
    {
      custody: h.runtime.custody,
      rates: liveRates(h.clock.now),
      config: testConfig,
      now: h.clock.now,
    },
    {
      merchantId,
      amountKes,
      asset: "USDT",
      reference: input.reference ?? `ORDER-${amountKes}`,
      ...(mode ? { mode } : {}),
      ...(network ? { network } : {}),
    },
  );
  const tx = await h.custodySim.sendPayment({
    address: payment.depositAddress!,
    amount: formatCryptoUnits(payment.cryptoAmountUnits, payment.asset),
  });
  await h.custodySim.confirm(
    tx.id,
    requiredConfirmations(testConfig, "USDT", network ?? defaultNetwork("USDT")),
  );
  const status = (await testStore(db).read((q) => getPayment(q, payment.id)))?.status;
  if (status !== "confirmed") throw new Error(`payment ${payment.id} is ${status}, not confirmed`);
  return { payment, tx };
}

let credits = 0;
/**
 * Credit `kes` whole shillings to the merchant's available balance (an operator's adjustment from
 * capital), in the live book unless `mode` says test: money to pay out from.
 */
export async function creditAvailable(
  db: Db,
  merchantId: string,
  kes: number,
  mode: LedgerBook = "live",
  /** When it is posted (default: now); a test reading a dated statement gives its clock. */
  now?: number,
): Promise<void> {
  const cents = BigInt(kes) * 100n;
  const book = ledgerBook(mode);
  await postTransaction(testStore(db), {
    idempotencyKey: `test:credit:${mode}:${merchantId}:${++credits}`,
    kind: "operator.adjustment",
    description: "Test credit",
    reference: { type: "adjustment", id: `credit-${merchantId}-${credits}` },
    entries: [
      { account: book.capital("KES"), amount: cents },
      { account: book.merchantAvailable(merchantId), amount: -cents },
    ],
    ...(now === undefined ? {} : { now }),
  });
}

/**
 * Fresh merchant ids for tests that make many (property tests): `MRC-<prefix><4 readable>`, in
 * order. `prefix` is two characters of the readable alphabet.
 */
export function merchantIdSequence(prefix: string): () => string {
  const readable = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
  let made = 0;
  return () => {
    let n = made++;
    let code = "";
    for (let i = 0; i < 4; i++) {
      code = readable[n % readable.length] + code;
      n = Math.floor(n / readable.length);
    }
    return `MRC-${prefix}${code}`;
  };
}
