/**
 * Where a settlement goes (issue 14, item 6): the default destination alone, or the merchant's
 * split; a destination still in its cooling-off period holds the whole settlement; failover to
 * another verified, usable destination only when the merchant allowed it and the chosen rail is
 * down (by our own recent transfers, as health.server.ts counts them) or not running here; never
 * to a destination that is not verified or is held. And `splitByPercent` always adds up to the
 * whole (a property test). Against a real migrated database.
 */
import fc from "fast-check";
import { settlementTransfers } from "../../../drizzle/schema";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { insertDestination, makeRailDown } from "../../../tests/setup/destinations";
import { addMerchant } from "../../../tests/setup/payments";
import { railHealthOn } from "~/core/rails/health.server";
import type { Destination } from "./destinations.server";
import { setSplitRules } from "./destinations.server";
import {
  routeSettlement as routeOn,
  splitByPercent,
  type RoutingOptions,
  type SettlementRoute,
} from "./routing.server";

const test = createTestDb();
const { db } = test;
afterAll(test.close);
const NOW = Date.UTC(2026, 10, 20, 7, 0);
const routeSettlement = (merchant: string, now: number, options?: RoutingOptions) =>
  testStore(db).read((q) => routeOn(q, merchant, now, options));
const railHealth = (rail: Destination["rail"], now: number) =>
  testStore(db).read((q) => railHealthOn(q, rail, now));

let counter = 0;
let merchantId: string;
beforeEach(() => {
  merchantId = `MRC-RTE${String(++counter).padStart(3, "0")}`;
  addMerchant(db, merchantId, null);
  // A rail's health is the rail's, whoever was paid: each test makes its own rails down.
  db.delete(settlementTransfers).run();
});

const mpesa = (extra: Partial<Destination> = {}) =>
  insertDestination(db, merchantId, { rail: "mpesa", phone: "+254712345678", ...extra }, NOW);
const bank = (extra: Partial<Destination> = {}) =>
  insertDestination(
    db,
    merchantId,
    {
      rail: "pesalink",
      bankCode: "68",
      accountNumber: "1450160649886",
      accountName: "Shop Owner",
      ...extra,
    },
    NOW,
  );
const airtel = (extra: Partial<Destination> = {}) =>
  insertDestination(
    db,
    merchantId,
    { rail: "airtel-money", phone: "+254733100001", ...extra },
    NOW,
  );

const allow = async (failover: boolean, shares: [Destination, number][] = []) =>
  expect(
    await setSplitRules(
      testStore(db),
      { merchantId, userId: "mu_route" },
      new Map(shares.map(([d, p]) => [d.id, p])),
      failover,
      NOW,
    ),
  ).toEqual({ ok: true });

/** The route as [destination id, percent, instead of] triples. */
function targets(route: SettlementRoute) {
  if (route.kind !== "targets") throw new Error(`expected targets, got ${route.kind}`);
  return route.targets.map((t) => [t.destination.id, t.percent, t.insteadOf?.id ?? null]);
}

describe("routeSettlement: where the money goes", () => {
  it("nowhere without a verified default", async () => {
    expect(await routeSettlement(merchantId, NOW)).toEqual({ kind: "no_destination" });
    mpesa({ status: "confirm_name" });
    bank({ status: "verifying" });
    mpesa({ phone: "+254712000001", status: "failed" });
    expect(await routeSettlement(merchantId, NOW)).toEqual({ kind: "no_destination" });
  });

  it("the default alone, all of it (another verified destination takes nothing)", async () => {
    const main = mpesa({ isDefault: true });
    bank();
    expect(targets(await routeSettlement(merchantId, NOW))).toEqual([[main.id, 100, null]]);
  });

  it("the split: 80% to the bank, 20% to M-Pesa", async () => {
    const main = mpesa({ isDefault: true });
    const account = bank();
    await allow(false, [
      [account, 80],
      [main, 20],
    ]);
    const route = targets(await routeSettlement(merchantId, NOW));
    expect(route).toHaveLength(2);
    expect(new Map(route.map(([id, percent]) => [id, percent]))).toEqual(
      new Map([
        [account.id, 80],
        [main.id, 20],
      ]),
    );
  });

  it("a held default holds the whole settlement until its cooling-off ends", async () => {
    const heldUntil = NOW + 3_600_000;
    const main = mpesa({ isDefault: true, heldUntil });
    expect(await routeSettlement(merchantId, NOW)).toMatchObject({
      kind: "held",
      heldUntil,
      destination: { id: main.id },
    });
    expect(targets(await routeSettlement(merchantId, heldUntil))).toEqual([[main.id, 100, null]]);
  });

  it("a held member of the split holds the whole settlement (not only its share)", async () => {
    const heldUntil = NOW + 3_600_000;
    const main = mpesa({ isDefault: true });
    const account = bank({ heldUntil });
    await allow(true, [
      [account, 80],
      [main, 20],
    ]);
    expect(await routeSettlement(merchantId, NOW)).toMatchObject({
      kind: "held",
      heldUntil,
      destination: { id: account.id },
    });
  });
});

describe("routeSettlement: failover", () => {
  it("the M-Pesa rail is down by our own transfers (as health.server.ts counts them)", async () => {
    makeRailDown(db, merchantId, "mpesa", NOW);
    expect((await railHealth("mpesa", NOW)).status).toBe("down");
    expect((await railHealth("pesalink", NOW)).status).not.toBe("down");
  });

  it("not without the merchant's permission: the down default keeps the settlement", async () => {
    makeRailDown(db, merchantId, "mpesa", NOW);
    const main = mpesa({ isDefault: true });
    bank();
    await allow(false);
    expect(targets(await routeSettlement(merchantId, NOW))).toEqual([[main.id, 100, null]]);
  });

  it("with permission, away from a down default to the other verified destination", async () => {
    makeRailDown(db, merchantId, "mpesa", NOW);
    const main = mpesa({ isDefault: true });
    const account = bank();
    await allow(true);
    expect(targets(await routeSettlement(merchantId, NOW))).toEqual([[account.id, 100, main.id]]);
  });

  it("with permission, away from a rail not running here (though healthy)", async () => {
    const main = airtel({ isDefault: true });
    const other = mpesa();
    await allow(true);
    expect((await railHealth("airtel-money", NOW)).status).not.toBe("down");
    expect(
      targets(await routeSettlement(merchantId, NOW, { runningRails: ["mpesa", "pesalink"] })),
    ).toEqual([[other.id, 100, main.id]]);
    // Running: no failover.
    expect(
      targets(await routeSettlement(merchantId, NOW, { runningRails: ["mpesa", "airtel-money"] })),
    ).toEqual([[main.id, 100, null]]);
  });

  it("a healthy default stays, permission or not", async () => {
    makeRailDown(db, merchantId, "mpesa", NOW);
    const main = airtel({ isDefault: true });
    bank();
    await allow(true);
    expect(targets(await routeSettlement(merchantId, NOW))).toEqual([[main.id, 100, null]]);
  });

  it("never to a destination not verified, held, removed, failed, or on the same down rail", async () => {
    makeRailDown(db, merchantId, "mpesa", NOW);
    const main = mpesa({ isDefault: true });
    bank({ status: "confirm_name" });
    bank({ accountNumber: "1450160640002", status: "verifying" });
    bank({ accountNumber: "1450160640003", status: "failed" });
    bank({ accountNumber: "1450160640004", status: "removed" });
    bank({ accountNumber: "1450160640005", heldUntil: NOW + 60_000 });
    mpesa({ phone: "+254712000009" });
    await allow(true);
    expect(targets(await routeSettlement(merchantId, NOW))).toEqual([[main.id, 100, null]]);
  });

  it("not to a destination whose rail is down too", async () => {
    makeRailDown(db, merchantId, "mpesa", NOW);
    const main = mpesa({ isDefault: true });
    bank();
    makeRailDown(db, merchantId, "pesalink", NOW);
    await allow(true);
    expect(targets(await routeSettlement(merchantId, NOW))).toEqual([[main.id, 100, null]]);
  });

  it("in a split, only the down rail's share moves, keeping its percent", async () => {
    makeRailDown(db, merchantId, "mpesa", NOW);
    const main = mpesa({ isDefault: true });
    const account = bank();
    const wallet = airtel();
    await allow(true, [
      [account, 80],
      [main, 20],
    ]);
    const route = targets(await routeSettlement(merchantId, NOW));
    // The default (M-Pesa) is down: its 20% goes to a verified destination on a rail that is up.
    const moved = route.find(([, , instead]) => instead === main.id);
    expect(moved?.[1]).toBe(20);
    expect([account.id, wallet.id]).toContain(moved?.[0]);
    expect(route.find(([id, , instead]) => id === account.id && instead === null)?.[1]).toBe(80);
    expect(route.reduce((sum, [, percent]) => sum + Number(percent), 0)).toBe(100);
  });
});

describe("splitByPercent", () => {
  it("80/20 of KES 10,000.01: whole cents, the remainder to the last", async () => {
    expect(splitByPercent(1_000_001n, [80, 20])).toEqual([800_000n, 200_001n]);
    expect(splitByPercent(1_000_001n, [100])).toEqual([1_000_001n]);
  });

  it("always adds up to the whole, each part non-negative and within a cent of its share (property)", async () => {
    const percents = fc
      .array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 10 })
      .filter((list) => list.reduce((a, b) => a + b, 0) <= 100)
      .map((list) => {
        const total = list.reduce((a, b) => a + b, 0);
        return [...list, ...(total < 100 ? [100 - total] : [])];
      });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), percents, (cents, shares) => {
        const parts = splitByPercent(cents, shares);
        expect(parts).toHaveLength(shares.length);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(cents);
        parts.forEach((part, index) => {
          expect(part >= 0n).toBe(true);
          const exact = cents * BigInt(shares[index]!);
          // Each part but the last is its share rounded down; the last takes the remainder.
          if (index < parts.length - 1) {
            expect(part * 100n <= exact && exact < (part + 1n) * 100n).toBe(true);
          } else {
            expect(part * 100n >= exact).toBe(true);
            expect(part * 100n - exact < BigInt(shares.length) * 100n).toBe(true);
          }
        });
      }),
      { numRuns: 500 },
    );
  });
});
