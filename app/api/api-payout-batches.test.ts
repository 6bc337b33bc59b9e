/**
 * Payout batches through the API over real HTTP (issue 15): a draft from a CSV file or from JSON
 * payouts (recipients normalised, fees and rail charges, errors per row), idempotent creation, the
 * body limit of this route (4 MB, not the API's 64 KB), scopes, other merchants' and the other
 * mode's batches not found, submitting for approval, and the webhook events of a batch and a row
 * carrying the objects the API shows.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { disbursementBatches, disbursementRows } from "../../drizzle/schema";
import { enqueueBatchEvent, enqueueRowEvent } from "~/core/disbursements/events.server";
import { rowCost } from "~/core/disbursements/fees";
import { payoutUploadSlots } from "~/utils/heavy-work.server";
import { expectApiError, expectOk, setUpApi, SITE_URL } from "../../tests/support/api-server";
import { fromZodError } from "./errors.server";
import {
  createPayoutBatchBody,
  disbursementSchema,
  payoutBatchSchema,
  payoutsCsv,
} from "./endpoints/payout-batches.server";
import { testStore } from "../../tests/setup/db";

const SHOP = "MRC-APBA22";
const OTHER = "MRC-APBB22";
const f = setUpApi([SHOP, OTHER]);

const CSV = [
  "recipient,rail,amount,reference,name,bank_code",
  "0712 345 678,mpesa,1500,Invoice 1042,Wanjiku Kamau,",
  "+254 733 123 456,,2500,Refund 77,Otieno Odhiambo,",
  "1450160649886,bank,125000,Supplier May,Acme Supplies Ltd,68",
].join("\r\n");

const createBatch = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  f.call("POST", "/api/v1/payout_batches", { key, body, headers });

async function rowsOf(key: string, batchId: string, query = "") {
  return expectOk(await f.call("GET", `/api/v1/payout_batches/${batchId}/rows${query}`, { key }));
}

const batchesIn = (merchantId: string) =>
  f.db
    .select()
    .from(disbursementBatches)
    .where(eq(disbursementBatches.merchantId, merchantId))
    .all();

/** The answer parses strictly with the documented schema (no field sent but undocumented). */
function expectDocumented(
  schema: typeof payoutBatchSchema | typeof disbursementSchema,
  value: unknown,
) {
  expect(schema.safeParse(value).error?.issues ?? []).toEqual([]);
}

describe("creating a payout batch", () => {
  it("from a CSV file: 201 with the draft, its counts, totals and approval_url; rows normalised", async () => {
    const { secret, id: keyId } = f.newKey(SHOP, "test");
    const batch = expectOk(
      await createBatch(secret, { title: "November salaries", sms_receipts: true, csv: CSV }),
      201,
    );
    const costs = [
      rowCost("mpesa", 150_000n),
      rowCost("airtel-money", 250_000n),
      rowCost("pesalink", 12_500_000n),
    ];
    const sum = (pick: (cost: (typeof costs)[number]) => bigint) =>
      costs.reduce((total, cost) => total + pick(cost), 0n);
    const amount = sum((cost) => cost.amountKesCents);
    const fee = sum((cost) => cost.feeKesCents);
    const excise = sum((cost) => cost.exciseKesCents);
    const charge = sum((cost) => cost.railChargeKesCents);
    expect(batch).toMatchObject({
      object: "payout_batch",
      livemode: false,
      kind: "bulk",
      status: "draft",
      title: "November salaries",
      sms_receipts: true,
      currency: "KES",
      rows: 3,
      counts: { ready: 3, invalid: 0, dropped: 0, queued: 0, paid: 0 },
      amount: Number(amount),
      amount_decimal: "129000.00",
      fee: Number(fee),
      // 10% excise duty on our fee, never on the rails' charges.
      excise: Number(excise),
      rail_charge: Number(charge),
      total: Number(amount + fee + excise + charge),
      paid_amount: 0,
      reserved: null,
      approval_url: `${SITE_URL}/merchant/payouts/${batch.id}`,
      submitted_at: null,
      created_at: new Date(f.h.clock.now).toISOString(),
    });
    expect(batch.id).toMatch(/^dsb_[a-z0-9]{14}$/);
    expect(fee).toBeGreaterThan(0n);
    expect(excise).toBe(sum((cost) => (cost.feeKesCents + 5n) / 10n));
    expect(batch.fee_decimal).toBe(`${fee / 100n}.${(fee % 100n).toString().padStart(2, "0")}`);
    expectDocumented(payoutBatchSchema, batch);
    // The batch is the key's member's (ADR 0039), with the key kept beside it, in the key's mode.
    expect(batchesIn(SHOP).find((row) => row.id === batch.id)).toMatchObject({
      mode: "test",
      createdBy: f.owners[SHOP],
      createdWithKey: keyId,
    });

    const rows = await rowsOf(secret, batch.id);
    expect(rows).toMatchObject({ object: "list", has_more: false, next_starting_after: null });
    expect(
      rows.data.map((row: Record<string, unknown>) => [
        row.line,
        row.recipient,
        row.rail,
        row.amount,
      ]),
    ).toEqual([
      [2, "+254712345678", "mpesa", 150_000],
      [3, "+254733123456", "airtel-money", 250_000],
      [4, "1450160649886", "pesalink", 12_500_000],
    ]);
    expect(rows.data[2]).toMatchObject({
      object: "disbursement",
      batch_id: batch.id,
      status: "ready",
      bank_code: "68",
      name: "Acme Supplies Ltd",
      fee: Number(costs[2]!.feeKesCents),
      rail_charge: Number(costs[2]!.railChargeKesCents),
      errors: [],
      receipt: null,
      input: { recipient: "1450160649886", amount: "125000", bank_code: "68" },
    });
    for (const row of rows.data) expectDocumented(disbursementSchema, row);

    const read = expectOk(
      await f.call("GET", `/api/v1/payout_batches/${batch.id}`, { key: secret }),
    );
    expect(read).toEqual(batch);
  });

  it("from JSON payouts: each checked like a line, quotes and commas kept, errors per row", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const batch = expectOk(
      await createBatch(secret, {
        title: "Refunds",
        payouts: [
          { recipient: "0712 345 678", amount: 150000, name: 'Kamau, "Jnr"', reference: "R-1" },
          { recipient: "12345", amount: 250000 },
          { recipient: "0733123456", rail: "airtel-money", amount: 99900, bank_code: "68" },
        ],
      }),
      201,
    );
    expect(batch).toMatchObject({ rows: 3, counts: { ready: 1, invalid: 2 }, amount: 150000 });
    const rows = (await rowsOf(secret, batch.id)).data;
    expect(rows[0]).toMatchObject({
      line: 2,
      status: "ready",
      recipient: "+254712345678",
      rail: "mpesa",
      name: 'Kamau, "Jnr"',
      reference: "R-1",
    });
    expect(rows[1]).toMatchObject({ line: 3, status: "invalid", recipient: "12345", rail: null });
    expect(rows[1].errors.map((error: { field: string }) => error.field)).toEqual(["recipient"]);
    expect(rows[2].status).toBe("invalid");
    expect(rows[2].errors.map((error: { field: string }) => error.field)).toContain("bank_code");
    // Only the rows that need fixing.
    const invalid = await rowsOf(secret, batch.id, "?filter=invalid&limit=1");
    expect(invalid.data.map((row: { line: number }) => row.line)).toEqual([3]);
    expect(invalid).toMatchObject({ has_more: true, next_starting_after: 3 });
    const next = await rowsOf(secret, batch.id, "?filter=invalid&starting_after=3");
    expect(next.data.map((row: { line: number }) => row.line)).toEqual([4]);
  });

  it("pays M-Pesa Paybills and Tills: the account taken, required for a Paybill, at the B2B rate", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const batch = expectOk(
      await createBatch(secret, {
        title: "Suppliers",
        payouts: [
          { recipient: "247247", rail: "paybill", account: "123456", amount: 800000 },
          { recipient: "123456", rail: "till", amount: 95000, reference: "Supplies" },
          { recipient: "247247", rail: "paybill", amount: 100000 },
          { recipient: "12", rail: "till", amount: 100000 },
        ],
      }),
      201,
    );
    expect(batch).toMatchObject({ rows: 4, counts: { ready: 2, invalid: 2 } });
    const rows = (await rowsOf(secret, batch.id)).data;
    expect(rows[0]).toMatchObject({
      status: "ready",
      recipient: "247247",
      rail: "mpesa",
      b2b: "paybill",
      account: "123456",
      fee: 9600,
      rail_charge: 1700,
      input: { recipient: "247247", rail: "paybill", account: "123456" },
    });
    expect(rows[1]).toMatchObject({ recipient: "123456", b2b: "till", account: null, fee: 1140 });
    expect(rows[2].errors.map((error: { field: string }) => error.field)).toEqual(["account"]);
    expect(rows[3].errors.map((error: { field: string }) => error.field)).toEqual(["recipient"]);
    for (const row of rows) expectDocumented(disbursementSchema, row);
  });

  it("builds a file the core reads back cell for cell (every cell quoted)", () => {
    const csv = payoutsCsv([
      { recipient: "0712345678", amount: 150000, name: 'A "B", C', reference: "=1+1" },
    ]);
    expect(csv).toBe(
      'recipient,rail,amount,reference,name,bank_code,account\r\n"0712345678","","1500","=1+1","A ""B"", C","",""\r\n',
    );
  });

  it("the same Idempotency-Key and body twice: one batch, the second answer replayed", async () => {
    const { secret } = f.newKey(OTHER, "test");
    const before = batchesIn(OTHER).length;
    const body = { title: "Once", csv: CSV };
    const first = await createBatch(secret, body, { "Idempotency-Key": "batch-1" });
    const created = expectOk(first, 201);
    const second = await createBatch(secret, body, { "Idempotency-Key": "batch-1" });
    expect(expectOk(second, 201)).toEqual(created);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(batchesIn(OTHER)).toHaveLength(before + 1);
    expectApiError(
      await createBatch(secret, { ...body, title: "Twice" }, { "Idempotency-Key": "batch-1" }),
      { status: 422, type: "idempotency_error", code: "idempotency_key_reused" },
    );
  });

  it("a key sending more payout files at once than its slots is refused 429 before its Idempotency-Key is used", async () => {
    const { secret, id } = f.newKey(OTHER, "test");
    const before = batchesIn(OTHER).length;
    // As if two files of this key were being checked right now.
    const busy = [1, 2].map(() => payoutUploadSlots.take(`key:${id}`)!);
    const refused = await createBatch(
      secret,
      { title: "Third", csv: CSV },
      { "Idempotency-Key": "third" },
    );
    expectApiError(refused, { status: 429, type: "rate_limit_error", code: "too_many_concurrent" });
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(batchesIn(OTHER)).toHaveLength(before);
    // Another key of the same merchant is not held up.
    expectOk(
      await createBatch(f.newKey(OTHER, "test").secret, { title: "Other key", csv: CSV }),
      201,
    );
    busy.forEach((release) => release());
    // The retry with the same key runs (the refusal was not stored as its answer).
    expectOk(
      await createBatch(secret, { title: "Third", csv: CSV }, { "Idempotency-Key": "third" }),
      201,
    );
  });

  it("a file that cannot be read is 400 with the reason, and nothing is made", async () => {
    const { secret } = f.newKey(OTHER, "test");
    const before = batchesIn(OTHER).length;
    const answer = await createBatch(secret, { title: "Bad", csv: "hello,world\r\n1,2\r\n" });
    expectApiError(answer, {
      status: 400,
      type: "invalid_request_error",
      code: "invalid_file",
      param: "csv",
    });
    expect(answer.json.error.message).toMatch(/header/);
    expectApiError(await createBatch(secret, { title: "Neither" }), {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_missing",
      param: "payouts",
    });
    expectApiError(
      await createBatch(secret, {
        title: "Both",
        csv: CSV,
        payouts: [{ recipient: "0712345678", amount: 100 }],
      }),
      { status: 400, type: "invalid_request_error", code: "parameter_invalid", param: "csv" },
    );
    expectApiError(
      await createBatch(secret, {
        title: "Two lines",
        payouts: [{ recipient: "0712345678", amount: 150000, name: "A\nB" }],
      }),
      {
        status: 400,
        type: "invalid_request_error",
        code: "parameter_invalid",
        param: "payouts.0.name",
      },
    );
    expect(batchesIn(OTHER)).toHaveLength(before);
  });

  it("reads a body past the API's 64 KB (to 4 MB) and refuses one over 4 MB with 413", async () => {
    const { secret } = f.newKey(OTHER, "test");
    // 1 MB is read (and the file judged): not the 413 of the other routes.
    const big = `recipient,amount\r\n${"0712345678,1500\r\n".repeat(70_000)}`;
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const readable = await createBatch(secret, { title: "Big", csv: big });
    expectApiError(readable, {
      status: 400,
      type: "invalid_request_error",
      code: "invalid_file",
      param: "csv",
    });
    expect(readable.json.error.message).toMatch(/at most 10,000/);

    const tooBig = await createBatch(secret, { title: "Huge", csv: "x".repeat(4 * 1024 * 1024) });
    expectApiError(tooBig, { status: 413, type: "invalid_request_error", code: "body_too_large" });
    expect(tooBig.json.error.message).toBe("The body is larger than 4 MB.");
  });

  it("checks a big body a slice at a time, answering exactly what the documented schema says", async () => {
    const { secret } = f.newKey(OTHER, "test");
    const good = (i: number) => ({
      recipient: `07${String(10_000_000 + i).slice(-8)}`,
      amount: 10_000,
    });
    const many = Array.from({ length: 2_000 }, (_, i) => good(i));
    const bodies: unknown[] = [
      { title: "", payouts: many },
      { title: "Bad late item", payouts: [...many.slice(0, 1_999), { ...good(1), amount: "ten" }] },
      { title: "Unknown item field", payouts: [good(1), { ...good(2), iban: "x" }] },
      { title: "Unknown field", payouts: many, extra: true },
      { title: "Line break", payouts: [{ ...good(3), reference: "a\nb" }] },
      { title: "Empty", payouts: [] },
    ];
    for (const body of bodies) {
      const documented = createPayoutBatchBody.safeParse(body);
      expect(documented.success).toBe(false);
      const expected = fromZodError(documented.error!, "body");
      const answer = await createBatch(secret, body);
      expectApiError(answer, {
        status: 400,
        type: "invalid_request_error",
        code: expected.code,
        param: expected.param,
      });
      expect(answer.json.error.message).toBe(expected.message);
    }
  });

  it("takes 10,000 JSON payouts and refuses 10,001", async () => {
    const { secret } = f.newKey(OTHER, "test");
    const payouts = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        recipient: `07${String(10_000_000 + i).slice(-8)}`,
        amount: 10_000 + i * 100,
      }));
    const before = batchesIn(OTHER).length;
    expectApiError(await createBatch(secret, { title: "Too many", payouts: payouts(10_001) }), {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "payouts",
    });
    expect(batchesIn(OTHER)).toHaveLength(before);
    const batch = expectOk(
      await createBatch(secret, { title: "Many", payouts: payouts(10_000) }),
      201,
    );
    expect(batch).toMatchObject({ rows: 10_000, counts: { ready: 10_000 } });
    const last = await rowsOf(secret, batch.id, "?starting_after=10000&limit=5");
    expect(last.data.map((row: { line: number }) => row.line)).toEqual([10_001]);
  });
});

describe("who sees a batch", () => {
  it("needs payouts:write to create and submit, payouts:read to read", async () => {
    const reader = f.newKey(SHOP, "test", { scopes: ["payouts:read"] }).secret;
    const writer = f.newKey(SHOP, "test", { scopes: ["payouts:write"] }).secret;
    expectApiError(await createBatch(reader, { title: "No", csv: CSV }), {
      status: 403,
      type: "permission_error",
      code: "missing_scope",
    });
    const batch = expectOk(await createBatch(writer, { title: "Yes", csv: CSV }), 201);
    for (const path of [
      "/api/v1/payout_batches",
      `/api/v1/payout_batches/${batch.id}`,
      `/api/v1/payout_batches/${batch.id}/rows`,
    ])
      expectApiError(await f.call("GET", path, { key: writer }), {
        status: 403,
        type: "permission_error",
        code: "missing_scope",
      });
    expectOk(await f.call("GET", `/api/v1/payout_batches/${batch.id}`, { key: reader }));
    expectApiError(
      await f.call("POST", `/api/v1/payout_batches/${batch.id}/submit`, { key: reader }),
      {
        status: 403,
        type: "permission_error",
        code: "missing_scope",
      },
    );
  });

  it("another merchant's batch, and the other mode's, is 404; lists hold the key's mode only", async () => {
    const test = f.newKey(SHOP, "test").secret;
    const live = f.newKey(SHOP, "live").secret;
    const other = f.newKey(OTHER, "test").secret;
    const testBatch = expectOk(await createBatch(test, { title: "Test", csv: CSV }), 201);
    f.h.clock.now += 1_000;
    const liveBatch = expectOk(await createBatch(live, { title: "Live", csv: CSV }), 201);
    expect(liveBatch.livemode).toBe(true);

    for (const key of [live, other])
      for (const [method, path] of [
        ["GET", `/api/v1/payout_batches/${testBatch.id}`],
        ["GET", `/api/v1/payout_batches/${testBatch.id}/rows`],
        ["POST", `/api/v1/payout_batches/${testBatch.id}/submit`],
      ] as const)
        expectApiError(await f.call(method, path, { key }), {
          status: 404,
          type: "not_found_error",
          code: "resource_missing",
          param: "id",
        });

    const ids = (list: { data: { id: string; livemode: boolean }[] }) =>
      list.data.map((batch) => batch.id);
    const testList = expectOk(
      await f.call("GET", "/api/v1/payout_batches?limit=100", { key: test }),
    );
    expect(ids(testList)).toContain(testBatch.id);
    expect(ids(testList)).not.toContain(liveBatch.id);
    expect(testList.data.every((batch: { livemode: boolean }) => !batch.livemode)).toBe(true);
    const liveList = expectOk(await f.call("GET", "/api/v1/payout_batches", { key: live }));
    expect(ids(liveList)).toEqual([liveBatch.id]);
    expect(
      ids(expectOk(await f.call("GET", "/api/v1/payout_batches", { key: other }))),
    ).not.toContain(testBatch.id);
    expectApiError(
      await f.call("GET", `/api/v1/payout_batches?starting_after=${testBatch.id}`, { key: live }),
      { status: 404, type: "not_found_error", code: "resource_missing", param: "starting_after" },
    );
  });

  it("lists newest first, a page at a time", async () => {
    const { secret } = f.newKey(OTHER, "live");
    const made: string[] = [];
    for (const title of ["P-1", "P-2", "P-3"]) {
      f.h.clock.now += 1_000;
      made.push(expectOk(await createBatch(secret, { title, csv: CSV }), 201).id);
    }
    const page1 = expectOk(await f.call("GET", "/api/v1/payout_batches?limit=2", { key: secret }));
    expect(page1.data.map((batch: { id: string }) => batch.id)).toEqual([made[2], made[1]]);
    expect(page1).toMatchObject({ has_more: true, next_starting_after: made[1] });
    const page2 = expectOk(
      await f.call("GET", `/api/v1/payout_batches?limit=2&starting_after=${made[1]}`, {
        key: secret,
      }),
    );
    expect(page2.data.map((batch: { id: string }) => batch.id)).toEqual([made[0]]);
    expect(page2.has_more).toBe(false);
  });
});

describe("submitting a batch", () => {
  it("moves a draft to awaiting_approval; again is 409; a batch with rows to fix is 409", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const batch = expectOk(await createBatch(secret, { title: "Submit", csv: CSV }), 201);
    f.h.clock.now += 1_000;
    const submitted = expectOk(
      await f.call("POST", `/api/v1/payout_batches/${batch.id}/submit`, { key: secret }),
    );
    expect(submitted).toMatchObject({
      id: batch.id,
      status: "awaiting_approval",
      submitted_at: new Date(f.h.clock.now).toISOString(),
      counts: { ready: 3 },
    });
    expectApiError(
      await f.call("POST", `/api/v1/payout_batches/${batch.id}/submit`, { key: secret }),
      { status: 409, type: "conflict_error", code: "not_editable" },
    );

    const invalid = expectOk(
      await createBatch(secret, {
        title: "To fix",
        payouts: [
          { recipient: "0712345678", amount: 150000 },
          { recipient: "not a number", amount: 150000 },
        ],
      }),
      201,
    );
    const refused = await f.call("POST", `/api/v1/payout_batches/${invalid.id}/submit`, {
      key: secret,
    });
    expectApiError(refused, { status: 409, type: "conflict_error", code: "rows_need_fixing" });
    expect(refused.json.error.message).toBe(
      "1 row needs fixing first: fix it or drop it from the batch.",
    );
    const still = expectOk(
      await f.call("GET", `/api/v1/payout_batches/${invalid.id}`, { key: secret }),
    );
    expect(still.status).toBe("draft");
  });
});

describe("webhook events of disbursements", () => {
  it("a batch event carries the batch object, a row event the row with its batch id", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const live = f.newKey(SHOP, "live").secret;
    const batch = expectOk(await createBatch(secret, { title: "Events", csv: CSV }), 201);
    const [row] = (await rowsOf(secret, batch.id)).data;

    const now = f.h.clock.now;
    const store = testStore(f.db);
    const batchEvent = (await store.write((q) =>
      enqueueBatchEvent(q, batch.id, "payout_batch.approved", now),
    ))!;
    const rowEvent = (await store.write((q) =>
      enqueueRowEvent(q, row.id, "disbursement.succeeded", now),
    ))!;
    expect(batchEvent).toMatchObject({ merchantId: SHOP, mode: "test", objectId: batch.id });
    expect(rowEvent).toMatchObject({ merchantId: SHOP, mode: "test", objectId: row.id });
    expect(
      await store.write((q) =>
        enqueueBatchEvent(q, "dsb_nosuchbatch0000", "payout_batch.completed", now),
      ),
    ).toBeNull();
    expect(
      await store.write((q) =>
        enqueueRowEvent(q, "dsr_nosuchrow00000", "disbursement.failed", now),
      ),
    ).toBeNull();

    const readBatch = expectOk(
      await f.call("GET", `/api/v1/payout_batches/${batch.id}`, { key: secret }),
    );
    const sentBatch = expectOk(
      await f.call("GET", `/api/v1/events/${batchEvent.id}`, { key: secret }),
    );
    expect(sentBatch).toMatchObject({ type: "payout_batch.approved", livemode: false });
    expect(sentBatch.data.object).toEqual(readBatch);
    expect(sentBatch.data.object.approval_url).toBe(`${SITE_URL}/merchant/payouts/${batch.id}`);
    const sentRow = expectOk(await f.call("GET", `/api/v1/events/${rowEvent.id}`, { key: secret }));
    expect(sentRow.type).toBe("disbursement.succeeded");
    expect(sentRow.data.object).toEqual(row);
    expect(sentRow.data.object.batch_id).toBe(batch.id);
    const byType = expectOk(
      await f.call("GET", "/api/v1/events?type=disbursement.succeeded", { key: secret }),
    );
    expect(byType.data.map((event: { id: string }) => event.id)).toContain(rowEvent.id);
    // The test batch's events are test events: a live key does not see them.
    expectApiError(await f.call("GET", `/api/v1/events/${batchEvent.id}`, { key: live }), {
      status: 404,
      type: "not_found_error",
      code: "resource_missing",
      param: "id",
    });
  });

  it("a row event reads the row as it is now (paid: its receipt)", async () => {
    const { secret } = f.newKey(SHOP, "test");
    const batch = expectOk(await createBatch(secret, { title: "Paid", csv: CSV }), 201);
    const [row] = (await rowsOf(secret, batch.id)).data;
    f.db
      .update(disbursementRows)
      .set({ status: "paid", receipt: "SIM123ABC", completedAt: f.h.clock.now })
      .where(eq(disbursementRows.id, row.id))
      .run();
    const event = (await testStore(f.db).write((q) =>
      enqueueRowEvent(q, row.id, "disbursement.succeeded", f.h.clock.now),
    ))!;
    const sent = expectOk(await f.call("GET", `/api/v1/events/${event.id}`, { key: secret }));
    expect(sent.data.object).toMatchObject({
      id: row.id,
      status: "paid",
      receipt: "SIM123ABC",
      completed_at: new Date(f.h.clock.now).toISOString(),
    });
    expectDocumented(disbursementSchema, sent.data.object);
  });
});
