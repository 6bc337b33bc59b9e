/**
 * The operators' reconciliation page (/admin/reconciliation, issue 15, item 7) through its loader
 * and action with real sessions and a real migrated database: the latest runs, the findings (open
 * first, resolved with who and their note), the filters (open / resolved / all, one run), resolving
 * a finding with a note (validated, audited, refused when already resolved or unknown), "Run now"
 * through the real job (refused while a run is going or another process holds the job's lease), and
 * administrators only. Runs and findings
 * are seeded as rows, the way the job writes them; the last block runs the real job against the
 * payments harness (simulators over HTTP). Settling by hand an M-Pesa B2B payout whose Result never
 * came (ADR 0035 "B2B") runs real Paybill payouts through the harness, then posts its form.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import {
  reconciliationFindings,
  reconciliationRuns,
  settlementTransfers,
} from "../../drizzle/schema";
import {
  formatDifference,
  formatMinor,
  humanKey,
  evidenceText,
} from "~/components/admin/reconciliation/format";
import { RECEIPT_FORMAT } from "~/components/admin/reconciliation/schema";
import { auditTrail } from "~/core/audit.server";
import { approveBatch, createBulkBatch, submitBatch } from "~/core/disbursements/batches.server";
import { rowCost } from "~/core/disbursements/fees";
import { listBatchRows } from "~/core/disbursements/reads.server";
import { merchantAvailable, merchantInFlight, owed } from "~/core/ledger/ledger.server";
import { applyB2bResult } from "~/core/disbursements/b2b.server";
import { sendPendingTransfers } from "~/core/payments/settlement.server";
import type { B2bResult } from "~/core/providers/daraja/result";
import { RECONCILIATION_JOB } from "~/core/reconciliation/job.server";
import type { FindingView, ReconciliationRunView } from "~/core/reconciliation/vocabulary";
import { acquireLease, releaseLease } from "~/utils/jobs.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { signedInOperator } from "../../tests/setup/operator-session";
import { addMerchant, creditAvailable, setUpPaymentsHarness } from "../../tests/setup/payments";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import AdminReconciliation, { action, loader } from "./admin.reconciliation";

const test = installTestDatabase();
const { db } = test;
const store = testStore(db);
// The payments runtime (custody and M-Pesa simulators) for "Run now"; it closes the database last.
const h = setUpPaymentsHarness(test, { install: true });

type Page = {
  status: "open" | "resolved" | "all";
  selectedRun: ReconciliationRunView | null;
  latestRun: ReconciliationRunView | null;
  runningSince: number | null;
  runs: ReconciliationRunView[];
  openCount: number;
  open: (FindingView & { resolvedByName: string | null; settleB2b?: boolean })[];
  resolved: (FindingView & { resolvedByName: string | null; settleB2b?: boolean })[];
};

const admin = () => signedInOperator(db, "admin");

async function page(query: string, cookie: string) {
  const response = await respond(() =>
    loader({ request: get(`/admin/reconciliation${query}`, { cookie }), params: {}, context: {} }),
  );
  return {
    status: response.status,
    body: (response.status === 200 ? await response.json() : null) as Page | null,
  };
}

const post = (fields: Record<string, string>, cookie: string, query = "") =>
  respond(() =>
    action({
      request: formPost(`/admin/reconciliation${query}`, fields, { cookie }),
      params: {},
      context: {},
    }),
  );

let seq = 0;
const DAY_MS = 86_400_000;
const T0 = Date.UTC(2026, 10, 20, 23, 0, 0); // 21 Nov 2026, 02:00 EAT

function seedRun(input: Partial<typeof reconciliationRuns.$inferInsert> = {}) {
  const n = ++seq;
  const row = {
    id: `rcn_test${String(n).padStart(4, "0")}`,
    day: "2026-11-20",
    status: "completed" as const,
    startedAt: T0 + n * DAY_MS,
    finishedAt: T0 + n * DAY_MS + 42_000,
    checked: JSON.stringify({ rails: 4, assets: 4, transfers: 12 }),
    findingsCount: 0,
    error: null,
    ...input,
  };
  db.insert(reconciliationRuns).values(row).run();
  return row;
}

function seedFinding(runId: string, input: Partial<typeof reconciliationFindings.$inferInsert>) {
  const n = ++seq;
  const row = {
    id: `rcf_test${String(n).padStart(4, "0")}`,
    runId,
    kind: "rail_balance" as const,
    book: "live" as const,
    subject: "mpesa",
    subjectLabel: "M-Pesa float",
    currency: "KES",
    expected: "2000000000",
    actual: "2000050000",
    difference: "50000",
    evidence: JSON.stringify({
      providerBalanceKesCents: "2000050000",
      ledgerAccount: "float:mpesa",
    }),
    status: "open" as const,
    createdAt: T0 + n * 1000,
    ...input,
  };
  db.insert(reconciliationFindings).values(row).run();
  return row;
}

const findingRow = (id: string) =>
  db.select().from(reconciliationFindings).where(eq(reconciliationFindings.id, id)).get()!;

describe("amounts and evidence for people", () => {
  it("formats KES cents and crypto minor units in their currency, with the difference's sign", () => {
    expect(formatMinor("2000050000", "KES")).toBe("KES 20,000,500.00");
    expect(formatDifference("50000", "KES")).toBe("+KES 500.00");
    expect(formatDifference("-150", "KES")).toBe("-KES 1.50");
    // USDT has 6 decimals, BTC 8: never read as cents.
    expect(formatMinor("12500000", "USDT")).toBe("12.5 USDT");
    expect(formatDifference("-150000", "BTC")).toBe("-0.0015 BTC");
    expect(formatDifference("0", "ETH")).toBe("0 ETH");
    expect(formatMinor("unknown", "KES")).toBe("Unknown (no answer)");
  });

  it("names evidence fields in words and formats cents and moments", () => {
    expect(humanKey("providerBalanceKesCents")).toBe("Provider balance (KES)");
    expect(humanKey("ledger_account")).toBe("Ledger account");
    expect(humanKey("availableCents")).toBe("Available (KES)");
    expect(humanKey("cents")).toBe("Amount (KES)");
    expect(humanKey("transferId")).toBe("Transfer ID");
    expect(evidenceText("providerBalanceKesCents", "2000050000")).toBe("KES 20,000,500.00");
    expect(evidenceText("answeredAt", T0)).toBe("21 Nov 2026, 02:00 EAT");
    expect(evidenceText("cents", "150000")).toBe("KES 1,500.00");
    expect(evidenceText("units", "12500000", "USDT")).toBe("12.5 USDT");
    expect(evidenceText("units", "12500000", "KES")).toBe("12500000");
    expect(evidenceText("count", 12)).toBe("12");
    expect(evidenceText("ok", false)).toBe("No");
    expect(evidenceText("reason", null)).toBe("None");
  });
});

describe("/admin/reconciliation", () => {
  it("before any run: no runs, nothing open", async () => {
    const { cookie } = await admin();
    const { status, body } = await page("", cookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "all",
      runs: [],
      latestRun: null,
      runningSince: null,
      openCount: 0,
      open: [],
      resolved: [],
    });
  });

  it("is for administrators only", async () => {
    for (const role of ["reviewer", "curator"] as const) {
      const { cookie } = await signedInOperator(db, role);
      expect((await page("", cookie)).status).toBe(403);
      expect((await post({ intent: "run" }, cookie)).status).toBe(403);
    }
    // Signed out: to the operator sign-in, coming back here.
    const signedOut = await page("", "");
    expect(signedOut.status).toBe(302);
  });

  it("lists runs newest first, open findings, then resolved ones with who and the note", async () => {
    const { operator, cookie } = await admin();
    const older = seedRun({ findingsCount: 1 });
    const settled = seedFinding(older.id, {
      kind: "transfer_state",
      subject: "trf_abc123",
      subjectLabel: "Transfer trf_abc123 on Airtel Money",
      expected: "150000",
      actual: "0",
      difference: "-150000",
      status: "resolved",
      resolvedAt: T0 + 5 * DAY_MS,
      resolvedBy: operator.id,
      resolutionNote: "Airtel reversed it; refunded by hand.",
    });
    const latest = seedRun({ day: "2026-11-21", findingsCount: 2 });
    const rail = seedFinding(latest.id, {});
    const custody = seedFinding(latest.id, {
      kind: "custody_balance",
      subject: "USDT",
      subjectLabel: "USDT at custody",
      currency: "USDT",
      expected: "1000000000",
      actual: "1012500000",
      difference: "12500000",
      evidence: JSON.stringify({ provider: { available: "1012.5", pending: "0" }, vault: "0" }),
    });

    const { body } = await page("", cookie);
    expect(body!.runs.map((run) => run.id)).toEqual([latest.id, older.id]);
    expect(body!.latestRun).toMatchObject({
      id: latest.id,
      day: "2026-11-21",
      status: "completed",
      checked: { rails: 4, assets: 4, transfers: 12 },
      findings: 2,
      error: null,
    });
    expect(body!.openCount).toBe(2);
    // Newest first; the evidence arrives as a record, not as text.
    expect(body!.open.map((f) => f.id)).toEqual([custody.id, rail.id]);
    expect(body!.open[0]).toMatchObject({
      kind: "custody_balance",
      currency: "USDT",
      difference: "12500000",
      evidence: { provider: { available: "1012.5", pending: "0" }, vault: "0" },
      status: "open",
    });
    expect(body!.resolved).toEqual([
      expect.objectContaining({
        id: settled.id,
        resolvedBy: operator.id,
        resolvedByName: "admin op",
        resolutionNote: "Airtel reversed it; refunded by hand.",
      }),
    ]);

    // The filters: open only, resolved only, one run.
    const open = (await page("?status=open", cookie)).body!;
    expect(open.status).toBe("open");
    expect(open.open.map((f) => f.id)).toEqual([custody.id, rail.id]);
    expect(open.resolved).toEqual([]);
    const resolved = (await page("?status=resolved", cookie)).body!;
    expect(resolved.open).toEqual([]);
    expect(resolved.resolved.map((f) => f.id)).toEqual([settled.id]);
    const ofOlder = (await page(`?run=${older.id}`, cookie)).body!;
    expect(ofOlder.selectedRun?.id).toBe(older.id);
    expect(ofOlder.open).toEqual([]);
    expect(ofOlder.resolved.map((f) => f.id)).toEqual([settled.id]);
    // A status nobody knows is "all"; a run nobody knows is not found.
    expect((await page("?status=bogus", cookie)).body!.status).toBe("all");
    expect((await page("?run=rcn_nope", cookie)).status).toBe(404);
    expect((await page("?run=%3Cscript%3E", cookie)).status).toBe(404);
  });

  it("resolves a finding with a note: validated, audited, then refused a second time", async () => {
    const { operator, cookie } = await admin();
    const run = seedRun({ findingsCount: 1 });
    const finding = seedFinding(run.id, { subject: "airtel-money", subjectLabel: "Airtel float" });

    const noNote = await post({ intent: "resolve", findingId: finding.id, note: "  " }, cookie);
    expect(noNote.status).toBe(400);
    const noNoteBody = await noNote.json();
    expect(noNoteBody.findingId).toBe(finding.id);
    expect(noNoteBody.lastResult.error.note).toEqual([
      "Write a note: what the difference was and what you did",
    ]);
    expect(await toastOf(noNote)).toMatchObject({ type: "error", message: "Finding not resolved" });

    const tooLong = await post(
      { intent: "resolve", findingId: finding.id, note: "x".repeat(501) },
      cookie,
    );
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).lastResult.error.note).toEqual([
      "Keep the note to 500 characters",
    ]);
    expect(findingRow(finding.id).status).toBe("open");

    const unknownIntent = await post({ intent: "delete", findingId: finding.id }, cookie);
    expect(unknownIntent.status).toBe(400);

    const done = await post(
      { intent: "resolve", findingId: finding.id, note: "  Float topped up late; matches now.  " },
      cookie,
      "?status=open",
    );
    expect(done.status).toBe(302);
    // Back to the same view.
    expect(done.headers.get("Location")).toBe("/admin/reconciliation?status=open");
    expect(await toastOf(done)).toMatchObject({ type: "success", message: "Finding resolved" });
    expect(findingRow(finding.id)).toMatchObject({
      status: "resolved",
      resolvedBy: operator.id,
      resolutionNote: "Float topped up late; matches now.",
    });
    expect(
      (await auditTrail(testStore(db), "reconciliation_finding", finding.id)).map((a) => [
        a.action,
        a.actorId,
      ]),
    ).toEqual([["reconciliation.finding_resolved", operator.id]]);

    const again = await post({ intent: "resolve", findingId: finding.id, note: "Again" }, cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).problem).toEqual({
      title: "Finding not resolved",
      description: "This finding was already resolved, by you or another operator.",
    });
    expect(await toastOf(again)).toMatchObject({ type: "error", message: "Finding not resolved" });
    expect(findingRow(finding.id).resolutionNote).toBe("Float topped up late; matches now.");

    const missing = await post({ intent: "resolve", findingId: "rcf_nope", note: "?" }, cookie);
    expect(missing.status).toBe(404);
    expect((await missing.json()).problem.description).toBe("There is no finding with this id.");
  });

  it("refuses Run now while a run is going (another process holds the job's lease)", async () => {
    const { cookie } = await admin();
    const going = seedRun({ status: "running", finishedAt: null, startedAt: Date.now() });
    // A run that died with its process long ago is not "going".
    seedRun({ status: "running", finishedAt: null, startedAt: Date.now() - 2 * 3_600_000 });
    expect((await page("", cookie)).body!.runningSince).toBe(going.startedAt);
    const before = db.select().from(reconciliationRuns).all().length;

    expect(await acquireLease(testStore(db), RECONCILIATION_JOB, "another-process", 60_000)).toBe(
      true,
    );
    try {
      const refused = await post({ intent: "run" }, cookie);
      expect(refused.status).toBe(409);
      expect((await refused.json()).problem).toEqual({
        title: "Reconciliation not started",
        description: "A reconciliation run is going now. Wait for it to finish, then look again.",
      });
      expect(await toastOf(refused)).toMatchObject({
        type: "error",
        message: "Reconciliation not started",
      });
      expect(db.select().from(reconciliationRuns).all().length).toBe(before);
    } finally {
      await releaseLease(testStore(db), RECONCILIATION_JOB, "another-process");
      db.update(reconciliationRuns)
        .set({ status: "failed", finishedAt: Date.now(), error: "test: stopped" })
        .where(eq(reconciliationRuns.id, going.id))
        .run();
    }
  });

  it("Run now runs the reconciliation and shows that run", async () => {
    const { cookie } = await admin();
    const before = new Set(
      db
        .select()
        .from(reconciliationRuns)
        .all()
        .map((run) => run.id),
    );

    const response = await post({ intent: "run" }, cookie, "?status=open");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/admin/reconciliation");
    const runId = location.searchParams.get("run")!;
    expect(runId).toMatch(/^rcn_/);
    expect(before.has(runId)).toBe(false);

    const { body } = await page(`?run=${runId}`, cookie);
    const run = body!.selectedRun!;
    expect(body!.runs[0]!.id).toBe(runId);
    expect(run.status).toBe("completed");
    // The harness's rails and custody were compared.
    expect(run.checked.rails).toBeGreaterThan(0);
    expect(run.checked.assets).toBeGreaterThan(0);
    expect(body!.open.length).toBe(run.findings);
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: "Reconciliation complete",
      description:
        run.findings === 0
          ? "No differences found."
          : `${run.findings} ${run.findings === 1 ? "difference" : "differences"} found: see the open findings.`,
    });
    // Who asked for the run is audited.
    const audited = db.$client
      .prepare("select actor_type, target_id from audit_log where action = ?")
      .all("reconciliation.run_requested") as { actor_type: string; target_id: string }[];
    expect(audited).toEqual([{ actor_type: "operator", target_id: runId }]);
  });
});

describe("settling an unanswered M-Pesa B2B payout by hand", () => {
  const M = "MRC-B2BRTE";
  const transferOf = (id: string) =>
    db.select().from(settlementTransfers).where(eq(settlementTransfers.id, id)).get()!;

  /** A Paybill payout to 700006 (M-Pesa never sends its Result), sent, and its open finding. */
  async function unansweredPayout(amountKes: number) {
    if (!db.$client.prepare("select 1 from merchants where id = ?").get(M)) {
      addMerchant(db, M);
      await creditAvailable(db, M, 100_000);
    }
    const ctx = { merchantId: M, memberId: "usr_maker0001", mode: "live" as const };
    const now = () => h.clock.now;
    const batch = await createBulkBatch(
      store,
      ctx,
      {
        title: "Rent",
        fileName: "rent.csv",
        text: `recipient,rail,amount,reference,account\r\n700006,paybill,${amountKes},RENT,ACC-7`,
        smsReceipts: false,
      },
      now(),
    );
    await submitBatch(store, ctx, batch.id, now());
    await approveBatch(store, { merchantId: M, memberId: "usr_checker001" }, batch.id, now());
    await sendPendingTransfers(testStore(db), h.rails, now, { limit: 500 });
    await h.darajaSim.flush();
    const [row] = (await store.read((q) => listBatchRows(q, batch.id, { limit: 10 }))).rows;
    expect(row!.status).toBe("sent");
    const run = seedRun({ findingsCount: 1 });
    const finding = seedFinding(run.id, {
      kind: "transfer_state",
      subject: row!.transferId!,
      subjectLabel: `M-Pesa B2B ${row!.transferId} to Paybill 700006, account ACC-7: no Result`,
      expected: String(amountKes * 100),
      actual: "unknown",
      difference: "unknown",
      evidence: JSON.stringify({
        b2b: { kind: "paybill", businessNumber: "700006", accountReference: "ACC-7" },
        disbursementRowId: row!.id,
      }),
    });
    return { transferId: row!.transferId!, rowId: row!.id, finding };
  }

  const settle = (findingId: string, fields: Record<string, string>) => ({
    intent: "settle-b2b",
    findingId,
    ...fields,
  });

  /** The page's HTML after posting `fields`, rendered the way the server renders it. */
  async function renderedAfterPost(fields: Record<string, string>, cookie: string) {
    const request = formPost("/admin/reconciliation", fields, { cookie });
    const handler = createStaticHandler([
      {
        id: "page",
        path: "/admin/reconciliation",
        loader: (args) => loader({ request: args.request, params: {}, context: {} }),
        action: (args) => action({ request: args.request, params: {}, context: {} }),
        Component: AdminReconciliation,
      },
    ]);
    const context = await handler.query(request);
    if (context instanceof Response) throw new Error(`expected a page, got ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    );
    return { status: context.statusCode, html: html.replaceAll("<!-- -->", "") };
  }

  it("is for administrators only (signed out: to the sign-in; other roles: 403)", async () => {
    const { transferId, finding } = await unansweredPayout(900);
    const fields = settle(finding.id, { outcome: "failed", note: "Not on the statement" });
    const signedOut = await post(fields, "");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(
      /^\/admin\/signin\?redirectTo=%2Fadmin%2Freconciliation/,
    );
    for (const role of ["reviewer", "curator"] as const) {
      const { cookie } = await signedInOperator(db, role);
      expect((await post(fields, cookie)).status).toBe(403);
    }
    expect(transferOf(transferId).status).toBe("sent");
    expect(findingRow(finding.id).status).toBe("open");
    // Left settled, out of the later tests' way.
    const { cookie } = await admin();
    expect((await post(fields, cookie)).status).toBe(302);
  });

  it("shows the form for an unanswered B2B payout only, and a bad receipt at its field", async () => {
    const { cookie } = await admin();
    const { transferId, finding } = await unansweredPayout(1_000);
    const other = seedFinding(seedRun().id, {});

    const { body } = await page("?status=open", cookie);
    const shown = (id: string) => body!.open.find((f) => f.id === id)?.settleB2b;
    expect(shown(finding.id)).toBe(true);
    expect(shown(other.id)).toBe(false);

    const bad = settle(finding.id, { outcome: "paid", receipt: "tkq8ab", note: "On the portal" });
    const refused = await post(bad, cookie);
    expect(refused.status).toBe(400);
    const data = await refused.json();
    expect(data).toMatchObject({ findingId: finding.id, form: "settle" });
    expect(data.lastResult.error.receipt).toEqual([RECEIPT_FORMAT]);
    expect(await toastOf(refused)).toMatchObject({ type: "error", message: "Payout not settled" });
    // Paid without a receipt: required.
    const none = await post(settle(finding.id, { outcome: "paid", note: "Paid" }), cookie);
    expect((await none.json()).lastResult.error.receipt).toEqual([
      "Enter M-Pesa's receipt for the payout, as the portal shows it",
    ]);

    // The server's HTML: the error at the receipt field, which names it; the input kept.
    const { status, html } = await renderedAfterPost(bad, cookie);
    expect(status).toBe(400);
    const input = new RegExp(`<input[^>]*id="([^"]*)"[^>]*name="receipt"[^>]*>`).exec(html);
    expect(input).not.toBeNull();
    const receiptId = input![1]!;
    expect(receiptId).toContain(`settle-${finding.id}`);
    expect(input![0]).toContain('aria-invalid="true"');
    expect(input![0]).toContain(`aria-describedby="${receiptId}-error`);
    expect(input![0]).toContain(`value="tkq8ab"`);
    expect(html).toContain(`<p id="${receiptId}-error"`);
    expect(html).toMatch(
      new RegExp(`<p id="${receiptId}-error"[^>]*>${RECEIPT_FORMAT.replace(/'/g, "&#x27;")}</p>`),
    );
    expect(html).toContain("Settle this M-Pesa B2B payout");
    // The resolve form of the same finding shows no error.
    expect(html).not.toMatch(/id="resolve-[^"]*-note"[^>]*aria-invalid="true"/);

    expect(transferOf(transferId).status).toBe("sent");
    expect(findingRow(finding.id).status).toBe("open");
    expect(await auditTrail(testStore(db), "settlement_transfer", transferId)).toEqual([]);
  });

  it("settles it as paid with the receipt: payout paid, finding resolved, audited, toasted", async () => {
    const { operator, cookie } = await admin();
    const { transferId, finding } = await unansweredPayout(1_100);
    const inFlight = await owed(store, merchantInFlight(M));
    const available = await owed(store, merchantAvailable(M));

    const done = await post(
      settle(finding.id, { outcome: "paid", receipt: "tkq8ab12cd", note: "On the statement." }),
      cookie,
      "?status=open",
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/reconciliation?status=open");
    expect(await toastOf(done)).toMatchObject({
      type: "success",
      message: "Payout settled as paid",
    });
    expect(transferOf(transferId)).toMatchObject({ status: "succeeded", receipt: "TKQ8AB12CD" });
    expect(await owed(store, merchantInFlight(M))).toBe(inFlight - 110_000n);
    expect(await owed(store, merchantAvailable(M))).toBe(available);
    expect(findingRow(finding.id)).toMatchObject({
      status: "resolved",
      resolvedBy: operator.id,
      resolutionNote: "Settled by hand as paid, M-Pesa receipt TKQ8AB12CD. On the statement.",
    });
    expect(
      (await auditTrail(testStore(db), "settlement_transfer", transferId)).map((a) => [
        a.action,
        a.actorId,
      ]),
    ).toEqual([["disbursement.b2b_settled_paid_by_hand", operator.id]]);
    // The form is gone: the finding is resolved.
    const { body } = await page("", cookie);
    expect(body!.resolved.find((f) => f.id === finding.id)?.settleB2b).toBe(false);

    // Settling it again is refused: the finding is resolved, nothing changes.
    const again = await post(settle(finding.id, { outcome: "failed", note: "Again" }), cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).problem.description).toBe(
      "This finding was already resolved, by you or another operator.",
    );
    expect(transferOf(transferId).status).toBe("succeeded");
    expect(await owed(store, merchantAvailable(M))).toBe(available);
  });

  it("settles it as failed (money back), and refuses one whose Result came meanwhile", async () => {
    const { operator, cookie } = await admin();
    const failed = await unansweredPayout(1_200);
    const answered = await unansweredPayout(1_300);
    const available = await owed(store, merchantAvailable(M));

    const done = await post(
      settle(failed.finding.id, { outcome: "failed", note: "Not on the statement." }),
      cookie,
    );
    expect(done.status).toBe(302);
    expect(await toastOf(done)).toMatchObject({
      type: "success",
      message: "Payout settled as failed",
    });
    expect(transferOf(failed.transferId).status).toBe("failed");
    // The payout's whole cost (amount, fee, charge) is back in the merchant's available balance.
    expect(await owed(store, merchantAvailable(M))).toBe(
      available + rowCost("mpesa", 120_000n, "paybill").totalKesCents,
    );
    expect(findingRow(failed.finding.id)).toMatchObject({
      status: "resolved",
      resolvedBy: operator.id,
    });

    // M-Pesa's Result pays the other one while the operator reads the portal: refused at the form.
    const result = {
      resultType: 0,
      resultCode: 0,
      resultCodeRaw: "0",
      resultDesc: "The service request is processed successfully.",
      originatorConversationId: "AG_late",
      conversationId: "AG_late_conv",
      transactionId: "RES0000009",
      debitPartyCharges: [],
    } as unknown as B2bResult;
    expect(
      await store.write((q) => applyB2bResult(q, answered.transferId, result, Date.now())),
    ).toBe("succeeded");
    const before = await owed(store, merchantAvailable(M));
    const refused = await post(
      settle(answered.finding.id, { outcome: "failed", note: "Not on the statement." }),
      cookie,
    );
    expect(refused.status).toBe(409);
    const data = await refused.json();
    expect(data.lastResult.error[""]).toEqual([
      "This payout is already settled (paid): nothing was changed.",
    ]);
    expect(await toastOf(refused)).toMatchObject({ type: "error", message: "Payout not settled" });
    expect(transferOf(answered.transferId)).toMatchObject({
      status: "succeeded",
      receipt: "RES0000009",
    });
    expect(await owed(store, merchantAvailable(M))).toBe(before);
    expect(findingRow(answered.finding.id).status).toBe("open");
    // The page no longer offers to settle it; Resolve remains.
    const { body } = await page("?status=open", cookie);
    expect(body!.open.find((f) => f.id === answered.finding.id)?.settleB2b).toBe(false);
  });
});
