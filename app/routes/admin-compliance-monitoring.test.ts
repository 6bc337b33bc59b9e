/**
 * /admin/compliance/monitoring (issue 31, item 3; ADR 0056): compliance officers see each rule with
 * its thresholds and the recent alerts with their cases; saving a rule's thresholds is checked on
 * the server (a clear message per field, nothing saved) and audited with before and after; "Run
 * now" raises an alert whose case the page links; reviewers may not.
 */
import { afterAll, describe, expect, it } from "vitest";
import { merchants, payments } from "../../drizzle/schema";
import { auditTrail } from "~/core/audit.server";
import { ruleSettings } from "~/core/compliance/monitoring/settings.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { signedInOperator } from "../../tests/setup/operator-session";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action, loader } from "./admin.compliance.monitoring";

const test = installTestDatabase();
const { db } = test;
afterAll(test.close);
const store = testStore(db);

const PAGE = "/admin/compliance/monitoring";
const args = (request: Request) => ({ request, params: {}, context: {} });

const structuringFields = {
  intent: "save",
  rule: "structuring",
  enabled: "on",
  limitKes: "1,000,000",
  belowPercent: "5",
  count: "4",
  windowHours: "12",
};

describe("saving a rule", () => {
  it("saves thresholds and on/off with a toast, audited with before and after", async () => {
    const { cookie, operator } = await signedInOperator(db, "compliance");
    const saved = await respond(() => action(args(formPost(PAGE, structuringFields, { cookie }))));
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({
      type: "success",
      message: "Saved: Structuring just under a limit.",
    });
    const structuring = (await ruleSettings(store)).find((rule) => rule.rule === "structuring");
    expect(structuring).toMatchObject({
      enabled: true,
      thresholds: { limitKes: 1_000_000, belowPercent: 5, count: 4, windowHours: 12 },
      updatedBy: operator.id,
    });
    const [entry] = await auditTrail(store, "monitoring_rule", "structuring");
    expect(entry).toMatchObject({
      actorType: "operator",
      actorId: operator.id,
      action: "monitoring_rule.updated",
    });
    expect(JSON.parse(entry!.details!)).toEqual({
      before: {
        enabled: true,
        thresholds: { limitKes: 1_000_000, belowPercent: 10, count: 3, windowHours: 24 },
      },
      after: {
        enabled: true,
        thresholds: { limitKes: 1_000_000, belowPercent: 5, count: 4, windowHours: 12 },
      },
    });

    // Turned off (the checkbox not sent).
    const { enabled: _enabled, ...off } = structuringFields;
    const turnedOff = await respond(() => action(args(formPost(PAGE, off, { cookie }))));
    expect(turnedOff.status).toBe(302);
    expect((await ruleSettings(store)).find((rule) => rule.rule === "structuring")?.enabled).toBe(
      false,
    );
    expect(await auditTrail(store, "monitoring_rule", "structuring")).toHaveLength(2);

    // The same again: nothing changes, nothing is audited.
    const same = await respond(() => action(args(formPost(PAGE, off, { cookie }))));
    expect(await toastOf(same)).toMatchObject({
      message: "No change: Structuring just under a limit.",
    });
    expect(await auditTrail(store, "monitoring_rule", "structuring")).toHaveLength(2);
  });

  it("refuses values out of bounds or not whole numbers, with a message per field, saving nothing", async () => {
    const { cookie } = await signedInOperator(db, "compliance");
    const before = await ruleSettings(store);
    const refused = await respond(() =>
      action(
        args(
          formPost(
            PAGE,
            {
              intent: "save",
              rule: "round_bursts",
              enabled: "on",
              roundToKes: "10000",
              minAmountKes: "2.5",
              count: "1",
              windowHours: "",
            },
            { cookie },
          ),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { rule: string; errors: Record<string, string> };
    expect(body.rule).toBe("round_bursts");
    expect(body.errors).toEqual({
      minAmountKes: "From this amount: enter a whole number from 0 to 1,000,000,000",
      count: "How many: enter a whole number from 2 to 1,000",
      windowHours: "Window: enter a whole number from 1 to 168",
    });
    expect(await toastOf(refused)).toMatchObject({ type: "error", message: "Not saved" });
    expect(await ruleSettings(store)).toEqual(before);
    expect(await auditTrail(store, "monitoring_rule", "round_bursts")).toEqual([]);

    const unknown = await respond(() =>
      action(args(formPost(PAGE, { intent: "save", rule: "nonsense" }, { cookie }))),
    );
    expect(unknown.status).toBe(400);
  });

  it("is for compliance officers: a reviewer may neither read nor save", async () => {
    const { cookie } = await signedInOperator(db, "reviewer");
    expect((await respond(() => loader(args(get(PAGE, { cookie }))))).status).toBe(403);
    expect(
      (await respond(() => action(args(formPost(PAGE, structuringFields, { cookie }))))).status,
    ).toBe(403);
  });
});

describe("run now and the alerts", () => {
  it("runs the rules and lists the alert with a link to its case", async () => {
    const now = Date.now();
    db.insert(merchants)
      .values({
        id: "MRC-MONRT1",
        businessName: "Round Traders",
        contactEmail: "round@shop.example",
        createdAt: now - 400 * 24 * 3_600_000,
      })
      .run();
    for (let i = 0; i < 5; i++)
      db.insert(payments)
        .values({
          id: `pay_monrt${i}`,
          merchantId: "MRC-MONRT1",
          reference: `R${i}`,
          asset: "USDT",
          network: "tron",
          amountKesCents: 60_000_00n,
          feeKesCents: 1_000_00n,
          quoteRate: "129.50",
          marketRate: "129.00",
          spreadBps: 50,
          rateSource: "coingecko",
          rateFetchedAt: now,
          cryptoAmountUnits: 1_000_000n,
          quotedAt: now,
          expiresAt: now + 15 * 60_000,
          status: "settled",
          createdAt: now - i * 60_000,
          updatedAt: now,
        })
        .run();
    const { cookie } = await signedInOperator(db, "compliance");
    const ran = await respond(() => action(args(formPost(PAGE, { intent: "run" }, { cookie }))));
    expect(ran.status).toBe(302);
    expect(await toastOf(ran)).toMatchObject({ message: "Rules run: 1 new alert." });
    const page = await respond(() => loader(args(get(PAGE, { cookie }))));
    const { alerts, rules } = (await page.json()) as {
      alerts: { rule: string; merchantId: string; caseId: string; caseStatus: string }[];
      rules: { rule: string }[];
    };
    expect(rules.map((rule) => rule.rule)).toHaveLength(7);
    expect(alerts).toEqual([
      expect.objectContaining({
        rule: "round_bursts",
        merchantId: "MRC-MONRT1",
        caseId: expect.stringMatching(/^case_/),
        caseStatus: "open",
      }),
    ]);
    const again = await respond(() => action(args(formPost(PAGE, { intent: "run" }, { cookie }))));
    expect(await toastOf(again)).toMatchObject({ message: "Rules run: no new alerts." });
  });
});
