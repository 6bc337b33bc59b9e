/**
 * Registered-name checks of a payout file's bank rows (issue 15, item 2) against the PesaLink
 * simulator's account inquiry over HTTP: the name the bank holds is stored beside the file's,
 * matched, partly matched or not, or the account is not found; M-Pesa rows have no lookup; a row
 * edited while its lookup ran is asked again; an approved batch is not looked up. Then a bank row
 * is paid through PesaLink.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchantReserved, owed } from "~/core/ledger/ledger.server";
import { sendPendingTransfers } from "~/core/payments/settlement.server";
import type { PayoutRails } from "~/core/rails/types";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { startPesalinkPayouts } from "../../../tests/setup/destinations";
import type { PaymentsHarness } from "../../../tests/setup/payments";
import { approveBatch, createBulkBatch, submitBatch } from "./batches.server";
import { checkPendingNames } from "./name-checks.server";
import { batchSummary, listBatchRows } from "./reads.server";

const { db, close } = createTestDb();
const store = testStore(db);
let h: PaymentsHarness;
let pesalink: Awaited<ReturnType<typeof startPesalinkPayouts>>["pesalink"];
let rails: PayoutRails;
const now = () => h.clock.now;
const M = "MRC-NAM3CK";

beforeAll(async () => {
  ({ h, pesalink, rails } = await startPesalinkPayouts(db, M, {
    "1450160600101": { name: "KAMAU WANJIKU MUTHONI" },
    "1450160600102": { name: "OTIENO JAMES" },
    "1450160600103": { name: "ACHIENG MARY" },
    "1450160600104": { outcome: "unknown-account" },
  }));
});
afterAll(async () => {
  await pesalink.close();
  await h.close();
  close();
});

describe("registered names beside the file's", () => {
  it("are looked up for bank rows, compared, and flagged before approval; then paid", async () => {
    const batch = await createBulkBatch(
      store,
      { merchantId: M, memberId: "usr_maker", mode: "live" },
      {
        title: "Suppliers",
        fileName: "suppliers.csv",
        text: [
          "recipient,rail,amount,reference,name,bank_code",
          "1450160600101,bank,5000,S-1,Wanjiku Kamau,68",
          "1450160600102,bank,6000,S-2,James Mwangi,68",
          "1450160600103,bank,7000,S-3,Peter Njoroge,68",
          "1450160600104,bank,8000,S-4,Nobody Here,68",
          "0712345678,mpesa,900,S-5,Mpesa Person,",
        ].join("\n"),
        smsReceipts: false,
      },
      now(),
    );
    const before = (await store.read((q) => listBatchRows(q, batch.id))).rows;
    expect(before.map((r) => r.nameCheck)).toEqual([
      "pending",
      "pending",
      "pending",
      "pending",
      "not_offered",
    ]);
    expect((await store.read((q) => batchSummary(q, batch))).attention.namesPending).toBe(4);

    expect(await checkPendingNames(store, rails, now)).toBe(4);
    const rows = (await store.read((q) => listBatchRows(q, batch.id))).rows;
    expect(rows.map((r) => [r.nameCheck, r.registeredName])).toEqual([
      ["match", "KAMAU WANJIKU MUTHONI"],
      ["partial", "OTIENO JAMES"],
      ["mismatch", "ACHIENG MARY"],
      ["not_found", null],
      ["not_offered", null],
    ]);
    const summary = await store.read((q) => batchSummary(q, batch));
    expect(summary.attention).toMatchObject({
      nameMismatches: 2,
      namesNotFound: 1,
      namesPending: 0,
    });
    // Nothing left to ask.
    expect(await checkPendingNames(store, rails, now)).toBe(0);

    // The maker drops nothing (their call); another member approves; the bank rows are paid.
    await submitBatch(store, { merchantId: M, memberId: "usr_maker" }, batch.id, now());
    await approveBatch(store, { merchantId: M, memberId: "usr_checker" }, batch.id, now());
    await sendPendingTransfers(testStore(db), rails, now, { limit: 100 });
    await h.darajaSim.flush();
    const paid = (await store.read((q) => listBatchRows(q, batch.id))).rows;
    expect(paid.map((r) => r.status)).toEqual(["paid", "paid", "paid", "failed", "paid"]);
    expect(await owed(store, merchantReserved(M))).toBe(0n);
  });

  it("an approved batch's rows are not looked up", async () => {
    const batch = await createBulkBatch(
      store,
      { merchantId: M, memberId: "usr_maker", mode: "live" },
      {
        title: "Approved quickly",
        fileName: null,
        text: "recipient,rail,amount,name,bank_code\n1450160600101,bank,100,Wanjiku Kamau,68",
        smsReceipts: false,
      },
      now(),
    );
    await submitBatch(store, { merchantId: M, memberId: "usr_maker" }, batch.id, now());
    await approveBatch(store, { merchantId: M, memberId: "usr_checker" }, batch.id, now());
    expect(await checkPendingNames(store, rails, now)).toBe(0);
    expect((await store.read((q) => listBatchRows(q, batch.id))).rows[0]?.nameCheck).toBe(
      "not_offered",
    );
  });
});
