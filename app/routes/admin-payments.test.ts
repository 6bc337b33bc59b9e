/**
 * Operator payment pages: the overview (counts, views, search, pages), the detail, and every action
 * (exceptions: accept / re-quote / refund; review: approve / reject; retry a failed transfer; flag
 * held money for refund), each with its audit entry, against a real migrated database. Payments
 * reach their states through the payments core (a custody deposit applied by
 * `applyCustodyTransaction`, an M-Pesa Express result by `applyStkResult`, settlement planned by
 * `planSettlement`), not by writing statuses by hand. The last block runs with the payments runtime
 * (custody and M-Pesa simulators over HTTP) to show that an approval really settles to M-Pesa.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  auditLog,
  merchantUsers,
  mpesaCollections,
  payments,
  refunds,
  settlementTransfers,
} from "../../drizzle/schema";
import { ivms101Of, type TravelRuleRecord } from "~/core/compliance/travel-rule/ivms101";
import { capital, merchantBalances, postTransaction, railFloat } from "~/core/ledger/ledger.server";
import { defaultNetwork } from "~/core/networks/networks";
import { applyCustodyTransaction } from "~/core/payments/deposits.server";
import { applyStkResult } from "~/core/payments/mpesa-collections.server";
import { newPaymentId, type Payment } from "~/core/payments/payments.server";
import { computeQuote, formatCryptoUnits, type QuoteAsset } from "~/core/payments/quote";
import { failTransfer, planSettlement } from "~/core/payments/settlement.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { signedInOperator } from "../../tests/setup/operator-session";
import { addMerchant, testConfig, setUpPaymentsHarness } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action as detailAction, loader as detailLoader } from "./admin.payments.$id";
import { loader as listLoader, PAGE_SIZE } from "./admin.payments._index";
import { storeLiveRates } from "../../tests/setup/rates";

const { db, close } = installTestDatabase();
const store = testStore(db);
afterAll(close);

const MERCHANT = "MRC-PAYSPS";
addMerchant(db, MERCHANT, "254712345678");
await postTransaction(testStore(db), {
  idempotencyKey: "admin-payments-test:float",
  kind: "float.funded",
  entries: [
    { account: railFloat("mpesa"), amount: 10_000_000_00n },
    { account: capital("KES"), amount: -10_000_000_00n },
  ],
});

const operatorCookie = (role: "admin" | "reviewer" | "curator") => signedInOperator(db, role);

async function merchantCookie() {
  const id = `mu_${Math.random().toString(36).slice(2)}`;
  db.insert(merchantUsers)
    .values({ id, merchantId: MERCHANT, username: id, role: "owner", createdAt: Date.now() })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

const PRICES: Record<QuoteAsset, string> = {
  BTC: "11650000",
  ETH: "398000",
  USDT: "129.2",
  USDC: "129.15",
};
let addressCounter = 0;

/**
 * A payment awaiting its deposit, quoted like the core quotes (locked rate, crypto amount, fee).
 */
function openPayment(
  options: {
    asset?: QuoteAsset;
    amountKes?: number;
    reference?: string;
    requiresReview?: boolean;
    merchantId?: string;
  } = {},
): Payment {
  const asset = options.asset ?? "USDT";
  const amountKesCents = BigInt(options.amountKes ?? 10_000) * 100n;
  const now = Date.now();
  const quote = computeQuote({
    amountKesCents,
    marketRate: PRICES[asset],
    spreadBps: testConfig.spreadBps,
    feeBps: testConfig.c2bFeeBps,
    asset,
  });
  const id = newPaymentId();
  const row = {
    id,
    merchantId: options.merchantId ?? MERCHANT,
    reference: options.reference ?? `ORDER-${id.slice(4)}`,
    asset,
    network: defaultNetwork(asset),
    amountKesCents,
    feeKesCents: quote.feeKesCents,
    quoteRate: quote.quoteRate,
    marketRate: PRICES[asset],
    spreadBps: testConfig.spreadBps,
    rateSource: "coingecko",
    rateFetchedAt: now - 30_000,
    cryptoAmountUnits: quote.cryptoAmountUnits,
    quotedAt: now,
    expiresAt: now + testConfig.quoteTtlMs,
    requiresReview: options.requiresReview ?? false,
    status: "awaiting_payment" as const,
    depositAddress: `0xtestaddress${++addressCounter}`,
    createdAt: now,
    updatedAt: now,
  };
  db.insert(payments).values(row).run();
  return db.select().from(payments).where(eq(payments.id, id)).get()!;
}

/**
 * The customer's deposit, fully confirmed at custody (sent after the quote expired when `late`).
 */
async function deposit(payment: Payment, units: bigint, late = false) {
  const now = Date.now();
  const asset = payment.asset as QuoteAsset;
  const outcome = await applyCustodyTransaction(
    testStore(db),
    {
      id: `ctx_${payment.id}`,
      externalTxId: null,
      status: "COMPLETED",
      subStatus: null,
      txHash: `0xhash${payment.id}`,
      operation: "TRANSFER",
      assetId: asset,
      source: { type: "UNKNOWN", id: null, name: null },
      destination: { type: "VAULT_ACCOUNT", id: "0", name: null },
      sourceAddress: `0xcustomer${payment.id}`,
      destinationAddress: payment.depositAddress,
      destinationTag: null,
      amountInfo: {
        amount: formatCryptoUnits(units, asset),
        requestedAmount: null,
        netAmount: null,
        amountUSD: null,
      },
      feeInfo: { networkFee: null, serviceFee: null, gasPrice: null },
      feeCurrency: null,
      createdAt: late ? payment.expiresAt + 60_000 : now,
      lastUpdated: now,
      numOfConfirmations: 3,
      blockInfo: { blockHeight: null, blockHash: null },
    },
    testConfig,
    now,
  );
  return { outcome, payment: reload(payment.id) };
}

const reload = (id: string) => db.select().from(payments).where(eq(payments.id, id)).get()!;
const underpaid = () => depositWith((p) => p.cryptoAmountUnits / 2n);
const overpaid = () => depositWith((p) => p.cryptoAmountUnits + 1_000_000n);
const lateExact = () => depositWith((p) => p.cryptoAmountUnits, true);
const inReview = () =>
  depositWith((p) => p.cryptoAmountUnits, false, { requiresReview: true, amountKes: 1_500_000 });
const confirmedExact = () => depositWith((p) => p.cryptoAmountUnits);

async function depositWith(
  units: (p: Payment) => bigint,
  late = false,
  options: Parameters<typeof openPayment>[0] = {},
): Promise<Payment> {
  const payment = openPayment(options);
  return (await deposit(payment, units(payment), late)).payment;
}

let receiptCounter = 0;

/**
 * A payment paid in crypto whose M-Pesa Express prompt (opened while it was awaiting payment) then
 * succeeds too: the core holds that KES in suspense for an operator (mpesa_paid_unexpected).
 */
async function heldMpesa(): Promise<Payment> {
  const payment = await confirmedExact();
  const checkoutRequestId = `ws_CO_${payment.id}`;
  db.insert(mpesaCollections)
    .values({
      checkoutRequestId,
      paymentId: payment.id,
      mode: "live",
      phone: "+254712345678",
      amountKesCents: payment.amountKesCents,
      status: "pending",
      createdAt: payment.createdAt,
    })
    .run();
  const applied = await applyStkResult(
    testStore(db),
    {
      outcome: "succeeded",
      checkoutRequestId,
      receipt: `TK${String(++receiptCounter).padStart(8, "0")}`,
      amountCents: payment.amountKesCents,
      resultDesc: "The service request is processed successfully.",
      source: "callback",
    },
    Date.now(),
  );
  expect(applied.outcome).toBe("held");
  return reload(payment.id);
}

const auditFor = (paymentId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "payment"), eq(auditLog.targetId, paymentId)))
    .all();

const act = (id: string, fields: Record<string, string>, cookie: string) =>
  respond(() =>
    detailAction({
      request: formPost(`/admin/payments/${id}`, fields, { cookie }),
      params: { id },
      context: {},
    }),
  );

const list = async (query: string, cookie: string) => {
  const response = await respond(() =>
    listLoader({ request: get(`/admin/payments${query}`, { cookie }), params: {}, context: {} }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as {
    view: string;
    page: number;
    hasNext: boolean;
    views: { view: string; count: number }[];
    queues: { exceptions: number; review: number; held: number; payoutsInDoubt: number };
    payments: {
      id: string;
      reference: string;
      status: string;
      amountKesCents: string;
      receivedUnits: string;
    }[];
  };
};

type DetailBody = {
  payment: {
    id: string;
    status: string;
    amountKesCents: string;
    receivedUnits: string;
    receivedValueKesCents: string;
  };
  queue: string | null;
  liveRate: { priceKes: string } | null;
  events: { type: string; cause: string }[];
  transfers: {
    id: string;
    status: string;
    amountKesCents: string;
    railChargeKesCents: string;
    retryable: boolean;
  }[];
  held: {
    transactionId: string;
    currency: string;
    amount: string;
    source: string;
    refundFlaggedAt: number | null;
  }[];
  audit: { action: string; actorId: string }[];
};
const detail = async (id: string, cookie: string) => {
  const response = await respond(() =>
    detailLoader({
      request: get(`/admin/payments/${id}`, { cookie }),
      params: { id },
      context: {},
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as DetailBody;
};

describe("payments overview", () => {
  it("counts per status, the exceptions and review views, a status filter, and JSON-safe amounts", async () => {
    const { cookie } = await operatorCookie("reviewer");
    const under = await underpaid();
    const over = await overpaid();
    const late = await lateExact();
    const review = await inReview();
    const fine = await confirmedExact();
    const waiting = openPayment();
    expect([under.status, over.status, late.status, review.status, fine.status]).toEqual([
      "underpaid",
      "overpaid",
      "paid_after_expiry",
      "in_review",
      "confirmed",
    ]);

    const exceptions = await list("?status=exceptions", cookie);
    expect(exceptions.view).toBe("exceptions");
    expect(new Set(exceptions.payments.map((p) => p.status))).toEqual(
      new Set(["underpaid", "overpaid", "paid_after_expiry"]),
    );
    expect(exceptions.payments.map((p) => p.id)).toEqual(
      expect.arrayContaining([under.id, over.id, late.id]),
    );
    expect(exceptions.payments.find((p) => p.id === under.id)).toMatchObject({
      amountKesCents: "1000000",
      receivedUnits: under.receivedUnits.toString(),
    });

    const reviewQueue = await list("?status=review", cookie);
    expect(reviewQueue.payments.map((p) => p.status)).toEqual(
      reviewQueue.payments.map(() => "in_review"),
    );
    expect(reviewQueue.payments.map((p) => p.id)).toContain(review.id);

    const awaiting = await list("?status=awaiting_payment", cookie);
    expect(awaiting.payments.map((p) => p.id)).toContain(waiting.id);
    expect(awaiting.payments.every((p) => p.status === "awaiting_payment")).toBe(true);

    const all = await list("", cookie);
    expect(all.view).toBe("all");
    const count = (view: string) => all.views.find((v) => v.view === view)?.count;
    expect(count("exceptions")).toBe(
      (count("underpaid") ?? 0) + (count("overpaid") ?? 0) + (count("paid_after_expiry") ?? 0),
    );
    expect(count("exceptions")).toBeGreaterThanOrEqual(3);
    expect(all.queues).toEqual({
      exceptions: count("exceptions"),
      review: count("review"),
      held: count("held"),
      payoutsInDoubt: 0,
    });
    expect(count("all")).toBe(db.select().from(payments).all().length);

    // An unknown status falls back to all payments rather than an error.
    expect((await list("?status=nonsense", cookie)).view).toBe("all");
  });

  it("searches by reference or payment id, and pages through results", async () => {
    const { cookie } = await operatorCookie("admin");
    const target = openPayment({ reference: "INV-SEARCH-42" });
    openPayment({ reference: "INV-OTHER-7" });
    expect((await list("?q=SEARCH-42", cookie)).payments.map((p) => p.id)).toEqual([target.id]);
    expect((await list(`?q=${target.id.slice(4)}`, cookie)).payments.map((p) => p.id)).toEqual([
      target.id,
    ]);
    // Search and a status view combine: the target is awaiting payment, not an exception.
    expect((await list("?status=exceptions&q=SEARCH-42", cookie)).payments).toEqual([]);
    // LIKE wildcards are searched literally.
    expect((await list("?q=%25", cookie)).payments).toEqual([]);

    for (let i = 0; i < PAGE_SIZE + 2; i++)
      openPayment({ reference: `BULK-${String(i).padStart(3, "0")}` });
    const first = await list("?q=BULK-", cookie);
    expect(first.payments).toHaveLength(PAGE_SIZE);
    expect(first.hasNext).toBe(true);
    const second = await list("?q=BULK-&page=2", cookie);
    expect(second.page).toBe(2);
    expect(second.payments).toHaveLength(2);
    expect(second.hasNext).toBe(false);
    const seen = new Set([...first.payments, ...second.payments].map((p) => p.reference));
    expect(seen.size).toBe(PAGE_SIZE + 2);
    expect((await list("?q=BULK-&page=-3", cookie)).page).toBe(1);
  });
});

describe("payment detail", () => {
  it("shows amounts as strings, the timeline and the queue the payment is in; unknown ids are 404", async () => {
    const { cookie } = await operatorCookie("reviewer");
    const payment = await underpaid();
    const body = await detail(payment.id, cookie);
    expect(body.queue).toBe("exception");
    expect(body.payment).toMatchObject({
      id: payment.id,
      status: "underpaid",
      amountKesCents: "1000000",
      receivedUnits: payment.receivedUnits.toString(),
    });
    expect(BigInt(body.payment.receivedValueKesCents)).toBeLessThan(1_000_000n);
    expect(body.events.map((e) => e.type)).toEqual(["deposit_detected", "underpaid"]);
    expect(body.transfers).toEqual([]);
    expect(body.audit).toEqual([]);

    const missing = await respond(() =>
      detailLoader({
        request: get("/admin/payments/pay_nope", { cookie }),
        params: { id: "pay_nope" },
        context: {},
      }),
    );
    expect(missing.status).toBe(404);
    expect((await act("pay_nope", { intent: "accept" }, cookie)).status).toBe(404);
  });
});

describe("exceptions queue", () => {
  it("accept as paid (underpaid): credits what arrived at the locked rate, audited", async () => {
    const { operator, cookie } = await operatorCookie("reviewer");
    const payment = await underpaid();
    const before = (await merchantBalances(store, MERCHANT)).available;
    const response = await act(payment.id, { intent: "accept" }, cookie);
    expect(response.status).toBe(200);
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Payment accepted" });

    const after = reload(payment.id);
    expect(after.status).toBe("confirmed");
    expect(after.resolution).toBe("accept");
    expect(after.amountKesCents).toBeLessThan(payment.amountKesCents);
    expect((await merchantBalances(store, MERCHANT)).available - before).toBe(
      after.amountKesCents - after.feeKesCents - after.exciseKesCents,
    );
    expect(auditFor(payment.id).map((a) => [a.action, a.actorType, a.actorId])).toEqual([
      ["payment.accepted", "operator", operator.id],
    ]);
    expect((await detail(payment.id, cookie)).audit.map((a) => a.action)).toEqual([
      "payment.accepted",
    ]);
  });

  it("accept as paid (overpaid): credits the quoted amount", async () => {
    const { operator, cookie } = await operatorCookie("admin");
    const payment = await overpaid();
    expect((await act(payment.id, { intent: "accept" }, cookie)).status).toBe(200);
    expect(reload(payment.id)).toMatchObject({
      status: "confirmed",
      amountKesCents: payment.amountKesCents,
    });
    expect(auditFor(payment.id).map((a) => [a.action, a.actorId])).toEqual([
      ["payment.accepted", operator.id],
    ]);
  });

  it("re-quote (paid after expiry): refused without a live rate, then done at today's rate and audited", async () => {
    const { operator, cookie } = await operatorCookie("reviewer");
    const payment = await depositWith((p) => p.cryptoAmountUnits, true, { asset: "ETH" });
    expect(payment.status).toBe("paid_after_expiry");
    expect((await detail(payment.id, cookie)).liveRate).toBeNull();

    const refused = await act(payment.id, { intent: "requote" }, cookie);
    expect(refused.status).toBe(409);
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      description: expect.stringContaining("No live rate"),
    });
    expect(reload(payment.id).status).toBe("paid_after_expiry");
    expect(auditFor(payment.id)).toEqual([]);

    // Today the price is higher than when it was quoted: the re-quote gives the merchant more.
    await storeLiveRates(db, { ETH: "420000" });
    expect((await detail(payment.id, cookie)).liveRate?.priceKes).toBe("420000");
    const response = await act(payment.id, { intent: "requote" }, cookie);
    expect(response.status).toBe(200);
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      message: "Payment re-quoted",
    });
    const after = reload(payment.id);
    expect(after).toMatchObject({ status: "confirmed", resolution: "requote" });
    expect(after.amountKesCents).toBeGreaterThan(payment.amountKesCents);
    expect(auditFor(payment.id).map((a) => [a.action, a.actorId])).toEqual([
      ["payment.requoted", operator.id],
    ]);
  });

  it("flag for refund: the merchant is not credited, the payment fails, audited", async () => {
    const { operator, cookie } = await operatorCookie("reviewer");
    const payment = await underpaid();
    const before = await merchantBalances(store, MERCHANT);
    const response = await act(payment.id, { intent: "refund" }, cookie);
    expect(response.status).toBe(200);
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      message: "Flagged for refund",
    });
    expect(reload(payment.id)).toMatchObject({ status: "failed", resolution: "refund" });
    expect(await merchantBalances(store, MERCHANT)).toEqual(before);
    expect(auditFor(payment.id).map((a) => [a.action, a.actorId])).toEqual([
      ["payment.refund_flagged", operator.id],
    ]);
  });

  it("refuses actions the payment's state does not allow (409), and changes nothing", async () => {
    const { cookie } = await operatorCookie("admin");
    const fine = await confirmedExact();
    const accept = await act(fine.id, { intent: "accept" }, cookie);
    expect(accept.status).toBe(409);
    expect(await toastOf(accept)).toMatchObject({ type: "error", message: "Action refused" });
    expect((await act(fine.id, { intent: "approve" }, cookie)).status).toBe(409);

    const under = await underpaid();
    expect((await act(under.id, { intent: "requote" }, cookie)).status).toBe(409);
    expect((await act(under.id, { intent: "approve" }, cookie)).status).toBe(409);
    expect(reload(fine.id).status).toBe("confirmed");
    expect(reload(under.id).status).toBe("underpaid");
    expect(auditFor(fine.id)).toEqual([]);
    expect(auditFor(under.id)).toEqual([]);

    // Resolving twice: the second is refused.
    expect((await act(under.id, { intent: "refund" }, cookie)).status).toBe(200);
    expect((await act(under.id, { intent: "accept" }, cookie)).status).toBe(409);

    // An intent that does not exist is a 400, not a guess.
    expect((await act(under.id, { intent: "delete" }, cookie)).status).toBe(400);
  });
});

describe("held-money queue", () => {
  it("counts payments with held money, lists them in the held view, and shows the item", async () => {
    const { cookie } = await operatorCookie("reviewer");
    const before = (await list("", cookie)).queues.held;
    const payment = await heldMpesa();
    const plain = await confirmedExact();
    expect(payment.status).toBe("confirmed");

    const all = await list("", cookie);
    expect(all.queues.held).toBe(before + 1);
    expect(all.views.find((v) => v.view === "held")?.count).toBe(before + 1);
    const held = await list("?status=held", cookie);
    expect(held.view).toBe("held");
    expect(held.payments.map((p) => p.id)).toContain(payment.id);
    expect(held.payments.map((p) => p.id)).not.toContain(plain.id);
    // Search combines with the view.
    expect(
      (await list(`?status=held&q=${payment.reference}`, cookie)).payments.map((p) => p.id),
    ).toEqual([payment.id]);

    const body = await detail(payment.id, cookie);
    expect(body.held).toEqual([
      expect.objectContaining({
        currency: "KES",
        amount: payment.amountKesCents.toString(),
        source: "mpesa",
        refundFlaggedAt: null,
      }),
    ]);
    expect(body.events.map((e) => e.type)).toContain("mpesa_paid_unexpected");
    expect((await detail(plain.id, cookie)).held).toEqual([]);
  });

  it("flags held money for refund once, audited; the payment is unchanged", async () => {
    const { operator, cookie } = await operatorCookie("reviewer");
    const payment = await heldMpesa();
    const [item] = (await detail(payment.id, cookie)).held;
    const queued = (await list("", cookie)).queues.held;
    const balances = await merchantBalances(store, MERCHANT);

    const fields = { intent: "flag-held-refund", heldTransactionId: item!.transactionId };
    const response = await act(payment.id, fields, cookie);
    expect(response.status).toBe(200);
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      message: "Flagged for refund",
    });
    const after = await detail(payment.id, cookie);
    expect(after.held).toEqual([
      expect.objectContaining({
        transactionId: item!.transactionId,
        refundFlaggedAt: expect.any(Number),
      }),
    ]);
    expect(after.payment.status).toBe("confirmed");
    expect(after.events.map((e) => e.type)).toContain("held_refund_flagged");
    expect(await merchantBalances(store, MERCHANT)).toEqual(balances);
    expect(auditFor(payment.id).map((a) => [a.action, a.actorType, a.actorId])).toEqual([
      ["payment.held_refund_flagged", "operator", operator.id],
    ]);
    expect((await list("", cookie)).queues.held).toBe(queued - 1);
    expect((await list("?status=held", cookie)).payments.map((p) => p.id)).not.toContain(
      payment.id,
    );

    // A second time: refused, nothing more recorded.
    const again = await act(payment.id, fields, cookie);
    expect(again.status).toBe(409);
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      message: "Action refused",
      description: "This money is already flagged for refund.",
    });
    expect(auditFor(payment.id)).toHaveLength(1);
  });

  it("refuses held money that does not exist or is another payment's; bad ids are a 400", async () => {
    const { cookie } = await operatorCookie("admin");
    const payment = await heldMpesa();
    const another = await heldMpesa();
    const [item] = (await detail(another.id, cookie)).held;
    const flagWith = (heldTransactionId: string, id = payment.id) =>
      act(id, { intent: "flag-held-refund", heldTransactionId }, cookie);

    const missing = await flagWith("ltx_doesnotexist");
    expect(missing.status).toBe(409);
    expect(await toastOf(missing)).toMatchObject({
      message: "Action refused",
      description: "That is not money held for this payment.",
    });
    expect((await flagWith(item!.transactionId)).status).toBe(409);
    expect((await flagWith("not an id")).status).toBe(400);
    expect((await flagWith(`ltx_${"a".repeat(80)}`)).status).toBe(400);
    expect((await act(payment.id, { intent: "flag-held-refund" }, cookie)).status).toBe(400);
    expect((await flagWith(item!.transactionId, "pay_nope")).status).toBe(404);
    expect(auditFor(payment.id)).toEqual([]);
    expect(auditFor(another.id)).toEqual([]);
    expect((await detail(another.id, cookie)).held[0]!.refundFlaggedAt).toBeNull();
  });

  it("pages through the held view", async () => {
    const { cookie } = await operatorCookie("reviewer");
    const created: string[] = [];
    for (let i = 0; i <= PAGE_SIZE; i++) created.push((await heldMpesa()).id);
    const total = (await list("", cookie)).queues.held;
    expect(total).toBeGreaterThanOrEqual(PAGE_SIZE + 1);
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const body = await list(`?status=held&page=${page}`, cookie);
      seen.push(...body.payments.map((p) => p.id));
      expect(body.payments).toHaveLength(body.hasNext ? PAGE_SIZE : total - PAGE_SIZE * (page - 1));
      if (!body.hasNext) break;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual(expect.arrayContaining(created));
  });
});

describe("manual-review queue", () => {
  it("approve releases the pending KES to available, audited", async () => {
    const { operator, cookie } = await operatorCookie("reviewer");
    const payment = await inReview();
    expect((await detail(payment.id, cookie)).queue).toBe("review");
    const before = await merchantBalances(store, MERCHANT);
    const response = await act(payment.id, { intent: "approve" }, cookie);
    expect(response.status).toBe(200);
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Payment approved" });
    expect(reload(payment.id).status).toBe("confirmed");
    const net = payment.amountKesCents - payment.feeKesCents;
    const after = await merchantBalances(store, MERCHANT);
    expect(after.pending).toBe(before.pending - net);
    expect(after.available).toBe(before.available + net);
    expect(auditFor(payment.id).map((a) => [a.action, a.actorId])).toEqual([
      ["payment.review_approved", operator.id],
    ]);
  });

  it("reject needs a reason (400), then records it and audits it", async () => {
    const { operator, cookie } = await operatorCookie("admin");
    const payment = await inReview();
    const missing = await act(payment.id, { intent: "reject", reason: "" }, cookie);
    expect(missing.status).toBe(400);
    expect(
      ((await missing.json()) as { errors: Record<string, string[]> }).errors.reason?.[0],
    ).toMatch(/reason/i);
    expect(reload(payment.id).status).toBe("in_review");

    const response = await act(
      payment.id,
      { intent: "reject", reason: "The payer is on a sanctions list." },
      cookie,
    );
    expect(response.status).toBe(200);
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Payment rejected" });
    expect(reload(payment.id)).toMatchObject({ status: "failed", resolution: "refund" });
    const audit = auditFor(payment.id);
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["payment.review_rejected", operator.id],
    ]);
    expect(JSON.parse(audit[0]!.details!)).toEqual({ reason: "The payer is on a sanctions list." });
    expect((await act(payment.id, { intent: "approve" }, cookie)).status).toBe(409);
  });
});

describe("settlement transfers", () => {
  it("retries a failed transfer once, audited; a transfer that did not fail cannot be retried", async () => {
    const { operator, cookie } = await operatorCookie("reviewer");
    const payment = await confirmedExact();
    expect(await planSettlement(testStore(db), payment.id, testConfig, Date.now())).toBe("planned");
    const [transfer] = db
      .select()
      .from(settlementTransfers)
      .where(eq(settlementTransfers.paymentId, payment.id))
      .all();
    expect(transfer?.status).toBe("pending");

    // Not failed: refused.
    expect(
      (await act(payment.id, { intent: "retry", transferId: transfer!.id }, cookie)).status,
    ).toBe(409);
    // Another payment's transfer, or no transfer: refused.
    expect(
      (await act((await underpaid()).id, { intent: "retry", transferId: transfer!.id }, cookie))
        .status,
    ).toBe(404);
    expect((await act(payment.id, { intent: "retry" }, cookie)).status).toBe(400);

    expect(
      await testStore(db).write((q) =>
        failTransfer(
          q,
          transfer!.id,
          { code: 2001, description: "The initiator information is invalid." },
          Date.now(),
        ),
      ),
    ).toBe(true);
    const failedView = await detail(payment.id, cookie);
    expect(failedView.transfers).toEqual([
      expect.objectContaining({ id: transfer!.id, status: "failed", retryable: true }),
    ]);
    // Operators see Safaricom's charge passed through for the transfer (issue #10: no 1.5% B2C fee
    // on settlements).
    expect(failedView.transfers[0]!.railChargeKesCents).toBe(
      transfer!.railChargeKesCents.toString(),
    );
    expect(transfer!.railChargeKesCents).toBeGreaterThan(0n);

    const response = await act(payment.id, { intent: "retry", transferId: transfer!.id }, cookie);
    expect(response.status).toBe(200);
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Transfer retried" });
    const transfers = db
      .select()
      .from(settlementTransfers)
      .where(eq(settlementTransfers.paymentId, payment.id))
      .all();
    expect(transfers.map((t) => [t.sequence, t.status])).toEqual([
      [1, "failed"],
      [2, "pending"],
    ]);
    expect(transfers[1]!.amountKesCents).toBe(transfer!.amountKesCents);
    expect(transfers[1]!.retryOf).toBe(transfer!.id);
    const audit = auditFor(payment.id);
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["payment.transfer_retried", operator.id],
    ]);
    expect(JSON.parse(audit[0]!.details!)).toEqual({
      of: transfer!.id,
      transferId: transfers[1]!.id,
    });

    // Paid again already: not offered, and refused even after the retry completes.
    const retriedView = await detail(payment.id, cookie);
    expect(retriedView.transfers.map((t) => t.retryable)).toEqual([false, false]);
    expect(retriedView.events.map((e) => e.type)).toContain("transfer_retried");
    db.update(settlementTransfers)
      .set({ status: "succeeded", resultDesc: "The service request is processed successfully." })
      .where(eq(settlementTransfers.id, transfers[1]!.id))
      .run();
    const again = await act(payment.id, { intent: "retry", transferId: transfer!.id }, cookie);
    expect(again.status).toBe(409);
    expect(
      db
        .select()
        .from(settlementTransfers)
        .where(eq(settlementTransfers.paymentId, payment.id))
        .all(),
    ).toHaveLength(2);
  });
});

describe("who may use the payment pages", () => {
  it("a curator gets 403 on every loader and action, and nothing changes", async () => {
    const { cookie } = await operatorCookie("curator");
    const payment = await underpaid();
    expect(
      (
        await respond(() =>
          listLoader({ request: get("/admin/payments", { cookie }), params: {}, context: {} }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await respond(() =>
          detailLoader({
            request: get(`/admin/payments/${payment.id}`, { cookie }),
            params: { id: payment.id },
            context: {},
          }),
        )
      ).status,
    ).toBe(403);
    expect((await act(payment.id, { intent: "accept" }, cookie)).status).toBe(403);
    expect(reload(payment.id).status).toBe("underpaid");
    expect(auditFor(payment.id)).toEqual([]);
  });

  it("a merchant's session is not an operator's: 403", async () => {
    const cookie = await merchantCookie();
    const payment = await inReview();
    expect(
      (
        await respond(() =>
          listLoader({ request: get("/admin/payments", { cookie }), params: {}, context: {} }),
        )
      ).status,
    ).toBe(403);
    expect((await act(payment.id, { intent: "approve" }, cookie)).status).toBe(403);
    expect(reload(payment.id).status).toBe("in_review");
  });

  it("signed out: to the operator sign-in; a post from another origin is refused", async () => {
    const signedOut = await respond(() =>
      listLoader({ request: get("/admin/payments?status=exceptions"), params: {}, context: {} }),
    );
    expect(signedOut.headers.get("Location")).toBe(
      "/admin/signin?redirectTo=%2Fadmin%2Fpayments%3Fstatus%3Dexceptions",
    );
    const { cookie } = await operatorCookie("admin");
    const payment = await underpaid();
    const crossSite = await respond(() =>
      detailAction({
        request: formPost(
          `/admin/payments/${payment.id}`,
          { intent: "accept" },
          { cookie, origin: "https://evil.example" },
        ),
        params: { id: payment.id },
        context: {},
      }),
    );
    expect(crossSite.status).toBe(403);
    expect(reload(payment.id).status).toBe("underpaid");
  });
});

describe("with the payments runtime running (custody and M-Pesa simulators)", () => {
  // What startPayments() does at boot: make this the process's payments runtime.
  const harness = setUpPaymentsHarness({ db }, { install: true });

  it("approving a reviewed payment settles it to M-Pesa at once", async () => {
    const { cookie } = await operatorCookie("reviewer");
    addMerchant(db, "MRC-RVNTME", "254712345679");
    const payment = await depositWith((p) => p.cryptoAmountUnits, false, {
      requiresReview: true,
      amountKes: 300_000,
      merchantId: "MRC-RVNTME",
    });
    expect(payment.status).toBe("in_review");
    const response = await act(payment.id, { intent: "approve" }, cookie);
    expect(response.status).toBe(200);
    expect(await toastOf(response)).toMatchObject({
      description: "Settlement to M-Pesa has started.",
    });
    const transfers = db
      .select()
      .from(settlementTransfers)
      .where(eq(settlementTransfers.paymentId, payment.id))
      .all();
    expect(transfers.length).toBeGreaterThanOrEqual(1);
    expect(transfers.every((t) => t.status === "sent")).toBe(true);

    await harness.darajaSim.flush();
    await expect.poll(() => reload(payment.id).status).toBe("settled");
    const settled = db
      .select()
      .from(settlementTransfers)
      .where(eq(settlementTransfers.paymentId, payment.id))
      .all();
    expect(settled.every((t) => t.status === "succeeded" && t.receipt)).toBe(true);
    expect(
      (await detail(payment.id, cookie)).transfers.every((t) => t.status === "succeeded"),
    ).toBe(true);
  });
});

describe("refunds on the payment page (issue 31, item 8)", () => {
  it("shows each refund and the travel rule's IVMS101 data sent with it", async () => {
    const { cookie } = await operatorCookie("reviewer");
    const payment = await underpaid();
    const record: TravelRuleRecord = {
      standard: "IVMS101.2020",
      ivms101: ivms101Of(
        {
          merchantId: MERCHANT,
          legalName: "Paysps Traders Ltd",
          registrationNumber: "PVT-AB1234CD",
          country: "KE",
          address: "Moi Avenue 10",
          town: "Nairobi",
        },
        {
          familyName: "Otieno",
          givenNames: "Jane",
          address: null,
          country: "KE",
          wallet: "vasp",
          vaspName: "Binance",
        },
        "0x8ba1f109551bd432803012645ac136ddd64dba72",
      ),
      beneficiaryWallet: "vasp",
      valuation: {
        thresholdUsd: 1000,
        kesCents: "13000000",
        usdCents: "100000",
        usdKes: "130",
        usdKesSource: "fx:open-er-api",
      },
      capturedAt: 0,
    };
    db.insert(refunds)
      .values({
        id: "rfd_adminpagetr0001",
        merchantId: MERCHANT,
        paymentId: payment.id,
        mode: payment.mode,
        method: "crypto",
        source: "balance",
        status: "sent",
        amountKesCents: 13_000_000n,
        asset: "USDT",
        cryptoUnits: 1_000_000_000n,
        destination: "0x8ba1f109551bd432803012645ac136ddd64dba72",
        railChargeKesCents: 0n,
        travelRule: JSON.stringify(record),
        createdBy: "usr_x",
        requestKey: "rfk_adminpagetr",
        createdAt: 1,
        updatedAt: 1,
      })
      .run();
    const body = (await detail(payment.id, cookie)) as DetailBody & {
      refunds: { id: string; travelRule: { rows: [string, string][]; usdCents: string } | null }[];
    };
    expect(body.refunds).toHaveLength(1);
    expect(body.refunds[0]!.travelRule!.usdCents).toBe("100000");
    expect(Object.fromEntries(body.refunds[0]!.travelRule!.rows)).toMatchObject({
      "Originator (legal person)": "Paysps Traders Ltd",
      "Registration number": "PVT-AB1234CD",
      "Country of registration": "KE",
      "Originating VASP": "OneHop Payments Limited",
      "Beneficiary (natural person)": "Jane Otieno",
      "Beneficiary country": "KE",
      "Beneficiary VASP": "Binance",
    });
  });
});
