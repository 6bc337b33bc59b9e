/**
 * Airtel Money, PesaLink and T-Kash as rails of the running app (issue 14), in simulator mode:
 * payments started as at boot run each rail on its simulator; a transfer on each rail is sent
 * through the app's rails (settlement's sender), the simulator's callback reaches the app's route
 * (/webhooks/airtel, /webhooks/pesalink, /webhooks/tkash) and marks it succeeded, and a failed
 * outcome returns it as failed. A callback with a bad signature is 401 and changes nothing; one
 * naming a transfer on another rail changes nothing; a status query's answer is applied. A small
 * server stands in for the app: it calls the real route actions.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settlementDestinations, settlementTransfers } from "../../drizzle/schema";
import { payoutRailsOf } from "~/core/payments/rails.server";
import {
  newTransferId,
  queryOverdueTransfers,
  sendPendingTransfers,
} from "~/core/payments/settlement.server";
import { computeCallbackHash } from "~/core/providers/airtel/callback.server";
import type { RailId } from "~/core/rails/types";
import { action as airtelWebhook } from "~/routes/webhooks.airtel";
import { action as pesalinkWebhook } from "~/routes/webhooks.pesalink";
import { action as tkashWebhook } from "~/routes/webhooks.tkash";
import { env } from "~/utils/env.server";
import { stopAllJobs } from "~/utils/jobs.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { installPaymentsRuntime, runningPayments, startPayments } from "./payments.server";

const { db, close } = installTestDatabase();
const saved = { ...env };
const MERCHANT = "MRC-RAJS4X";
addMerchant(db, MERCHANT);

const ROUTES: Record<string, typeof airtelWebhook> = {
  "/webhooks/airtel": airtelWebhook,
  "/webhooks/pesalink": pesalinkWebhook,
  "/webhooks/tkash": tkashWebhook,
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

/** The app's rail callback routes, as Remix would call their actions. */
async function route(request: Request): Promise<Response> {
  const action = ROUTES[new URL(request.url).pathname];
  if (request.method !== "POST" || !action) return new Response("not found", { status: 404 });
  return action({ request, params: {}, context: {} });
}

let app: { origin: string; server: Server };
async function startApp() {
  let origin = "";
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
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, server };
}

const clock = { now: Date.UTC(2026, 10, 26, 9, 0) };
const now = () => clock.now;

function runtime() {
  const running = runningPayments();
  if (!running) throw new Error("payments did not start");
  return running;
}

let sequence = 0;
/** A merchant's destination on `rail` and a pending transfer of `amountKes` to it. */
function pendingTransfer(
  rail: RailId,
  destination: { phone: string } | { bankCode: string; accountNumber: string; accountName: string },
  amountKes = 1_500,
): string {
  sequence++;
  const destinationId = `dst_rails${sequence}`;
  db.insert(settlementDestinations)
    .values({
      id: destinationId,
      merchantId: MERCHANT,
      rail,
      ...destination,
      status: "verified",
      createdAt: clock.now,
      updatedAt: clock.now,
      verifiedAt: clock.now,
    })
    .run();
  const id = newTransferId();
  db.insert(settlementTransfers)
    .values({
      id,
      merchantId: MERCHANT,
      paymentId: null,
      sequence,
      rail,
      destinationId,
      phone: "phone" in destination ? destination.phone : null,
      amountKesCents: BigInt(amountKes) * 100n,
      feeKesCents: 0n,
      status: "pending",
      settlementDay: "2026-11-26",
      createdAt: clock.now,
      updatedAt: clock.now,
    })
    .run();
  return id;
}

const transferOf = (id: string) =>
  db.select().from(settlementTransfers).where(eq(settlementTransfers.id, id)).get()!;

/** Send every pending transfer through the running app's rails, as the tick does. */
const sendPending = () => sendPendingTransfers(testStore(db), payoutRailsOf(runtime()), now);

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${app.origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });

beforeAll(async () => {
  app = await startApp();
  Object.assign(env, {
    PROVIDER_MODE: "simulator",
    PORT: Number(new URL(app.origin).port),
    DEPOSIT_ADDRESS_POOL: "0",
    SIMULATOR_AUTO_CONFIRM_MS: 0,
    DARAJA_SIM_CALLBACK_DELAY_MS: 0,
    // Callbacks only when the test flushes a simulator: every step is the test's.
    RAIL_SIM_CALLBACK_DELAY_MS: 0,
  });
  await startPayments({ store: testStore(db), simulators: true });
  stopAllJobs();
});

afterAll(async () => {
  stopAllJobs();
  const running = runningPayments();
  await Promise.all([
    running?.custodySimulator?.close(),
    running?.darajaSimulator?.close(),
    running?.airtelSimulator?.close(),
    running?.pesalinkSimulator?.close(),
    running?.tkashSimulator?.close(),
  ]);
  installPaymentsRuntime(null);
  await new Promise<void>((resolve) => app.server.close(() => resolve()));
  Object.assign(env, saved);
  close();
});

describe("the other payout rails in simulator mode", () => {
  it("run in the app's runtime next to M-Pesa, each with its callback keys", () => {
    const running = runtime();
    expect(Object.keys(payoutRailsOf(running)).sort()).toEqual([
      "airtel-money",
      "mpesa",
      "pesalink",
      "t-kash",
    ]);
    expect(Object.keys(running.railCallbacks ?? {}).sort()).toEqual([
      "airtel-money",
      "pesalink",
      "t-kash",
    ]);
  });

  it("Airtel Money: in progress at send, paid by the callback at /webhooks/airtel; a refused one is failed", async () => {
    const sim = runtime().airtelSimulator!;
    sim.setOutcome("0733100001", "in-progress");
    sim.setOutcome("0733100002", "insufficient-balance");
    const paid = pendingTransfer("airtel-money", { phone: "254733100001" });
    const refused = pendingTransfer("airtel-money", { phone: "254733100002" });
    await sendPending();
    expect(transferOf(paid).status).toBe("sent");
    expect(transferOf(refused)).toMatchObject({ status: "failed" });
    expect(transferOf(refused).resultDesc).toContain("DP00800001007");

    await sim.flush();
    expect(sim.callbacks.map((c) => c.status)).toEqual([200, 200]);
    expect(transferOf(paid)).toMatchObject({
      status: "succeeded",
      receipt: sim.transaction(paid)!.airtelMoneyId,
    });
    // Airtel's TF callback for the refused one changes nothing: it was already failed.
    expect(transferOf(refused).status).toBe("failed");
  });

  it("T-Kash: accepted, then paid or failed by the aggregator's callback at /webhooks/tkash", async () => {
    const sim = runtime().tkashSimulator!;
    sim.setNumber("254770100002", { outcome: "unregistered" });
    const paid = pendingTransfer("t-kash", { phone: "254770100001" });
    const unregistered = pendingTransfer("t-kash", { phone: "254770100002" });
    await sendPending();
    expect(transferOf(paid).status).toBe("sent");
    expect(transferOf(unregistered).status).toBe("sent");

    await sim.flush();
    expect(sim.callbacks.map((c) => c.status)).toEqual([200, 200]);
    expect(transferOf(paid)).toMatchObject({
      status: "succeeded",
      receipt: sim.payout(paid)!.providerTransactionId,
    });
    expect(transferOf(unregistered).status).toBe("failed");
    expect(transferOf(unregistered).resultDesc).toContain("RECIPIENT_NOT_FOUND");
  });

  it("PesaLink: the bank's signed callback at /webhooks/pesalink pays a transfer whose answer was lost, and fails one to an unknown account", async () => {
    const sim = runtime().pesalinkSimulator!;
    sim.setAccount("1450160649887", { outcome: "unknown-account" });
    const account = { bankCode: "68", accountName: "Shop Owner" };
    const paid = pendingTransfer("pesalink", { ...account, accountNumber: "1450160649886" });
    const refused = pendingTransfer("pesalink", { ...account, accountNumber: "1450160649887" });
    const rail = payoutRailsOf(runtime()).pesalink!;
    // The bank answers at once; here its answers are lost (our process stopped after the call,
    // with the transfers marked sent), so only the callbacks can tell.
    for (const [id, accountNumber] of [
      [paid, "1450160649886"],
      [refused, "1450160649887"],
    ] as const) {
      await rail.send({
        transferId: id,
        destination: { kind: "bank_account", ...account, accountNumber },
        amountKes: 1_500,
        remarks: "OneHop settlement",
      });
      db.update(settlementTransfers)
        .set({ status: "sent", sentAt: clock.now })
        .where(eq(settlementTransfers.id, id))
        .run();
    }
    await sim.flush();
    expect(sim.callbacks.map((c) => c.status)).toEqual([200, 200]);
    expect(transferOf(paid)).toMatchObject({
      status: "succeeded",
      receipt: sim.transfer(paid.replace("_", ""))!.transactionId,
    });
    expect(transferOf(refused).status).toBe("failed");
    expect(transferOf(refused).resultDesc).toContain("PesaLink 104101");
  });

  it("PesaLink: a synchronous answer through settlement's sender is applied at once", async () => {
    const account = { bankCode: "68", accountName: "Shop Owner", accountNumber: "1450160649888" };
    const paid = pendingTransfer("pesalink", account);
    await sendPending();
    expect(transferOf(paid).status).toBe("succeeded");
    // The callback that follows changes nothing.
    await runtime().pesalinkSimulator!.flush();
    expect(transferOf(paid).status).toBe("succeeded");
  });

  it("a callback with a bad signature is 401 and changes nothing, on each route", async () => {
    const airtel = pendingTransfer("airtel-money", { phone: "254733100003" });
    const tkash = pendingTransfer("t-kash", { phone: "254770100003" });
    db.update(settlementTransfers).set({ status: "sent", sentAt: clock.now }).run();
    const transaction = { id: airtel, message: "Paid", status_code: "TS", airtel_money_id: "X1" };
    const forged = computeCallbackHash(transaction, "not-the-secret");
    const airtelAnswer = await post(
      "/webhooks/airtel",
      JSON.stringify({ transaction, hash: forged }),
    );
    expect(airtelAnswer.status).toBe(401);

    const record = {
      payoutId: tkash,
      status: "COMPLETED",
      amount: "1500",
      currency: "KES",
      recipient: { phone: "254770100003" },
      providerTransactionId: "TK1",
      failureReason: null,
      created: new Date(clock.now).toISOString(),
    };
    const t = Math.floor(Date.now() / 1000);
    const tkashAnswer = await post("/webhooks/tkash", JSON.stringify(record), {
      "X-Signature": `t=${t},v1=${"0".repeat(64)}`,
    });
    expect(tkashAnswer.status).toBe(401);

    const pesalinkAnswer = await post("/webhooks/pesalink", JSON.stringify({ any: "thing" }), {
      "x-jenga-signature": "c2lnbmVk",
    });
    expect(pesalinkAnswer.status).toBe(401);

    expect(transferOf(airtel).status).toBe("sent");
    expect(transferOf(tkash).status).toBe("sent");
  });

  it("a well-signed callback naming a transfer on another rail changes nothing", async () => {
    const tkash = pendingTransfer("t-kash", { phone: "254770100004" });
    db.update(settlementTransfers)
      .set({ status: "sent", sentAt: clock.now })
      .where(eq(settlementTransfers.id, tkash))
      .run();
    const secret = runtime().railCallbacks!["airtel-money"]!.callbackSecret;
    const transaction = { id: tkash, message: "Paid", status_code: "TS", airtel_money_id: "X2" };
    const answer = await post(
      "/webhooks/airtel",
      JSON.stringify({ transaction, hash: computeCallbackHash(transaction, secret) }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ outcome: "ignored" });
    expect(transferOf(tkash)).toMatchObject({ status: "sent", receipt: null });
  });

  it("a status query's answer on these rails is applied: Airtel ambiguous, asked again, then paid", async () => {
    const sim = runtime().airtelSimulator!;
    sim.setOutcome("0733100005", "ambiguous");
    const id = pendingTransfer("airtel-money", { phone: "254733100005" });
    await sendPending();
    expect(transferOf(id).status).toBe("sent");
    const rails = payoutRailsOf(runtime());
    // First question: still ambiguous (TA) -> pending, nothing changes.
    clock.now += 6 * 60_000;
    await queryOverdueTransfers(testStore(db), rails, clock.now);
    expect(transferOf(id).status).toBe("sent");
    // Asked again: TS -> succeeded with Airtel's receipt.
    clock.now += 6 * 60_000;
    await queryOverdueTransfers(testStore(db), rails, clock.now);
    expect(transferOf(id)).toMatchObject({
      status: "succeeded",
      receipt: sim.transaction(id)!.airtelMoneyId,
    });
  });
});
