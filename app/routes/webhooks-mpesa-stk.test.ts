/**
 * POST /webhooks/mpesa/stk (ADR 0033): only our Daraja's callbacks (the token in the URL), the body
 * limited, Daraja's acknowledgement; a success applied to the payment once.
 */
import { describe, expect, it, vi } from "vitest";
import { createStkClient } from "~/core/providers/daraja/stk.server";
import { SANDBOX_STK_PASSKEY, SANDBOX_STK_SHORTCODE } from "~/core/providers/daraja/wire";
import { listEvents } from "~/core/api/reads.server";
import { latestCollection } from "~/core/payments/mpesa-collections.server";
import { createPayment, getPayment } from "~/core/payments/payments.server";
import { listTransfersForPayment } from "~/core/payments/settlement.server";
import { STK_CALLBACK_MAX_BYTES } from "~/core/payments/stk-webhook.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  setUpPaymentsHarness,
  TEST_DARAJA_KEYS,
  testConfig,
} from "../../tests/setup/payments";
import { action } from "./webhooks.mpesa.stk";

const { db, close } = installTestDatabase();
const h = setUpPaymentsHarness({ db, close }, { install: true });

const URL_BASE = "http://localhost:3000/webhooks/mpesa/stk";

function post(body: string, token: string | null) {
  const url = token === null ? URL_BASE : `${URL_BASE}?token=${encodeURIComponent(token)}`;
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  return action({ request, params: {}, context: {} });
}

const unknownCallback = JSON.stringify({
  Body: {
    stkCallback: {
      MerchantRequestID: "29115-34620561-1",
      CheckoutRequestID: "ws_CO_191220191020363925",
      ResultCode: 1032,
      ResultDesc: "Request cancelled by user",
    },
  },
});

describe("the M-Pesa Express callback route", () => {
  it("refuses a missing or wrong token (403) without applying anything", async () => {
    for (const token of [null, "", "not-the-token"]) {
      const response = await post(unknownCallback, token);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ ResultCode: 1, ResultDesc: "Forbidden" });
    }
  });

  it("refuses a body over the limit (413) and one that is not a callback (400)", async () => {
    const token = h.runtime.callbackToken;
    const big = JSON.stringify({ padding: "x".repeat(STK_CALLBACK_MAX_BYTES) });
    expect((await post(big, token)).status).toBe(413);
    expect((await post("not json", token)).status).toBe(400);
    expect((await post(JSON.stringify({ Body: {} }), token)).status).toBe(400);
  });

  it("acknowledges a callback (even for a prompt it does not know) as Daraja expects", async () => {
    const response = await post(unknownCallback, h.runtime.callbackToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ResultCode: 0, ResultDesc: "Accepted" });
  });

  it("applies our Daraja's success callback to the payment, once", async () => {
    addMerchant(db, "MRC-STKR22");
    const now = () => h.clock.now;
    const stk = createStkClient({
      baseUrl: h.darajaSim.baseUrl,
      ...TEST_DARAJA_KEYS,
      timeoutMs: 5_000,
      now,
      businessShortCode: SANDBOX_STK_SHORTCODE,
      passkey: SANDBOX_STK_PASSKEY,
      // Not delivered by the simulator here: the test posts the body to the route itself.
      callbackUrl: "http://127.0.0.1:9/webhooks/mpesa/stk",
    });
    h.runtime.stk = stk;
    const payment = await createPayment(
      testStore(db),
      { custody: h.runtime.custody, rates: liveRates(now()), config: testConfig, now: now() },
      { merchantId: "MRC-STKR22", amountKes: 750, asset: "USDT", reference: "R-1" },
    );
    const { startMpesaCollection } = await import("~/core/payments/mpesa-collections.server");
    await startMpesaCollection(testStore(db), stk, {
      paymentId: payment.id,
      phone: "0712345678",
      now,
    });
    const id = (await latestCollection(testStore(db), payment.id))!.checkoutRequestId;
    const body = JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: "29115-34620561-1",
          CheckoutRequestID: id,
          ResultCode: 0,
          ResultDesc: "The service request is processed successfully.",
          CallbackMetadata: {
            Item: [
              { Name: "Amount", Value: 750.0 },
              { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
              { Name: "Balance" },
              { Name: "TransactionDate", Value: 20261120100000 },
              { Name: "PhoneNumber", Value: 254712345678 },
            ],
          },
        },
      },
    });
    for (let delivery = 0; delivery < 2; delivery++) {
      const response = await post(body, h.runtime.callbackToken);
      expect(response.status).toBe(200);
    }
    // Confirmed, then settled at once by the service (as after a custody confirmation), in work
    // of its own after the answer: waited for until it shows.
    await expect
      .poll(() => testStore(db).read((q) => getPayment(q, payment.id)))
      .toMatchObject({ paidWith: "mpesa", status: "settling" });
    await vi.waitFor(async () =>
      expect(
        (await testStore(db).read((q) => listTransfersForPayment(q, payment.id)))[0]?.status,
      ).toBe("sent"),
    );
    await h.darajaSim.flush();
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))!.status).toBe("settled");
    expect(await latestCollection(testStore(db), payment.id)).toMatchObject({
      status: "succeeded",
      receipt: "NLJ7RT61SV",
    });
    // The API and webhooks say how it was paid.
    const paid = (await listEvents(
      testStore(db),
      { merchantId: "MRC-STKR22", mode: payment.mode },
      { limit: 10, type: "payment.paid" },
    ))!.items;
    expect(paid).toHaveLength(1);
    expect(JSON.parse(paid[0]!.data)).toMatchObject({ object: { paid_with: "mpesa" } });
    h.runtime.stk = undefined;
  });
});
