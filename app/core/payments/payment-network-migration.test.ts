/**
 * Migration 0014 (payment_network_ids): `payments.network` held a display label before ADR 0031
 * and holds a network id after it. Run on rows as the old code wrote them, it maps BTC to bitcoin
 * and the rest to ethereum, leaves ids alone, and gives pooled addresses stored without a network
 * their asset's default.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { depositAddressPool, payments } from "../../../drizzle/schema";
import { createTestDb } from "../../../tests/setup/db";
import { addMerchant } from "../../../tests/setup/payments";

const { db, close } = createTestDb();
afterAll(close);
const MERCHANT = "MRC-MIGR22";
addMerchant(db, MERCHANT);

function addPayment(id: string, asset: "BTC" | "ETH" | "USDT" | "USDC", network: string) {
  const now = Date.now();
  db.insert(payments)
    .values({
      id,
      merchantId: MERCHANT,
      reference: id,
      asset,
      network,
      amountKesCents: 250_000n,
      feeKesCents: 2_500n,
      quoteRate: "128.6",
      marketRate: "129.2",
      spreadBps: 50,
      rateSource: "coingecko",
      rateFetchedAt: now,
      cryptoAmountUnits: 1n,
      quotedAt: now,
      expiresAt: now,
      status: "expired",
      depositAddress: `addr-${id}`,
      createdAt: now,
      updatedAt: now,
    })
    .run();
}

describe("migration 0014: payment network ids", () => {
  it("turns the old labels into ids and leaves ids as they are", () => {
    addPayment("pay_mig000000001", "BTC", "Bitcoin");
    addPayment("pay_mig000000002", "ETH", "Ethereum");
    addPayment("pay_mig000000003", "USDT", "Ethereum (ERC-20)");
    addPayment("pay_mig000000004", "USDC", "Ethereum (ERC-20)");
    addPayment("pay_mig000000005", "USDT", "tron");
    for (const [id, asset] of [
      ["dap_mig1", "BTC"],
      ["dap_mig2", "USDT"],
    ] as const)
      db.insert(depositAddressPool)
        .values({
          id,
          mode: "live",
          asset,
          address: `pool-${id}`,
          custodyAssetId: asset,
          createdAt: 1,
        })
        .run();

    const file = new URL("../../../drizzle/0014_payment_network_ids.sql", import.meta.url);
    for (const statement of readFileSync(file, "utf8").split("--> statement-breakpoint"))
      db.run(sql.raw(statement));

    const networks = Object.fromEntries(
      db
        .select({ id: payments.id, network: payments.network })
        .from(payments)
        .all()
        .map((row) => [row.id, row.network]),
    );
    expect(networks).toMatchObject({
      pay_mig000000001: "bitcoin",
      pay_mig000000002: "ethereum",
      pay_mig000000003: "ethereum",
      pay_mig000000004: "ethereum",
      pay_mig000000005: "tron",
    });
    const pool = db
      .select({ id: depositAddressPool.id, network: depositAddressPool.network })
      .from(depositAddressPool)
      .all();
    expect(Object.fromEntries(pool.map((row) => [row.id, row.network]))).toMatchObject({
      dap_mig1: "bitcoin",
      dap_mig2: "ethereum",
    });
  });
});
