/**
 * Settlement policies (issue 30, item 1; ADR 0050), end to end through the custody and M-Pesa
 * simulators: a kept percentage or float stays in the balance for payouts, a daily schedule pays
 * the day's collections in one transfer at the chosen time, and money the merchant put in for
 * payouts (a top-up) is never swept to its M-Pesa.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_POLICY, type SettlementPolicy } from "~/core/funding/policy";
import { dueOf, savePolicy, storedPolicyOn } from "~/core/funding/policy.server";
import {
  ledgerBook,
  merchantAvailable,
  postTransaction,
  merchantInFlight,
  owed,
  trialBalance,
} from "~/core/ledger/ledger.server";
import { auditTrailOn } from "~/core/audit.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { ZERO_TRIAL_BALANCE } from "../../../tests/setup/books";
import {
  addMerchant,
  confirmedPayment,
  creditAvailable,
  setUpPaymentsHarness,
  testConfig,
} from "../../../tests/setup/payments";
import { runDailySettlements, settleDay } from "./daily-settlement.server";
import { getPayment, listPaymentEvents } from "./payments.server";
import { planSettlement, sendPendingTransfers } from "./settlement.server";
import { failTransfer } from "./transfer-purposes.server";
import { settlementTransfers } from "../../../drizzle/schema";
import { eq } from "drizzle-orm";

const { db, close } = createTestDb();
const h = setUpPaymentsHarness({ db, close });
const store = () => testStore(db);

const HOUR = 3_600_000;

async function withPolicy(merchantId: string, policy: Partial<SettlementPolicy>) {
  addMerchant(db, merchantId);
  await savePolicy(
    store(),
    { merchantId, userId: "usr_owner" },
    { ...DEFAULT_POLICY, ...policy },
    h.clock.now,
  );
}

const paid = async (merchantId: string, amountKes: number) =>
  (await confirmedPayment(db, h, { merchantId, amountKes, reference: `R-${amountKes}` })).payment;

async function settle(paymentId: string) {
  const outcome = await planSettlement(store(), paymentId, testConfig, h.clock.now);
  await send();
  return outcome;
}

async function send() {
  await sendPendingTransfers(store(), h.rails, () => h.clock.now);
  await h.darajaSim.flush();
}

const transfersOf = (merchantId: string) =>
  store().read((q) =>
    q
      .select()
      .from(settlementTransfers)
      .where(eq(settlementTransfers.merchantId, merchantId))
      .orderBy(settlementTransfers.createdAt),
  );

const available = (merchantId: string) => owed(store(), merchantAvailable(merchantId));

/** Move the clock to `hh:mm` EAT on the harness's current day (or the next day with `nextDay`). */
function atEat(hh: number, mm: number, nextDay = false) {
  const eatMidnight = Math.floor((h.clock.now + 3 * HOUR) / (24 * HOUR)) * 24 * HOUR - 3 * HOUR;
  h.clock.now = eatMidnight + (nextDay ? 24 * HOUR : 0) + hh * HOUR + mm * 60_000;
}

describe("settlement policies", () => {
  it("keeps a percentage of each payment in the balance and pays out the rest at once", async () => {
    await withPolicy("MRC-PCNT22", { keep: "percent", keepPercent: 20 });
    // KES 2,500 less 1% and its 10% excise = KES 2,472.50; 20% (KES 494.50) kept; KES 1,978 =
    // KES 1,969 + the KES 9 charge.
    const payment = await paid("MRC-PCNT22", 2_500);
    await settle(payment.id);
    expect((await transfersOf("MRC-PCNT22")).map((t) => [t.amountKesCents, t.status])).toEqual([
      [196_900n, "succeeded"],
    ]);
    expect(await available("MRC-PCNT22")).toBe(49_450n);
    expect((await store().read((q) => getPayment(q, payment.id)))?.status).toBe("settled");
    expect(
      (await store().read((q) => listPaymentEvents(q, payment.id))).find(
        (e) => e.type === "kept_in_balance",
      )?.cause,
    ).toMatch(/^KES 494\.50 stays in your OneHop balance/);
  });

  it("keeps a float: pays out only what is above it, then every payment once it is full", async () => {
    await withPolicy("MRC-FXTT22", { keep: "float", keepFloatKesCents: 100_000n });
    const first = await paid("MRC-FXTT22", 2_500);
    await settle(first.id);
    // KES 2,472.50 less the KES 1,000 float = KES 1,472.50: KES 1,467 + the KES 5 charge.
    expect((await transfersOf("MRC-FXTT22")).map((t) => t.amountKesCents)).toEqual([146_700n]);
    expect(await available("MRC-FXTT22")).toBe(100_050n);
    const second = await paid("MRC-FXTT22", 2_500);
    await settle(second.id);
    // KES 2,472.50 and the 50 cents left = KES 2,473: KES 2,464 + the KES 9 charge.
    expect((await transfersOf("MRC-FXTT22")).map((t) => t.amountKesCents)).toEqual([
      146_700n,
      246_400n,
    ]);
    expect(await available("MRC-FXTT22")).toBe(100_000n);
  });

  it("never sweeps a top-up to M-Pesa: a payment settles its own net and the cents left before", async () => {
    addMerchant(db, "MRC-TPZP22");
    // KES 1,234 less 1% and its excise = KES 1,220.43: KES 1,215 + the KES 5 charge; 43 cents
    // stay due.
    await settle((await paid("MRC-TPZP22", 1_234)).id);
    await creditAvailable(db, "MRC-TPZP22", 5_000);
    // KES 2,472.50 + the 43 cents = KES 2,472.93: KES 2,463 + the KES 9 charge; 93 cents stay.
    await settle((await paid("MRC-TPZP22", 2_500)).id);
    expect((await transfersOf("MRC-TPZP22")).map((t) => t.amountKesCents)).toEqual([
      121_500n,
      246_300n,
    ]);
    expect(await available("MRC-TPZP22")).toBe(500_093n);
  });

  it("daily: credits each payment to the balance, then pays the day's collections in one transfer at the chosen time", async () => {
    await withPolicy("MRC-DAYY22", { schedule: "daily", dailyTime: "17:00" });
    atEat(10, 0);
    const a = await paid("MRC-DAYY22", 2_000);
    const b = await paid("MRC-DAYY22", 1_000);
    for (const payment of [a, b]) expect(await settle(payment.id)).toBe("credited");
    expect((await store().read((q) => getPayment(q, a.id)))?.status).toBe("settled");
    expect(
      (await store().read((q) => listPaymentEvents(q, a.id))).find(
        (e) => e.type === "credited_to_balance",
      )?.cause,
    ).toBe(
      "KES 1,978.00 credited to your OneHop balance: KES 1,978.00 is paid out with your daily settlement at 17:00",
    );
    expect(await transfersOf("MRC-DAYY22")).toEqual([]);
    // KES 2,000 and KES 1,000 less the 1% fee and its 10% excise: KES 1,978 + KES 989 = KES 2,967
    // due, all in the balance until 17:00.
    expect(await available("MRC-DAYY22")).toBe(296_700n);
    expect(dueOf(await store().read((q) => storedPolicyOn(q, "MRC-DAYY22")), "live")).toBe(
      296_700n,
    );

    atEat(16, 59);
    expect(await runDailySettlements(store(), h.clock.now)).toBe(0);
    atEat(17, 0);
    expect(await runDailySettlements(store(), h.clock.now)).toBe(1);
    await send();
    // One transfer, one charge: KES 2,958 + the KES 9 charge.
    const [sweep, ...more] = await transfersOf("MRC-DAYY22");
    expect(more).toEqual([]);
    expect(sweep).toMatchObject({
      purpose: "sweep",
      paymentId: null,
      amountKesCents: 295_800n,
      railChargeKesCents: 900n,
      status: "succeeded",
    });
    expect(await available("MRC-DAYY22")).toBe(0n);
    expect(await owed(store(), merchantInFlight("MRC-DAYY22"))).toBe(0n);
    // Once a day.
    atEat(20, 0);
    await settle((await paid("MRC-DAYY22", 1_000)).id);
    expect(await runDailySettlements(store(), h.clock.now)).toBe(0);
    expect(await trialBalance(store())).toEqual(ZERO_TRIAL_BALANCE);
  });

  it("daily with a kept percentage: only the paid-out share is due", async () => {
    await withPolicy("MRC-DPCT22", {
      schedule: "daily",
      dailyTime: "06:00",
      keep: "percent",
      keepPercent: 10,
    });
    atEat(8, 0);
    await settle((await paid("MRC-DPCT22", 2_500)).id);
    // KES 2,472.50: KES 247.25 kept, KES 2,225.25 due.
    expect(dueOf(await store().read((q) => storedPolicyOn(q, "MRC-DPCT22")), "live")).toBe(
      222_525n,
    );
    expect(await runDailySettlements(store(), h.clock.now)).toBe(1);
    await send();
    // KES 2,225.25: KES 2,216 + the KES 9 charge; 25 cents stay due.
    expect((await transfersOf("MRC-DPCT22")).map((t) => t.amountKesCents)).toEqual([221_600n]);
    expect(dueOf(await store().read((q) => storedPolicyOn(q, "MRC-DPCT22")), "live")).toBe(25n);
    expect(await available("MRC-DPCT22")).toBe(24_750n);
  });

  it("daily: a failed transfer's money is due again and goes with the next day's settlement", async () => {
    await withPolicy("MRC-DFXX22", { schedule: "daily", dailyTime: "12:00" });
    atEat(9, 0);
    // KES 2,000 less the fee and its excise: KES 1,978, KES 1,969 + the KES 9 charge.
    await settle((await paid("MRC-DFXX22", 2_000)).id);
    atEat(12, 30);
    expect(await runDailySettlements(store(), h.clock.now)).toBe(1);
    const [sweep] = await transfersOf("MRC-DFXX22");
    await store().write((q) =>
      failTransfer(
        q,
        sweep!.id,
        { code: 2001, description: "The initiator is not allowed" },
        h.clock.now,
      ),
    );
    expect(dueOf(await store().read((q) => storedPolicyOn(q, "MRC-DFXX22")), "live")).toBe(
      197_800n,
    );
    expect(await settleDay(store(), "MRC-DFXX22", "live", h.clock.now)).toBe("not_due");
    atEat(12, 0, true);
    expect(await settleDay(store(), "MRC-DFXX22", "live", h.clock.now)).toBe("planned");
    await send();
    expect((await transfersOf("MRC-DFXX22")).map((t) => [t.amountKesCents, t.status])).toEqual([
      [196_900n, "failed"],
      [196_900n, "succeeded"],
    ]);
    expect(await available("MRC-DFXX22")).toBe(0n);
  });

  it("daily: the live and the test book each get their day's settlement", async () => {
    await withPolicy("MRC-DBKS22", { schedule: "daily", dailyTime: "07:00" });
    // The test book's M-Pesa float, funded as a sandbox's would be.
    const testBook = ledgerBook("test");
    await postTransaction(store(), {
      idempotencyKey: "test:float:policy-test",
      kind: "operator.float_funded",
      entries: [
        { account: testBook.railFloat("mpesa"), amount: 1_000_000n },
        { account: testBook.capital("KES"), amount: -1_000_000n },
      ],
    });
    atEat(7, 30, true);
    await settle((await paid("MRC-DBKS22", 2_000)).id);
    const test = (
      await confirmedPayment(db, h, { merchantId: "MRC-DBKS22", amountKes: 1_000, mode: "test" })
    ).payment;
    await settle(test.id);
    await runDailySettlements(store(), h.clock.now);
    const swept = (await transfersOf("MRC-DBKS22")).filter((t) => t.purpose === "sweep");
    expect(swept).toHaveLength(2);
    const stored = await store().read((q) => storedPolicyOn(q, "MRC-DBKS22"));
    expect([dueOf(stored, "live"), dueOf(stored, "test")]).toEqual([0n, 0n]);
  });

  it("daily: two runs at once make one settlement", async () => {
    await withPolicy("MRC-DTWW22", { schedule: "daily", dailyTime: "09:00" });
    atEat(9, 30);
    await settle((await paid("MRC-DTWW22", 2_500)).id);
    const outcomes = await Promise.all([
      settleDay(store(), "MRC-DTWW22", "live", h.clock.now),
      settleDay(store(), "MRC-DTWW22", "live", h.clock.now),
    ]);
    expect(outcomes.sort()).toEqual(["not_due", "planned"]);
    expect(await transfersOf("MRC-DTWW22")).toHaveLength(1);
  });

  it("a change is audited with the member and both policies; saving the same policy changes nothing", async () => {
    addMerchant(db, "MRC-ADTT22");
    const actor = { merchantId: "MRC-ADTT22", userId: "usr_audit" };
    const daily: SettlementPolicy = { ...DEFAULT_POLICY, schedule: "daily", dailyTime: "18:30" };
    expect(await savePolicy(store(), actor, daily, h.clock.now)).toBe(true);
    expect(await savePolicy(store(), actor, daily, h.clock.now)).toBe(false);
    const trail = await store().read((q) => auditTrailOn(q, "merchant", "MRC-ADTT22"));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actorId: "usr_audit", action: "settlement.policy_changed" });
    expect(JSON.parse(trail[0]!.details ?? "{}")).toMatchObject({
      from: { schedule: "instant" },
      to: { schedule: "daily", dailyTime: "18:30" },
    });
  });
});
