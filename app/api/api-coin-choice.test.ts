/**
 * A payment in KES only through the API (issue 30, item 3; ADR 0052): without `asset` the customer
 * chooses the coin at checkout; the payment opens in USDT on Tron and the payment object shows the
 * coin chosen afterwards.
 */
import { describe, expect, it } from "vitest";
import { isTronAddress, isValidAddress } from "~/core/networks/addresses";
import { choosePaymentNetwork } from "~/core/payments/network-choice.server";
import { liveRates, testConfig } from "../../tests/setup/payments";
import { testStore } from "../../tests/setup/db";
import { expectApiError, expectOk, setUpApi } from "../../tests/support/api-server";
import { paymentSchema } from "./schemas.server";

const SHOP = "MRC-APCC22";
const f = setUpApi([SHOP]);

const kesOnly = { amount: 260000, currency: "KES", reference: "K-1" };

function expectDocumented(value: unknown) {
  expect(paymentSchema.safeParse(value).error?.issues ?? []).toEqual([]);
}

describe("a payment without asset", () => {
  it("opens in USDT on Tron; after the customer picks Bitcoin, reads back in BTC at the BTC rate", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const created = expectOk(
      await f.call("POST", "/api/v1/payments", { key: secret, body: kesOnly }),
      201,
    );
    expectDocumented(created);
    expect(created).toMatchObject({ asset: "USDT", network: "tron", amount: 260000 });
    expect(isTronAddress(created.deposit_address)).toBe(true);

    const now = f.h.clock.now;
    const chosen = await choosePaymentNetwork(
      testStore(f.db),
      {
        custody: f.h.runtime.custody,
        now,
        pricing: { rates: liveRates(now), config: testConfig },
      },
      { paymentId: created.id, network: "bitcoin", asset: "BTC" },
    );
    expect(chosen.ok).toBe(true);

    const read = expectOk(await f.call("GET", `/api/v1/payments/${created.id}`, { key: secret }));
    expectDocumented(read);
    expect(read).toMatchObject({
      asset: "BTC",
      network: "bitcoin",
      amount: 260000,
      fee: created.fee,
      quote: { market_rate: "11650000", expires_at: created.quote.expires_at },
    });
    expect(read.crypto_amount).not.toBe(created.crypto_amount);
    expect(isValidAddress("bitcoin", read.deposit_address)).toBe(true);
  });

  it("refuses a network without an asset (400 on network)", async () => {
    const { secret } = f.newKey(SHOP, "test");
    expectApiError(
      await f.call("POST", "/api/v1/payments", {
        key: secret,
        body: { ...kesOnly, network: "tron" },
      }),
      { status: 400, type: "invalid_request_error", code: "parameter_invalid", param: "network" },
    );
  });

  it("keeps a payment made with an asset in its coin", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const created = expectOk(
      await f.call("POST", "/api/v1/payments", {
        key: secret,
        body: { ...kesOnly, asset: "USDC" },
      }),
      201,
    );
    const now = f.h.clock.now;
    const chosen = await choosePaymentNetwork(
      testStore(f.db),
      {
        custody: f.h.runtime.custody,
        now,
        pricing: { rates: liveRates(now), config: testConfig },
      },
      { paymentId: created.id, network: "bitcoin", asset: "BTC" },
    );
    expect(chosen).toMatchObject({ ok: false, reason: "not_choosable" });
    const read = expectOk(await f.call("GET", `/api/v1/payments/${created.id}`, { key: secret }));
    expect(read.asset).toBe("USDC");
  });
});
