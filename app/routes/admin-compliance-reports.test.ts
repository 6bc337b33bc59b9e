/**
 * Reports to the FRC in the console (issue 31, item 5; ADR 0057): an officer makes a case's
 * suspicious transaction report (the reason required), downloads it as a goAML XML file and marks
 * it filed with the FRC's reference, once; makes a week's large transaction report now. Compliance
 * officers and administrators only. Tipping-off: no merchant page or API reaches a report.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { merchantUsers } from "../../drizzle/schema";
import { auditTrail } from "~/core/audit.server";
import { openCase } from "~/core/compliance/cases.server";
import { lastFullWeek } from "~/core/compliance/reports/large-transactions";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import {
  addReceivedPayment,
  addReportedMerchant,
  addUsdKesRate,
} from "../../tests/setup/frc-reports";
import { signedInOperator } from "../../tests/setup/operator-session";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import * as casePage from "./admin.compliance.cases.$id";
import * as download from "./admin.compliance.reports.$id.download";
import * as reportsPage from "./admin.compliance.reports._index";

const test = installTestDatabase();
const { db } = test;
afterAll(test.close);
const store = testStore(db);

const SHOP = "MRC-FRCR22";
addReportedMerchant(db, SHOP);

const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});
const REPORTS = "/admin/compliance/reports";

async function caseWithPayment() {
  const now = Date.now();
  const paymentId = addReceivedPayment(db, {
    merchantId: SHOP,
    amountKesCents: 5_000_000n,
    at: now,
  });
  const caseId = await store.write((q) =>
    openCase(q, {
      kind: "monitoring_alert",
      severity: "high",
      title: "Round amounts in a burst",
      merchantId: SHOP,
      evidence: { payments: [paymentId] },
      holds: [],
      now,
    }),
  );
  return { caseId, paymentId };
}

async function makeStr(caseId: string, cookie: string) {
  return respond(() =>
    casePage.action(
      args(
        formPost(
          `/admin/compliance/cases/${caseId}`,
          { intent: "str", reason: "Ten round payments within an hour from one address." },
          { cookie },
        ),
        { id: caseId },
      ),
    ),
  );
}

async function merchantCookie() {
  const id = `usr_frc_${Math.random().toString(36).slice(2)}`;
  db.insert(merchantUsers)
    .values({ id, merchantId: SHOP, username: id, role: "owner", createdAt: 0 })
    .run();
  const setCookie = await startSession(store, "merchant", { merchantUserId: id }, get("/"));
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

describe("a suspicious transaction report from the case page", () => {
  it("needs a reason, then is made once and listed on the case", async () => {
    const { caseId } = await caseWithPayment();
    const { cookie } = await signedInOperator(db, "compliance");
    const noReason = await respond(() =>
      casePage.action(
        args(formPost(`/admin/compliance/cases/${caseId}`, { intent: "str" }, { cookie }), {
          id: caseId,
        }),
      ),
    );
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toEqual({
      form: "str",
      errors: { reason: "Say why the transactions are suspicious: the FRC reads this first" },
    });

    const made = await makeStr(caseId, cookie);
    expect(made.status).toBe(302);
    expect(await toastOf(made)).toMatchObject({
      message:
        "Suspicious transaction report made (1 transaction). Download it, file it in goAML, then mark it filed.",
    });
    const again = await makeStr(caseId, cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      form: "str",
      errors: { form: "This case already has its suspicious transaction report." },
    });
    const page = (await respond(() =>
      casePage.loader(args(get(`/admin/compliance/cases/${caseId}`, { cookie }), { id: caseId })),
    )) as Response;
    const body = (await page.json()) as { reports: { kind: string; status: string }[] };
    expect(body.reports).toMatchObject([{ kind: "str", status: "draft" }]);
  });
});

describe("the reports page", () => {
  it("lists the reports; the file downloads as goAML XML; Mark filed takes the FRC reference once", async () => {
    const { caseId } = await caseWithPayment();
    const { cookie, operator } = await signedInOperator(db, "admin");
    await makeStr(caseId, cookie);
    const page = (await respond(() =>
      reportsPage.loader(args(get(REPORTS, { cookie }))),
    )) as Response;
    const { reports } = (await page.json()) as {
      reports: { id: string; caseId: string; fileName: string; sha256: string; content?: string }[];
    };
    const report = reports.find((row) => row.caseId === caseId)!;
    expect(report).toBeDefined();
    expect(report.content).toBeUndefined();

    const file = (await respond(() =>
      download.loader(args(get(`${REPORTS}/${report.id}/download`, { cookie }), { id: report.id })),
    )) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${report.fileName}"`,
    );
    expect(file.headers.get("X-Content-SHA256")).toBe(report.sha256);
    const xml = await file.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8" standalone="yes"\?>\n<report>/);
    expect(xml).toContain("<report_code>STR</report_code>");
    expect(xml).toContain(`<entity_reference>${report.id}</entity_reference>`);

    const post = (fields: Record<string, string>) =>
      respond(() => reportsPage.action(args(formPost(REPORTS, fields, { cookie }))));
    const noReference = await post({ intent: "file", report: report.id, reference: " " });
    expect(noReference.status).toBe(400);
    expect(await noReference.json()).toEqual({
      form: "file",
      errors: { reference: "Enter the reference goAML gave the filed report" },
    });
    const badReference = await post({ intent: "file", report: report.id, reference: "<script>" });
    expect(badReference.status).toBe(400);
    const filed = await post({ intent: "file", report: report.id, reference: "FRC-2026-000123" });
    expect(filed.status).toBe(302);
    expect(await toastOf(filed)).toMatchObject({
      message: "Marked filed with FRC reference FRC-2026-000123.",
    });
    const twice = await post({ intent: "file", report: report.id, reference: "FRC-2026-000124" });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({
      form: "file",
      errors: { form: "This report is already filed (FRC reference FRC-2026-000123)." },
    });
    const audit = await auditTrail(store, "frc_report", report.id);
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ["frc_report.filed", operator.id],
      ["frc_report.made", operator.id],
    ]);
  });

  it("makes a week's large transaction report now, once; only the weeks offered", async () => {
    const { cookie } = await signedInOperator(db, "compliance");
    const week = lastFullWeek(Date.now());
    addUsdKesRate(db, "129.5", week.start - 3_600_000);
    addReceivedPayment(db, {
      merchantId: SHOP,
      amountKesCents: 194_250_000n,
      at: week.start + 36 * 3_600_000,
    });
    const post = (fields: Record<string, string>) =>
      respond(() => reportsPage.action(args(formPost(REPORTS, fields, { cookie }))));
    const notOffered = await post({ intent: "ltr", week: String(week.start + 1) });
    expect(notOffered.status).toBe(400);
    expect(await notOffered.json()).toEqual({
      form: "ltr",
      errors: { week: "Choose one of the weeks listed" },
    });
    const made = await post({ intent: "ltr", week: String(week.start) });
    expect(made.status).toBe(302);
    expect(await toastOf(made)).toMatchObject({
      message: "Large transaction report made (1 transaction).",
    });
    const again = await post({ intent: "ltr", week: String(week.start) });
    expect(await toastOf(again)).toMatchObject({
      message: "That week's large transaction report was made already.",
    });
    const quiet = await post({ intent: "ltr", week: String(week.start - 7 * 24 * 3_600_000) });
    expect(await toastOf(quiet)).toMatchObject({
      message: "No transaction of USD 15,000 or more that week: there is nothing to report.",
    });
  });
});

describe("who may see reports", () => {
  it("refuses reviewers, curators and merchants", async () => {
    const { caseId } = await caseWithPayment();
    const officer = await signedInOperator(db, "compliance");
    await makeStr(caseId, officer.cookie);
    const id = (
      (await (
        (await respond(() =>
          reportsPage.loader(args(get(REPORTS, { cookie: officer.cookie }))),
        )) as Response
      ).json()) as { reports: { id: string }[] }
    ).reports[0]!.id;
    const cookies = [
      (await signedInOperator(db, "reviewer")).cookie,
      (await signedInOperator(db, "curator")).cookie,
      await merchantCookie(),
    ];
    for (const cookie of cookies) {
      const list = await respond(() => reportsPage.loader(args(get(REPORTS, { cookie }))));
      expect(list.status).toBe(403);
      const file = await respond(() =>
        download.loader(args(get(`${REPORTS}/${id}/download`, { cookie }), { id })),
      );
      expect(file.status).toBe(403);
    }
  });
});

describe("tipping-off", () => {
  it("the payment's own audit trail (on the merchant's payment page) says nothing of the report", async () => {
    const { caseId, paymentId } = await caseWithPayment();
    const { cookie } = await signedInOperator(db, "compliance");
    await makeStr(caseId, cookie);
    const seen = await auditTrail(store, "payment", paymentId);
    expect(seen.filter((row) => /frc|compliance|report/i.test(row.action))).toEqual([]);
  });

  it("no merchant page, checkout or API module imports the reports", () => {
    const root = resolve(__dirname, "..");
    const reportModules = [
      "core/compliance/reports/reports.server.ts",
      "core/compliance/reports/weekly.server.ts",
      "wiring/frc-reports.server.ts",
      "content/frc-reports.ts",
    ].map((path) => join(root, path));
    const importsOf = (file: string): string[] => {
      const source = readFileSync(file, "utf8");
      const found: string[] = [];
      for (const match of source.matchAll(
        /(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\("([^"]+)"\)/g,
      )) {
        const spec = match[1] ?? match[2]!;
        const base = spec.startsWith("~/")
          ? join(root, spec.slice(2))
          : spec.startsWith(".")
            ? resolve(dirname(file), spec)
            : null;
        if (!base) continue;
        const candidates = [
          base,
          `${base}.ts`,
          `${base}.tsx`,
          join(base, "index.ts"),
          join(base, "index.tsx"),
        ];
        const hit = candidates.find(
          (candidate) =>
            candidate.startsWith(root) && existsSync(candidate) && /\.tsx?$/.test(candidate),
        );
        if (hit) found.push(hit);
      }
      return found;
    };
    const routes = readdirSync(join(root, "routes"))
      .filter(
        (name) => !name.startsWith("admin") && !name.includes(".test.") && /\.tsx?$/.test(name),
      )
      .map((name) => join(root, "routes", name));
    const api = readdirSync(join(root, "api"))
      .filter((name) => !name.includes(".test.") && /\.tsx?$/.test(name))
      .map((name) => join(root, "api", name));
    const entries = [...routes, ...api, join(root, "root.tsx")];
    expect(entries.some((file) => file.endsWith("merchant.payments.$id.tsx"))).toBe(true);
    const seen = new Set<string>();
    const reached: string[] = [];
    // The process's start-up (readiness shows its steps) starts the weekly job; renders nothing.
    const boot = join(root, "wiring/boot.server.ts");
    const walk = (file: string, from: string) => {
      if (seen.has(file) || file === boot) return;
      seen.add(file);
      if (reportModules.includes(file)) reached.push(`${from} -> ${file}`);
      for (const next of importsOf(file)) walk(next, from);
    };
    for (const entry of entries) walk(entry, entry);
    expect(seen.size).toBeGreaterThan(200);
    expect(reached).toEqual([]);
  });
});
