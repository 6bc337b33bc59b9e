/**
 * `GET /api/v1/balances` answers the ledger book of the key's mode (issue 13, the test book),
 * through real HTTP: a test payment confirmed through the custody simulator shows in a test key's
 * balance and not in a live key's; a live payment shows in the live key's and not the test key's.
 */
import { describe, expect, it } from "vitest";
import { formatCryptoUnits } from "~/core/payments/quote";
import { expectOk, setUpApi } from "../../tests/support/api-server";

const SHOP = "MRC-BXMD22";
const f = setUpApi([SHOP]);

/** Create a payment of KES `amount` cents with `key` and pay it in full (confirmed). */
async function paidPayment(key: string, amount: number) {
  const created = expectOk(
    await f.call("POST", "/api/v1/payments", {
      key,
      body: { amount, currency: "KES", asset: "USDT", reference: `B-${amount}` },
    }),
    201,
  );
  const tx = await f.h.custodySim.sendPayment({
    address: created.deposit_address,
    amount: formatCryptoUnits(BigInt(created.crypto_amount), "USDT"),
  });
  await f.h.custodySim.confirm(tx.id, 2);
  const read = expectOk(await f.call("GET", `/api/v1/payments/${created.id}`, { key }));
  expect(read.status).toBe("confirmed");
  return read;
}

const balance = async (key: string) => expectOk(await f.call("GET", "/api/v1/balances", { key }));

describe("balances per mode", () => {
  it("a test key sees the test payment's money; a live key never does, and the reverse", async () => {
    const test = f.newKey(SHOP, "test").secret;
    const live = f.newKey(SHOP, "live").secret;

    // KES 2,500 less the 1% fee and its 10% excise duty.
    await paidPayment(test, 250_000);
    expect(await balance(test)).toEqual({
      object: "balance",
      livemode: false,
      currency: "KES",
      available: 247_250,
      available_decimal: "2472.50",
      pending: 0,
      pending_decimal: "0.00",
      in_flight: 0,
      in_flight_decimal: "0.00",
    });
    expect(await balance(live)).toMatchObject({ livemode: true, available: 0, pending: 0 });

    // KES 1,000 less the 1% fee and its excise, live: the test balance stays as it was.
    await paidPayment(live, 100_000);
    expect(await balance(live)).toMatchObject({
      livemode: true,
      available: 98_900,
      available_decimal: "989.00",
    });
    expect(await balance(test)).toMatchObject({ livemode: false, available: 247_250 });
  });
});
