/**
 * The payout approval threshold (issue 15, item 3): stored per merchant in whole shillings, null
 * for never; every change audited with who made it and the values before and after; values out of
 * range refused without a write.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { auditLog } from "../../../drizzle/schema";
import { installTestDatabase, testStore } from "../../../tests/setup/db";
import { addMerchant } from "../../../tests/setup/payments";
import {
  getPayoutApprovalAboveKes,
  PAYOUT_APPROVAL_MAX_KES,
  setPayoutApprovalAboveKes,
} from "./settings.server";

const { db, close } = installTestDatabase();
afterAll(close);
const store = testStore(db);

addMerchant(db, "MRC-THRS01", null);
addMerchant(db, "MRC-THRS02", null);

const audits = (merchantId: string) =>
  db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, "disbursement.approval_threshold_changed"),
        eq(auditLog.targetId, merchantId),
      ),
    )
    .all()
    .map((row) => ({ actorId: row.actorId, details: JSON.parse(row.details!) as unknown }));

describe("the payout approval threshold", () => {
  it("is none until set, then the value set, per merchant", async () => {
    expect(await getPayoutApprovalAboveKes(store, "MRC-THRS01")).toBeNull();
    expect(
      await setPayoutApprovalAboveKes(
        store,
        { merchantId: "MRC-THRS01", actorId: "usr_a", kes: 50_000 },
        1,
      ),
    ).toBe(true);
    expect(await getPayoutApprovalAboveKes(store, "MRC-THRS01")).toBe(50_000);
    expect(await getPayoutApprovalAboveKes(store, "MRC-THRS02")).toBeNull();
    expect(await getPayoutApprovalAboveKes(store, "MRC-NOSUCH")).toBeNull();
  });

  it("audits each change with the member and the values before and after; no-op changes are not", async () => {
    await setPayoutApprovalAboveKes(
      store,
      { merchantId: "MRC-THRS02", actorId: "usr_b", kes: 0 },
      2,
    );
    expect(
      await setPayoutApprovalAboveKes(
        store,
        { merchantId: "MRC-THRS02", actorId: "usr_b", kes: 0 },
        3,
      ),
    ).toBe(false);
    await setPayoutApprovalAboveKes(
      store,
      { merchantId: "MRC-THRS02", actorId: "usr_c", kes: PAYOUT_APPROVAL_MAX_KES },
      4,
    );
    await setPayoutApprovalAboveKes(
      store,
      { merchantId: "MRC-THRS02", actorId: "usr_c", kes: null },
      5,
    );
    expect(await getPayoutApprovalAboveKes(store, "MRC-THRS02")).toBeNull();
    expect(audits("MRC-THRS02")).toEqual([
      { actorId: "usr_b", details: { fromKes: null, toKes: 0 } },
      { actorId: "usr_c", details: { fromKes: 0, toKes: 10_000_000 } },
      { actorId: "usr_c", details: { fromKes: 10_000_000, toKes: null } },
    ]);
  });

  it("refuses a negative, fractional or too large value and an unknown merchant, writing nothing", async () => {
    for (const kes of [-1, 1.5, PAYOUT_APPROVAL_MAX_KES + 1, Number.NaN])
      await expect(
        setPayoutApprovalAboveKes(store, { merchantId: "MRC-THRS01", actorId: "usr_a", kes }, 6),
      ).rejects.toThrow(RangeError);
    await expect(
      setPayoutApprovalAboveKes(store, { merchantId: "MRC-NOSUCH", actorId: "usr_a", kes: 5 }, 6),
    ).rejects.toThrow(/No merchant/);
    expect(await getPayoutApprovalAboveKes(store, "MRC-THRS01")).toBe(50_000);
    expect(audits("MRC-THRS01")).toHaveLength(1);
    expect(audits("MRC-NOSUCH")).toEqual([]);
  });
});
