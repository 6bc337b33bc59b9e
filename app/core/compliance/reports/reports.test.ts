/**
 * Reports to the FRC (issue 31, item 5; ADR 0057). A goAML STR made from a case: the case's
 * payment (with its on-chain deposit) and payout, the merchant as the entity with its
 * registration number, KRA PIN, director and owner, the officer as the reporting person, valid
 * against the goAML 5.0.2 schema in the fixtures. Large transaction reports: USD 15,000 exactly
 * included and one cent below not, at each day's rate; once per week.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { frcReports, jobRuns } from "../../../../drizzle/schema";
import { auditTrail } from "~/core/audit.server";
import { CaseError, decideCase, openCase, readCase } from "~/core/compliance/cases.server";
import { createTestDb, testStore } from "../../../../tests/setup/db";
import {
  addPaidPayout,
  addReceivedPayment,
  addReportedMerchant,
  addUsdKesRate,
} from "../../../../tests/setup/frc-reports";
import { GoamlSchema, parseXml, type Tree } from "../../../../tests/setup/goaml-xsd";
import { lastFullWeek, type Week } from "./large-transactions";
import {
  makeLargeTransactionReport,
  makeSuspiciousTransactionReport,
  markReportFiled,
  readReport,
  ReportError,
} from "./reports.server";
import { runWeeklyLargeTransactionReport } from "./weekly.server";

const FIXTURES = "tests/fixtures/compliance/goaml";
const schema = GoamlSchema.fromFile(`${FIXTURES}/goAMLSchema-5.0.2.xsd`);

const { db, close } = createTestDb();
afterAll(close);
const store = testStore(db);

const eat = (local: string) => Date.parse(`${local}+03:00`);
const officer = { id: "opr_officer1", name: "Amina Njeri Wafula", email: "amina@onehop.co.ke" };

/** The text of the first element at a path of names below `node`. */
function at(node: Tree, ...names: string[]): Tree | undefined {
  let current: Tree | undefined = node;
  for (const name of names) current = current?.children.find((child) => child.name === name);
  return current;
}
const text = (node: Tree, ...names: string[]) => at(node, ...names)?.text;
const all = (node: Tree, name: string) => node.children.filter((child) => child.name === name);

describe("the validator the tests use", () => {
  it("accepts the fixture's STR example and refuses it without a required element", () => {
    const example = readFileSync(`${FIXTURES}/STR-synthetic-example.xml`, "utf8");
    expect(schema.validate(example)).toEqual([]);
    expect(
      schema.validate(example.replace(/<transmode_code>.*<\/transmode_code>/, "")),
    ).not.toEqual([]);
    expect(schema.validate(example.replace("<report_code>STR", "<report_code>XYZ"))).toEqual([
      '/report/report_code[4]: "XYZ" is not in the enumeration',
    ]);
  });
});

describe("a suspicious transaction report from a case", () => {
  const SHOP = "MRC-STRA01";
  addReportedMerchant(db, SHOP);
  const paidAt = eat("2026-11-24T14:05:00");
  const paymentId = addReceivedPayment(db, {
    merchantId: SHOP,
    amountKesCents: 2_000_000n,
    at: paidAt,
    from: "TE3mCcPULjPUE7ykX7RArDPAhyahoy3d2j",
  });
  const payoutId = addPaidPayout(db, {
    merchantId: SHOP,
    amountKesCents: 1_950_000n,
    at: paidAt + 3_600_000,
  });
  const newCase = () =>
    store.write((q) =>
      openCase(q, {
        kind: "sanctions_hit",
        severity: "critical",
        title: "Deposit from a listed address",
        merchantId: SHOP,
        evidence: { paymentId, address: "TE3mCcPULjPUE7ykX7RArDPAhyahoy3d2j" },
        holds: [
          { target: "payment", targetId: paymentId },
          { target: "disbursement", targetId: payoutId },
        ],
        now: paidAt,
      }),
    );

  it("is goAML XML valid against the 5.0.2 schema, with the case's transactions and the merchant", async () => {
    const caseId = await newCase();
    const now = eat("2026-11-25T09:30:00");
    const made = await makeSuspiciousTransactionReport(store, {
      caseId,
      reporter: officer,
      reason: "Paid from an address on OFAC's SDN list, then paid out within the hour.",
      action: "Payment held; payout frozen.",
      now,
    });
    expect(made).toMatchObject({ kind: "str", status: "draft", caseId, transactionCount: 2 });
    expect(made.fileName).toBe(`STR-2026-11-25-${made.id}.xml`);
    const stored = (await readReport(store, made.id))!;
    expect(stored.sha256).toBe(createHash("sha256").update(stored.content).digest("hex"));
    expect(schema.validate(stored.content)).toEqual([]);

    const report = parseXml(stored.content);
    expect(report.children.slice(0, 8).map((node) => [node.name, node.text])).toEqual([
      ["schema_version", "5.0.2"],
      ["rentity_id", "1"],
      ["rentity_branch", "NBO-HQ"],
      ["submission_code", "E"],
      ["report_code", "STR"],
      ["entity_reference", made.id],
      ["submission_date", "2026-11-25T09:30:00"],
      ["currency_code_local", "KES"],
    ]);
    expect(text(report, "reporting_person", "first_name")).toBe("Amina Njeri");
    expect(text(report, "reporting_person", "last_name")).toBe("Wafula");
    expect(text(report, "reporting_person", "email")).toBe("amina@onehop.co.ke");
    expect(text(report, "reason")).toBe(
      "Paid from an address on OFAC's SDN list, then paid out within the hour.",
    );
    expect(text(report, "action")).toBe("Payment held; payout frozen.");
    expect(text(report, "report_indicators", "indicator")).toBe("TFSUN");

    const [payment, payout] = all(report, "transaction");
    expect(text(payment!, "transactionnumber")).toBe(paymentId);
    expect(text(payment!, "internal_ref_number")).toBe(`0x${paymentId}tx`);
    expect(text(payment!, "date_transaction")).toBe("2026-11-24T14:05:00");
    expect(text(payment!, "amount_local")).toBe("20000.00");
    expect(text(payment!, "transmode_code")).toBe("DAWLT");
    expect(text(payment!, "transaction_description")).toContain(
      "1 USDT on tron from TE3mCcPULjPUE7ykX7RArDPAhyahoy3d2j to TDeposit",
    );
    expect(text(payment!, "t_from", "from_funds_code")).toBe("CRPTC");
    expect(text(payment!, "t_from", "from_account", "account")).toBe(
      "TE3mCcPULjPUE7ykX7RArDPAhyahoy3d2j",
    );
    expect(text(payment!, "t_to", "to_account", "account")).toBe(`TDeposit${paymentId}`);
    const merchant = at(payment!, "t_to", "to_account", "t_entity")!;
    expect(text(merchant, "name")).toBe(`Duka ${SHOP} Limited`);
    expect(text(merchant, "incorporation_number")).toBe("PVT-AB1234CD");
    expect(text(merchant, "tax_number")).toBe("P051234567Q");
    expect(
      all(merchant, "director_id").map((person) => [
        text(person, "first_name"),
        text(person, "last_name"),
        text(person, "role"),
      ]),
    ).toEqual([
      ["Wanjiku Mary", "Kamau", "DIR"],
      ["Otieno", "Odhiambo", "UBO"],
    ]);

    expect(text(payout!, "transactionnumber")).toBe(payoutId);
    expect(text(payout!, "amount_local")).toBe("19500.00");
    expect(text(payout!, "t_from", "from_entity", "tax_number")).toBe("P051234567Q");
    expect(text(payout!, "t_to", "to_account", "account")).toBe("254712345678");
    expect(text(payout!, "t_to", "to_account", "account_name")).toBe("JUMA SUPPLIES");

    const detail = (await readCase(store, caseId))!;
    expect(detail.events.map((event) => event.type)).toEqual(["opened", "report_made"]);
    expect((await auditTrail(store, "frc_report", made.id)).map((row) => row.action)).toEqual([
      "frc_report.made",
    ]);
    await expect(
      makeSuspiciousTransactionReport(store, { caseId, reporter: officer, reason: "Again", now }),
    ).rejects.toThrow("This case already has its suspicious transaction report.");
  });

  it("is needed before the case is decided 'report'; filed once with the FRC's reference", async () => {
    const caseId = await newCase();
    const now = eat("2026-11-25T10:00:00");
    const decide = () =>
      decideCase(
        store,
        {},
        { caseId, operatorId: officer.id, decision: "report", reason: "STR", now },
      );
    await expect(decide()).rejects.toThrow(CaseError);
    await expect(decide()).rejects.toThrow("Make the suspicious transaction report first");
    const made = await makeSuspiciousTransactionReport(store, {
      caseId,
      reporter: officer,
      reason: "Structuring",
      now,
    });
    expect((await decide()).status).toBe("reported");

    const filed = await markReportFiled(store, {
      id: made.id,
      operatorId: officer.id,
      reference: "FRC/STR/2026/00042",
      now: now + 60_000,
    });
    expect(filed).toMatchObject({ status: "filed", frcReference: "FRC/STR/2026/00042" });
    await expect(
      markReportFiled(store, { id: made.id, operatorId: officer.id, reference: "X-2", now }),
    ).rejects.toThrow(ReportError);
    const row = db.select().from(frcReports).where(eq(frcReports.id, made.id)).get()!;
    expect(row).toMatchObject({
      status: "filed",
      frcReference: "FRC/STR/2026/00042",
      filedBy: officer.id,
    });
    expect((await auditTrail(store, "frc_report", made.id)).map((entry) => entry.action)).toEqual([
      "frc_report.filed",
      "frc_report.made",
    ]);
    const events = (await readCase(store, caseId))!.events.map((event) => event.type);
    expect(events).toEqual(["opened", "report_made", "decided", "report_filed"]);
  });

  it("is refused for a case that names no payment or payout", async () => {
    const caseId = await store.write((q) =>
      openCase(q, {
        kind: "sanctions_hit",
        severity: "high",
        title: "A director's name on a list",
        merchantId: SHOP,
        evidence: { names: ["Someone"] },
        holds: [],
        now: Date.now(),
      }),
    );
    await expect(
      makeSuspiciousTransactionReport(store, {
        caseId,
        reporter: officer,
        reason: "x y z",
        now: Date.now(),
      }),
    ).rejects.toThrow("This case names no payment or payout");
  });
});

describe("large transaction reports", () => {
  const SHOP = "MRC-LTRA01";
  addReportedMerchant(db, SHOP);
  // The week of Monday 2 to Sunday 8 November 2026 (Nairobi).
  const week: Week = { start: eat("2026-11-02T00:00:00"), end: eat("2026-11-09T00:00:00") };
  addUsdKesRate(db, "129", eat("2026-11-01T12:00:00"));
  addUsdKesRate(db, "129.5", eat("2026-11-03T09:00:00"));
  addUsdKesRate(db, "130", eat("2026-11-04T09:00:00"));
  // 3 November at 129.5: USD 15,000 is KES 1,942,500.00.
  const exactly = addReceivedPayment(db, {
    merchantId: SHOP,
    amountKesCents: 194_250_000n,
    at: eat("2026-11-03T15:00:00"),
  });
  const centBelow = addReceivedPayment(db, {
    merchantId: SHOP,
    amountKesCents: 194_249_999n,
    at: eat("2026-11-03T16:00:00"),
  });
  // The same KES on 4 November, at 130: below USD 15,000 that day.
  const nextDay = addReceivedPayment(db, {
    merchantId: SHOP,
    amountKesCents: 194_250_000n,
    at: eat("2026-11-04T10:00:00"),
  });
  const testMode = addReceivedPayment(db, {
    merchantId: SHOP,
    amountKesCents: 500_000_000n,
    at: eat("2026-11-04T10:00:00"),
    mode: "test",
  });
  const bigPayout = addPaidPayout(db, {
    merchantId: SHOP,
    amountKesCents: 195_000_000n,
    at: eat("2026-11-08T23:30:00"),
  });
  // Monday 9 November 00:30 EAT: the next week.
  addReceivedPayment(db, {
    merchantId: SHOP,
    amountKesCents: 900_000_000n,
    at: eat("2026-11-09T00:30:00"),
  });

  it("has every transaction of USD 15,000 or more at its day's rate, with the rate used", async () => {
    const result = await makeLargeTransactionReport(store, {
      week,
      reporter: officer,
      now: eat("2026-11-10T08:00:00"),
    });
    expect(result.outcome).toBe("made");
    if (result.outcome !== "made") return;
    expect(result.report).toMatchObject({
      kind: "ltr",
      periodStart: week.start,
      periodEnd: week.end,
      transactionCount: 2,
    });
    const stored = (await readReport(store, result.report.id))!;
    const report = parseXml(stored.content);
    expect(text(report, "report_code")).toBe("CTR");
    const numbers = all(report, "transaction").map((node) => text(node, "transactionnumber"));
    expect(numbers).toEqual([exactly, bigPayout]);
    for (const left of [centBelow, nextDay, testMode]) expect(numbers).not.toContain(left);
    expect(text(all(report, "transaction")[0]!, "comments")).toBe(
      "USD 15,000.00 at USD/KES 129.5 (open-er-api, as of 2026-11-03T06:00:00.000Z), the rate of 2026-11-03 in Nairobi.",
    );
    // Valid but for the report code: the fixture's FIU list has no CTR (nor LTR).
    expect(schema.enumeration("report_type")).not.toContain("CTR");
    expect(schema.enumeration("report_type")).not.toContain("LTR");
    expect(schema.validate(stored.content)).toEqual([
      '/report/report_code[4]: "CTR" is not in the enumeration',
    ]);
    const [audit] = await auditTrail(store, "frc_report", result.report.id);
    expect(JSON.parse(audit!.details!)).toMatchObject({
      kind: "ltr",
      rates: {
        "2026-11-03": { rate: "129.5", source: "open-er-api" },
        "2026-11-08": { rate: "130" },
      },
    });
  });

  it("is made once per week by the weekly job; a week without one makes no file", async () => {
    const SHOP2 = "MRC-LTRB01";
    addReportedMerchant(db, SHOP2);
    const weekly: Week = { start: eat("2026-10-19T00:00:00"), end: eat("2026-10-26T00:00:00") };
    addUsdKesRate(db, "128", eat("2026-10-18T12:00:00"));
    addReceivedPayment(db, {
      merchantId: SHOP2,
      amountKesCents: 300_000_000n,
      at: eat("2026-10-21T12:00:00"),
    });
    const monday = () => eat("2026-10-26T06:00:00");
    expect(lastFullWeek(monday())).toEqual(weekly);
    const first = await runWeeklyLargeTransactionReport(store, monday);
    expect(first).toMatchObject({ outcome: "succeeded", detail: { outcome: "made" } });
    const again = await runWeeklyLargeTransactionReport(store, monday);
    expect(again).toMatchObject({ outcome: "skipped", detail: { outcome: "exists" } });
    const rows = db.select().from(frcReports).where(eq(frcReports.periodStart, weekly.start)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "ltr", createdBy: null, transactionCount: 1 });

    // The week before: nothing of USD 15,000 or more, no file.
    const quiet = () => eat("2026-10-19T06:00:00");
    expect(await runWeeklyLargeTransactionReport(store, quiet)).toMatchObject({
      outcome: "skipped",
      detail: { outcome: "none" },
    });
    expect(
      db
        .select()
        .from(frcReports)
        .where(eq(frcReports.periodStart, eat("2026-10-12T00:00:00")))
        .all(),
    ).toEqual([]);
    const runs = db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, "frc.ltr.weekly"))
      .orderBy(jobRuns.id)
      .all();
    expect(runs.map((run) => run.outcome)).toEqual(["succeeded", "skipped", "skipped"]);
  });
});
