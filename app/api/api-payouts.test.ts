/**
 * The payouts and destinations of the API (issue 14): a settled payment's payouts name their rail,
 * the masked destination, the amount, the rail's charge and receipt; each payout's result is a
 * `payout.succeeded` / `payout.failed` event carrying the same object; destinations are listed
 * masked; another merchant's payment is not found. Through real HTTP, with the payments settled
 * through the Daraja simulator.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookEvents } from "../../drizzle/schema";
import { formatCryptoUnits } from "~/core/payments/quote";
import { planSettlement, sendPendingTransfers } from "~/core/payments/settlement.server";
import { testConfig } from "../../tests/setup/payments";
import { expectApiError, expectOk, setUpApi } from "../../tests/support/api-server";
import { testStore } from "../../tests/setup/db";

const SHOP = "MRC-PXTS22";
const OTHER = "MRC-PXTH22";
const f = setUpApi([SHOP, OTHER]);

async function settledPayment(key: string, amount: number) {
  const created = expectOk(
    await f.call("POST", "/api/v1/payments", {
      key,
      body: { amount, currency: "KES", asset: "USDT", reference: `P-${amount}` },
    }),
    201,
  );
  const tx = await f.h.custodySim.sendPayment({
    address: created.deposit_address,
    amount: formatCryptoUnits(BigInt(created.crypto_amount), "USDT"),
  });
  await f.h.custodySim.confirm(tx.id, 1);
  await f.h.custodySim.confirm(tx.id, 1);
  await planSettlement(testStore(f.db), created.id, testConfig, f.h.clock.now);
  await sendPendingTransfers(testStore(f.db), f.h.rails, () => f.h.clock.now);
  await f.h.darajaSim.flush();
  return created.id as string;
}

describe("payouts through the API", () => {
  it("a settled payment's payout: rail, masked destination, amounts, receipt; the same in its event", async () => {
    const key = f.newKey(SHOP, "live").secret;
    const id = await settledPayment(key, 500_000);
    const list = expectOk(await f.call("GET", `/api/v1/payments/${id}/payouts`, { key }));
    expect(list.object).toBe("list");
    expect(list.data).toHaveLength(1);
    const [payout] = list.data;
    // KES 5,000 less the 1% fee and its 10% excise: KES 4,945 net, sent with Safaricom's charge.
    expect(payout).toMatchObject({
      object: "payout",
      livemode: true,
      payment_id: id,
      rail: "mpesa",
      destination: "M-Pesa +254 7•• ••• 678",
      status: "succeeded",
      currency: "KES",
      failure_reason: null,
    });
    expect(payout.amount + payout.rail_charge).toBe(494_500);
    expect(payout.amount_decimal).toBe((payout.amount / 100).toFixed(2));
    expect(payout.receipt).toMatch(/^[A-Z0-9]{10}$/);

    const event = f.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.objectId, payout.id), eq(webhookEvents.type, "payout.succeeded")))
      .get();
    expect(JSON.parse(event!.data).object).toEqual(payout);
    expect(
      expectOk(await f.call("GET", `/api/v1/events/${event!.id}`, { key })).data.object,
    ).toEqual(payout);
  });

  it("another merchant's payment, or the other mode's, has no payouts to show", async () => {
    const key = f.newKey(SHOP, "live").secret;
    const id = await settledPayment(key, 300_000);
    expectApiError(
      await f.call("GET", `/api/v1/payments/${id}/payouts`, {
        key: f.newKey(OTHER, "test").secret,
      }),
      { status: 404, type: "not_found_error", code: "resource_missing", param: "id" },
    );
    expectApiError(
      await f.call("GET", `/api/v1/payments/${id}/payouts`, { key: f.newKey(SHOP, "test").secret }),
      { status: 404, type: "not_found_error", code: "resource_missing", param: "id" },
    );
  });

  it("lists the destinations masked, never the full number", async () => {
    const answer = await f.call("GET", "/api/v1/settlement_destinations", {
      key: f.newKey(SHOP, "live").secret,
    });
    const list = expectOk(answer);
    expect(list.data).toEqual([
      expect.objectContaining({
        object: "settlement_destination",
        rail: "mpesa",
        destination: "M-Pesa +254 7•• ••• 678",
        status: "verified",
        is_default: true,
        split_percent: null,
      }),
    ]);
    expect(answer.text).not.toContain("712345678");
  });
});
