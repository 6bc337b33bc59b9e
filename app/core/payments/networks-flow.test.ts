/**
 * Payments on more than one network per asset (issue 14, item 8; ADR 0031), through the custody
 * simulator: USDT opens on Tron unless Ethereum is chosen (issue 30, item 3), USDT on Ethereum and
 * USDC on Base get addresses of their network from their own pools, confirm at their network's
 * count, a deposit on the wrong network is never credited, and the customer's change of network at
 * checkout moves the payment to an address on the new network.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositAddressPool } from "../../../drizzle/schema";
import { isEvmAddress, isTronAddress } from "~/core/networks/addresses";
import { verifyBalances } from "~/core/ledger/ledger.server";
import type { NetworkId } from "~/core/networks/networks";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  startPaymentsHarness,
  testConfig,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { createAddressPoolRefill, parseAddressPoolSizes } from "./address-pool.server";
import { requiredConfirmations } from "./config";
import { applyCustodyTransaction } from "./deposits.server";
import {
  choosePaymentNetwork,
  MAX_NETWORK_CHANGES,
  networkChoiceFor,
} from "./network-choice.server";
import {
  createPayment,
  getPayment,
  listPaymentEvents,
  PaymentError,
  type Payment,
} from "./payments.server";
import { formatCryptoUnits } from "./quote";

const { db, close } = createTestDb();
let h: PaymentsHarness;
const MERCHANT = "MRC-NTWK22";
beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, MERCHANT);
});
afterAll(async () => {
  await h.close();
  close();
});

function pay(asset: "USDT" | "USDC" | "BTC", network?: NetworkId, amountKes = 2_000) {
  return createPayment(
    testStore(db),
    {
      custody: h.runtime.custody,
      rates: liveRates(h.clock.now),
      config: testConfig,
      now: h.clock.now,
    },
    { merchantId: MERCHANT, amountKes, asset, network, reference: `NET-${asset}` },
  );
}

async function deposit(payment: Payment) {
  const tx = await h.custodySim.sendPayment({
    address: payment.depositAddress!,
    amount: formatCryptoUnits(payment.cryptoAmountUnits, payment.asset),
  });
  return tx.id;
}

describe("payments on several networks", () => {
  it("stores the network id; USDT defaults to Tron, Ethereum and Base get their own addresses", async () => {
    // A USDT payment created without a network is on Tron, at a valid Tron address.
    const usdt = await pay("USDT");
    expect(usdt).toMatchObject({ network: "tron", custodyAssetId: "TRX_USDT_S2UZ" });
    expect(isTronAddress(usdt.depositAddress!)).toBe(true);
    const unfixed = (await testStore(db).read((q) => listPaymentEvents(q, usdt.id)))[0]!;
    expect(JSON.parse(unfixed.detail!)).toMatchObject({ network: "tron", networkFixed: false });
    const erc20 = await pay("USDT", "ethereum");
    expect(erc20).toMatchObject({ network: "ethereum", custodyAssetId: "USDT_ERC20" });
    expect(isEvmAddress(erc20.depositAddress!)).toBe(true);
    const base = await pay("USDC", "base");
    expect(base).toMatchObject({ network: "base", custodyAssetId: "USDC_BASECHAIN_ETH_5I5C" });
    expect(isEvmAddress(base.depositAddress!)).toBe(true);
    const btc = await pay("BTC");
    expect(btc.network).toBe("bitcoin");
    const locked = (await testStore(db).read((q) => listPaymentEvents(q, erc20.id)))[0]!;
    expect(JSON.parse(locked.detail!)).toMatchObject({ network: "ethereum", networkFixed: true });
  });

  it("refuses a network the asset is not on, naming the allowed ones, and stores nothing", async () => {
    const refused = pay("USDC", "tron");
    await expect(refused).rejects.toBeInstanceOf(PaymentError);
    await expect(refused).rejects.toMatchObject({
      code: "invalid_network",
      message: 'USDC is not accepted on Tron: USDC is paid on "ethereum" or "base".',
    });
  });

  it("a USDT payment on Ethereum confirms at Ethereum's count (12), not USDT's on Tron (its default)", async () => {
    // CONFIRMATIONS_USDT (2 here) counts on USDT's default network, Tron.
    expect(requiredConfirmations(testConfig, "USDT", "tron")).toBe(2);
    expect(requiredConfirmations(testConfig, "USDT", "ethereum")).toBe(12);
    const payment = await pay("USDT", "ethereum");
    const txId = await deposit(payment);
    await h.custodySim.confirm(txId, 2);
    // Two confirmations confirm a payment on Tron here; on Ethereum it is still confirming.
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "confirming",
      confirmations: 2,
    });
    await h.custodySim.confirm(txId, 10);
    expect(await testStore(db).read((q) => getPayment(q, payment.id))).toMatchObject({
      status: "confirmed",
      confirmations: 12,
    });
    const confirmation = (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).find(
      (e) => e.type === "confirmation",
    );
    expect(JSON.parse(confirmation!.detail!)).toMatchObject({ required: 12 });
    expect(await verifyBalances(testStore(db))).toEqual([]);
  });

  it("never credits a deposit on the wrong network: USDC on Ethereum to a Base payment's address", async () => {
    const base = await pay("USDC", "base");
    const other = await pay("USDC", "ethereum");
    const real = h.custodySim.transaction(await deposit(other))!;
    // The same EVM address receives on Ethereum too: custody reports another asset id there.
    const outcome = await applyCustodyTransaction(
      testStore(db),
      {
        ...real,
        id: "wrong-network-tx",
        destinationAddress: base.depositAddress,
        assetId: "USDC",
        status: "COMPLETED",
        numOfConfirmations: 12,
      },
      testConfig,
      h.clock.now,
    );
    expect(outcome).toBe("ignored");
    expect(await testStore(db).read((q) => getPayment(q, base.id))).toMatchObject({
      status: "awaiting_payment",
      receivedUnits: 0n,
    });
    const event = (await testStore(db).read((q) => listPaymentEvents(q, base.id))).find(
      (e) => e.type === "wrong_network_deposit",
    );
    expect(JSON.parse(event!.detail!)).toMatchObject({ txId: "wrong-network-tx", assetId: "USDC" });
    expect(await verifyBalances(testStore(db))).toEqual([]);
  });

  it("fills and takes the pools per network", async () => {
    db.delete(depositAddressPool).run();
    const refill = createAddressPoolRefill({
      store: testStore(db),
      custody: h.runtime.custody,
      modes: ["live"],
      sizes: parseAddressPoolSizes("0,live:USDT:ethereum=2,live:USDT=1"),
      now: () => h.clock.now,
    });
    refill.wake();
    await refill.idle();
    // `live:USDT` is USDT's default network's pool: Tron.
    expect(await refill.levels()).toMatchObject({
      "live:USDT": { pooled: 1, size: 1 },
      "live:USDT:ethereum": { pooled: 2, size: 2 },
      "live:USDC:base": { pooled: 0, size: 0 },
    });
    const poolOn = (network: NetworkId) =>
      db
        .select()
        .from(depositAddressPool)
        .where(and(eq(depositAddressPool.network, network), eq(depositAddressPool.asset, "USDT")))
        .all();
    expect(poolOn("tron").every((row) => isTronAddress(row.address))).toBe(true);
    const erc20Pool = poolOn("ethereum");
    expect(erc20Pool.every((row) => isEvmAddress(row.address))).toBe(true);
    const taken = await pay("USDT", "ethereum");
    expect(erc20Pool.map((row) => row.address)).toContain(taken.depositAddress);
    expect((await refill.levels())["live:USDT:ethereum"]?.pooled).toBe(1);
    expect((await refill.levels())["live:USDT"]?.pooled).toBe(1);
    const tronPool = poolOn("tron");
    const onTron = await pay("USDT");
    expect(tronPool.map((row) => row.address)).toContain(onTron.depositAddress);
    expect((await refill.levels())["live:USDT"]?.pooled).toBe(0);
    expect(() => parseAddressPoolSizes("0,live:USDC:tron=2")).toThrow(
      "USDC is not on tron (its networks: ethereum, base)",
    );
  });
});

describe("the customer's choice of network", () => {
  const deps = () => ({ custody: h.runtime.custody, now: h.clock.now });
  const choiceFor = (payment: Payment) =>
    testStore(db).read((q) => networkChoiceFor(q, payment, h.clock.now));

  it("moves an unfixed USDT payment from Tron to Ethereum with an Ethereum address, and keeps the old address in its timeline", async () => {
    const payment = await pay("USDT");
    expect(await choiceFor(payment)).toMatchObject({
      network: "tron",
      options: ["tron", "ethereum"],
      fixed: false,
    });
    const outcome = await choosePaymentNetwork(testStore(db), deps(), {
      paymentId: payment.id,
      network: "ethereum",
    });
    expect(outcome).toMatchObject({ ok: true, changed: true });
    const moved = (await testStore(db).read((q) => getPayment(q, payment.id)))!;
    expect(moved).toMatchObject({ network: "ethereum", custodyAssetId: "USDT_ERC20" });
    expect(isEvmAddress(moved.depositAddress!)).toBe(true);
    const changed = (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).find(
      (e) => e.type === "network_changed",
    );
    expect(JSON.parse(changed!.detail!)).toMatchObject({
      from: "tron",
      to: "ethereum",
      previousAddress: payment.depositAddress,
    });
    // Paid on Ethereum, it confirms there, at Ethereum's count.
    await h.custodySim.confirm(await deposit(moved), 12);
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("confirmed");
    // Choosing again once paid is refused.
    expect(
      await choosePaymentNetwork(testStore(db), deps(), {
        paymentId: payment.id,
        network: "tron",
      }),
    ).toMatchObject({ ok: false, reason: "not_choosable" });
  });

  it("refuses a change where the merchant fixed the network, and a network the asset is not on", async () => {
    const fixed = await pay("USDT", "ethereum");
    expect(await choiceFor(fixed)).toMatchObject({ fixed: true, options: [] });
    expect(
      await choosePaymentNetwork(testStore(db), deps(), { paymentId: fixed.id, network: "tron" }),
    ).toMatchObject({
      ok: false,
      reason: "not_choosable",
      message: "This payment is to be paid on Ethereum (ERC-20).",
    });
    expect((await testStore(db).read((q) => getPayment(q, fixed.id)))?.depositAddress).toBe(
      fixed.depositAddress,
    );
    const open = await pay("USDC");
    expect(
      await choosePaymentNetwork(testStore(db), deps(), {
        paymentId: open.id,
        network: "polygon",
      }),
    ).toMatchObject({
      ok: false,
      reason: "not_choosable",
      message: expect.stringContaining("Polygon is not supported"),
    });
    const btc = await pay("BTC");
    expect((await choiceFor(btc)).options).toEqual([]);
  });

  it("limits the changes per payment (each uses a deposit address)", async () => {
    const payment = await pay("USDC");
    for (let change = 0; change < MAX_NETWORK_CHANGES; change++) {
      const to = change % 2 === 0 ? "base" : "ethereum";
      expect(
        await choosePaymentNetwork(testStore(db), deps(), { paymentId: payment.id, network: to }),
      ).toMatchObject({ ok: true, changed: true });
    }
    const addresses = (await testStore(db).read((q) => listPaymentEvents(q, payment.id)))
      .filter((e) => e.type === "network_changed")
      .map((e) => (JSON.parse(e.detail!) as { address: string }).address);
    expect(new Set(addresses).size).toBe(MAX_NETWORK_CHANGES);
    expect(
      await choosePaymentNetwork(testStore(db), deps(), {
        paymentId: payment.id,
        network: "ethereum",
      }),
    ).toMatchObject({ ok: false, reason: "not_choosable" });
  });
});
