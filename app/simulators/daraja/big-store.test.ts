/**
 * Issue 28: the Daraja simulator reads its B2C transactions, B2B payments and STK pushes through
 * the database store. Restarted on a store with thousands of them it reads none at start, and
 * still answers the status query (by receipt or conversation id) and the STK query for old ones.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  parseTransactionStatusResult,
  STATUS_NOT_FOUND_RESULT_CODE,
} from "~/core/providers/daraja/result";
import { SANDBOX_STK_PASSKEY } from "~/core/providers/daraja/wire";
import {
  startCallbackReceiver,
  type CallbackReceiver,
} from "../../../tests/support/daraja-callbacks";
import {
  createDbSimulatorStore,
  openSimulatorDatabase,
  type SimulatorStore,
} from "../store.server";
import { startDarajaSimulator, type DarajaSimulator } from "./index.server";
import type { SimulatedB2bPayment, SimulatedStkPush, SimulatedTransaction } from "./types";
import { probeSimulatorStore } from "../../../tests/setup/simulator-store";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const TIMESTAMP = "20260115120000"; // NOW in Nairobi
const KEY = "sim-consumer-key";
const SECRET = "sim-consumer-secret";
const BASIC = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString("base64")}`;
const PASSWORD = Buffer.from(`174379${SANDBOX_STK_PASSKEY}${TIMESTAMP}`).toString("base64");

let running: { close(): Promise<void> }[] = [];
const databases: { close(): void }[] = [];
afterEach(async () => {
  await Promise.all(running.map((item) => item.close()));
  running = [];
});
afterAll(() => databases.forEach((database) => database.close()));

/** A database store of its own, counting its paged reads; `load()` (read everything) throws. */
function probedStore() {
  const sims = openSimulatorDatabase(":memory:");
  databases.push(sims);
  const store = createDbSimulatorStore(sims, "daraja", () => NOW);
  return { store, ...probeSimulatorStore(store) };
}

const pad = (n: number) => String(n).padStart(6, "0");
const transaction = (n: number): SimulatedTransaction => ({
  originatorConversationId: `trf_old_${pad(n)}`,
  conversationId: `AG_20260115_OLD${pad(n)}`,
  transactionId: `SKO${pad(n)}A`,
  phone: "254712345678",
  amountKes: 1_000 + n,
  commandId: "BusinessPayment",
  outcome: "success",
  resultCode: 0,
  resultDesc: "The service request is processed successfully.",
  status: "Completed",
  receiverName: "JOHN DOE",
  initiatedAt: NOW - 1_000_000 + n,
  completedAt: NOW - 1_000_000 + n,
});
const b2b = (n: number): SimulatedB2bPayment => ({
  originatorConversationId: `b2b-old-${pad(n)}`,
  conversationId: `AG_20260115_B2B${pad(n)}`,
  transactionId: `SKB${pad(n)}A`,
  commandId: "BusinessPayBill",
  partyA: "600997",
  partyB: "700100",
  accountReference: "ACC1",
  requester: undefined,
  amountKes: 500,
  chargeKes: 5,
  outcome: "success",
  resultCode: 0,
  resultDesc: "The service request is processed successfully.",
  status: "Completed",
  receiverName: "KENYA POWER",
  initiatedAt: NOW - 1_000_000 + n,
  completedAt: NOW - 1_000_000 + n,
});
const push = (n: number): SimulatedStkPush => ({
  checkoutRequestId: `ws_CO_old_${pad(n)}`,
  merchantRequestId: `mr-${pad(n)}`,
  businessShortCode: "174379",
  transactionType: "CustomerPayBillOnline",
  partyB: "174379",
  phone: "254708374149",
  amountKes: 100,
  accountReference: "Test",
  transactionDesc: "Test",
  callbackUrl: "http://127.0.0.1:9/stk",
  outcome: "cancelled",
  resultCode: 1032,
  resultDesc: "Request cancelled by user",
  receipt: undefined,
  acceptedAt: NOW - 1_000_000 + n,
  // The last one was never answered: its callback was lost with the process.
  answered: n % 1_000 !== 999,
  answeredAt: n % 1_000 !== 999 ? NOW - 999_000 + n : undefined,
});

/** `count` of each, as the simulator writes them; with their id records unless `indexes: false`. */
function fill(store: SimulatorStore, count: number, { indexes = true } = {}) {
  for (let n = 0; n < count; n++) {
    const t = transaction(n);
    store.save("tx", t.originatorConversationId, t);
    const p = b2b(n);
    store.save("b2b", p.originatorConversationId, p);
    store.save("stk", push(n).checkoutRequestId, push(n));
    if (!indexes) continue;
    store.save("tx-conversation", t.conversationId, { id: t.originatorConversationId });
    store.save("tx-receipt", t.transactionId, { id: t.originatorConversationId });
    store.save("b2b-key", p.conversationId, { id: p.originatorConversationId });
    store.save("b2b-key", p.transactionId, { id: p.originatorConversationId });
  }
  if (indexes) store.save("meta", "indexes", { version: 1 });
  store.save("float", "float", { kes: 777_000, chargesPaidKes: 1_234 });
}

async function start(store: SimulatorStore) {
  const sim = await startDarajaSimulator({
    consumerKey: KEY,
    consumerSecret: SECRET,
    now: () => NOW,
    seed: 5,
    store,
  });
  running.push(sim);
  const response = await fetch(`${sim.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: BASIC },
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { sim, token };
}

async function post(sim: DarajaSimulator, path: string, token: string, body: unknown) {
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The status query's Result for one id (`TransactionID` or `OriginalConversationID`). */
async function status(
  { sim, token }: { sim: DarajaSimulator; token: string },
  receiver: CallbackReceiver,
  id: { TransactionID: string } | { OriginalConversationID: string },
) {
  const ack = await post(sim, "/mpesa/transactionstatus/v1/query", token, {
    Initiator: "testapi",
    SecurityCredential: "c2VjcmV0",
    CommandID: "TransactionStatusQuery",
    ...id,
    PartyA: "600997",
    IdentifierType: "4",
    ResultURL: receiver.url("/status/result"),
    QueueTimeOutURL: receiver.url("/status/timeout"),
    Remarks: "status",
  });
  expect(ack.status).toBe(200);
  await sim.flush();
  return parseTransactionStatusResult(receiver.received.at(-1)!.body);
}

const stkQuery = (sim: DarajaSimulator, token: string, checkoutRequestId: string) =>
  post(sim, "/mpesa/stkpushquery/v1/query", token, {
    BusinessShortCode: "174379",
    Password: PASSWORD,
    Timestamp: TIMESTAMP,
    CheckoutRequestID: checkoutRequestId,
  });

describe("the Daraja simulator on a big store", () => {
  it("starts without reading its records and still answers the queries for old ones", async () => {
    const { store, probed, calls } = probedStore();
    const count = 3_000;
    fill(store, count);
    const receiver = await startCallbackReceiver();
    running.push(receiver);

    const started = await start(probed);
    const { sim, token } = started;
    // The float record and the indexes' mark; no page, no query.
    expect(calls).toEqual({ get: 2, page: 0, matching: 0 });
    expect(sim.floatKes()).toBe(777_000);
    expect(sim.transaction("trf_old_000017")).toMatchObject({ amountKes: 1_017 });

    expect(await status(started, receiver, { TransactionID: "SKO000018A" })).toMatchObject({
      resultCode: 0,
      receiptNo: "SKO000018A",
      transactionStatus: "Completed",
      amountKes: 1_018,
    });
    expect(
      await status(started, receiver, { OriginalConversationID: "AG_20260115_OLD000019" }),
    ).toMatchObject({ resultCode: 0, receiptNo: "SKO000019A", amountKes: 1_019 });
    expect(await status(started, receiver, { TransactionID: "SKB000020A" })).toMatchObject({
      resultCode: 0,
      receiptNo: "SKB000020A",
      reasonType: "Business Pay Bill",
    });
    expect(await status(started, receiver, { TransactionID: "SKX999999A" })).toMatchObject({
      resultCode: STATUS_NOT_FOUND_RESULT_CODE,
    });

    // An old push is answered; one never answered before the restart is answered now.
    expect(await stkQuery(sim, token, "ws_CO_old_000021")).toMatchObject({
      status: 200,
      body: { ResultDesc: "Request cancelled by user" },
    });
    expect(sim.stkPush("ws_CO_old_000999")).toMatchObject({
      answered: true,
      answeredAt: NOW - 1_000_000 + 999,
    });
    expect((await stkQuery(sim, token, "ws_CO_old_000999")).status).toBe(200);

    // A resent B2C is still a duplicate.
    const resent = await post(sim, "/mpesa/b2c/v3/paymentrequest", token, {
      OriginatorConversationID: "trf_old_000005",
      InitiatorName: "testapi",
      SecurityCredential: "c2VjcmV0",
      CommandID: "BusinessPayment",
      Amount: 100,
      PartyA: "600997",
      PartyB: "254712345678",
      Remarks: "Settlement",
      QueueTimeOutURL: receiver.url("/b2c/timeout"),
      ResultURL: receiver.url("/b2c/result"),
    });
    expect(resent).toMatchObject({ status: 500, body: { errorCode: "500.002.1001" } });
    expect(calls.page).toBe(0);
    expect(calls.get).toBeLessThanOrEqual(20);

    // The control page lists B2B payments a page at a time.
    const list = async (query: string) =>
      (await fetch(`${sim.baseUrl}/__sim/b2b${query}`).then((r) => r.json())) as {
        originatorConversationId: string;
      }[];
    const first = await list("");
    expect(first).toHaveLength(500);
    expect(first[0]?.originatorConversationId).toBe("b2b-old-000000");
    const last = await list(`?offset=${count - 2}`);
    expect(last.map((p) => p.originatorConversationId)).toEqual([
      `b2b-old-${pad(count - 2)}`,
      `b2b-old-${pad(count - 1)}`,
    ]);
    // One page for the first list; the pages up to the end (and the empty one after) for the last.
    expect(calls.page).toBe(1 + Math.ceil(count / 500) + 1);
  });

  it("makes the id records of a store from before them once, in SQL", async () => {
    const { store, probed, calls } = probedStore();
    const count = 1_200;
    fill(store, count, { indexes: false });
    const receiver = await startCallbackReceiver();
    running.push(receiver);

    const first = await start(probed);
    expect(calls.page).toBe(0);
    expect(store.paged!.count("tx-receipt")).toBe(count);
    expect(store.paged!.count("b2b-key")).toBe(2 * count);
    expect(store.paged!.get("tx-conversation", "AG_20260115_OLD000003")).toBe(
      '{"id":"trf_old_000003"}',
    );
    await first.sim.close();

    // Made once: the mark says so, and the next start makes nothing.
    expect(store.paged!.get("meta", "indexes")).toBeDefined();
    const again = await start(probed);
    expect(calls).toMatchObject({ page: 0, matching: 0 });
    expect(await status(again, receiver, { TransactionID: "SKO001100A" })).toMatchObject({
      resultCode: 0,
      amountKes: 2_100,
    });
    expect(
      await status(again, receiver, { OriginalConversationID: "AG_20260115_B2B000007" }),
    ).toMatchObject({ resultCode: 0, receiptNo: "SKB000007A" });
  });
});
