/**
 * The customer's receipt (issue 30, item 3): a paid checkout carries it (who was paid, the
 * reference, the amount, how it was paid and when) with a printable page and a WhatsApp message
 * that links to it; a payment not paid has none.
 */
import { afterAll, describe, expect, it } from "vitest";
import { mpesaCollections, paymentEvents, payments } from "../../drizzle/schema";
import type { PaymentStatus } from "~/core/payments/statuses";
import { installTestDatabase } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { get, respond } from "../../tests/setup/requests";
import { loader as checkoutLoader } from "./pay.$id";
import { handle, headers, loader as receiptLoader } from "./pay.$id_.receipt";

const { db, close } = installTestDatabase();
afterAll(close);

const MERCHANT = "MRC-RCT7Q2";
addMerchant(db, MERCHANT);
const CONFIRMED_AT = Date.UTC(2026, 10, 24, 11, 5); // 24 Nov 2026, 14:05 EAT
const TX_HASH = `0x${"9f3b".repeat(16)}`;

function addPayment(
  id: string,
  status: PaymentStatus,
  paidWith: "crypto" | "mpesa" = "crypto",
): void {
  const now = Date.now();
  db.insert(payments)
    .values({
      id,
      merchantId: MERCHANT,
      reference: `INV-${id.slice(-4)}`,
      description: "Two bags of maize",
      asset: "USDT",
      network: "ethereum",
      amountKesCents: 80_000n,
      feeKesCents: 800n,
      quoteRate: "128.6",
      marketRate: "129.2",
      spreadBps: 50,
      rateSource: "coingecko",
      rateFetchedAt: now,
      cryptoAmountUnits: 6_220_000n,
      receivedUnits: paidWith === "crypto" && status !== "awaiting_payment" ? 6_220_000n : 0n,
      quotedAt: now,
      expiresAt: now + 900_000,
      status,
      paidWith,
      custodyTxId: paidWith === "crypto" ? `tx-${id}` : null,
      depositAddress: `0x5aaeb6053f3e94c9b9a09f33669435e7ef1b${id.slice(-4)}`,
      createdAt: now,
      updatedAt: now,
      confirmedAt: status === "awaiting_payment" ? null : CONFIRMED_AT,
    })
    .run();
}

const checkout = (id: string) =>
  checkoutLoader({ request: get(`/pay/${id}`), params: { id }, context: {} });
const receiptPage = (id: string) =>
  respond(() => receiptLoader({ request: get(`/pay/${id}/receipt`), params: { id }, context: {} }));

describe("the receipt of a paid payment", () => {
  it("crypto: what arrived, on which network, and the customer's transaction on the explorer", async () => {
    addPayment("pay_rcpt0000aaaa", "settled");
    db.insert(paymentEvents)
      .values({
        paymentId: "pay_rcpt0000aaaa",
        at: CONFIRMED_AT,
        type: "deposit_detected",
        toStatus: "confirming",
        cause: "custody saw the customer's transfer",
        detail: JSON.stringify({ txId: "tx-pay_rcpt0000aaaa", txHash: TX_HASH }),
      })
      .run();
    const page = await checkout("pay_rcpt0000aaaa");
    expect(page.receipt).toEqual({
      paymentId: "pay_rcpt0000aaaa",
      businessName: `Shop ${MERCHANT}`,
      reference: "INV-aaaa",
      description: "Two bags of maize",
      amountKesCents: "80000",
      paidAt: CONFIRMED_AT,
      paidWith: {
        method: "crypto",
        amount: "6.22 USDT",
        network: "Ethereum (ERC-20)",
        txHash: TX_HASH,
        txUrl: `https://etherscan.io/tx/${TX_HASH}`,
      },
    });
    expect(page.receiptLinks?.print).toBe("/pay/pay_rcpt0000aaaa/receipt");
    const shared = new URL(page.receiptLinks!.whatsapp);
    expect(shared.origin).toBe("https://wa.me");
    expect(shared.searchParams.get("text")).toBe(
      `Receipt: KES 800.00 paid to Shop ${MERCHANT} (ref. INV-aaaa) on 24 Nov 2026, 14:05 EAT. http://localhost:3000/pay/pay_rcpt0000aaaa/receipt`,
    );
  });

  it("M-Pesa: says M-Pesa and its receipt, never a crypto amount", async () => {
    addPayment("pay_rcpt0000bbbb", "confirmed", "mpesa");
    db.insert(mpesaCollections)
      .values({
        checkoutRequestId: "ws_CO_rcpt_bbbb",
        paymentId: "pay_rcpt0000bbbb",
        mode: "live",
        phone: "+254712345678",
        amountKesCents: 80_000n,
        status: "succeeded",
        receipt: "QKT4ABCD12",
        createdAt: CONFIRMED_AT,
        completedAt: CONFIRMED_AT,
        attempt: 1,
      })
      .run();
    const page = await checkout("pay_rcpt0000bbbb");
    expect(page.receipt?.paidWith).toEqual({ method: "mpesa", receipt: "QKT4ABCD12" });
    const printable = await receiptPage("pay_rcpt0000bbbb");
    expect(printable.status).toBe(200);
    expect(((await printable.json()) as { receipt: unknown }).receipt).toEqual(page.receipt);
  });

  it("a payment not paid has no receipt: the checkout asks for payment, the page is 404", async () => {
    for (const [id, status] of [
      ["pay_rcpt0000cccc", "awaiting_payment"],
      ["pay_rcpt0000dddd", "expired"],
      ["pay_rcpt0000eeee", "underpaid"],
    ] as const) {
      addPayment(id, status);
      expect((await checkout(id)).receipt).toBeNull();
      expect((await receiptPage(id)).status).toBe(404);
    }
    expect((await receiptPage("pay_zzzzzzzzzzzz")).status).toBe(404);
    expect((await receiptPage("not-a-payment")).status).toBe(404);
  });

  it("the printable page is bare server HTML, never cached", () => {
    expect(handle).toEqual({ chrome: "bare", scripts: false });
    expect(headers()).toMatchObject({ "Cache-Control": "private, no-store" });
  });
});
