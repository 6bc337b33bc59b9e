/**
 * The checkout's network (issue 14, item 8; ADR 0031): the page names the payment's network and
 * warns against sending on another; where the merchant or the API did not fix it, a plain form
 * lets the customer choose another of the asset's networks, which gives the payment an address on
 * that network.
 */
import { describe, expect, it } from "vitest";
import { isTronAddress } from "~/core/networks/addresses";
import type { NetworkId } from "~/core/networks/networks";
import { createPayment, getPayment } from "~/core/payments/payments.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  setUpPaymentsHarness,
  testConfig,
} from "../../tests/setup/payments";
import { formPost, get, respond } from "../../tests/setup/requests";
import { action, headers, loader } from "./pay.$id";

const test = installTestDatabase();
const { db } = test;
const h = setUpPaymentsHarness(test, { install: true });
const MERCHANT = "MRC-CNET22";
addMerchant(db, MERCHANT);

function pay(asset: "USDT" | "USDC" | "BTC", network?: NetworkId, mode: "live" | "test" = "live") {
  const now = Date.now();
  return createPayment(
    testStore(db),
    { custody: h.runtime.custody, rates: liveRates(now), config: testConfig, now },
    { merchantId: MERCHANT, amountKes: 2_500, asset, network, reference: "NET-1", mode },
  );
}

const checkout = (id: string) =>
  loader({ request: get(`/pay/${id}`), params: { id }, context: {} });
const choose = (id: string, network: string, origin?: string | null) =>
  respond(() =>
    action({
      request: formPost(`/pay/${id}`, { network }, origin === undefined ? {} : { origin }),
      params: { id },
      context: {},
    }),
  );

describe("the network at checkout", () => {
  it("names the network and warns against another; offers the choice on an unfixed USDT payment, Tron first", async () => {
    const payment = await pay("USDT");
    const page = await checkout(payment.id);
    expect(page).toMatchObject({
      network: "Tron (TRC-20)",
      networkId: "tron",
      networkWarning: "Send only on Tron (TRC-20). Coins sent on another network may be lost.",
      networkOptions: [
        { value: "tron", label: "Tron (TRC-20)", current: true },
        { value: "ethereum", label: "Ethereum (ERC-20)", current: false },
      ],
      coinOptions: [],
      explorerUrl: `https://tronscan.org/#/address/${payment.depositAddress}`,
    });
    expect(isTronAddress(payment.depositAddress!)).toBe(true);
    // A test payment links to the testnet explorer.
    const testPayment = await pay("USDT", undefined, "test");
    expect((await checkout(testPayment.id)).explorerUrl).toBe(
      `https://nile.tronscan.org/#/address/${testPayment.depositAddress}`,
    );
  });

  it("choosing Ethereum answers 303 to the checkout, which then shows an Ethereum address, URI and warning", async () => {
    const payment = await pay("USDT");
    const answer = await choose(payment.id, "ethereum");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/pay/${payment.id}`);
    const page = await checkout(payment.id);
    expect(page.networkId).toBe("ethereum");
    expect(page.network).toBe("Ethereum (ERC-20)");
    expect(page.depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(page.depositAddress).not.toBe(payment.depositAddress);
    expect(page.networkWarning).toBe(
      "Send only on Ethereum (ERC-20). Coins sent on another network may be lost.",
    );
    expect(page.walletUri).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${page.depositAddress}&uint256=${payment.cryptoAmountUnits}`,
    );
    expect(page.explorerUrl).toBe(`https://etherscan.io/address/${page.depositAddress}`);
  });

  it("offers no choice when the network was fixed, and refuses a posted change (409)", async () => {
    const payment = await pay("USDC", "base");
    const page = await checkout(payment.id);
    expect(page).toMatchObject({ networkId: "base", network: "Base", networkOptions: [] });
    const answer = await choose(payment.id, "ethereum");
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      networkError: "This payment is to be paid on Base.",
    });
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.network).toBe("base");
    const btc = await checkout((await pay("BTC")).id);
    expect(btc).toMatchObject({ network: "Bitcoin", networkOptions: [] });
  });

  it("refuses a network the asset is not on, with the allowed ones, and a cross-site post", async () => {
    const payment = await pay("USDC");
    const answer = await choose(payment.id, "polygon");
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { networkError: string }).networkError).toBe(
      'Polygon is not supported (we accept USDC on Ethereum and Base): USDC is paid on "ethereum" or "base".',
    );
    const crossSite = await choose(payment.id, "base", "https://evil.example");
    expect(crossSite.status).toBe(403);
    // The page sends no referrer to other sites, yet its own form keeps its Origin (with
    // no-referrer browsers would send "Origin: null", which the front door refuses).
    expect(headers()["Referrer-Policy"]).toBe("same-origin");
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.network).toBe("ethereum");
  });
});
