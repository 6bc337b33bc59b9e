/**
 * Test mode on a live deployment (ADR 0028), through real HTTP with four real simulators: two play
 * the live custody provider and M-Pesa, two play their sandboxes. With PROVIDER_MODE=live and the
 * TEST_* settings, a test payment gets its address from the custody sandbox, is confirmed by the
 * sandbox's webhook at /webhooks/custody/test and paid out by the M-Pesa sandbox, and a live one
 * only ever reaches the live providers; a notification or callback of one mode never moves money of
 * the other; without the sandbox settings test payments are refused and live ones still run. A
 * small server stands in for the app: it calls the real route actions.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiMode } from "~/core/api/vocabulary";
import { callbackTokenFor } from "~/core/payments/callback-token.server";
import { getPayment, PaymentError, type Payment } from "~/core/payments/payments.server";
import { formatCryptoUnits } from "~/core/payments/quote";
import { listTransfersForPayment } from "~/core/payments/settlement.server";
import type { PaymentCreator } from "~/core/payments/service.server";
import { B2C_PATH } from "~/core/providers/daraja/wire";
import { action as custodyWebhook } from "~/routes/webhooks.custody.($mode)";
import { startCustodySimulator } from "~/simulators/custody/index.server";
import { startDarajaSimulator, type DarajaSimulator } from "~/simulators/daraja/index.server";
import { env, SANDBOX_SETTINGS } from "~/utils/env.server";
import { stopAllJobs } from "~/utils/jobs.server";
import { mpesaCallbackAction, type MpesaCallbackKind } from "~/route-support/mpesa-callback.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { insertApiKey } from "../../tests/setup/api-keys";
import { addMember } from "../../tests/setup/members";
import { addMerchant } from "../../tests/setup/payments";
import {
  installPaymentsRuntime,
  payments,
  paymentsConfigFromEnv,
  runningTestPayments,
  startPayments,
} from "./payments.server";
import { storeLiveRates } from "../../tests/setup/rates";

const { db, close } = installTestDatabase();
const saved = { ...env };
const SECRET = "live-deployment-secret-0123456789abcdef";
const MERCHANT = "MRC-TMKV28";
addMerchant(db, MERCHANT);
const owner = addMember(db, MERCHANT, "owner");
const completeAt = paymentsConfigFromEnv(env).confirmations;

let app: { origin: string; server: Server };
let live: Provider;
let sandbox: Provider;

const MPESA_KINDS: Record<string, MpesaCallbackKind> = {
  "/webhooks/mpesa/b2c/result": "b2c-result",
  "/webhooks/mpesa/b2c/timeout": "b2c-timeout",
  "/webhooks/mpesa/status/result": "status-result",
  "/webhooks/mpesa/status/timeout": "status-timeout",
};

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string") headers.set(name, value);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  return new Request(`${origin}${req.url}`, { method: req.method, headers, body });
}

/** The app's webhook routes, as Remix would call their actions (with the route's params). */
async function route(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const custody = /^\/webhooks\/custody(?:\/([^/]+))?$/.exec(path);
  const args = { request, context: {} };
  if (request.method === "POST" && custody)
    return custodyWebhook({
      ...args,
      params: custody[1] === undefined ? {} : { mode: custody[1] },
    });
  const kind = MPESA_KINDS[path];
  if (request.method === "POST" && kind) return mpesaCallbackAction(kind)({ ...args, params: {} });
  return new Response("not found", { status: 404 });
}

async function startApp(): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    void (async () => {
      const answer = await route(await toRequest(req, origin));
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(await answer.text());
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, server };
}

/** A custody and a Daraja simulator; their Daraja API keys are `consumerKey` and its "-secret". */
async function startProvider(webhookUrl: string, seed: number, consumerKey: string) {
  const [custody, daraja] = await Promise.all([
    startCustodySimulator({
      webhookUrl,
      generateApiKeyPair: true,
      completeAt,
      maxRetries: 0,
      seed,
    }),
    startDarajaSimulator({ consumerKey, consumerSecret: `${consumerKey}-secret`, seed }),
  ]);
  return { custody, daraja, consumerKey };
}
type Provider = Awaited<ReturnType<typeof startProvider>>;

/** The provider's settings as a deployment gives them (`prefix` "TEST_" for the sandbox). */
function providerEnv(prefix: "" | "TEST_", { custody, daraja, consumerKey }: Provider) {
  const keys = custody.apiKeyPair!;
  return {
    [`${prefix}CUSTODY_BASE_URL`]: custody.baseUrl,
    [`${prefix}CUSTODY_API_KEY`]: keys.apiKey,
    [`${prefix}CUSTODY_API_SECRET_PEM`]: keys.privateKeyPem,
    [`${prefix}CUSTODY_WEBHOOK_PUBLIC_KEY_PEM`]: custody.webhookPublicKeyPem,
    [`${prefix}DARAJA_BASE_URL`]: daraja.baseUrl,
    [`${prefix}DARAJA_CONSUMER_KEY`]: consumerKey,
    [`${prefix}DARAJA_CONSUMER_SECRET`]: `${consumerKey}-secret`,
    [`${prefix}DARAJA_INITIATOR_NAME`]: `onehop-${consumerKey}`,
    [`${prefix}DARAJA_SECURITY_CREDENTIAL`]: "c2ltdWxhdGVk",
    [`${prefix}DARAJA_SHORTCODE`]: "600000",
  };
}

/**
 * Payments as started at boot, with its background tick stopped: every step here is driven by a
 * request (a webhook settles at once), so the test sees that path and nothing races it.
 */
async function boot() {
  await startPayments({ store: testStore(db), simulators: false });
  stopAllJobs();
}

beforeAll(async () => {
  app = await startApp();
  live = await startProvider(`${app.origin}/webhooks/custody`, 101, "live");
  sandbox = await startProvider(`${app.origin}/webhooks/custody/test`, 202, "sandbox");
  Object.assign(env, {
    PROVIDER_MODE: "live",
    PUBLIC_SITE_URL: app.origin,
    SESSION_SECRET: SECRET,
    DEPOSIT_ADDRESS_POOL: "0",
    MPESA_FLOAT_OPENING_KES: 1_000_000,
    ...providerEnv("", live),
    ...providerEnv("TEST_", sandbox),
  });
  await storeLiveRates(db);
  await boot();
});

afterAll(async () => {
  stopAllJobs();
  installPaymentsRuntime(null);
  for (const key of Object.keys(env)) if (!(key in saved)) delete env[key as keyof typeof env];
  Object.assign(env, saved);
  await Promise.all(
    [live, sandbox].flatMap((provider) => [provider.custody.close(), provider.daraja.close()]),
  );
  await new Promise<void>((resolve) => app.server.close(() => resolve()));
  close();
});

const testKey = () =>
  insertApiKey(db, {
    merchantId: MERCHANT,
    mode: "test",
    name: "Sandbox",
    scopes: ["payments:write"],
    createdBy: owner.id,
    now: Date.now(),
  }).key;
const actorFor = (mode: ApiMode): PaymentCreator =>
  mode === "test"
    ? { type: "api_key", id: testKey().id, merchantId: MERCHANT, mode: "test" }
    : { type: "merchant_user", id: "mu_tmkv28", merchantId: MERCHANT };

let references = 0;
async function create(mode: ApiMode): Promise<Payment> {
  const payment = await payments().create(actorFor(mode), {
    amountKes: 10_000,
    asset: "USDT",
    reference: `${mode}-${++references}`,
  });
  expect(payment.mode).toBe(mode);
  return payment;
}

const knows = (provider: Provider, address: string) =>
  provider.custody.depositAddresses().some((row) => row.address === address);
/** The B2C payment requests a Daraja simulator answered, by OriginatorConversationID. */
const b2cRequests = (daraja: DarajaSimulator) =>
  daraja.requests
    .filter((request) => request.path.startsWith(B2C_PATH))
    .map((request) => (request.body as Record<string, string>).OriginatorConversationID);

/** The customer pays in full at `provider`'s custody, which confirms it. */
async function pay(provider: Provider, payment: Payment) {
  const tx = await provider.custody.sendPayment({
    address: payment.depositAddress!,
    amount: formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
  });
  await provider.custody.confirm(tx.id, completeAt.USDT);
  return tx;
}

/** The payment's one transfer once it was sent to M-Pesa (settlement runs after the webhook). */
const sentTransfer = (paymentId: string) =>
  vi.waitFor(async () => {
    const [transfer, ...others] = await testStore(db).read((q) =>
      listTransfersForPayment(q, paymentId),
    );
    expect(others).toEqual([]);
    expect(transfer?.status).toBe("sent");
    return transfer!;
  });

/** A full payment through `provider`, from the deposit to the M-Pesa result; the transfer sent. */
async function settleThrough(provider: Provider, payment: Payment, webhookPath: string) {
  const tx = await pay(provider, payment);
  const deliveries = provider.custody.deliveries.filter((each) => each.txId === tx.id);
  expect(deliveries.length).toBeGreaterThan(0);
  for (const delivery of deliveries)
    expect(delivery).toMatchObject({ url: app.origin + webhookPath, statusCode: 200 });
  const transfer = await sentTransfer(payment.id);
  await provider.daraja.flush();
  await vi.waitFor(async () =>
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settled"),
  );
  expect((await testStore(db).read((q) => listTransfersForPayment(q, payment.id)))[0]?.status).toBe(
    "succeeded",
  );
  return transfer;
}

describe("PROVIDER_MODE=live with the sandbox settings", () => {
  it("runs test mode, on its own runtime", () => {
    expect(payments().runsMode("test")).toBe(true);
    expect(payments().runsMode("live")).toBe(true);
    expect(runningTestPayments()?.modes).toEqual(["test"]);
  });

  it("a test payment is addressed, confirmed and paid out by the sandboxes only", async () => {
    const liveB2c = b2cRequests(live.daraja);
    const liveAddresses = live.custody.depositAddresses().length;
    const payment = await create("test");
    expect(knows(sandbox, payment.depositAddress!)).toBe(true);
    expect(knows(live, payment.depositAddress!)).toBe(false);
    expect(live.custody.depositAddresses()).toHaveLength(liveAddresses);

    const transfer = await settleThrough(sandbox, payment, "/webhooks/custody/test");
    expect(b2cRequests(sandbox.daraja)).toContain(transfer.id);
    expect(sandbox.daraja.transaction(transfer.id)?.status).toBe("Completed");
    const token = callbackTokenFor(SECRET, "test");
    expect(
      sandbox.daraja.callbacks.filter((c) => c.originatorConversationId === transfer.id),
    ).toMatchObject([{ kind: "b2c-result", status: 200, url: expect.stringContaining(token) }]);
    // The real M-Pesa was never asked to pay anything.
    expect(b2cRequests(live.daraja)).toEqual(liveB2c);
    expect(live.daraja.transaction(transfer.id)).toBeUndefined();
  });

  it("a live payment is addressed, confirmed and paid out by the live providers only", async () => {
    const sandboxB2c = b2cRequests(sandbox.daraja);
    const payment = await create("live");
    expect(knows(live, payment.depositAddress!)).toBe(true);
    expect(knows(sandbox, payment.depositAddress!)).toBe(false);

    const transfer = await settleThrough(live, payment, "/webhooks/custody");
    expect(b2cRequests(live.daraja)).toContain(transfer.id);
    expect(live.daraja.transaction(transfer.id)?.status).toBe("Completed");
    expect(b2cRequests(sandbox.daraja)).toEqual(sandboxB2c);
  });

  it("the sandbox's custody notification is refused at the live route (401)", async () => {
    const payment = await create("test");
    const tx = await sandbox.custody.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
    });
    // The sandbox's own route took it: the signature is the sandbox's, and good.
    const delivery = sandbox.custody.deliveries.find((each) => each.txId === tx.id)!;
    expect(delivery).toMatchObject({ url: `${app.origin}/webhooks/custody/test`, statusCode: 200 });
    const replayed = await fetch(`${app.origin}/webhooks/custody`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "fireblocks-signature": delivery.signature },
      body: delivery.body,
    });
    expect(replayed.status).toBe(401);
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("confirming");
  });

  it("an M-Pesa result with the test token never moves a live transfer", async () => {
    const payment = await create("live");
    await pay(live, payment);
    const transfer = await sentTransfer(payment.id);
    const result = (token: string) =>
      fetch(`${app.origin}/webhooks/mpesa/b2c/result?token=${token}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          Result: {
            ResultType: 0,
            ResultCode: 0,
            ResultDesc: "The service request is processed successfully.",
            OriginatorConversationID: transfer.id,
            ConversationID: "AG_20260115_00000000000000000001",
            TransactionID: "UAB12CD34E",
            ResultParameters: {
              ResultParameter: [{ Key: "TransactionReceipt", Value: "UAB12CD34E" }],
            },
          },
        }),
      });
    const forged = await result(callbackTokenFor(SECRET, "test"));
    expect(forged.status).toBe(200);
    expect(await forged.json()).toMatchObject({ ResultCode: 0 });
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id)))[0]?.status,
    ).toBe("sent");
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settling");
    // The same result with the live token settles it: only the token's mode made it harmless.
    expect((await result(callbackTokenFor(SECRET, "live"))).status).toBe(200);
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id)))[0]?.status,
    ).toBe("succeeded");
  });

  it("answers 404 for a custody route of no mode", async () => {
    const answer = await fetch(`${app.origin}/webhooks/custody/somethingelse`, { method: "POST" });
    expect(answer.status).toBe(404);
  });
});

describe("PROVIDER_MODE=live without the sandbox settings", () => {
  beforeAll(async () => {
    for (const name of SANDBOX_SETTINGS) delete env[name];
    await boot();
  });

  it("refuses test payments and test webhooks; live payments still run", async () => {
    expect(runningTestPayments()).toBeNull();
    expect(payments().runsMode("test")).toBe(false);
    const sandboxAddresses = sandbox.custody.depositAddresses().length;
    const refused = await create("test").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentError);
    expect(refused).toMatchObject({ code: "custody_unavailable" });
    expect(sandbox.custody.depositAddresses()).toHaveLength(sandboxAddresses);
    const testRoute = await fetch(`${app.origin}/webhooks/custody/test`, { method: "POST" });
    expect(testRoute.status).toBe(404);

    const payment = await create("live");
    expect(knows(live, payment.depositAddress!)).toBe(true);
    await settleThrough(live, payment, "/webhooks/custody");
  });
});
