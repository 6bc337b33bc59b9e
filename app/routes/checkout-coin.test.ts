/**
 * The customer chooses the coin (issue 30, item 3; ADR 0052): a payment made in KES only opens in
 * USDT on Tron and lists every coin on every network with what it costs now; choosing one prices
 * the payment again at that coin's live rate, with an address on its network. The KES amount, the
 * fee and the quote's expiry stay. A payment whose coin was fixed offers no coin.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { isTronAddress, isValidAddress } from "~/core/networks/addresses";
import { createPayment, getPayment, listPaymentEvents } from "~/core/payments/payments.server";
import { computeQuote, formatCryptoUnits } from "~/core/payments/quote";
import { choosePaymentNetwork, MAX_NETWORK_CHANGES } from "~/core/payments/network-choice.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  setUpPaymentsHarness,
  testConfig,
} from "../../tests/setup/payments";
import { storeLiveRates, TEST_PRICES_KES } from "../../tests/setup/rates";
import { formPost, get, respond } from "../../tests/setup/requests";
import { action, loader } from "./pay.$id";

const test = installTestDatabase();
const { db } = test;
const h = setUpPaymentsHarness(test, { install: true });
const MERCHANT = "MRC-CC2N22";
addMerchant(db, MERCHANT);

beforeEach(async () => {
  // Every coin but ETH has a live rate.
  const { ETH: _eth, ...prices } = TEST_PRICES_KES;
  await storeLiveRates(db, prices);
});

function pay(options: { kesOnly: boolean; amountKes?: number }) {
  const now = Date.now();
  return createPayment(
    testStore(db),
    { custody: h.runtime.custody, rates: liveRates(now), config: testConfig, now },
    {
      merchantId: MERCHANT,
      amountKes: options.amountKes ?? 2_600,
      asset: "USDT",
      customerChoosesCoin: options.kesOnly,
      reference: "COIN-1",
    },
  );
}

const checkout = (id: string) =>
  loader({ request: get(`/pay/${id}`), params: { id }, context: {} });
const choose = (id: string, fields: Record<string, string>) =>
  respond(() => action({ request: formPost(`/pay/${id}`, fields), params: { id }, context: {} }));
const stored = async (id: string) => (await testStore(db).read((q) => getPayment(q, id)))!;

/** What `amountKes` costs in `asset` at the test price, as the checkout writes it. */
function costIn(asset: "USDT" | "USDC" | "BTC", amountKes = 2_600) {
  const quote = computeQuote({
    amountKesCents: BigInt(amountKes) * 100n,
    marketRate: TEST_PRICES_KES[asset],
    spreadBps: testConfig.spreadBps,
    feeBps: testConfig.c2bFeeBps,
    asset,
  });
  return {
    units: quote.cryptoAmountUnits,
    text: `${formatCryptoUnits(quote.cryptoAmountUnits, asset)} ${asset}`,
  };
}

describe("a payment made in KES only", () => {
  it("opens in USDT on Tron and lists every coin and network with what it costs now", async () => {
    const payment = await pay({ kesOnly: true });
    expect(payment).toMatchObject({ asset: "USDT", network: "tron" });
    expect(isTronAddress(payment.depositAddress!)).toBe(true);
    const page = await checkout(payment.id);
    expect(page.networkOptions).toEqual([]);
    expect(page.coinOptions).toEqual([
      {
        value: "USDT:tron",
        label: "USDT on Tron (TRC-20)",
        amount: `${page.crypto} USDT`,
        current: true,
      },
      {
        value: "USDT:ethereum",
        label: "USDT on Ethereum (ERC-20)",
        amount: `${page.crypto} USDT`,
        current: false,
      },
      {
        value: "USDC:ethereum",
        label: "USDC on Ethereum (ERC-20)",
        amount: costIn("USDC").text,
        current: false,
      },
      { value: "USDC:base", label: "USDC on Base", amount: costIn("USDC").text, current: false },
      { value: "BTC:bitcoin", label: "BTC on Bitcoin", amount: costIn("BTC").text, current: false },
      // No live ETH rate: listed, not choosable.
      { value: "ETH:ethereum", label: "ETH on Ethereum", amount: null, current: false },
    ]);
  });

  it("choosing Bitcoin prices it again at the BTC rate with a Bitcoin address; KES, fee and expiry stay", async () => {
    const payment = await pay({ kesOnly: true });
    const answer = await choose(payment.id, { coin: "BTC:bitcoin" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/pay/${payment.id}`);
    const now = await stored(payment.id);
    expect(now).toMatchObject({
      asset: "BTC",
      network: "bitcoin",
      amountKesCents: payment.amountKesCents,
      feeKesCents: payment.feeKesCents,
      expiresAt: payment.expiresAt,
      cryptoAmountUnits: costIn("BTC").units,
      marketRate: TEST_PRICES_KES.BTC,
      status: "awaiting_payment",
    });
    expect(isValidAddress("bitcoin", now.depositAddress!)).toBe(true);
    const page = await checkout(payment.id);
    expect(page).toMatchObject({
      asset: "BTC",
      network: "Bitcoin",
      crypto: formatCryptoUnits(costIn("BTC").units, "BTC"),
    });
    // Still open: the customer may change their mind.
    expect(page.coinOptions.find((option) => option.current)?.value).toBe("BTC:bitcoin");
    const events = await testStore(db).read((q) => listPaymentEvents(q, payment.id));
    expect(events.find((event) => event.type === "coin_changed")).toMatchObject({
      cause: "the customer chose another coin at checkout",
    });
    const detail = JSON.parse(events.find((event) => event.type === "coin_changed")!.detail!);
    expect(detail).toMatchObject({
      fromAsset: "USDT",
      toAsset: "BTC",
      from: "tron",
      to: "bitcoin",
      previousAddress: payment.depositAddress,
    });

    // And on to USDC on Base.
    expect((await choose(payment.id, { coin: "USDC:base" })).status).toBe(303);
    expect(await stored(payment.id)).toMatchObject({
      asset: "USDC",
      network: "base",
      cryptoAmountUnits: costIn("USDC").units,
    });
  });

  it("refuses a coin without a live rate (503) and one it does not list (400); nothing changes", async () => {
    const payment = await pay({ kesOnly: true });
    const noRate = await choose(payment.id, { coin: "ETH:ethereum" });
    expect(noRate.status).toBe(503);
    expect(((await noRate.json()) as { networkError: string }).networkError).toMatch(
      /^We can't lock a ETH quote right now/,
    );
    const bogus = await choose(payment.id, { coin: "DOGE:dogecoin" });
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toEqual({ networkError: "Choose one of the coins listed." });
    expect(await stored(payment.id)).toMatchObject({
      asset: "USDT",
      network: "tron",
      depositAddress: payment.depositAddress,
    });
  });

  it(`closes after ${MAX_NETWORK_CHANGES} changes`, async () => {
    const payment = await pay({ kesOnly: true });
    const coins = ["BTC:bitcoin", "USDC:base", "USDT:ethereum", "USDC:ethereum", "BTC:bitcoin"];
    for (const coin of coins.slice(0, MAX_NETWORK_CHANGES))
      expect((await choose(payment.id, { coin })).status).toBe(303);
    expect((await checkout(payment.id)).coinOptions).toEqual([]);
    const refused = await choose(payment.id, { coin: "USDT:tron" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      networkError: "The coin can no longer be changed for this payment.",
    });
  });
});

describe("two choices at once", () => {
  it("exactly one moves the payment; the other is refused and its address is not used", async () => {
    const payment = await pay({ kesOnly: true });
    const now = Date.now();
    const deps = {
      custody: h.runtime.custody,
      now,
      pricing: { rates: liveRates(now), config: testConfig },
    };
    const outcomes = await Promise.all([
      choosePaymentNetwork(testStore(db), deps, {
        paymentId: payment.id,
        network: "bitcoin",
        asset: "BTC",
      }),
      choosePaymentNetwork(testStore(db), deps, {
        paymentId: payment.id,
        network: "base",
        asset: "USDC",
      }),
    ]);
    const moved = outcomes.filter((outcome) => outcome.ok);
    expect(moved).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({ reason: "not_choosable" });
    const now2 = await stored(payment.id);
    expect(moved[0]!.ok && moved[0]!.payment.depositAddress).toBe(now2.depositAddress);
    const events = await testStore(db).read((q) => listPaymentEvents(q, payment.id));
    expect(events.filter((event) => event.type === "coin_changed")).toHaveLength(1);
  });
});

describe("a payment in a fixed coin", () => {
  it("lists no coins and refuses a posted coin (409): the payment keeps its coin", async () => {
    const payment = await pay({ kesOnly: false });
    const page = await checkout(payment.id);
    expect(page.coinOptions).toEqual([]);
    // Its network is still the customer's to choose.
    expect(page.networkOptions.map((option) => option.value)).toEqual(["tron", "ethereum"]);
    const answer = await choose(payment.id, { coin: "BTC:bitcoin" });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      networkError: "The coin can no longer be changed for this payment.",
    });
    expect((await stored(payment.id)).asset).toBe("USDT");
  });
});
