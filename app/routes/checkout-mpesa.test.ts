/**
 * "Pay with M-Pesa" on the checkout (ADR 0033): offered only where M-Pesa Express runs for the
 * payment's mode; the form validated on the server (a Safaricom number), rate-limited per payment
 * and client; a prompt sent redirects to the page, which then says to check the phone, and the
 * status endpoint carries the prompts' state for the live refresh.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createStkClient } from "~/core/providers/daraja/stk.server";
import { SANDBOX_STK_PASSKEY, SANDBOX_STK_SHORTCODE } from "~/core/providers/daraja/wire";
import { createPayment, type Payment } from "~/core/payments/payments.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  setUpPaymentsHarness,
  TEST_DARAJA_KEYS,
  testConfig,
} from "../../tests/setup/payments";
import { formPost, get, respond } from "../../tests/setup/requests";
import { action, loader, MPESA_PAY_LIMIT } from "./pay.$id";
import { loader as statusLoader } from "./pay.$id.status";

const { db, close } = installTestDatabase();
const h = setUpPaymentsHarness({ db, close }, { install: true });
const MERCHANT = "MRC-CKMP22";

beforeAll(() => {
  addMerchant(db, MERCHANT);
  // The simulator checks the STK Timestamp against its clock: the real one here.
  h.clock.now = Date.now();
});

function withStk(on: boolean) {
  h.runtime.stk = on
    ? createStkClient({
        baseUrl: h.darajaSim.baseUrl,
        ...TEST_DARAJA_KEYS,
        timeoutMs: 5_000,
        businessShortCode: SANDBOX_STK_SHORTCODE,
        passkey: SANDBOX_STK_PASSKEY,
        callbackUrl: "http://127.0.0.1:9/webhooks/mpesa/stk",
      })
    : undefined;
}

async function newPayment(): Promise<Payment> {
  return createPayment(
    testStore(db),
    {
      custody: h.runtime.custody,
      rates: liveRates(Date.now()),
      config: testConfig,
      now: Date.now(),
    },
    { merchantId: MERCHANT, amountKes: 1_000, asset: "USDT", reference: "ORDER-1" },
  );
}

const page = (id: string) => loader({ request: get(`/pay/${id}`), params: { id }, context: {} });
const submit = (id: string, phone: string, remoteAddress = "198.51.100.7") =>
  respond(() =>
    action({
      request: formPost(`/pay/${id}`, { intent: "mpesa", phone }, { remoteAddress }),
      params: { id },
      context: {},
    }),
  );

describe("Pay with M-Pesa on the checkout", () => {
  it("is not offered where M-Pesa Express does not run for the payment's mode", async () => {
    withStk(false);
    const payment = await newPayment();
    expect((await page(payment.id)).mpesa).toBeNull();
  });

  it("refuses a bad number and a non-Safaricom number at the field, sending nothing", async () => {
    withStk(true);
    const payment = await newPayment();
    expect((await page(payment.id)).mpesa).toMatchObject({
      amount: "KES 1,000",
      pending: null,
      failure: null,
    });
    const bad = await submit(payment.id, "12345");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(
      "Enter a Kenyan mobile number, such as 0712 345 678",
    );
    const airtel = await submit(payment.id, "0733 123 456");
    expect(airtel.status).toBe(400);
    expect(JSON.stringify(await airtel.json())).toContain("Enter a Safaricom (M-Pesa) number");
    expect((await page(payment.id)).mpesaState).toBe("none");
  });

  it("sends the prompt and redirects; the page says to check the phone", async () => {
    withStk(true);
    const payment = await newPayment();
    const sent = await submit(payment.id, "0712 345 678");
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`/pay/${payment.id}`);
    const after = await page(payment.id);
    expect(after.mpesa).toMatchObject({ pending: { phone: "+254 712 *** 678" } });
    expect(after.mpesaState).toBe("1:pending");
    const status = await respond(() =>
      statusLoader({
        request: get(`/pay/${payment.id}/status`),
        params: { id: payment.id },
        context: {},
      }),
    );
    expect(await status.json()).toMatchObject({ status: "awaiting_payment", mpesa: "1:pending" });
    // A second submission while the prompt is out sends nothing more.
    const again = await submit(payment.id, "0712 345 678");
    expect(again.status).toBe(409);
  });

  it("limits submissions per payment and client", async () => {
    withStk(true);
    const payment = await newPayment();
    for (let i = 0; i < MPESA_PAY_LIMIT.limit; i++)
      expect((await submit(payment.id, "1", "198.51.100.9")).status).toBe(400);
    const limited = await submit(payment.id, "0712 345 678", "198.51.100.9");
    expect(limited.status).toBe(429);
    expect(JSON.stringify(await limited.json())).toContain("Too many tries");
    // Another client is not limited by it.
    expect((await submit(payment.id, "1", "198.51.100.10")).status).toBe(400);
  });
});
