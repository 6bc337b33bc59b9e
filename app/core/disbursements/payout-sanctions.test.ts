/**
 * A payout whose recipient's registered name (the bank's, from the rail's name check) is on a
 * sanctions list (issue 31, item 2; ADR 0055): a critical case holds the row; approved with its
 * batch, it is not sent while held (the others are); cleared, it is sent.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceHolds, screenings } from "../../../drizzle/schema";
import { decideCase, readCase } from "~/core/compliance/cases.server";
import { sendPendingTransfers } from "~/core/payments/settlement.server";
import type { PayoutRails } from "~/core/rails/types";
import { holdReleases } from "~/wiring/compliance.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { startPesalinkPayouts } from "../../../tests/setup/destinations";
import type { PaymentsHarness } from "../../../tests/setup/payments";
import { storeActiveSnapshot } from "../../../tests/setup/sanctions";
import { approveBatch, createBulkBatch, submitBatch } from "./batches.server";
import { checkPendingNames } from "./name-checks.server";
import { listBatchRows } from "./reads.server";

const { db, close } = createTestDb();
const store = testStore(db);
let h: PaymentsHarness;
let pesalink: Awaited<ReturnType<typeof startPesalinkPayouts>>["pesalink"];
let rails: PayoutRails;
const now = () => h.clock.now;
const M = "MRC-PAYSAN";

beforeAll(async () => {
  ({ h, pesalink, rails } = await startPesalinkPayouts(db, M, {
    "1450160600201": { name: "ELVIS ANGUS LOGAN MOREY" },
    "1450160600202": { name: "KAMAU WANJIKU MUTHONI" },
  }));
  storeActiveSnapshot(db, "ofac", [
    { uid: "10278", name: "LOGAN MOREY, Elvis Angus", aliases: ["BURTON BURGESS"] },
  ]);
});
afterAll(async () => {
  await pesalink.close();
  await h.close();
  close();
});

describe("a payout to a listed recipient", () => {
  it("is held by a case and not sent; the other is paid; cleared, it is sent", async () => {
    const batch = await createBulkBatch(
      store,
      { merchantId: M, memberId: "usr_maker", mode: "live" },
      {
        title: "Suppliers",
        fileName: "suppliers.csv",
        text: [
          "recipient,rail,amount,reference,name,bank_code",
          "1450160600201,bank,5000,S-1,Elvis Morey,68",
          "1450160600202,bank,6000,S-2,Wanjiku Kamau,68",
        ].join("\n"),
        smsReceipts: false,
      },
      now(),
    );
    expect(await checkPendingNames(store, rails, now)).toBe(2);
    const [listed, clean] = (await store.read((q) => listBatchRows(q, batch.id))).rows;
    const hold = db
      .select()
      .from(complianceHolds)
      .where(
        and(eq(complianceHolds.target, "disbursement"), eq(complianceHolds.targetId, listed!.id)),
      )
      .get()!;
    expect(hold.status).toBe("held");
    const opened = (await readCase(store, hold.caseId))!;
    expect(opened.case).toMatchObject({ severity: "critical", merchantId: M, status: "open" });
    expect(opened.screenings[0]).toMatchObject({
      subject: "payout_recipient",
      context: "payout",
      screened: "ELVIS ANGUS LOGAN MOREY",
      result: "hit",
    });
    // The clean recipient was screened too, and is clear.
    expect(
      db.select().from(screenings).where(eq(screenings.subjectRef, clean!.id)).get(),
    ).toMatchObject({ result: "clear" });

    await submitBatch(store, { merchantId: M, memberId: "usr_maker" }, batch.id, now());
    await approveBatch(store, { merchantId: M, memberId: "usr_checker" }, batch.id, now());
    await sendPendingTransfers(testStore(db), rails, now, { limit: 100 });
    const sent = (await store.read((q) => listBatchRows(q, batch.id))).rows;
    expect(sent.map((row) => row.status)).toEqual(["queued", "paid"]);

    await decideCase(store, holdReleases, {
      caseId: hold.caseId,
      operatorId: "op_test",
      decision: "clear",
      reason: "A namesake: different date of birth",
      now: now(),
    });
    await sendPendingTransfers(testStore(db), rails, now, { limit: 100 });
    const after = (await store.read((q) => listBatchRows(q, batch.id))).rows;
    expect(after.map((row) => row.status)).toEqual(["paid", "paid"]);
  });
});
