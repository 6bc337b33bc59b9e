/**
 * A set of provider clients serves only its own payment modes (ADR 0028), through the real custody
 * and M-Pesa simulators: the payments tick of a test-only runtime never plans, sends or asks about
 * a live payment (its payout client must never be the live M-Pesa's, nor the reverse), and a
 * custody answer about a payment of another mode changes nothing.
 */
import { describe, expect, it } from "vitest";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  liveRates,
  setUpPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import type { ApiMode } from "~/core/api/vocabulary";
import type { PaymentsDeps } from "./deps";
import { createPayment, getPayment } from "./payments.server";
import { formatCryptoUnits } from "./quote";
import { listTransfersForPayment } from "./settlement.server";
import { runPaymentsTick } from "./tick.server";
import { applySyncedTransaction } from "./webhooks.server";

const { db, close } = createTestDb();
const h = setUpPaymentsHarness({ db, close });
const SHOP = "MRC-RTM7D2";
addMerchant(db, SHOP);

/** A payment of `mode`, paid and confirmed by custody (the harness applies the webhook only). */
const confirmed = (mode: ApiMode, amountKes: number) =>
  confirmedPayment(db, h, { merchantId: SHOP, amountKes, reference: `${mode}-${amountKes}`, mode });

const servingOnly = (mode: ApiMode): PaymentsDeps => ({ ...h.runtime, modes: [mode] });

describe("a runtime serves its own mode only", () => {
  it("the tick of a test-only runtime leaves a confirmed live payment to the live one", async () => {
    const { payment } = await confirmed("live", 2_000);
    const b2cBefore = h.darajaSim.requests.filter((r) => r.path.includes("b2c")).length;

    await runPaymentsTick(testStore(db), servingOnly("test"), () => h.clock.now);
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("confirmed");
    expect(await testStore(db).read((q) => listTransfersForPayment(q, payment.id))).toEqual([]);
    expect(h.darajaSim.requests.filter((r) => r.path.includes("b2c")).length).toBe(b2cBefore);

    await runPaymentsTick(testStore(db), servingOnly("live"), () => h.clock.now);
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settling");
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id))).map(
        (t) => t.status,
      ),
    ).toEqual(["sent"]);
  });

  it("a custody answer about a payment of another mode is ignored", async () => {
    const payment = await createPayment(
      testStore(db),
      {
        custody: h.runtime.custody,
        rates: liveRates(h.clock.now),
        config: testConfig,
        now: h.clock.now,
      },
      { merchantId: SHOP, amountKes: 3_000, asset: "USDT", reference: "live-other", mode: "live" },
    );
    const tx = await h.custodySim.sendPayment(
      {
        address: payment.depositAddress!,
        amount: formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
      },
      { badSignature: true }, // its webhook is refused: only the calls below apply it
    );
    const answer = await applySyncedTransaction(
      testStore(db),
      servingOnly("test"),
      tx,
      () => h.clock.now,
    );
    expect(answer.outcome).toBe("ignored");
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "awaiting_payment",
      custodyTxId: null,
    });
    // The live runtime applies the same answer.
    expect(
      (await applySyncedTransaction(testStore(db), servingOnly("live"), tx, () => h.clock.now))
        .outcome,
    ).toBe("confirming");
  });
});
