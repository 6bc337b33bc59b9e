/**
 * The other rails' results (rail-results.server.ts): a callback is verified with the keys of the
 * runtime that sent it before anything is read further, and changes only a pending or sent
 * transfer of its own rail and of that runtime's modes; non-final states change nothing.
 */
import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { payments, settlementTransfers } from "../../../drizzle/schema";
import { computeCallbackHash } from "~/core/providers/airtel/callback.server";
import { signText } from "~/core/providers/pesalink/signature.server";
import { signatureHeader } from "~/core/providers/tkash/signature.server";
import type { RailId } from "~/core/rails/types";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { addMerchant } from "../../../tests/setup/payments";
import { answerRailCallback } from "~/route-support/provider-callback.server";
import {
  applyRailCallback,
  applyRailResult,
  RAIL_CALLBACK_MAX_BYTES,
  type CallbackRail,
  type RailCallbackReceiver,
} from "./rail-results.server";

const { db, close } = createTestDb();
afterAll(close);
const store = testStore(db);
const MERCHANT = "MRC-RR4K7X";
addMerchant(db, MERCHANT);
const NOW = Date.UTC(2026, 10, 26, 9, 0);

const bank = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});
const LIVE: RailCallbackReceiver = {
  keys: {
    "airtel-money": { callbackSecret: "airtel-live-secret" },
    pesalink: { bankPublicKey: bank.publicKey },
    "t-kash": { apiSecret: "tkash-live-secret" },
  },
  modes: ["live"],
};
const SANDBOX: RailCallbackReceiver = {
  keys: { "airtel-money": { callbackSecret: "airtel-sandbox-secret" } },
  modes: ["test"],
};

let next = 0;
function transfer(rail: RailId, status: "pending" | "sent" | "failed" = "sent"): string {
  const id = `trf_rr${++next}x`;
  db.insert(settlementTransfers)
    .values({
      id,
      merchantId: MERCHANT,
      paymentId: null,
      sequence: next,
      rail,
      phone: rail === "pesalink" ? null : "254733000000",
      amountKesCents: 150_000n,
      feeKesCents: 0n,
      status,
      settlementDay: "2026-11-26",
      createdAt: NOW,
      updatedAt: NOW,
      sentAt: status === "pending" ? null : NOW,
    })
    .run();
  return id;
}
const statusOf = (id: string) =>
  db.select().from(settlementTransfers).where(eq(settlementTransfers.id, id)).get()!.status;

beforeEach(() => {
  db.delete(settlementTransfers).run();
  db.delete(payments).run();
});

function airtelCallback(id: string, status: string, secret: string): Request {
  const transaction = { id, message: "Done", status_code: status, airtel_money_id: "MP1" };
  return new Request("http://app.test/webhooks/airtel", {
    method: "POST",
    body: JSON.stringify({ transaction, hash: computeCallbackHash(transaction, secret) }),
  });
}

describe("applyRailResult", () => {
  const paid = { kind: "succeeded", receipt: "R1", description: "Paid" } as const;

  it("applies a final result to a transfer of its rail, once", async () => {
    const id = transfer("airtel-money");
    expect(await applyRailResult(store, "airtel-money", id, paid, LIVE, NOW)).toBe("succeeded");
    expect(statusOf(id)).toBe("succeeded");
    // A repeat (or a failure after it) changes nothing.
    const failed = { kind: "failed", code: null, description: "No" } as const;
    expect(await applyRailResult(store, "airtel-money", id, failed, LIVE, NOW)).toBe("ignored");
    expect(statusOf(id)).toBe("succeeded");
  });

  it("ignores an unknown transfer, one on another rail, one of the other mode, and a pending state", async () => {
    expect(await applyRailResult(store, "airtel-money", "trf_nosuch", paid, LIVE, NOW)).toBe(
      "ignored",
    );
    const mpesa = transfer("mpesa");
    expect(await applyRailResult(store, "airtel-money", mpesa, paid, LIVE, NOW)).toBe("ignored");
    expect(statusOf(mpesa)).toBe("sent");
    // A transfer without a payment is live: the sandbox's runtime never moves it.
    const live = transfer("airtel-money");
    expect(await applyRailResult(store, "airtel-money", live, paid, SANDBOX, NOW)).toBe("ignored");
    expect(await applyRailResult(store, "airtel-money", live, { kind: "pending" }, LIVE, NOW)).toBe(
      "pending",
    );
    expect(statusOf(live)).toBe("sent");
  });
});

/** The route's path: the edge (body limit, signature header, status codes), then core. */
const handleRailCallback = (
  rail: CallbackRail,
  receivers: readonly RailCallbackReceiver[],
  request: Request,
) =>
  answerRailCallback(rail, receivers, request, (callback) =>
    applyRailCallback(store, rail, receivers, callback, () => NOW),
  );

describe("handleRailCallback", () => {
  const handle = (rail: CallbackRail, request: Request) =>
    handleRailCallback(rail, [LIVE, SANDBOX], request);

  it("Airtel: the hash under the live secret pays a live transfer; the sandbox's secret cannot", async () => {
    const id = transfer("airtel-money");
    const fromSandbox = await handle(
      "airtel-money",
      airtelCallback(id, "TS", "airtel-sandbox-secret"),
    );
    expect(fromSandbox).toMatchObject({ status: 200, body: { outcome: "ignored" } });
    expect(statusOf(id)).toBe("sent");
    const forged = await handle("airtel-money", airtelCallback(id, "TS", "guess"));
    expect(forged.status).toBe(401);
    expect(statusOf(id)).toBe("sent");
    const live = await handle("airtel-money", airtelCallback(id, "TS", "airtel-live-secret"));
    expect(live).toMatchObject({ status: 200, body: { outcome: "succeeded" } });
    expect(statusOf(id)).toBe("succeeded");
  });

  it("Airtel: TF fails the transfer; TIP and TA change nothing", async () => {
    const failed = transfer("airtel-money");
    await handle("airtel-money", airtelCallback(failed, "TF", "airtel-live-secret"));
    expect(statusOf(failed)).toBe("failed");
    const waiting = transfer("airtel-money");
    for (const status of ["TIP", "TA"]) {
      const answer = await handle(
        "airtel-money",
        airtelCallback(waiting, status, "airtel-live-secret"),
      );
      expect(answer).toMatchObject({ status: 200, body: { outcome: "pending" } });
    }
    expect(statusOf(waiting)).toBe("sent");
  });

  it("PesaLink: the bank's signature over the raw body; the reference names our transfer", async () => {
    const id = transfer("pesalink", "pending");
    const body = JSON.stringify({
      callbackType: "PesaLink",
      customer: { name: "Shop Owner", reference: "1450160649886", bankCode: "68" },
      transaction: {
        date: "2026-11-26",
        reference: id.replace("_", ""),
        paymentMode: "PESALINK",
        amount: "1500",
        currency: "KES",
        status: "SUCCESS",
        code: 0,
        remarks: "success",
      },
      bank: { reference: "9876543210", transactionType: "C", account: "1100000000001" },
    });
    const request = (signature: string) =>
      new Request("http://app.test/webhooks/pesalink", {
        method: "POST",
        headers: { "x-jenga-signature": signature },
        body,
      });
    expect((await handle("pesalink", request(signText(`${body} `, bank.privateKey)))).status).toBe(
      401,
    );
    expect(statusOf(id)).toBe("pending");
    const answer = await handle("pesalink", request(signText(body, bank.privateKey)));
    expect(answer).toMatchObject({ status: 200, body: { outcome: "succeeded" } });
    expect(db.select().from(settlementTransfers).get()).toMatchObject({
      status: "succeeded",
      receipt: "9876543210",
      resultDesc: "Paid to Shop Owner",
    });
  });

  it("T-Kash: a signature from more than 5 minutes ago is refused", async () => {
    const id = transfer("t-kash");
    const body = JSON.stringify({
      payoutId: id,
      status: "COMPLETED",
      amount: "1500",
      currency: "KES",
      recipient: { phone: "254770000001" },
      providerTransactionId: "TK00000001",
      failureReason: null,
      created: new Date(NOW).toISOString(),
    });
    const signed = (t: number) =>
      new Request("http://app.test/webhooks/tkash", {
        method: "POST",
        headers: { "X-Signature": signatureHeader("tkash-live-secret", t, `${t}.${body}`) },
        body,
      });
    const t = Math.floor(NOW / 1000);
    expect((await handle("t-kash", signed(t - 301))).status).toBe(401);
    expect(statusOf(id)).toBe("sent");
    expect(await handle("t-kash", signed(t))).toMatchObject({
      status: 200,
      body: { outcome: "succeeded" },
    });
  });

  it("refuses a body over the limit (413), a rail not running here (404) and a verified non-callback (400)", async () => {
    const big = new Request("http://app.test/webhooks/airtel", {
      method: "POST",
      body: "x".repeat(RAIL_CALLBACK_MAX_BYTES + 1),
    });
    expect((await handle("airtel-money", big)).status).toBe(413);
    const none = await handleRailCallback("t-kash", [SANDBOX], airtelCallback("trf_x", "TS", "x"));
    expect(none.status).toBe(404);
    const transaction = { nothing: "here" };
    const odd = new Request("http://app.test/webhooks/airtel", {
      method: "POST",
      body: JSON.stringify({
        transaction,
        hash: computeCallbackHash(transaction, "airtel-live-secret"),
      }),
    });
    expect((await handle("airtel-money", odd)).status).toBe(400);
  });
});
