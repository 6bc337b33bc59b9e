/**
 * The top-ups' other two callbacks (issue 30): POST /webhooks/mpesa/top-up (the M-Pesa Express
 * callbacks of top-up prompts, through the Daraja simulator) and POST /webhooks/bank-transfers (the
 * bank's signed notification of money received, through the PesaLink simulator's incoming credit):
 * valid, duplicate, unknown account, bad body, bad token or signature.
 */
import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  merchantAvailable,
  normalBalance,
  owed,
  railFloat,
  suspense,
} from "~/core/ledger/ledger.server";
import { followStkTopUps, requestStkTopUp } from "~/core/funding/stk-top-ups.server";
import { bankReferenceFor, claimStkTopUp, listTopUps } from "~/core/funding/top-ups.server";
import { createStkClient } from "~/core/providers/daraja/stk.server";
import { SANDBOX_STK_PASSKEY, SANDBOX_STK_SHORTCODE } from "~/core/providers/daraja/wire";
import { startPesalinkSimulator, type PesalinkSimulator } from "~/simulators/pesalink/index.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant, setUpPaymentsHarness, TEST_DARAJA_KEYS } from "../../tests/setup/payments";
import { action as bankTransfers } from "./webhooks.bank-transfers";
import { action as stkTopUp } from "./webhooks.mpesa.top-up";

const { db, close } = installTestDatabase();
const h = setUpPaymentsHarness({ db, close }, { install: true });
const store = testStore(db);

const MERCHANT = "MRC-TPWB22";
addMerchant(db, MERCHANT);

const routes: Record<string, typeof stkTopUp> = {
  "/webhooks/mpesa/top-up": stkTopUp,
  "/webhooks/bank-transfers": bankTransfers,
};

let server: Server;
let origin: string;
const bank = generateKeyPairSync("rsa", { modulusLength: 2048 });
let pesalink: PesalinkSimulator;

beforeAll(async () => {
  // Our two routes on 127.0.0.1, for the simulators to call.
  server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url ?? "/", origin);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string") headers.set(name, value);
      const request = new Request(url, { method: "POST", headers, body: Buffer.concat(chunks) });
      const response = await routes[url.pathname]!({ request, params: {}, context: {} });
      res.writeHead(response.status, { "Content-Type": "application/json" });
      res.end(await response.text());
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pesalink = await startPesalinkSimulator({
    apiKey: "k",
    merchantCode: "0000000001",
    consumerSecret: "s",
    clientPublicKey: generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey,
    bankPrivateKey: bank.privateKey,
    incomingCreditUrl: `${origin}/webhooks/bank-transfers`,
  });
  h.runtime.railCallbacks = { pesalink: { bankPublicKey: bank.publicKey } };
});
afterAll(async () => {
  await pesalink.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("STK top-up callbacks", () => {
  const stk = () =>
    createStkClient({
      baseUrl: h.darajaSim.baseUrl,
      ...TEST_DARAJA_KEYS,
      timeoutMs: 5_000,
      now: () => h.clock.now,
      businessShortCode: SANDBOX_STK_SHORTCODE,
      passkey: SANDBOX_STK_PASSKEY,
      callbackUrl: "http://127.0.0.1:9/not-used",
    });
  const request = (phone: string, amountKes = 300) =>
    requestStkTopUp(store, stk(), {
      merchantId: MERCHANT,
      memberId: "usr_topup",
      amountKes,
      phone,
      callbackUrl: `${origin}/webhooks/mpesa/top-up?token=${h.runtime.callbackToken}`,
      now: () => h.clock.now,
    });

  it("credits a paid prompt once, with the receipt as its reference", async () => {
    const before = await owed(store, merchantAvailable(MERCHANT));
    const asked = await request("0712 345 678");
    if (!asked.ok) throw new Error(asked.message);
    await h.darajaSim.flush();
    const topUp = (await listTopUps(store, MERCHANT)).find((t) => t.id === asked.topUp.id);
    expect(topUp).toMatchObject({ method: "mpesa_stk", status: "succeeded" });
    expect(topUp!.providerReference).toMatch(/^[A-Z0-9]{10}$/);
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 300_00n);
    // Daraja sends the same callback again: nothing changes.
    const callback = h.darajaSim.callbacks.at(-1)!;
    const again = await stkTopUp({
      request: new Request(callback.url, { method: "POST", body: JSON.stringify(callback.body) }),
      params: {},
      context: {},
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ResultCode: 0, ResultDesc: "Accepted" });
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 300_00n);
  });

  it("fails a cancelled prompt with the reason in plain words", async () => {
    h.darajaSim.setStkOutcome("0712 345 679", "cancelled");
    const asked = await request("0712 345 679", 150);
    if (!asked.ok) throw new Error(asked.message);
    await h.darajaSim.flush();
    const topUp = (await listTopUps(store, MERCHANT)).find((t) => t.id === asked.topUp.id);
    expect(topUp).toMatchObject({
      status: "failed",
      failureReason: "You cancelled the M-Pesa request on your phone. Nothing was paid.",
    });
  });

  it("refuses a number that is not Safaricom's and an amount out of range before any prompt", async () => {
    expect(await request("0733 123 456")).toMatchObject({ ok: false, field: "phone" });
    expect(await request("0712 345 678", 0)).toMatchObject({ ok: false, field: "amount" });
    expect(await request("0712 345 678", 250_001)).toMatchObject({ ok: false, field: "amount" });
  });

  it("follows a prompt whose callback never comes, and gives up on one M-Pesa never confirms", async () => {
    h.darajaSim.setStkOutcome("0712 345 670", "silent");
    const before = await owed(store, merchantAvailable(MERCHANT));
    expect((await request("0712 345 670", 400)).ok).toBe(true);
    await h.darajaSim.flush();
    // Not asked about before a minute has passed.
    expect(await followStkTopUps(store, stk(), () => h.clock.now)).toEqual({
      credited: 0,
      failed: 0,
    });
    h.clock.now += 61_000;
    expect(await followStkTopUps(store, stk(), () => h.clock.now)).toEqual({
      credited: 1,
      failed: 0,
    });
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 400_00n);

    // A push whose answer was lost: no CheckoutRequestID to ask about, given up after 15 minutes.
    const lost = (await claimStkTopUp(store, {
      merchantId: MERCHANT,
      memberId: "usr_topup",
      amountKesCents: 100_00n,
      phone: "254712345671",
      now: h.clock.now,
    }))!;
    h.clock.now += 61_000;
    expect(await followStkTopUps(store, stk(), () => h.clock.now)).toEqual({
      credited: 0,
      failed: 0,
    });
    h.clock.now += 15 * 60_000;
    expect(await followStkTopUps(store, stk(), () => h.clock.now)).toEqual({
      credited: 0,
      failed: 1,
    });
    const row = (await listTopUps(store, MERCHANT)).find((t) => t.id === lost.id);
    expect(row).toMatchObject({ status: "failed" });
    expect(row!.failureReason).toMatch(/^M-Pesa did not confirm the prompt/);
  });

  it("refuses a wrong token (403) and a body that is not a callback (400)", async () => {
    const post = (body: string, token: string) =>
      stkTopUp({
        request: new Request(`${origin}/webhooks/mpesa/top-up?token=${token}`, {
          method: "POST",
          body,
        }),
        params: {},
        context: {},
      });
    expect((await post("{}", "wrong")).status).toBe(403);
    expect((await post("not json", h.runtime.callbackToken)).status).toBe(400);
    const unknown = JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: "1",
          CheckoutRequestID: "ws_CO_UNKNOWN",
          ResultCode: 1032,
          ResultDesc: "Request cancelled by user",
        },
      },
    });
    expect((await post(unknown, h.runtime.callbackToken)).status).toBe(200);
  });
});

describe("bank transfer notifications", () => {
  it("credits a transfer quoting the merchant's reference, from the PesaLink float, once", async () => {
    const before = await owed(store, merchantAvailable(MERCHANT));
    const float = await normalBalance(store, railFloat("pesalink"));
    const bankBalance = pesalink.sourceBalanceKes();
    const sent = await pesalink.sendIncomingCredit({
      amountKes: 12_500,
      reference: bankReferenceFor(MERCHANT).toLowerCase(),
    });
    expect(sent.status).toBe(200);
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 12_500_00n);
    expect(await normalBalance(store, railFloat("pesalink"))).toBe(float + 12_500_00n);
    expect(pesalink.sourceBalanceKes()).toBe(bankBalance + 12_500);
    const topUp = (await listTopUps(store, MERCHANT)).find((t) => t.method === "bank");
    expect(topUp).toMatchObject({
      method: "bank",
      status: "succeeded",
      amountKesCents: 12_500_00n,
    });

    // The bank notifies the same credit again.
    const raw = JSON.stringify(sent.body);
    const { signText } = await import("~/core/providers/pesalink/signature.server");
    const again = await bankTransfers({
      request: new Request(`${origin}/webhooks/bank-transfers`, {
        method: "POST",
        headers: { "x-jenga-signature": signText(raw, bank.privateKey) },
        body: raw,
      }),
      params: {},
      context: {},
    });
    expect(again.status).toBe(200);
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 12_500_00n);
  });

  it("holds a transfer with an unknown reference in suspense", async () => {
    const before = await normalBalance(store, suspense("KES"));
    const sent = await pesalink.sendIncomingCredit({ amountKes: 800, reference: "INVOICE 22" });
    expect(sent.status).toBe(200);
    expect(await normalBalance(store, suspense("KES"))).toBe(before + 800_00n);
  });

  it("refuses a bad signature (401) and a body that is not a notification (400)", async () => {
    const { signText } = await import("~/core/providers/pesalink/signature.server");
    const post = (body: string, signature: string) =>
      bankTransfers({
        request: new Request(`${origin}/webhooks/bank-transfers`, {
          method: "POST",
          headers: { "x-jenga-signature": signature },
          body,
        }),
        params: {},
        context: {},
      });
    expect((await post("{}", "bad")).status).toBe(401);
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    expect((await post("{}", signText("{}", other.privateKey))).status).toBe(401);
    expect((await post("not json", signText("not json", bank.privateKey))).status).toBe(400);
    expect((await post('{"a":1}', signText('{"a":1}', bank.privateKey))).status).toBe(400);
  });
});
