/**
 * The customer's checkout (issue 11, item 3): a bare page without the React bundle, whose loader
 * gives the merchant's name, the wallet link and the QR code while the payment can be paid, and
 * the status endpoint its script polls.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { payments } from "../../drizzle/schema";
import { installTestDatabase } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { get, respond } from "../../tests/setup/requests";
import { handle, loader as checkoutLoader } from "./pay.$id";
import { loader as statusLoader } from "./pay.$id.status";

const { db, close } = installTestDatabase();
afterAll(close);

const MERCHANT = "MRC-CHK7Q2";
addMerchant(db, MERCHANT);
const ADDRESS = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";

function addPayment(id: string, status: "awaiting_payment" | "confirmed", expiresInMs = 900_000) {
  const now = Date.now();
  db.insert(payments)
    .values({
      id,
      merchantId: MERCHANT,
      reference: `REF-${id}`,
      asset: "USDT",
      network: "Ethereum (ERC-20)",
      amountKesCents: 250_000n,
      feeKesCents: 2_500n,
      quoteRate: "128.6",
      marketRate: "129.2",
      spreadBps: 50,
      rateSource: "coingecko",
      rateFetchedAt: now,
      cryptoAmountUnits: 19_440_125n,
      quotedAt: now,
      expiresAt: now + expiresInMs,
      status,
      depositAddress: `${ADDRESS.slice(0, -4)}${id.slice(-4)}`,
      createdAt: now,
      updatedAt: now,
    })
    .run();
  return `${ADDRESS.slice(0, -4)}${id.slice(-4)}`;
}

const status = (id: string) =>
  respond(() => statusLoader({ request: get(`/pay/${id}/status`), params: { id }, context: {} }));
const checkout = (id: string) =>
  checkoutLoader({ request: get(`/pay/${id}`), params: { id }, context: {} });

describe("the checkout page", () => {
  it("asks root for a bare frame and no React bundle", () => {
    expect(handle).toEqual({ chrome: "bare", scripts: false });
  });

  it("gives the merchant, the EIP-681 wallet link and its QR code while the payment waits", async () => {
    const address = addPayment("pay_aaaaaaaa2222", "awaiting_payment");
    const page = await checkout("pay_aaaaaaaa2222");
    expect(page).toMatchObject({
      businessName: `Shop ${MERCHANT}`,
      crypto: "19.440125",
      payable: true,
      waiting: true,
      walletUri: `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${address}&uint256=19440125`,
      scriptSrc: expect.stringMatching(/^\/checkout\.js\?v=[0-9a-f]{12}$/),
    });
    expect(page.qr?.path).toMatch(/^M\d+ \d+\.5h\d+/);
  });

  it("offers nothing to send once the quote has run out or the payment is confirmed", async () => {
    addPayment("pay_bbbbbbbb3333", "awaiting_payment", -1_000);
    addPayment("pay_cccccccc4444", "confirmed");
    const expired = await checkout("pay_bbbbbbbb3333");
    expect(expired).toMatchObject({ payable: false, waiting: true, walletUri: null, qr: null });
    const confirmed = await checkout("pay_cccccccc4444");
    expect(confirmed).toMatchObject({ payable: false, waiting: false, walletUri: null, qr: null });
  });
});

describe("GET /pay/:id/status", () => {
  it("answers the status as uncached JSON and follows it", async () => {
    addPayment("pay_dddddddd5555", "awaiting_payment");
    const first = await status("pay_dddddddd5555");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(await first.json()).toEqual({
      status: "awaiting_payment",
      confirmations: 0,
      waiting: true,
      // No M-Pesa prompt asked for.
      mpesa: "none",
    });
    db.update(payments)
      .set({ status: "confirmed", confirmations: 2 })
      .where(eq(payments.id, "pay_dddddddd5555"))
      .run();
    expect(await (await status("pay_dddddddd5555")).json()).toEqual({
      status: "confirmed",
      confirmations: 2,
      waiting: false,
      mpesa: "none",
    });
  });

  it("is 404 for an unknown or malformed id", async () => {
    expect((await status("pay_zzzzzzzzzzzz")).status).toBe(404);
    expect((await status("not-a-payment")).status).toBe(404);
  });
});
