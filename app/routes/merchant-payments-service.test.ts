/**
 * The merchant's payment actions go through the payments service (issue 16, item 1): the "Review"
 * step is checked and quoted by the same core code as the creation (the same refusal, the same
 * amounts), and a merchant's transfer retry is audited with the merchant user, and refused with a
 * clear message (nothing changed) when payouts do not run in this process.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, merchantUsers, payments } from "../../drizzle/schema";
import { createPayment } from "~/core/payments/payments.server";
import { formatCryptoUnits } from "~/core/payments/quote";
import {
  failTransfer,
  listTransfersForPayment,
  planSettlement,
} from "~/core/payments/settlement.server";
import { startSession } from "~/utils/session.server";
import { installPaymentsRuntime } from "~/wiring/payments.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  startPaymentsHarness,
  testConfig,
  type PaymentsHarness,
} from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action as detailAction } from "./merchant.payments.$id";
import { action as newAction } from "./merchant.payments.new";
import { storeLiveRates } from "../../tests/setup/rates";

const { db, close } = installTestDatabase();
let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness(db);
});
afterAll(async () => {
  installPaymentsRuntime(null);
  await h.close();
  close();
});

const MERCHANT = "MRC-SVCS22";
addMerchant(db, MERCHANT);

async function signedIn() {
  const id = `mu_${Math.random().toString(36).slice(2)}`;
  db.insert(merchantUsers)
    .values({ id, merchantId: MERCHANT, username: id, role: "owner", createdAt: Date.now() })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  return {
    userId: id,
    cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })),
  };
}

const postNew = (cookie: string, fields: Record<string, string>) =>
  respond(() =>
    newAction({
      request: formPost("/merchant/payments/new", fields, { cookie }),
      params: {},
      context: {},
    }),
  );

type PreviewBody = {
  preview?: { crypto: string; feeCents: string; netCents: string; rate: string };
};

describe("Create Payment: the review and the creation are one core decision", () => {
  it("refuses an asset without a live rate with the same message on review and on create", async () => {
    installPaymentsRuntime(h.runtime);
    await storeLiveRates(db);
    const { cookie } = await signedIn();
    const fields = { amountKes: "15000", asset: "BTC", reference: "NO-RATE" };
    const review = await postNew(cookie, { ...fields, intent: "review" });
    const create = await postNew(cookie, { ...fields, intent: "create" });
    // No rate is a passing outage of ours: 503, as in the API.
    expect(review.status).toBe(503);
    expect(create.status).toBe(503);
    const reviewToast = await toastOf(review);
    expect(reviewToast?.description).toBe(
      "We can't lock a BTC quote right now (no rate). Please try again in a minute.",
    );
    expect(reviewToast?.description).toBe((await toastOf(create))?.description);
    expect(db.select().from(payments).where(eq(payments.reference, "NO-RATE")).all()).toHaveLength(
      0,
    );
  });

  it("the review shows the amounts the creation then locks", async () => {
    installPaymentsRuntime(h.runtime);
    await storeLiveRates(db);
    const { cookie } = await signedIn();
    const fields = { amountKes: "15000", asset: "USDT", reference: "SAME-QUOTE" };
    const review = await postNew(cookie, { ...fields, intent: "review" });
    expect(review.status).toBe(200);
    const { preview } = (await review.json()) as PreviewBody;
    const created = await postNew(cookie, { ...fields, intent: "create" });
    expect(created.status).toBe(302);
    const payment = db.select().from(payments).where(eq(payments.reference, "SAME-QUOTE")).get()!;
    expect(preview).toMatchObject({
      crypto: formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
      feeCents: payment.feeKesCents.toString(),
      exciseCents: payment.exciseKesCents.toString(),
      netCents: (payment.amountKesCents - payment.feeKesCents - payment.exciseKesCents).toString(),
      rate: payment.quoteRate,
    });
  });
});

/**
 * A settled-to-be payment whose first transfer failed at M-Pesa (its money back in the merchant's
 * balance).
 */
async function paymentWithFailedTransfer(reference: string) {
  const payment = await createPayment(
    testStore(db),
    {
      custody: h.runtime.custody,
      rates: liveRates(h.clock.now),
      config: testConfig,
      now: h.clock.now,
    },
    { merchantId: MERCHANT, amountKes: 2_500, asset: "USDT", reference },
  );
  const tx = await h.custodySim.sendPayment({
    address: payment.depositAddress!,
    amount: formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
  });
  await h.custodySim.confirm(tx.id, 2);
  expect(await planSettlement(testStore(db), payment.id, testConfig, h.clock.now)).toBe("planned");
  const [transfer] = await testStore(db).read((q) => listTransfersForPayment(q, payment.id));
  expect(
    await testStore(db).write((q) =>
      failTransfer(
        q,
        transfer!.id,
        { code: 2001, description: "The initiator information is invalid." },
        h.clock.now,
      ),
    ),
  ).toBe(true);
  return { payment, transfer: transfer! };
}

const retry = (cookie: string, paymentId: string, transferId: string) =>
  respond(() =>
    detailAction({
      request: formPost(
        `/merchant/payments/${paymentId}`,
        { intent: "retry-transfer", transferId },
        { cookie },
      ),
      params: { id: paymentId },
      context: {},
    }),
  );
const retryAudits = (paymentId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, paymentId), eq(auditLog.action, "payment.transfer_retried")))
    .all();

describe("a merchant retries a failed transfer", () => {
  it("is audited with the merchant user who retried it", async () => {
    installPaymentsRuntime(h.runtime);
    const { userId, cookie } = await signedIn();
    const { payment, transfer } = await paymentWithFailedTransfer("RETRY-AUDIT");
    const response = await retry(cookie, payment.id, transfer.id);
    expect(response.status).toBe(200);
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Transfer retried" });
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id))).map(
        (t) => t.retryOf,
      ),
    ).toEqual([null, transfer.id]);
    expect(retryAudits(payment.id).map((a) => [a.actorType, a.actorId])).toEqual([
      ["merchant_user", userId],
    ]);
  });

  it("when payouts do not run in this process: a clear refusal (503), and nothing changes", async () => {
    installPaymentsRuntime(h.runtime);
    const { cookie } = await signedIn();
    const { payment, transfer } = await paymentWithFailedTransfer("RETRY-DOWN");
    installPaymentsRuntime(null);
    const response = await retry(cookie, payment.id, transfer.id);
    expect(response.status).toBe(503);
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      message: "Cannot retry right now",
    });
    expect(await testStore(db).read((q) => listTransfersForPayment(q, payment.id))).toHaveLength(1);
    expect(retryAudits(payment.id)).toHaveLength(0);
  });
});
