/**
 * POST /webhooks/mpesa/b2b/result and /timeout (ADR 0035, "B2B"): only our Daraja's callbacks (the
 * token in the URL); the Result applied to the B2B disbursement transfer the URL's `transfer`
 * names, once. An unknown transfer, one that is not a sent B2B transfer, and a repeat change
 * nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { settlementTransfers } from "../../drizzle/schema";
import { approveBatch, createBulkBatch, submitBatch } from "~/core/disbursements/batches.server";
import { listBatchRows } from "~/core/disbursements/reads.server";
import {
  capital,
  merchantAvailable,
  merchantInFlight,
  merchantReserved,
  owed,
  postTransaction,
  railFloat,
} from "~/core/ledger/ledger.server";
import { sendPendingTransfers } from "~/core/payments/settlement.server";
import type { PayoutRails } from "~/core/rails/types";
import { installPaymentsRuntime, type PaymentsRuntime } from "~/wiring/payments.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant, creditAvailable } from "../../tests/setup/payments";
import { action, loader } from "./webhooks.mpesa.b2b.result";
import { action as timeoutAction } from "./webhooks.mpesa.b2b.timeout";

const { db, close } = installTestDatabase();
const store = testStore(db);
const TOKEN = "live-token-0123456789abcdef";
const M = "MRC-WBBAAA";
const clock = { now: Date.UTC(2026, 10, 20, 7, 0) };

/** A rail that takes every request (the Result comes later, by these routes). */
const accepting: PayoutRails = {
  mpesa: {
    id: "mpesa",
    send: () => Promise.resolve({ kind: "accepted", providerRef: "AG_20261120_000001" }),
    queryStatus: () => Promise.resolve({ kind: "asked" }),
  },
};

beforeAll(async () => {
  installPaymentsRuntime({ callbackToken: TOKEN } as PaymentsRuntime);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(console, "info").mockImplementation(() => undefined);
  addMerchant(db, M);
  await creditAvailable(db, M, 100_000);
  await postTransaction(store, {
    idempotencyKey: "test:float",
    kind: "float.funded",
    entries: [
      { account: railFloat("mpesa"), amount: 10_000_000n },
      { account: capital("KES"), amount: -10_000_000n },
    ],
  });
});
afterAll(() => {
  installPaymentsRuntime(null);
  vi.restoreAllMocks();
  close();
});

/** Rows of a new approved batch of `lines` (recipient,rail,amount,account), sent. */
async function sentRows(...lines: string[]) {
  const maker = { merchantId: M, memberId: "usr_maker0001", mode: "live" as const };
  const batch = await createBulkBatch(
    store,
    maker,
    {
      title: "Suppliers",
      fileName: null,
      text: ["recipient,rail,amount,account", ...lines].join("\r\n"),
      smsReceipts: false,
    },
    clock.now,
  );
  await submitBatch(store, maker, batch.id, clock.now);
  await approveBatch(store, { merchantId: M, memberId: "usr_checker001" }, batch.id, clock.now);
  await sendPendingTransfers(testStore(db), accepting, () => clock.now, { limit: 50 });
  return (await store.read((q) => listBatchRows(q, batch.id, { limit: 50 }))).rows;
}

function post(
  route: typeof action,
  path: "result" | "timeout",
  body: string,
  query: { token?: string | null; transfer?: string | null },
) {
  const url = new URL(`http://localhost:3000/webhooks/mpesa/b2b/${path}`);
  if (query.token) url.searchParams.set("token", query.token);
  if (query.transfer) url.searchParams.set("transfer", query.transfer);
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  return route({ request, params: {}, context: {} });
}

const result = (resultCode = 0, amountKes = 8000) =>
  JSON.stringify({
    Result: {
      ResultType: 0,
      ResultCode: resultCode,
      ResultDesc:
        resultCode === 0
          ? "The service request is processed successfully."
          : "External validation failed for the C2B transaction.",
      OriginatorConversationID: "5118-111210482-1",
      ConversationID: "AG_20261120_000001",
      TransactionID: "SKL1B2B0QX",
      ...(resultCode === 0
        ? {
            ResultParameters: {
              ResultParameter: [
                { Key: "Amount", Value: `${amountKes}.00` },
                { Key: "DebitPartyCharges", Value: "Business Pay Bill Charge|KES|17.00" },
                { Key: "ReceiverPartyPublicName", Value: "247247 - KENYA POWER" },
                { Key: "TransCompletedTime", Value: 20261120100500 },
                { Key: "Currency", Value: "KES" },
              ],
            },
          }
        : {}),
      ReferenceData: { ReferenceItem: { Key: "BillReferenceNumber", Value: "123456" } },
    },
  });

const timeout = () =>
  JSON.stringify({
    Result: {
      ResultType: 1,
      ResultCode: "1037",
      ResultDesc: "The request timed out in the queue.",
      OriginatorConversationID: "5118-111210482-2",
      ConversationID: "AG_20261120_000002",
    },
  });

const transferOf = (id: string | null) =>
  db
    .select()
    .from(settlementTransfers)
    .where(eq(settlementTransfers.id, id ?? ""))
    .get()!;

describe("the M-Pesa B2B Result route", () => {
  it("takes POSTs only: a GET answers 405 with Allow: POST", () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("refuses a missing or wrong token (403) and changes nothing", async () => {
    const [row] = await sentRows("247247,paybill,8000,123456");
    for (const token of [null, "", "not-the-token", `${TOKEN}x`]) {
      const response = await post(action, "result", result(), { token, transfer: row!.transferId });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ ResultCode: 1, ResultDesc: "Forbidden" });
    }
    expect(transferOf(row!.transferId).status).toBe("sent");
  });

  it("pays the transfer the URL names, once; a repeat and an unknown transfer change nothing", async () => {
    const [row] = await sentRows("247248,paybill,8000,123456");
    const first = await post(action, "result", result(), {
      token: TOKEN,
      transfer: row!.transferId,
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ResultCode: 0, ResultDesc: "Accepted" });
    expect(transferOf(row!.transferId)).toMatchObject({
      status: "succeeded",
      receipt: "SKL1B2B0QX",
    });
    const inFlight = await owed(store, merchantInFlight(M));
    const available = await owed(store, merchantAvailable(M));
    // The same Result again, and a failing one for the same transfer: nothing changes.
    for (const body of [result(), result(2007)]) {
      const again = await post(action, "result", body, { token: TOKEN, transfer: row!.transferId });
      expect(again.status).toBe(200);
    }
    expect(transferOf(row!.transferId).status).toBe("succeeded");
    expect(await owed(store, merchantInFlight(M))).toBe(inFlight);
    expect(await owed(store, merchantAvailable(M))).toBe(available);
    // No transfer, an unknown one: acknowledged, ignored.
    for (const transfer of [null, "trf_unknown000000"]) {
      const response = await post(action, "result", result(), { token: TOKEN, transfer });
      expect(response.status).toBe(200);
    }
    expect(await owed(store, merchantAvailable(M))).toBe(available);
  });

  it("never applies a Result to a transfer that is not a sent B2B one", async () => {
    const [phone] = await sentRows("0712345678,mpesa,1500,");
    expect(transferOf(phone!.transferId).status).toBe("sent");
    await post(action, "result", result(0, 1500), { token: TOKEN, transfer: phone!.transferId });
    expect(transferOf(phone!.transferId).status).toBe("sent");
  });

  it("fails the transfer on a refusing Result, and on a queue timeout, giving the money back", async () => {
    const available = await owed(store, merchantAvailable(M));
    const [refused, timedOut] = await sentRows("247249,paybill,8000,NOPE", "123456,till,950,");
    await post(action, "result", result(2007), { token: TOKEN, transfer: refused!.transferId });
    expect(transferOf(refused!.transferId)).toMatchObject({
      status: "failed",
      resultCode: 2007,
      resultDesc:
        "The Paybill did not accept the account number: check it with the business and pay again",
    });
    const response = await post(timeoutAction, "timeout", timeout(), {
      token: TOKEN,
      transfer: timedOut!.transferId,
    });
    expect(response.status).toBe(200);
    expect(transferOf(timedOut!.transferId).status).toBe("failed");
    expect(await owed(store, merchantAvailable(M))).toBe(available);
    expect(await owed(store, merchantReserved(M))).toBe(0n);
  });

  it("refuses a body that is not a B2B Result (400)", async () => {
    const [row] = await sentRows("247250,paybill,8000,123456");
    for (const body of ["{not json", JSON.stringify({ Body: {} })]) {
      const response = await post(action, "result", body, {
        token: TOKEN,
        transfer: row!.transferId,
      });
      expect(response.status).toBe(400);
    }
    expect(transferOf(row!.transferId).status).toBe("sent");
  });
});
