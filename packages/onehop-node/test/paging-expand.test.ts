/**
 * Paging back and expanding through the SDK, against the real API (issue 32, item 3):
 * `payments.list({ ending_before })` gives the page just newer, and `for await` walks the newer
 * pages; `payments.retrieve(id, { expand })` sends `expand[]` once per item and answers the payment
 * with its refunds and payouts; without it, the payment alone.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { setUpApi } from "../../../tests/support/api-server";
import {
  InvalidRequestError,
  OneHop,
  type ExpandedPayment,
  type Payment,
  type PaymentPayout,
  type Refund,
} from "../src/index.js";

const SHOP = "MRC-SDKP32";
const f = setUpApi([SHOP]);

const order = { amount: 250000, currency: "KES", asset: "USDT", reference: "P-1" } as const;

/** A client whose requests' URLs are recorded in `urls`. */
function recording(secret: string) {
  const urls: string[] = [];
  const onehop = new OneHop(secret, {
    baseUrl: `${f.api.url}/api/v1`,
    fetch: (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    },
  });
  return { onehop, urls };
}

describe("ending_before through the SDK", () => {
  it("lists the page just newer, and walks the newer pages with for await", async () => {
    const { onehop, urls } = recording(f.newKey(SHOP, "test").secret);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      f.h.clock.now += 1_000;
      made.push((await onehop.payments.create(order)).id);
    }
    const newestFirst = [...made].reverse();
    const oldest = (await onehop.payments.list({ limit: 2, starting_after: newestFirst[2] })).data;
    expect(oldest.map((p) => p.id)).toEqual(newestFirst.slice(3));

    const previous = await onehop.payments.list({ limit: 2, ending_before: newestFirst[3] });
    expect(previous.data.map((p) => p.id)).toEqual(newestFirst.slice(1, 3));
    expect(previous.has_more).toBe(true);

    // Walking back from the oldest: each page newer than the last, each newest first.
    urls.length = 0;
    const walked: string[] = [];
    for await (const payment of onehop.payments.list({ limit: 2, ending_before: made[0] }))
      walked.push(payment.id);
    expect(walked).toEqual([newestFirst[2], newestFirst[3], newestFirst[0], newestFirst[1]]);
    expect(urls.map((url) => new URL(url).searchParams.get("ending_before"))).toEqual([
      made[0],
      newestFirst[2],
    ]);
    expect(urls.every((url) => !new URL(url).searchParams.has("starting_after"))).toBe(true);

    const both = await onehop.payments
      .list({ starting_after: made[1], ending_before: made[0] })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(both).toBeInstanceOf(InvalidRequestError);
    expect(both).toMatchObject({ status: 400, code: "parameter_invalid", param: "ending_before" });
  });
});

describe("expand through the SDK", () => {
  it("sends expand[] once per item and answers the payment with its refunds and payouts", async () => {
    const { onehop, urls } = recording(f.newKey(SHOP, "test").secret);
    const payment = await onehop.payments.create(order);

    urls.length = 0;
    const expanded = await onehop.payments.retrieve(payment.id, {
      expand: ["refunds", "payouts"],
    });
    expect(new URL(urls[0]!).searchParams.getAll("expand[]")).toEqual(["refunds", "payouts"]);
    expectTypeOf(expanded).toEqualTypeOf<ExpandedPayment>();
    expectTypeOf(expanded.refunds).toEqualTypeOf<Refund[] | undefined>();
    expectTypeOf(expanded.payouts).toEqualTypeOf<PaymentPayout[] | undefined>();
    expect(expanded).toEqual({ ...payment, refunds: [], payouts: [] });

    const refundsOnly = await onehop.payments.retrieve(payment.id, { expand: ["refunds"] });
    expect(refundsOnly).toEqual({ ...payment, refunds: [] });

    // Without expand (or an empty one): the payment alone, and no expand[] sent.
    urls.length = 0;
    const plain = await onehop.payments.retrieve(payment.id);
    expectTypeOf(plain).toEqualTypeOf<Payment>();
    expect(plain).toEqual(payment);
    expect(await onehop.payments.retrieve(payment.id, { expand: [] })).toEqual(payment);
    expect(urls.every((url) => !url.includes("expand"))).toBe(true);
  });
});
