/**
 * Top-ups of the payout balance (issue 30, item 1): each credit is one write of the top-up and its
 * balanced posting; a provider reference counts once (also when two arrive at once); money for an
 * unknown account waits in suspense; STK prompts are credited or failed by their result.
 */
import { afterAll, describe, expect, it } from "vitest";
import {
  findUnbalancedTransactions,
  merchantAvailable,
  normalBalance,
  owed,
  railFloat,
  suspense,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { statementCsv } from "~/core/statements/csv";
import { statementLineLabels } from "~/core/statements/lines";
import { statementBounds } from "~/core/statements/range";
import { readStatement } from "~/core/statements/statement.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { addMerchant } from "../../../tests/setup/payments";
import { ZERO_TRIAL_BALANCE } from "../../../tests/setup/books";
import { auditTrailOn } from "~/core/audit.server";
import {
  applyStkTopUpResult,
  attributeTopUp,
  bankReferenceFor,
  claimStkTopUp,
  creditArrivedTopUp,
  listTopUps,
  markStkTopUpSent,
  merchantIdFromAccountNumber,
  merchantIdFromBankReference,
  topUpAmountProblem,
} from "./top-ups.server";

const { db, close } = createTestDb();
const store = testStore(db);
afterAll(() => close());

const MERCHANT = "MRC-TPVP22";
addMerchant(db, MERCHANT);
let at = 1_700_000_000_000;
const now = () => (at += 1000);

describe("account numbers and bank references", () => {
  it("reads the merchant id however the payer typed it", () => {
    expect(merchantIdFromAccountNumber(" mrc-k3nya2 ")).toBe("MRC-K3NYA2");
    expect(merchantIdFromAccountNumber("MRC K3NYA2")).toBe("MRC-K3NYA2");
    expect(merchantIdFromAccountNumber("MRCK3NYA2")).toBe("MRC-K3NYA2");
    expect(merchantIdFromAccountNumber("INV-2041")).toBeNull();
    expect(merchantIdFromAccountNumber("")).toBeNull();
  });
  it("derives the bank reference from the merchant id and back", () => {
    expect(bankReferenceFor("MRC-K3NYA2")).toBe("OHK3NYA2");
    expect(merchantIdFromBankReference("oh k3nya2")).toBe("MRC-K3NYA2");
    expect(merchantIdFromBankReference("OH-K3NYA2")).toBe("MRC-K3NYA2");
    expect(merchantIdFromBankReference("K3NYA2")).toBeNull();
  });
  it("takes KES 1 up to the rail's limit", () => {
    expect(topUpAmountProblem("mpesa_paybill", 99n)).toMatch(/smallest/);
    expect(topUpAmountProblem("mpesa_paybill", 100n)).toBeNull();
    expect(topUpAmountProblem("mpesa_paybill", 250_000_00n)).toBeNull();
    expect(topUpAmountProblem("mpesa_paybill", 250_000_01n)).toMatch(/largest/);
    expect(topUpAmountProblem("bank", 999_999_00n)).toBeNull();
    expect(topUpAmountProblem("bank", 1_000_000_00n)).toMatch(/largest/);
  });
});

describe("crediting money that arrived", () => {
  it("credits a Pay Bill top-up to the merchant's available balance in one posting", async () => {
    const floatBefore = await normalBalance(store, railFloat("mpesa"));
    const before = await owed(store, merchantAvailable(MERCHANT));
    const { topUp, created } = await creditArrivedTopUp(store, {
      method: "mpesa_paybill",
      providerReference: "TKA1B2C3D4",
      amountKesCents: 1_234_50n,
      merchantId: MERCHANT,
      accountReference: "mrc-tpvp22",
      payer: "2547******678 JANE",
      now: now(),
    });
    expect(created).toBe(true);
    expect(topUp).toMatchObject({
      status: "succeeded",
      merchantId: MERCHANT,
      method: "mpesa_paybill",
    });
    expect(topUp.id).toMatch(/^tup_[a-z0-9]{14}$/);
    expect(topUp.ledgerTransactionId).toMatch(/^ltx_/);
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 1_234_50n);
    expect(await normalBalance(store, railFloat("mpesa"))).toBe(floatBefore + 1_234_50n);
  });

  it("changes nothing when the same provider reference comes again, even at once", async () => {
    const input = {
      method: "mpesa_paybill" as const,
      providerReference: "TKDUP00001",
      amountKesCents: 500_00n,
      merchantId: MERCHANT,
      now: now(),
    };
    const before = await owed(store, merchantAvailable(MERCHANT));
    const [a, b, c] = await Promise.all([
      creditArrivedTopUp(store, input),
      creditArrivedTopUp(store, input),
      creditArrivedTopUp(store, { ...input, now: now() }),
    ]);
    expect([a.created, b.created, c.created].filter(Boolean)).toHaveLength(1);
    expect(new Set([a.topUp.id, b.topUp.id, c.topUp.id]).size).toBe(1);
    const again = await creditArrivedTopUp(store, input);
    expect(again).toMatchObject({ created: false, topUp: { id: a.topUp.id } });
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 500_00n);
  });

  it("holds money for an unknown account in suspense as unmatched", async () => {
    const before = await normalBalance(store, suspense("KES"));
    const { topUp } = await creditArrivedTopUp(store, {
      method: "mpesa_paybill",
      providerReference: "TKUNKNOWN1",
      amountKesCents: 700_00n,
      merchantId: merchantIdFromAccountNumber("MRC-ZZZZZZ"),
      accountReference: "MRC-ZZZZZZ",
      now: now(),
    });
    expect(topUp).toMatchObject({ status: "unmatched", merchantId: null });
    expect(await normalBalance(store, suspense("KES"))).toBe(before + 700_00n);
  });

  it("credits a bank transfer from the PesaLink float", async () => {
    const floatBefore = await normalBalance(store, railFloat("pesalink"));
    await creditArrivedTopUp(store, {
      method: "bank",
      providerReference: "BNK-0001",
      amountKesCents: 50_000_00n,
      merchantId: merchantIdFromBankReference(bankReferenceFor(MERCHANT)),
      now: now(),
    });
    expect(await normalBalance(store, railFloat("pesalink"))).toBe(floatBefore + 50_000_00n);
  });
});

describe("STK top-ups", () => {
  it("credits a prompt once when its result says paid, with the receipt as its reference", async () => {
    const before = await owed(store, merchantAvailable(MERCHANT));
    const row = (await claimStkTopUp(store, {
      merchantId: MERCHANT,
      memberId: "usr_1",
      amountKesCents: 2_000_00n,
      phone: "254712345678",
      now: now(),
    }))!;
    expect(row.status).toBe("requested");
    await markStkTopUpSent(store, row.id, "ws_CO_TOPUP1", now());
    const result = {
      outcome: "succeeded" as const,
      checkoutRequestId: "ws_CO_TOPUP1",
      receipt: "TKSTK00001",
    };
    expect(await applyStkTopUpResult(store, result, now())).toBe("credited");
    expect(await applyStkTopUpResult(store, result, now())).toBe("repeat");
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 2_000_00n);
    const listed = (await listTopUps(store, MERCHANT)).find((t) => t.id === row.id);
    expect(listed).toMatchObject({ status: "succeeded", providerReference: "TKSTK00001" });
  });

  it("fails a prompt with the reason, and knows nothing of other prompts", async () => {
    const row = (await claimStkTopUp(store, {
      merchantId: MERCHANT,
      memberId: "usr_1",
      amountKesCents: 100_00n,
      phone: "254712345678",
      now: now(),
    }))!;
    await markStkTopUpSent(store, row.id, "ws_CO_TOPUP2", now());
    const failed = {
      outcome: "failed" as const,
      checkoutRequestId: "ws_CO_TOPUP2",
      reason: "You cancelled the M-Pesa request on your phone.",
    };
    expect(await applyStkTopUpResult(store, failed, now())).toBe("failed");
    expect(
      await applyStkTopUpResult(
        store,
        { ...failed, checkoutRequestId: "ws_CO_SOMEPAYMENT" },
        now(),
      ),
    ).toBe("unknown");
    const listed = (await listTopUps(store, MERCHANT)).find((t) => t.id === row.id);
    expect(listed).toMatchObject({ status: "failed", failureReason: failed.reason });
  });

  it("a form sent twice at once sends one prompt: the second waits for the first's PIN", async () => {
    const ask = () =>
      claimStkTopUp(store, {
        merchantId: MERCHANT,
        memberId: "usr_1",
        amountKesCents: 500_00n,
        phone: "254712345679",
        now: now(),
      });
    const claims = await Promise.all([ask(), ask()]);
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
    // Another phone is not held up by it.
    expect(
      await claimStkTopUp(store, {
        merchantId: MERCHANT,
        memberId: "usr_1",
        amountKesCents: 500_00n,
        phone: "254712345670",
        now: now(),
      }),
    ).not.toBeNull();
  });

  it("shows each credited top-up on the statement as a Top-up line, and in its CSV", async () => {
    const statement = await readStatement(store, MERCHANT, {
      from: "2023-11-01",
      to: "2023-11-30",
    });
    const topUps = statement.lines.filter((line) => line.type === "top_up");
    // Pay Bill 1,234.50, Pay Bill 500 (once), bank 50,000, STK 2,000; the failed prompt is not.
    expect(topUps.map((line) => line.net)).toEqual([1_234_50n, 500_00n, 50_000_00n, 2_000_00n]);
    expect(topUps[0]).toMatchObject({
      fee: 0n,
      description: "Top-up by M-Pesa Pay Bill (TKA1B2C3D4)",
    });
    expect(statement.totals.top_up).toMatchObject({ count: 4, net: 53_734_50n });
    expect(statementLineLabels.top_up).toBe("Top-up");
    const csv = statementCsv({ ...statement, ...statementBounds(statement.range) });
    expect(csv).toContain(",Top-up,Top-up by bank transfer (BNK-0001),");
  });

  it("lets an operator credit unmatched money to a merchant once, audited", async () => {
    const { topUp } = await creditArrivedTopUp(store, {
      method: "bank",
      providerReference: "BNK-LOST-1",
      amountKesCents: 3_000_00n,
      merchantId: null,
      accountReference: "for tpvp22",
      now: now(),
    });
    const suspenseBefore = await normalBalance(store, suspense("KES"));
    const before = await owed(store, merchantAvailable(MERCHANT));
    const input = { topUpId: topUp.id, merchantId: "mrc-tpvp22", operatorId: "op_1", now: now() };
    expect(await attributeTopUp(store, { ...input, merchantId: "MRC-ZZZZZZ" })).toEqual({
      ok: false,
      reason: "unknown_merchant",
    });
    const done = await attributeTopUp(store, input);
    expect(done).toMatchObject({ ok: true, topUp: { status: "succeeded", merchantId: MERCHANT } });
    expect(await attributeTopUp(store, input)).toEqual({ ok: false, reason: "not_unmatched" });
    expect(await owed(store, merchantAvailable(MERCHANT))).toBe(before + 3_000_00n);
    expect(await normalBalance(store, suspense("KES"))).toBe(suspenseBefore - 3_000_00n);
    const trail = await store.read((q) => auditTrailOn(q, "top_up", topUp.id));
    expect(trail).toMatchObject([{ action: "top_up.attributed", actorId: "op_1" }]);
  });

  it("leaves the books balanced", async () => {
    expect(await trialBalance(store)).toEqual(ZERO_TRIAL_BALANCE);
    expect(await verifyBalances(store)).toEqual([]);
    expect(await findUnbalancedTransactions(store)).toEqual([]);
  });
});
