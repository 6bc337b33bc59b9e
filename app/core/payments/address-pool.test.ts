/**
 * Deposit addresses made ahead (ADR 0027): a payment takes one in the transaction that inserts it
 * (never the same one twice, not past the daily limit), falls back to asking custody when its pool
 * is empty, and the refill makes them through the custody client (simulator over HTTP).
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { depositAddressPool, payments } from "../../../drizzle/schema";
import type { Custody } from "~/core/providers/custody/types";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  setUpPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import {
  createAddressPoolRefill,
  parseAddressPoolSizes,
  pooledAddressCounts,
} from "./address-pool.server";
import { createPayment, PaymentError, type Payment } from "./payments.server";

const { db, close } = createTestDb();
const h = setUpPaymentsHarness({ db, close });

/** A custody that must not be asked: any call fails the payment with custody_unavailable. */
const unreachableCustody: Custody = {
  createDepositAddress: () => Promise.reject(new Error("custody was called")),
  getTransaction: () => Promise.reject(new Error("custody was called")),
  findDeposits: () => Promise.reject(new Error("custody was called")),
};

let merchants = 0;
function newMerchant(): string {
  const id = `MRC-P${"23456789ABCDEFGHJKMNPQRSTVWXYZ"[merchants++]}0000`.slice(0, 10);
  addMerchant(db, id);
  return id;
}

function create(
  merchantId: string,
  options: {
    custody?: Custody;
    mode?: "live" | "test";
    amountKes?: number;
    taken?: () => void;
  } = {},
) {
  return createPayment(
    testStore(db),
    {
      custody: options.custody ?? h.runtime.custody,
      rates: liveRates(h.clock.now),
      config: testConfig,
      now: h.clock.now,
      onPooledAddressTaken: options.taken,
    },
    {
      merchantId,
      amountKes: options.amountKes ?? 1_000,
      asset: "USDT",
      reference: "POOL-1",
      mode: options.mode ?? "test",
    },
  );
}

async function fill(sizes: string) {
  const errors: unknown[] = [];
  const refill = createAddressPoolRefill({
    store: testStore(db),
    custody: h.runtime.custody,
    modes: ["live", "test"],
    sizes: parseAddressPoolSizes(sizes),
    now: () => h.clock.now,
    onError: (error) => errors.push(error),
  });
  refill.wake();
  await refill.idle();
  expect(errors).toEqual([]);
  return refill;
}

/** The pooled USDT addresses of a mode, on every network or on one. */
const pooled = (mode: "live" | "test", network?: string) =>
  db
    .select()
    .from(depositAddressPool)
    .where(
      and(
        eq(depositAddressPool.mode, mode),
        eq(depositAddressPool.asset, "USDT"),
        network === undefined ? undefined : eq(depositAddressPool.network, network),
      ),
    )
    .all();

describe("DEPOSIT_ADDRESS_POOL", () => {
  it("reads a size for every pool and mode:ASSET overrides", () => {
    expect(parseAddressPoolSizes("20")).toEqual({ size: 20, overrides: {} });
    expect(parseAddressPoolSizes("0, test:USDT=6000,live:BTC=5")).toEqual({
      size: 0,
      overrides: { "test:USDT": 6000, "live:BTC": 5 },
    });
  });

  it.each([
    ["", /whole number/],
    ["-1", /whole number/],
    ["1.5", /whole number/],
    ["20,test:DOGE=5", /ASSET one of BTC, ETH, USDT, USDC/],
    ["20,sandbox:USDT=5", /mode live or test/],
    ["20,test:USDT=lots", /whole number/],
  ])("refuses %j and says why", (value, why) => {
    expect(() => parseAddressPoolSizes(value)).toThrow(why);
  });
});

describe("the deposit-address pool", () => {
  it("the refill makes every pool's addresses at custody, and stops at each size", async () => {
    const refill = await fill("1,test:USDT=3");
    expect((await refill.levels())["test:USDT"]).toEqual({ pooled: 3, size: 3 });
    expect((await refill.levels())["live:BTC"]).toEqual({ pooled: 1, size: 1 });
    const counts = await testStore(db).read((q) => pooledAddressCounts(q));
    expect(counts.get("test:USDT")).toBe(3);
    for (const key of ["live:BTC", "live:ETH", "live:USDT", "live:USDC", "test:BTC"] as const)
      expect(counts.get(key)).toBe(1);
    // Each is a real deposit address the custody simulator knows (payments are matched by it).
    const atCustody = new Set(h.custodySim.depositAddresses().map((entry) => entry.address));
    for (const row of pooled("test")) expect(atCustody.has(row.address)).toBe(true);
    // A second round with nothing missing asks custody for nothing.
    const before = h.custodySim.depositAddresses().length;
    await fill("1,test:USDT=3");
    expect(h.custodySim.depositAddresses().length).toBe(before);
  });

  it("a payment takes the oldest pooled address of its mode, asset and network without calling custody, and wakes the refill", async () => {
    await fill("1,test:USDT=3");
    // `test:USDT` is USDT's default network's pool: Tron, where a payment without one opens.
    const oldest = pooled("test", "tron").sort((a, b) => a.createdAt - b.createdAt)[0]!;
    let wakes = 0;
    const payment = await create(newMerchant(), {
      custody: unreachableCustody,
      taken: () => wakes++,
    });
    expect(payment.depositAddress).toBe(oldest.address);
    expect(payment).toMatchObject({ network: "tron", custodyAssetId: oldest.custodyAssetId });
    expect(pooled("test").map((row) => row.address)).not.toContain(oldest.address);
    expect(wakes).toBe(1);
    // A live payment does not take a test address.
    const live = await create(newMerchant(), { custody: unreachableCustody, mode: "live" });
    expect(pooled("test").map((row) => row.address)).not.toContain(live.depositAddress);
  });

  it("counts a row stored before networks (network '') in its home network's pool: USDT on Ethereum", async () => {
    db.delete(depositAddressPool).run();
    db.insert(depositAddressPool)
      .values({
        id: "pool_before_networks",
        mode: "test",
        asset: "USDT",
        network: "",
        address: "0x52908400098527886E0F7030069857D2E4169EE7",
        custodyAssetId: "USDT_ERC20",
        createdAt: h.clock.now,
      })
      .run();
    const counts = await testStore(db).read((q) => pooledAddressCounts(q));
    expect(counts.get("test:USDT:ethereum")).toBe(1);
    expect(counts.get("test:USDT")).toBeUndefined();
    const refill = await fill("0,test:USDT:ethereum=1");
    expect((await refill.levels())["test:USDT:ethereum"]).toEqual({ pooled: 1, size: 1 });
    db.delete(depositAddressPool).run();
  });

  it("twenty concurrent creates against a pool of five: five pooled addresses, fifteen from custody, all different", async () => {
    db.delete(depositAddressPool).run();
    await fill("0,test:USDT=5");
    const inPool = new Set(pooled("test").map((row) => row.address));
    const merchant = newMerchant();
    const created = await Promise.all(Array.from({ length: 20 }, () => create(merchant)));
    const addresses = created.map((payment: Payment) => payment.depositAddress);
    expect(new Set(addresses).size).toBe(20);
    expect(addresses.filter((address) => inPool.has(address!))).toHaveLength(5);
    expect(pooled("test")).toEqual([]);
  });

  it("an empty pool with custody down: the payment is refused as before and nothing is stored", async () => {
    db.delete(depositAddressPool).run();
    const merchant = newMerchant();
    await expect(create(merchant, { custody: unreachableCustody })).rejects.toMatchObject({
      code: "custody_unavailable",
    });
    expect(db.select().from(payments).where(eq(payments.merchantId, merchant)).all()).toEqual([]);
  });

  it("the daily limit holds on the pooled path: the address stays in the pool when the payment is refused", async () => {
    db.delete(depositAddressPool).run();
    await fill("0,test:USDT=3");
    const merchant = newMerchant();
    const half = testConfig.dailyPerMerchantKes / 2;
    await create(merchant, { amountKes: half, custody: unreachableCustody });
    await create(merchant, { amountKes: half, custody: unreachableCustody });
    const refused = create(merchant, { amountKes: 1_000, custody: unreachableCustody });
    await expect(refused).rejects.toBeInstanceOf(PaymentError);
    await expect(refused).rejects.toMatchObject({ code: "daily_limit" });
    expect(pooled("test")).toHaveLength(1);
  });

  it("a custody failure ends the refill and is reported, the addresses made with it kept; the next wake carries on", async () => {
    db.delete(depositAddressPool).run();
    const errors: unknown[] = [];
    let failures = 1;
    const flaky: Custody = {
      ...h.runtime.custody,
      createDepositAddress: (input) =>
        failures-- > 0
          ? Promise.reject(new Error("custody timed out"))
          : h.runtime.custody.createDepositAddress(input),
    };
    const refill = createAddressPoolRefill({
      store: testStore(db),
      custody: flaky,
      modes: ["test"],
      sizes: parseAddressPoolSizes("0,test:USDT=2"),
      onError: (error) => errors.push(error),
    });
    refill.wake();
    await refill.idle();
    expect(errors.map(String)).toEqual(["Error: custody timed out"]);
    // Two asked at once: the first failed, the second's address is in the pool.
    expect(pooled("test")).toHaveLength(1);
    refill.wake();
    await refill.idle();
    expect(pooled("test")).toHaveLength(2);
  });
});
