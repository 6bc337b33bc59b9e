/**
 * The monitoring rules (issue 31, item 3; ADR 0056) on a real database: for each rule, data that
 * fires it (an alert that opens a case with the evidence on its timeline) and data that must not;
 * a second run over the same data raises nothing; a rule turned off does not run; a structuring
 * pattern raises a case due in 2 days (a suspected STR).
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  complianceCaseEvents,
  complianceCases,
  disbursementBatches,
  disbursementRows,
  jobRuns,
  merchants,
  monitoringAlerts,
  payments,
  refunds,
  settlementTransfers,
} from "../../../../drizzle/schema";
import { auditTrail } from "~/core/audit.server";
import { readCase } from "~/core/compliance/cases.server";
import { installTestDatabase, testStore } from "../../../../tests/setup/db";
import type { MonitoringRuleKey } from "../vocabulary";
import { defaultThresholds } from "./rules";
import { runMonitoring } from "./run.server";
import { MONITORING_JOB, runScheduledMonitoring } from "./schedule.server";
import { ruleSettings, saveRuleSettings } from "./settings.server";

const { db, close } = installTestDatabase();
afterAll(close);
const store = testStore(db);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Each test its own stretch of time (60 days apart) and merchants: no test sees another's. */
let era = 0;
const nextNow = () => Date.UTC(2026, 0, 5, 9, 0) + ++era * 60 * DAY;

let counter = 0;
const next = (prefix: string) => `${prefix}${++counter}`;

function merchant(createdAt: number, payoutApprovalAboveKes: number | null = null): string {
  const id = next("MRC-MON");
  db.insert(merchants)
    .values({
      id,
      businessName: `Shop ${id}`,
      contactEmail: `${id.toLowerCase()}@shop.example`,
      payoutApprovalAboveKes,
      createdAt,
    })
    .run();
  return id;
}

function pay(
  merchantId: string,
  at: number,
  amountKes: number,
  payerAddress: string | null = null,
  status: "settled" | "expired" | "awaiting_payment" = "settled",
): string {
  const id = next("pay_mon");
  db.insert(payments)
    .values({
      id,
      merchantId,
      reference: id,
      asset: "USDT",
      network: "tron",
      amountKesCents: BigInt(amountKes) * 100n,
      feeKesCents: BigInt(amountKes),
      quoteRate: "129.50",
      marketRate: "129.00",
      spreadBps: 50,
      rateSource: "coingecko",
      rateFetchedAt: at,
      cryptoAmountUnits: 1_000_000n,
      quotedAt: at,
      expiresAt: at + 15 * 60_000,
      status,
      payerAddress,
      createdAt: at,
      updatedAt: at,
    })
    .run();
  return id;
}

function payout(
  merchantId: string,
  at: number,
  amountKes: number,
  phone: string,
  kind: "single" | "bulk" = "single",
): string {
  const batchId = next("dsb_mon");
  const rowId = next("dsr_mon");
  db.insert(disbursementBatches)
    .values({
      id: batchId,
      merchantId,
      mode: "live",
      kind,
      status: "completed",
      title: "Payout",
      createdBy: "usr_test",
      createdAt: at,
      updatedAt: at,
    })
    .run();
  db.insert(disbursementRows)
    .values({
      id: rowId,
      batchId,
      line: 1,
      rawRecipient: phone,
      rawRail: "mpesa",
      rawAmount: String(amountKes),
      rawReference: "ref",
      rawName: "Recipient",
      rawBankCode: "",
      status: "paid",
      rail: "mpesa",
      phone,
      amountKesCents: BigInt(amountKes) * 100n,
      feeKesCents: 0n,
      railChargeKesCents: 0n,
      updatedAt: at,
    })
    .run();
  db.insert(settlementTransfers)
    .values({
      id: next("trf_mon"),
      merchantId,
      sequence: 0,
      purpose: "disbursement",
      rail: "mpesa",
      phone,
      amountKesCents: BigInt(amountKes) * 100n,
      feeKesCents: 0n,
      status: "succeeded",
      settlementDay: new Date(at).toISOString().slice(0, 10),
      createdAt: at,
      updatedAt: at,
      disbursementRowId: rowId,
    })
    .run();
  return rowId;
}

function refund(merchantId: string, paymentId: string, destination: string, at: number): string {
  const id = next("rfd_mon");
  db.insert(refunds)
    .values({
      id,
      merchantId,
      paymentId,
      mode: "live",
      method: "crypto",
      source: "balance",
      status: "succeeded",
      amountKesCents: 500_000n,
      asset: "USDT",
      destination,
      railChargeKesCents: 0n,
      createdBy: "usr_test",
      requestKey: id,
      createdAt: at,
      updatedAt: at,
    })
    .run();
  return id;
}

const run = (rule: MonitoringRuleKey, now: number) => runMonitoring(store, { now, only: [rule] });

async function alertsFor(merchantId: string) {
  return store.read((q) =>
    q.select().from(monitoringAlerts).where(eq(monitoringAlerts.merchantId, merchantId)),
  );
}

/** The one case a run opened, with its timeline. */
async function caseOf(caseId: string) {
  const detail = await readCase(store, caseId);
  if (!detail) throw new Error(`no case ${caseId}`);
  return detail;
}

const timeline = (events: { body: string | null }[]) => events.map((e) => e.body ?? "").join("\n");

const tron = (n: number) => `TXmonitor${String(n).padStart(25, "0")}`;

describe("structuring", () => {
  it("a structuring pattern raises a case: three payments just under the review limit, due in 2 days as a suspected STR", async () => {
    const now = nextNow();
    const shop = merchant(now - 400 * DAY);
    const ids = [
      pay(shop, now - 5 * HOUR, 990_000, tron(1)),
      pay(shop, now - 3 * HOUR, 950_000, tron(2)),
      pay(shop, now - HOUR, 999_999, tron(3)),
    ];
    const result = await run("structuring", now);
    expect(result.raised).toHaveLength(1);
    const [raised] = result.raised;
    const found = await caseOf(raised!.caseId);
    expect(found.case).toMatchObject({
      kind: "monitoring_alert",
      severity: "high",
      status: "open",
      merchantId: shop,
      dueAt: now + 2 * DAY,
    });
    expect(found.case.title).toContain("Suspected structuring: 3 payments");
    for (const id of ids) expect(timeline(found.events)).toContain(id);
    expect(timeline(found.events)).toContain("KES 990,000.00");
    expect(timeline(found.events)).toContain(tron(1));
    const opened = found.events.find((event) => event.type === "opened")!;
    expect(JSON.parse(opened.detail!)).toMatchObject({
      rule: "structuring",
      payments: expect.arrayContaining([expect.objectContaining({ id: ids[0] })]),
    });
    const [alert] = await alertsFor(shop);
    expect(alert).toMatchObject({ rule: "structuring", caseId: raised!.caseId });

    // The same data read again (and a few minutes later) raises nothing twice.
    expect((await run("structuring", now)).raised).toEqual([]);
    expect((await run("structuring", now + 10 * 60_000)).raised).toEqual([]);
    expect(await alertsFor(shop)).toHaveLength(1);
  });

  it("single payouts just under the merchant's approval threshold fire; bulk rows and other amounts do not", async () => {
    const now = nextNow();
    const shop = merchant(now - 400 * DAY, 100_000);
    for (const [i, amount] of [98_000, 99_500, 100_000].entries())
      payout(shop, now - (i + 1) * HOUR, amount, `25471100000${i}`);
    const quiet = merchant(now - 400 * DAY, 100_000);
    payout(quiet, now - HOUR, 99_000, "254711000010", "bulk");
    payout(quiet, now - HOUR, 99_000, "254711000011", "bulk");
    payout(quiet, now - HOUR, 99_000, "254711000012", "bulk");
    payout(quiet, now - HOUR, 50_000, "254711000013");
    payout(quiet, now - HOUR, 100_001, "254711000014");
    const result = await run("structuring", now);
    expect(result.raised).toHaveLength(1);
    const found = await caseOf(result.raised[0]!.caseId);
    expect(found.case.merchantId).toBe(shop);
    expect(found.case.title).toContain("3 payouts");
    expect(timeline(found.events)).toContain("mpesa:254711000000");
    expect(await alertsFor(quiet)).toEqual([]);
  });

  it("does not fire on two payments under the limit, amounts far below it, over it, or outside the window", async () => {
    const now = nextNow();
    const shop = merchant(now - 400 * DAY);
    pay(shop, now - HOUR, 990_000);
    pay(shop, now - 2 * HOUR, 980_000);
    pay(shop, now - 3 * HOUR, 800_000); // 20% under: not "just"
    pay(shop, now - 3 * HOUR, 1_000_001); // over: reviewed anyway
    pay(shop, now - 30 * HOUR, 990_000); // yesterday's window
    pay(shop, now - HOUR, 995_000, null, "expired"); // never paid
    expect((await run("structuring", now)).raised).toEqual([]);
  });
});

describe("velocity", () => {
  it("fires when today's count is over 5 times the merchant's 30-day daily average", async () => {
    const now = nextNow(); // 12:00 EAT
    const shop = merchant(now - 400 * DAY);
    // History: 30 payments over the 30 days before today (1 a day).
    for (let day = 1; day <= 30; day++) pay(shop, now - day * DAY, 1_000);
    const today = Array.from({ length: 20 }, (_, i) => pay(shop, now - i * 60_000, 1_000));
    const result = await run("velocity", now);
    expect(result.raised).toHaveLength(1);
    const found = await caseOf(result.raised[0]!.caseId);
    expect(found.case).toMatchObject({ severity: "medium", merchantId: shop });
    expect(found.case.title).toContain("20 payments");
    expect(timeline(found.events)).toContain(today[0]);
    expect(timeline(found.events)).toContain("Average day over the 30 days before: 1.0 payments");
    expect((await run("velocity", now + 5 * 60_000)).raised).toEqual([]);
  });

  it("does not fire for a merchant steady at its average, under the minimum, or without a history", async () => {
    const now = nextNow();
    const steady = merchant(now - 400 * DAY);
    for (let day = 1; day <= 30; day++)
      for (let i = 0; i < 6; i++) pay(steady, now - day * DAY - i * 60_000, 1_000);
    for (let i = 0; i < 25; i++) pay(steady, now - i * 60_000, 1_000);
    const small = merchant(now - 400 * DAY);
    for (let i = 0; i < 10; i++) pay(small, now - i * 60_000, 1_000); // no history, under 20
    const young = merchant(now - 3 * DAY);
    for (let i = 0; i < 25; i++) pay(young, now - i * 60_000, 1_000);
    expect((await run("velocity", now)).raised).toEqual([]);
  });
});

describe("shared source", () => {
  it("fires when one address pays three merchants", async () => {
    const now = nextNow();
    const shops = [merchant(0), merchant(0), merchant(0)];
    const address = tron(100);
    const ids = shops.map((shop, i) => pay(shop, now - (i + 1) * HOUR, 5_000, address));
    const result = await run("shared_source", now);
    expect(result.raised).toHaveLength(1);
    const found = await caseOf(result.raised[0]!.caseId);
    expect(found.case).toMatchObject({ severity: "high", merchantId: null });
    expect(found.case.title).toContain(address);
    for (const id of ids) expect(timeline(found.events)).toContain(id);
    for (const shop of shops) expect(timeline(found.events)).toContain(shop);
  });

  it("fires when one address makes ten payments to one merchant (EVM addresses in any case)", async () => {
    const now = nextNow();
    const shop = merchant(0);
    const address = "0x8ba1f109551bd432803012645ac136ddd64dba72";
    for (let i = 0; i < 10; i++)
      pay(shop, now - i * HOUR, 2_000, i % 2 ? address.toUpperCase().replace("0X", "0x") : address);
    const result = await run("shared_source", now);
    expect(result.raised).toHaveLength(1);
    expect((await caseOf(result.raised[0]!.caseId)).case.merchantId).toBe(shop);
  });

  it("does not fire for two merchants, nine payments, or payments outside the window", async () => {
    const now = nextNow();
    const [a, b] = [merchant(0), merchant(0)];
    pay(a, now - HOUR, 5_000, tron(200));
    pay(b, now - HOUR, 5_000, tron(200));
    for (let i = 0; i < 9; i++) pay(a, now - i * HOUR, 2_000, tron(201));
    pay(b, now - 30 * HOUR, 5_000, tron(202));
    pay(a, now - 30 * HOUR, 5_000, tron(202));
    pay(merchant(0), now - HOUR, 5_000, tron(202));
    expect((await run("shared_source", now)).raised).toEqual([]);
  });
});

describe("refund to another address", () => {
  it("fires when a refund goes elsewhere than the payment's source, and not when it goes back", async () => {
    const now = nextNow();
    const shop = merchant(0);
    const paid = pay(shop, now - 2 * DAY, 5_000, tron(300));
    const elsewhere = refund(shop, paid, tron(301), now - HOUR);
    const evm = "0x8ba1f109551bd432803012645ac136ddd64dba72";
    const paidEvm = pay(shop, now - 2 * DAY, 5_000, evm);
    refund(shop, paidEvm, evm.toUpperCase().replace("0X", "0x"), now - HOUR); // same holder
    refund(shop, pay(shop, now - 2 * DAY, 5_000, tron(302)), tron(302), now - HOUR);
    refund(shop, pay(shop, now - 2 * DAY, 5_000, null), tron(303), now - HOUR); // source unknown
    const result = await run("refund_elsewhere", now);
    expect(result.raised).toHaveLength(1);
    const found = await caseOf(result.raised[0]!.caseId);
    expect(found.case.title).toContain(elsewhere);
    expect(timeline(found.events)).toContain(tron(301));
    expect(timeline(found.events)).toContain(tron(300));
    // A later run (the refund still in the window) raises it once only.
    expect((await run("refund_elsewhere", now + HOUR)).raised).toEqual([]);
  });
});

describe("new merchant's volume spike", () => {
  it("fires for a merchant 5 days old taking KES 1,200,000 in a day; not for an old one, nor a small volume", async () => {
    const now = nextNow();
    const young = merchant(now - 5 * DAY);
    pay(young, now - 2 * HOUR, 600_000);
    pay(young, now - HOUR, 600_000);
    const old = merchant(now - 200 * DAY);
    pay(old, now - HOUR, 1_500_000);
    const quiet = merchant(now - 2 * DAY);
    pay(quiet, now - HOUR, 900_000);
    const result = await run("new_merchant_spike", now);
    expect(result.raised).toHaveLength(1);
    const found = await caseOf(result.raised[0]!.caseId);
    expect(found.case).toMatchObject({ merchantId: young, severity: "high" });
    expect(found.case.title).toContain("5 days old");
    expect(found.case.title).toContain("KES 1,200,000.00");
  });
});

describe("payouts to many new recipients", () => {
  it("fires for ten recipients never paid before; recipients paid last month are not new", async () => {
    const now = nextNow();
    const shop = merchant(0);
    for (let i = 0; i < 10; i++)
      payout(shop, now - HOUR, 1_000, `2547220000${String(i).padStart(2, "0")}`);
    const regular = merchant(0);
    for (let i = 0; i < 12; i++) {
      const phone = `2547330000${String(i).padStart(2, "0")}`;
      payout(regular, now - 30 * DAY, 1_000, phone); // salaries last month
      payout(regular, now - HOUR, 1_000, phone);
    }
    const few = merchant(0);
    for (let i = 0; i < 9; i++)
      payout(few, now - HOUR, 1_000, `2547440000${String(i).padStart(2, "0")}`);
    const result = await run("new_recipients", now);
    expect(result.raised).toHaveLength(1);
    const found = await caseOf(result.raised[0]!.caseId);
    expect(found.case.merchantId).toBe(shop);
    expect(found.case.title).toContain("10 new recipients");
    expect(timeline(found.events)).toContain("mpesa:254722000009");
  });
});

describe("round amounts in bursts", () => {
  it("fires for five round payments within the hour; not for four, small ones, or uneven ones", async () => {
    const now = nextNow();
    const shop = merchant(0);
    for (let i = 0; i < 5; i++) pay(shop, now - i * 5 * 60_000, 100_000);
    const four = merchant(0);
    for (let i = 0; i < 4; i++) pay(four, now - i * 60_000, 200_000);
    const small = merchant(0);
    for (let i = 0; i < 6; i++) pay(small, now - i * 60_000, 10_000); // under KES 50,000
    const uneven = merchant(0);
    for (let i = 0; i < 6; i++) pay(uneven, now - i * 60_000, 100_050);
    const spread = merchant(0);
    for (let i = 0; i < 6; i++) pay(spread, now - i * 2 * HOUR, 100_000); // not within an hour
    const result = await run("round_bursts", now);
    expect(result.raised).toHaveLength(1);
    const found = await caseOf(result.raised[0]!.caseId);
    expect(found.case).toMatchObject({ merchantId: shop, severity: "low" });
    expect(found.case.title).toContain("5 round amounts in payments");
  });

  it("fires for a burst of round payouts", async () => {
    const now = nextNow();
    const shop = merchant(0);
    for (let i = 0; i < 5; i++) payout(shop, now - i * 60_000, 60_000, `2547550000${i}0`);
    const result = await run("round_bursts", now);
    expect(result.raised).toHaveLength(1);
    expect((await caseOf(result.raised[0]!.caseId)).case.title).toContain("in payouts");
  });
});

describe("the rules' settings", () => {
  it("a rule turned off does not run; a lower threshold fires; each change is audited", async () => {
    const now = nextNow();
    const shop = merchant(now - 400 * DAY);
    pay(shop, now - 2 * HOUR, 990_000);
    pay(shop, now - HOUR, 990_000);
    expect((await run("structuring", now)).raised).toEqual([]);

    await saveRuleSettings(store, {
      rule: "structuring",
      enabled: false,
      thresholds: { ...defaultThresholds("structuring"), count: 2 },
      operatorId: "opr_test",
      now,
    });
    expect((await run("structuring", now)).rules).toEqual([]);

    await saveRuleSettings(store, {
      rule: "structuring",
      enabled: true,
      thresholds: { ...defaultThresholds("structuring"), count: 2 },
      operatorId: "opr_test",
      now: now + 1,
    });
    expect((await run("structuring", now)).raised).toHaveLength(1);

    const [latest, first] = await auditTrail(store, "monitoring_rule", "structuring");
    expect(JSON.parse(first!.details!)).toMatchObject({
      before: { enabled: true, thresholds: { count: 3 } },
      after: { enabled: false, thresholds: { count: 2 } },
    });
    expect(JSON.parse(latest!.details!)).toMatchObject({
      before: { enabled: false },
      after: { enabled: true },
    });
    expect(latest).toMatchObject({ actorType: "operator", actorId: "opr_test" });
    const settings = await ruleSettings(store);
    expect(settings.find((each) => each.rule === "structuring")).toMatchObject({
      enabled: true,
      thresholds: { count: 2, limitKes: 1_000_000 },
      updatedBy: "opr_test",
    });
    // Back to the defaults for the tests after.
    await saveRuleSettings(store, {
      rule: "structuring",
      enabled: true,
      thresholds: defaultThresholds("structuring"),
      operatorId: "opr_test",
      now: now + 2,
    });
  });

  it("an alert of a rule and subject whose case is still open joins that case", async () => {
    const now = nextNow();
    const shop = merchant(now - 400 * DAY);
    for (let i = 0; i < 3; i++) pay(shop, now - (i + 1) * HOUR, 990_000);
    const first = await run("structuring", now);
    // Two days later, three more: a new window, the same open case.
    for (let i = 0; i < 3; i++) pay(shop, now + 2 * DAY - (i + 1) * HOUR, 995_000);
    const second = await run("structuring", now + 2 * DAY);
    expect(second.raised).toHaveLength(1);
    expect(second.raised[0]).toMatchObject({ caseId: first.raised[0]!.caseId, openedCase: false });
    const cases = await store.read((q) =>
      q.select().from(complianceCases).where(eq(complianceCases.merchantId, shop)),
    );
    expect(cases).toHaveLength(1);
    const events = await store.read((q) =>
      q
        .select()
        .from(complianceCaseEvents)
        .where(eq(complianceCaseEvents.caseId, cases[0]!.id))
        .orderBy(complianceCaseEvents.id),
    );
    expect(events.map((event) => event.type)).toEqual(["opened", "evidence", "alert"]);
  });
});

describe("the schedule", () => {
  it("runs every rule under its lease; a run that raised nothing leaves no job row", async () => {
    const now = nextNow();
    const runs = () =>
      store.read((q) => q.select().from(jobRuns).where(eq(jobRuns.job, MONITORING_JOB)));
    expect(await runScheduledMonitoring(store, () => now)).toEqual({ outcome: "skipped" });
    expect(await runs()).toEqual([]);
    const shop = merchant(now - 400 * DAY);
    for (let i = 0; i < 3; i++) pay(shop, now - (i + 1) * HOUR, 995_000);
    // Every rule ran: structuring, and velocity too (the merchant had no payments before today).
    expect(await runScheduledMonitoring(store, () => now)).toEqual({
      outcome: "succeeded",
      detail: { alerts: 2, cases: 2 },
    });
    expect((await alertsFor(shop)).map((alert) => alert.rule).sort()).toEqual([
      "structuring",
      "velocity",
    ]);
    expect(await runs()).toEqual([expect.objectContaining({ outcome: "succeeded" })]);
  });
});
