/**
 * M-Pesa B2B payouts settled by an operator by hand (ADR 0035 "B2B"): a B2B transfer sent with no
 * Result (the simulator's business number 700006 never answers) waits as a reconciliation finding;
 * the operator checks M-Pesa's portal and settles it paid (with M-Pesa's receipt) or failed (the
 * money goes back to the merchant). One transaction: the outcome, the finding resolved with what
 * was done, and an audit entry. Anything but a sent B2B transfer is refused, and the transfer's
 * status guards against a Result and a settlement by hand both settling it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconciliationFindings, settlementTransfers } from "../../../drizzle/schema";
import { auditTrail } from "~/core/audit.server";
import {
  findUnbalancedTransactions,
  merchantAvailable,
  merchantInFlight,
  merchantReserved,
  owed,
  trialBalance,
  verifyBalances,
} from "~/core/ledger/ledger.server";
import { sendPendingTransfers } from "~/core/payments/settlement.server";
import type { B2bResult } from "~/core/providers/daraja/result";
import { runReconciliation } from "~/core/reconciliation/run.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  creditAvailable,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import {
  applyB2bResult,
  B2B_RESULT_LIMIT_MS,
  isUnansweredB2bTransfer,
  ManualB2bError,
  settleB2bByHand,
} from "./b2b.server";
import { approveBatch, createBulkBatch, submitBatch } from "./batches.server";
import { rowCost } from "./fees";
import { listBatchRows } from "./reads.server";

const { db, close } = createTestDb();
const store = testStore(db);
let h: PaymentsHarness;
const now = () => h.clock.now;

const M = "MRC-B2BHND";
const OPERATOR = "opr_manual0001";

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, M);
  await creditAvailable(db, M, 500_000);
});
afterAll(async () => {
  await h.close();
  close();
});

/** A batch of `lines` (recipient,rail,amount,reference,account), approved and sent. */
async function sentBatch(...lines: string[]) {
  const ctx = { merchantId: M, memberId: "usr_maker0001", mode: "live" as const };
  const batch = await createBulkBatch(
    store,
    ctx,
    {
      title: "Suppliers",
      fileName: "suppliers.csv",
      text: ["recipient,rail,amount,reference,account", ...lines].join("\r\n"),
      smsReceipts: false,
    },
    now(),
  );
  await submitBatch(store, ctx, batch.id, now());
  await approveBatch(store, { merchantId: M, memberId: "usr_checker001" }, batch.id, now());
  await sendPendingTransfers(testStore(db), h.rails, now, { limit: 500 });
  await h.darajaSim.flush();
  return (await store.read((q) => listBatchRows(q, batch.id, { limit: 1000 }))).rows;
}

const rowOf = async (rowId: string) =>
  (await store.read((q) => listBatchRows(q, rowOfBatch.get(rowId)!, { limit: 1000 }))).rows.find(
    (r) => r.id === rowId,
  )!;
const rowOfBatch = new Map<string, string>();

/** `n` Paybill rows to 700006 (no Result ever), sent and past the limit, with their findings. */
async function unanswered(n: number) {
  const rows = await sentBatch(
    ...Array.from({ length: n }, (_, i) => `700006,paybill,${1000 + i},MAN-${i},ACC-${i}`),
  );
  for (const row of rows) rowOfBatch.set(row.id, row.batchId);
  expect(rows.map((r) => r.status)).toEqual(rows.map(() => "sent"));
  h.clock.now += B2B_RESULT_LIMIT_MS + 60_000;
  await runReconciliation(store, { sources: [] }, now);
  return rows.map((row) => {
    const finding = openFindingOf(row.transferId!);
    expect(finding).toBeDefined();
    return { row, transferId: row.transferId!, findingId: finding!.id };
  });
}

const transferOf = (id: string) =>
  db.select().from(settlementTransfers).where(eq(settlementTransfers.id, id)).get()!;

const findingOf = (id: string) =>
  db.select().from(reconciliationFindings).where(eq(reconciliationFindings.id, id)).get()!;

const openFindingOf = (transferId: string) =>
  db
    .select()
    .from(reconciliationFindings)
    .where(eq(reconciliationFindings.subject, transferId))
    .all()
    .find((f) => f.status === "open");

async function expectLedgerSound() {
  expect(await findUnbalancedTransactions(store)).toEqual([]);
  expect(await verifyBalances(store)).toEqual([]);
  for (const total of Object.values(await trialBalance(store))) expect(total).toBe(0n);
}

const money = async () => ({
  available: await owed(store, merchantAvailable(M)),
  reserved: await owed(store, merchantReserved(M)),
  inFlight: await owed(store, merchantInFlight(M)),
});

/** A Result for a B2B transfer, as the callback route parses it. */
function result(resultCode: number, transactionId: string): B2bResult {
  return {
    resultType: 0,
    resultCode,
    resultCodeRaw: String(resultCode),
    resultDesc: resultCode === 0 ? "The service request is processed successfully." : "Refused",
    originatorConversationId: "AG_20261120_late",
    conversationId: "AG_20261120_late_conv",
    transactionId,
    debitPartyCharges: [],
  } as unknown as B2bResult;
}

async function refusal(run: () => Promise<unknown>): Promise<ManualB2bError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ManualB2bError) return error;
    throw error;
  }
  throw new Error("expected a ManualB2bError");
}

describe("settling an unanswered B2B payout by hand", () => {
  it("paid: the row is paid with M-Pesa's receipt, the money leaves in-flight, finding resolved, audited", async () => {
    const [one] = await unanswered(1);
    const cents = 100_000n;
    const before = await money();
    expect(before.inFlight).toBeGreaterThanOrEqual(cents);
    expect(await store.read((q) => isUnansweredB2bTransfer(q, one!.transferId))).toBe(true);

    const done = await settleB2bByHand(
      store,
      {
        transferId: one!.transferId,
        operatorId: OPERATOR,
        outcome: "paid",
        receipt: " tkq8ab12cd ",
        note: "On the organisation statement at 10:04.",
      },
      now(),
    );
    expect(done).toEqual({
      outcome: "paid",
      transferId: one!.transferId,
      resolvedFindings: [one!.findingId],
    });
    expect(transferOf(one!.transferId)).toMatchObject({
      status: "succeeded",
      receipt: "TKQ8AB12CD",
    });
    expect(await rowOf(one!.row.id)).toMatchObject({ status: "paid", receipt: "TKQ8AB12CD" });
    // The amount left the merchant's in-flight; nothing came back to available.
    expect(await money()).toEqual({
      available: before.available,
      reserved: before.reserved,
      inFlight: before.inFlight - cents,
    });
    expect(await store.read((q) => isUnansweredB2bTransfer(q, one!.transferId))).toBe(false);
    expect(findingOf(one!.findingId)).toMatchObject({
      status: "resolved",
      resolvedBy: OPERATOR,
      resolutionNote:
        "Settled by hand as paid, M-Pesa receipt TKQ8AB12CD. On the organisation statement at 10:04.",
    });
    expect(
      (await auditTrail(testStore(db), "settlement_transfer", one!.transferId)).map((a) => [
        a.action,
        a.actorType,
        a.actorId,
      ]),
    ).toEqual([["disbursement.b2b_settled_paid_by_hand", "operator", OPERATOR]]);
    expect(
      (await auditTrail(testStore(db), "reconciliation_finding", one!.findingId)).map(
        (a) => a.actorId,
      ),
    ).toEqual([OPERATOR]);
    await expectLedgerSound();

    // Settling it again is refused and changes nothing.
    const again = await refusal(() =>
      settleB2bByHand(
        store,
        { transferId: one!.transferId, operatorId: OPERATOR, outcome: "failed", note: "Again" },
        now(),
      ),
    );
    expect(again.reason).toBe("not_sent");
    expect(transferOf(one!.transferId).status).toBe("succeeded");
    expect((await money()).available).toBe(before.available);
  });

  it("failed: the row fails and its whole cost goes back to the available balance", async () => {
    const [one] = await unanswered(1);
    const before = await money();
    const cost = rowCost("mpesa", 100_000n, "paybill").totalKesCents;

    await settleB2bByHand(
      store,
      {
        transferId: one!.transferId,
        operatorId: OPERATOR,
        outcome: "failed",
        note: "Not on the statement for the whole day.",
      },
      now(),
    );
    expect(transferOf(one!.transferId).status).toBe("failed");
    const row = await rowOf(one!.row.id);
    expect(row.status).toBe("failed");
    expect(row.receipt).toBeNull();
    expect(row.failureReason).toMatch(/^M-Pesa has no record of this payment/);
    expect(await money()).toEqual({
      available: before.available + cost,
      reserved: before.reserved,
      inFlight: before.inFlight - 100_000n,
    });
    expect(findingOf(one!.findingId)).toMatchObject({ status: "resolved", resolvedBy: OPERATOR });
    expect(findingOf(one!.findingId).resolutionNote).toMatch(/^Settled by hand as failed/);
    expect(
      (await auditTrail(testStore(db), "settlement_transfer", one!.transferId)).map(
        (a) => a.action,
      ),
    ).toEqual(["disbursement.b2b_settled_failed_by_hand"]);
    await expectLedgerSound();
  });

  it("refuses a transfer that is not B2B, not sent, unknown, or a bad or reused receipt", async () => {
    // A B2C row (a phone) paid normally, and a Paybill paid by its Result.
    const [phone, paybill] = await sentBatch(
      "254712345678,mpesa,500,B2C-1,",
      "247247,paybill,600,PB-1,ACC-1",
    );
    expect([phone!.status, paybill!.status]).toEqual(["paid", "paid"]);
    const [open] = await unanswered(1);
    const before = await money();
    const settle = (transferId: string, extra: Partial<Parameters<typeof settleB2bByHand>[1]>) =>
      refusal(() =>
        settleB2bByHand(
          store,
          {
            transferId,
            operatorId: OPERATOR,
            outcome: "paid",
            receipt: "ABCDE12345",
            note: "Checked",
            ...extra,
          } as Parameters<typeof settleB2bByHand>[1],
          now(),
        ),
      );

    expect((await settle(phone!.transferId!, {})).reason).toBe("not_b2b");
    expect((await settle(paybill!.transferId!, { outcome: "failed" })).reason).toBe("not_sent");
    expect((await settle("trf_nope", {})).reason).toBe("not_found");
    expect((await settle(open!.transferId, { receipt: "ABC123" })).reason).toBe("bad_receipt");
    expect((await settle(open!.transferId, { receipt: "ABCDE1234!" })).reason).toBe("bad_receipt");
    expect((await settle(open!.transferId, { note: "   " })).reason).toBe("no_note");
    expect((await settle(open!.transferId, { note: "x".repeat(501) })).reason).toBe("no_note");
    // The receipt of another payout: a typo on the portal, refused.
    expect((await settle(open!.transferId, { receipt: paybill!.receipt! })).reason).toBe(
      "receipt_taken",
    );

    // Nothing changed.
    expect(transferOf(phone!.transferId!).status).toBe("succeeded");
    expect(transferOf(paybill!.transferId!).status).toBe("succeeded");
    expect(transferOf(open!.transferId).status).toBe("sent");
    expect(findingOf(open!.findingId).status).toBe("open");
    expect(await auditTrail(testStore(db), "settlement_transfer", open!.transferId)).toEqual([]);
    expect(await money()).toEqual(before);
    await expectLedgerSound();
    // Left settled for the next test's sake.
    await settleB2bByHand(
      store,
      { transferId: open!.transferId, operatorId: OPERATOR, outcome: "failed", note: "Done" },
      now(),
    );
  });

  it("a late Result after a settlement by hand changes nothing", async () => {
    const [paid, failed] = await unanswered(2);
    await settleB2bByHand(
      store,
      {
        transferId: paid!.transferId,
        operatorId: OPERATOR,
        outcome: "paid",
        receipt: "LATE000001",
        note: "Paid",
      },
      now(),
    );
    await settleB2bByHand(
      store,
      { transferId: failed!.transferId, operatorId: OPERATOR, outcome: "failed", note: "Absent" },
      now(),
    );
    const before = await money();

    // The Results the other way round: neither applies.
    expect(
      await store.write((q) => applyB2bResult(q, paid!.transferId, result(2001, ""), now())),
    ).toBe("ignored");
    expect(
      await store.write((q) =>
        applyB2bResult(q, failed!.transferId, result(0, "LATE000002"), now()),
      ),
    ).toBe("ignored");
    expect(transferOf(paid!.transferId)).toMatchObject({
      status: "succeeded",
      receipt: "LATE000001",
    });
    expect(transferOf(failed!.transferId)).toMatchObject({ status: "failed", receipt: null });
    expect((await rowOf(paid!.row.id)).status).toBe("paid");
    expect((await rowOf(failed!.row.id)).status).toBe("failed");
    expect(await money()).toEqual(before);
    await expectLedgerSound();
  });

  it("a settlement by hand after the Result is refused", async () => {
    const [one] = await unanswered(1);
    expect(
      await store.write((q) => applyB2bResult(q, one!.transferId, result(0, "RES0000001"), now())),
    ).toBe("succeeded");
    const before = await money();

    for (const settlement of [
      { outcome: "failed", note: "Not found" },
      { outcome: "paid", receipt: "RES0000002", note: "Found" },
    ] as const) {
      const refused = await refusal(() =>
        settleB2bByHand(
          store,
          { transferId: one!.transferId, operatorId: OPERATOR, ...settlement },
          now(),
        ),
      );
      expect(refused.reason).toBe("not_sent");
      expect(refused.message).toMatch(/already settled \(paid\)/);
    }
    expect(transferOf(one!.transferId)).toMatchObject({
      status: "succeeded",
      receipt: "RES0000001",
    });
    expect(await rowOf(one!.row.id)).toMatchObject({ status: "paid", receipt: "RES0000001" });
    // The finding stays for the operator to resolve (the Result answered it).
    expect(findingOf(one!.findingId).status).toBe("open");
    expect(await auditTrail(testStore(db), "settlement_transfer", one!.transferId)).toEqual([]);
    expect(await money()).toEqual(before);
    await expectLedgerSound();
  });
});
