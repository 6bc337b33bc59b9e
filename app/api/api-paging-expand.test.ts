/**
 * Paging back and expanding, as an API client sees them over real HTTP (issue 32, item 3):
 * `ending_before` on the lists that page by id (payments, events, payout batches) gives the same
 * pages as `starting_after` walked the other way; both together are 400; a cursor that is not the
 * key's is 404. `expand[]=refunds` / `expand[]=payouts` on a payment read by id add the same
 * objects the refunds and payouts lists give, and nothing without it.
 */
import { describe, expect, it } from "vitest";
import { formatCryptoUnits } from "~/core/payments/quote";
import { planSettlement, sendPendingTransfers } from "~/core/payments/settlement.server";
import { expectApiError, expectOk, setUpApi } from "../../tests/support/api-server";
import { testStore } from "../../tests/setup/db";
import { confirmedPayment, creditAvailable, testConfig } from "../../tests/setup/payments";

const PAGER = "MRC-PGEA22";
const STRANGER = "MRC-PGEB22";
const BATCHES = "MRC-PGEC22";
const REFUNDER = "MRC-PGED22";
const SETTLED = "MRC-PGEE22";
const f = setUpApi([PAGER, STRANGER, BATCHES, REFUNDER, SETTLED]);

/** A customer's address on Ethereum (where the harness's USDT payments are). */
const CUSTOMER = "0x8ba1f109551bd432803012645ac136ddd64dba72";

interface ListAnswer {
  object: "list";
  data: { id: string }[];
  has_more: boolean;
  next_starting_after: string | null;
}

const ids = (page: ListAnswer) => page.data.map((item) => item.id);
const joiner = (path: string) => (path.includes("?") ? "&" : "?");

async function list(key: string, path: string): Promise<ListAnswer> {
  return expectOk(await f.call("GET", path, { key })) as ListAnswer;
}

/**
 * Walks `path` forward a page of `limit` at a time, then back from the last page with
 * `ending_before` (the first id of each page), and expects the same pages, newest first.
 */
async function walkBothWays(key: string, path: string, limit: number) {
  const forward: ListAnswer[] = [await list(key, `${path}${joiner(path)}limit=${limit}`)];
  while (forward.at(-1)!.has_more) {
    const after = forward.at(-1)!.next_starting_after!;
    forward.push(await list(key, `${path}${joiner(path)}limit=${limit}&starting_after=${after}`));
  }
  for (let i = forward.length - 1; i > 0; i--) {
    const before = forward[i]!.data[0]!.id;
    const back = await list(key, `${path}${joiner(path)}limit=${limit}&ending_before=${before}`);
    expect(ids(back)).toEqual(ids(forward[i - 1]!));
    expect(back.data).toEqual(forward[i - 1]!.data);
    // `has_more`: newer ones still, before the first page only.
    expect(back.has_more).toBe(i - 1 > 0);
    // The page after it (older) starts after its last id, as the forward walk found.
    expect(back.next_starting_after).toBe(forward[i - 1]!.next_starting_after);
  }
  // Before the newest object: nothing newer.
  const newest = forward[0]!.data[0]!.id;
  const none = await list(key, `${path}${joiner(path)}ending_before=${newest}`);
  expect(none).toEqual({ object: "list", data: [], has_more: false, next_starting_after: null });
  return forward;
}

async function createPayment(key: string, reference: string) {
  const body = { amount: 150_000, currency: "KES", asset: "USDT", reference };
  return expectOk(await f.call("POST", "/api/v1/payments", { key, body }), 201) as {
    id: string;
    deposit_address: string;
    crypto_amount: string;
  };
}

/** A live payment paid, confirmed, settled and its payout paid through the Daraja simulator. */
async function settledPayment(key: string) {
  const created = await createPayment(key, "S-1");
  const tx = await f.h.custodySim.sendPayment({
    address: created.deposit_address,
    amount: formatCryptoUnits(BigInt(created.crypto_amount), "USDT"),
  });
  await f.h.custodySim.confirm(tx.id, 1);
  await f.h.custodySim.confirm(tx.id, 1);
  await planSettlement(testStore(f.db), created.id, testConfig, f.h.clock.now);
  await sendPendingTransfers(testStore(f.db), f.h.rails, () => f.h.clock.now);
  await f.h.darajaSim.flush();
  return created.id;
}

describe("ending_before: the previous page", () => {
  it("walks 5 payments forward with starting_after and back with ending_before: the same pages", async () => {
    const { secret } = f.newKey(PAGER, "test");
    const made: string[] = [];
    for (const reference of ["A-1", "A-2", "A-3", "A-4", "A-5"]) {
      // Two are made in the same millisecond: the id orders them.
      if (reference !== "A-4") f.h.clock.now += 1_000;
      made.push((await createPayment(secret, reference)).id);
    }
    const pages = await walkBothWays(secret, "/api/v1/payments", 2);
    expect(pages.map(ids).flat()).toHaveLength(5);
    expect(new Set(pages.map(ids).flat())).toEqual(new Set(made));
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
    // Newest first within a page, also paged back.
    const [, second] = pages;
    const back = await list(
      secret,
      `/api/v1/payments?limit=2&ending_before=${second!.data[0]!.id}`,
    );
    expect(ids(back)).toEqual(ids(pages[0]!));
    // The oldest and newest by time: the first made is last, the last made first.
    expect(pages.at(-1)!.data.at(-1)!.id).toBe(made[0]);
    expect(pages[0]!.data[0]!.id).toBe(made[4]);
    // With a filter, paging back keeps it.
    const filtered = await list(
      secret,
      `/api/v1/payments?status=awaiting_payment&limit=1&ending_before=${made[0]}`,
    );
    expect(ids(filtered)).toEqual([made[1]]);
    expect(filtered.has_more).toBe(true);
  });

  it("refuses starting_after and ending_before together (400, naming ending_before)", async () => {
    const { secret } = f.newKey(PAGER, "test");
    const [a, b] = ids(await list(secret, "/api/v1/payments?limit=2"));
    const answer = await f.call("GET", `/api/v1/payments?starting_after=${a}&ending_before=${b}`, {
      key: secret,
    });
    expectApiError(answer, {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "ending_before",
    });
    expect(answer.json.error.message).toMatch(/not both/);
  });

  it("a cursor that is not the key's (another merchant's, the other mode's, none): 404", async () => {
    const { secret } = f.newKey(PAGER, "test");
    const theirs = await createPayment(f.newKey(STRANGER, "test").secret, "B-1");
    const liveOne = await createPayment(f.newKey(PAGER, "live").secret, "C-1");
    for (const id of [theirs.id, liveOne.id, "pay_nosuchpaymnt"])
      expectApiError(await f.call("GET", `/api/v1/payments?ending_before=${id}`, { key: secret }), {
        status: 404,
        type: "not_found_error",
        code: "resource_missing",
        param: "ending_before",
      });
    expectApiError(
      await f.call("GET", "/api/v1/events?ending_before=evt_Wm2bX0cZ8mQ1n4Yp7tK3sA", {
        key: secret,
      }),
      { status: 404, type: "not_found_error", code: "resource_missing", param: "ending_before" },
    );
    expectApiError(
      await f.call("GET", "/api/v1/payout_batches?ending_before=dsb_nosuchbatch000", {
        key: secret,
      }),
      { status: 404, type: "not_found_error", code: "resource_missing", param: "ending_before" },
    );
  });

  it("pages events back the way they paged forward", async () => {
    const key = f.newKey(SETTLED, "live").secret;
    f.h.clock.now += 1_000;
    await settledPayment(key);
    f.h.clock.now += 1_000;
    await settledPayment(key);
    const all = await list(key, "/api/v1/events?limit=100");
    expect(all.data.length).toBeGreaterThanOrEqual(4);
    const pages = await walkBothWays(key, "/api/v1/events", 2);
    expect(pages.map(ids).flat()).toEqual(ids(all));
    const [a, b] = ids(all);
    expectApiError(
      await f.call("GET", `/api/v1/events?starting_after=${a}&ending_before=${b}`, { key }),
      {
        status: 400,
        type: "invalid_request_error",
        code: "parameter_invalid",
        param: "ending_before",
      },
    );
  });

  it("pages payout batches back the way they paged forward", async () => {
    const { secret } = f.newKey(BATCHES, "test");
    const csv = [
      "recipient,rail,amount,reference,name,bank_code",
      "0712 345 678,mpesa,1500,Invoice 1042,Wanjiku Kamau,",
    ].join("\r\n");
    for (const title of ["P-1", "P-2", "P-3", "P-4", "P-5"]) {
      f.h.clock.now += 1_000;
      const body = { title, csv };
      expectOk(await f.call("POST", "/api/v1/payout_batches", { key: secret, body }), 201);
    }
    const pages = await walkBothWays(secret, "/api/v1/payout_batches", 2);
    expect(pages.map(ids).flat()).toHaveLength(5);
    const batchIds = ids(await list(secret, "/api/v1/payout_batches?limit=2"));
    expectApiError(
      await f.call(
        "GET",
        `/api/v1/payout_batches?starting_after=${batchIds[0]}&ending_before=${batchIds[1]}`,
        { key: secret },
      ),
      {
        status: 400,
        type: "invalid_request_error",
        code: "parameter_invalid",
        param: "ending_before",
      },
    );
  });
});

describe("expand[] on a payment", () => {
  it("adds its refunds, the same objects GET /refunds?payment_id= lists", async () => {
    const { payment } = await confirmedPayment(f.db, f.h, {
      merchantId: REFUNDER,
      amountKes: 1_000,
      mode: "test",
      network: "ethereum",
    });
    const key = f.newKey(REFUNDER, "test").secret;
    await creditAvailable(f.db, REFUNDER, 1_000, "test");
    const body = { payment_id: payment.id, amount: 10_000, address: CUSTOMER };
    expectOk(await f.call("POST", "/api/v1/refunds", { key, body }), 201);

    const plain = expectOk(await f.call("GET", `/api/v1/payments/${payment.id}`, { key }));
    const refunds = expectOk(
      await f.call("GET", `/api/v1/refunds?payment_id=${payment.id}`, { key }),
    );
    expect(refunds.data).toHaveLength(1);
    const expanded = expectOk(
      await f.call("GET", `/api/v1/payments/${payment.id}?expand[]=refunds`, { key }),
    );
    expect(expanded).toEqual({ ...plain, refunds: refunds.data });
    expect(expanded).not.toHaveProperty("payouts");
    // Encoded brackets are the same parameter.
    const encoded = expectOk(
      await f.call("GET", `/api/v1/payments/${payment.id}?expand%5B%5D=refunds`, { key }),
    );
    expect(encoded).toEqual(expanded);
  });

  it("adds its payouts, the same objects GET /payments/{id}/payouts lists; repeated expand[]", async () => {
    const key = f.newKey(SETTLED, "live").secret;
    const id = await settledPayment(key);
    const plain = expectOk(await f.call("GET", `/api/v1/payments/${id}`, { key }));
    const payouts = expectOk(await f.call("GET", `/api/v1/payments/${id}/payouts`, { key }));
    expect(payouts.data).toHaveLength(1);
    const expanded = expectOk(
      await f.call("GET", `/api/v1/payments/${id}?expand[]=payouts`, { key }),
    );
    expect(expanded).toEqual({ ...plain, payouts: payouts.data });
    expect(expanded).not.toHaveProperty("refunds");
    const both = expectOk(
      await f.call("GET", `/api/v1/payments/${id}?expand[]=refunds&expand[]=payouts`, { key }),
    );
    expect(both).toEqual({ ...plain, refunds: [], payouts: payouts.data });
    // The same value twice is the same as once.
    const twice = expectOk(
      await f.call("GET", `/api/v1/payments/${id}?expand[]=payouts&expand[]=payouts`, { key }),
    );
    expect(twice).toEqual(expanded);
  });

  it("without expand[] the payment has no more keys than when it was made", async () => {
    const { secret } = f.newKey(PAGER, "test");
    const created = await createPayment(secret, "D-1");
    const read = expectOk(await f.call("GET", `/api/v1/payments/${created.id}`, { key: secret }));
    expect(Object.keys(read).sort()).toEqual(Object.keys(created).sort());
    expect(read).not.toHaveProperty("refunds");
    expect(read).not.toHaveProperty("payouts");
  });

  it("refuses an unknown value (naming expand[]), expand without brackets, other repeats", async () => {
    const { secret } = f.newKey(PAGER, "test");
    const { id } = await createPayment(secret, "E-1");
    const unknown = await f.call(
      "GET",
      `/api/v1/payments/${id}?expand[]=refunds&expand[]=customer`,
      {
        key: secret,
      },
    );
    expectApiError(unknown, {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "expand[]",
    });
    expect(unknown.json.error.message).toBe("expand[]: must be refunds or payouts");
    expectApiError(await f.call("GET", `/api/v1/payments/${id}?expand=refunds`, { key: secret }), {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_unknown",
      param: "expand",
    });
    const repeated = await f.call("GET", "/api/v1/payments?limit=1&limit=2", { key: secret });
    expectApiError(repeated, {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "limit",
    });
    expect(repeated.json.error.message).toBe("limit: give it once");
    // Another payment's id is still 404, expanded or not.
    const theirs = await createPayment(f.newKey(STRANGER, "test").secret, "E-2");
    expectApiError(
      await f.call("GET", `/api/v1/payments/${theirs.id}?expand[]=refunds`, { key: secret }),
      { status: 404, type: "not_found_error", code: "resource_missing", param: "id" },
    );
  });
});
