/**
 * POST /webhooks/paybill/{validation,confirmation} (issue 30, top-ups by M-Pesa Pay Bill): only our
 * Daraja's callbacks (the token in the URL), validation accepting an active merchant's id as the
 * account number, confirmation crediting the top-up once (unknown accounts into suspense), bad
 * bodies answered 400. Then the whole flow through the Daraja simulator's C2B over HTTP:
 * register-URL, a customer paying, validation and confirmation reaching these routes.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchantAvailable, normalBalance, owed, suspense } from "~/core/ledger/ledger.server";
import { listTopUps } from "~/core/funding/top-ups.server";
import { registerC2bUrls } from "~/core/providers/daraja/c2b-register.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant, setUpPaymentsHarness, TEST_DARAJA_KEYS } from "../../tests/setup/payments";
import { action as confirmation } from "./webhooks.paybill.confirmation";
import { action as validation } from "./webhooks.paybill.validation";

const { db, close } = installTestDatabase();
const h = setUpPaymentsHarness({ db, close }, { install: true });
const store = testStore(db);

const MERCHANT = "MRC-PBVK22";
addMerchant(db, MERCHANT);

const BASE = "http://localhost:3000/webhooks/paybill";
const routes = { validation, confirmation };

function post(kind: keyof typeof routes, body: unknown, token: string | null) {
  const url =
    token === null ? `${BASE}/${kind}` : `${BASE}/${kind}?token=${encodeURIComponent(token)}`;
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return routes[kind]({ request, params: {}, context: {} });
}

const payload = (overrides: Record<string, string> = {}) => ({
  TransactionType: "Pay Bill",
  TransID: "TKP0000001",
  TransTime: "20261120100000",
  TransAmount: "1500.00",
  BusinessShortCode: "174379",
  BillRefNumber: " mrc-pbvk22 ",
  InvoiceNumber: "",
  OrgAccountBalance: "",
  ThirdPartyTransID: "",
  MSISDN: "254708***149",
  FirstName: "JANE",
  MiddleName: "",
  LastName: "WANJIKU",
  ...overrides,
});

describe("the Pay Bill validation", () => {
  it("refuses a missing or wrong token (403)", async () => {
    for (const token of [null, "", "not-the-token"]) {
      expect((await post("validation", payload(), token)).status).toBe(403);
      expect((await post("confirmation", payload(), token)).status).toBe(403);
    }
  });

  it("accepts an active merchant's id as the account number, any case and spacing", async () => {
    const response = await post("validation", payload(), h.runtime.callbackToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });
  });

  it("rejects an unknown account (C2B00012) and a bad amount (C2B00013)", async () => {
    const token = h.runtime.callbackToken;
    const unknown = await post("validation", payload({ BillRefNumber: "INV-22" }), token);
    expect(await unknown.json()).toEqual({ ResultCode: "C2B00012", ResultDesc: "Rejected" });
    const small = await post("validation", payload({ TransAmount: "0.50" }), token);
    expect(await small.json()).toEqual({ ResultCode: "C2B00013", ResultDesc: "Rejected" });
    const large = await post("validation", payload({ TransAmount: "250001.00" }), token);
    expect(await large.json()).toEqual({ ResultCode: "C2B00013", ResultDesc: "Rejected" });
  });

  it("answers 400 to a body that is not C2B's", async () => {
    const token = h.runtime.callbackToken;
    expect((await post("validation", "not json", token)).status).toBe(400);
    expect((await post("validation", { TransID: "X" }, token)).status).toBe(400);
    expect((await post("confirmation", "not json", token)).status).toBe(400);
    expect((await post("confirmation", payload({ TransAmount: "ten" }), token)).status).toBe(400);
  });
});

describe("the Pay Bill confirmation", () => {
  it("credits the merchant's balance once per TransID", async () => {
    const token = h.runtime.callbackToken;
    const before = await owed(store, merchantAvailable(MERCHANT));
    const first = await post("confirmation", payload(), token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ResultCode: 0, ResultDesc: "Success" });
    const again = await post("confirmation", payload(), token);
    expect(await again.json()).toEqual({ ResultCode: 0, ResultDesc: "Success" });
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 1_500_00n);
    const [topUp] = await listTopUps(store, MERCHANT);
    expect(topUp).toMatchObject({
      method: "mpesa_paybill",
      status: "succeeded",
      providerReference: "TKP0000001",
      payer: "254708***149 JANE WANJIKU",
    });
  });

  it("holds money for an unknown account in suspense, unmatched, and still says Success", async () => {
    const before = await normalBalance(store, suspense("KES"));
    const response = await post(
      "confirmation",
      payload({ TransID: "TKP0000002", BillRefNumber: "nobody" }),
      h.runtime.callbackToken,
    );
    expect(await response.json()).toEqual({ ResultCode: 0, ResultDesc: "Success" });
    expect(await normalBalance(store, suspense("KES"))).toBe(before + 1_500_00n);
  });
});

describe("a Pay Bill payment through the Daraja simulator", () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const url = new URL(req.url ?? "/", origin);
        const kind = url.pathname.endsWith("/validation") ? "validation" : "confirmation";
        const request = new Request(`${origin}${req.url}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: Buffer.concat(chunks),
        });
        const response = await routes[kind]({ request, params: {}, context: {} });
        res.writeHead(response.status, { "Content-Type": "application/json" });
        res.end(await response.text());
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const register = (confirmationUrl: string, validationUrl: string) =>
    registerC2bUrls(
      { baseUrl: h.darajaSim.baseUrl, ...TEST_DARAJA_KEYS, timeoutMs: 5_000 },
      { shortCode: "174379", responseType: "Completed", confirmationUrl, validationUrl },
    );

  it("refuses URLs with words Daraja refuses", async () => {
    await expect(
      register(`${origin}/webhooks/mpesa/c2b`, `${origin}/webhooks/paybill/validation`),
    ).rejects.toThrow(/Daraja refuses/);
  });

  it("validates, confirms and credits a payment made with the merchant id as account", async () => {
    const token = h.runtime.callbackToken;
    await register(
      `${origin}/webhooks/paybill/confirmation?token=${token}`,
      `${origin}/webhooks/paybill/validation?token=${token}`,
    );
    const before = await owed(store, merchantAvailable(MERCHANT));
    const floatBefore = h.darajaSim.floatKes();

    // Over Daraja's own simulate endpoint: the ack at once, the callbacks on flush.
    const token2 = await fetch(
      `${h.darajaSim.baseUrl}/oauth/v1/generate?grant_type=client_credentials`,
      {
        headers: {
          Authorization: `Basic ${Buffer.from(`${TEST_DARAJA_KEYS.consumerKey}:${TEST_DARAJA_KEYS.consumerSecret}`).toString("base64")}`,
        },
      },
    ).then((r) => r.json() as Promise<{ access_token: string }>);
    const simulate = (body: Record<string, unknown>) =>
      fetch(`${h.darajaSim.baseUrl}/mpesa/c2b/v1/simulate`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token2.access_token}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify(body),
      });
    const ack = await simulate({
      ShortCode: "174379",
      CommandID: "CustomerPayBillOnline",
      Amount: 2500,
      Msisdn: "254708374149",
      BillRefNumber: "mrc-pbvk22",
    });
    expect(ack.status).toBe(200);
    expect(await ack.json()).toMatchObject({ ResponseCode: "0" });
    await h.darajaSim.flush();
    const paid = h.darajaSim.c2bPayments.at(-1)!;
    expect(paid).toMatchObject({ validation: "accepted", confirmed: true });
    expect(paid.payload).toMatchObject({
      TransactionType: "Pay Bill",
      TransAmount: "2500.00",
      BusinessShortCode: "174379",
      MSISDN: "254708***149",
    });
    expect(paid.payload.TransID).toMatch(/^[A-Z]{2}[0-9A-Z]{8}$/);
    expect(paid.payload.TransTime).toMatch(/^\d{14}$/);
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 2_500_00n);
    // The money is in M-Pesa's account too (what the balance query reports).
    expect(h.darajaSim.floatKes()).toBe(floatBefore + 2_500);

    // An unknown account is refused at validation: no money, no confirmation.
    const refused = await h.darajaSim.payBill({
      shortCode: "174379",
      amountKes: 100,
      msisdn: "0708374149",
      billRefNumber: "INV-1",
    });
    expect(refused).toMatchObject({
      validation: "rejected",
      validationCode: "C2B00012",
      confirmed: false,
    });
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 2_500_00n);
  });
});
