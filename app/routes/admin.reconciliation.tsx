/**
 * The daily reconciliation for operators (/admin/reconciliation, issue 15, item 7): the latest runs
 * (the EAT day each reconciled, its status, what it checked, how many differences it found, why it
 * failed), then the findings, the operators' exceptions queue for differences between our ledger
 * and a provider: open ones first, each with its amounts and its evidence, then resolved ones (who,
 * when, their note). Filters are GET params (`?status=open|resolved|all`, `?run=`), so every view
 * is a shareable URL. Three actions, each a plain POST with an `intent`: resolve a finding with a
 * note (audited by the core), settle by hand an M-Pesa B2B payout whose Result never came (its
 * finding's form: paid with M-Pesa's receipt, or failed; ADR 0035 "B2B"), and run the
 * reconciliation now. Administrators only.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConsolePage } from "~/components/app/ConsolePage";
import { FindingCard, type FindingRow } from "~/components/admin/reconciliation/FindingCard";
import { FindingFilters } from "~/components/admin/reconciliation/FindingFilters";
import { reconciliationHref } from "~/components/admin/reconciliation/links";
import { RunNow } from "~/components/admin/reconciliation/RunNow";
import { RunsTable } from "~/components/admin/reconciliation/RunsTable";
import {
  isFindingFilter,
  NOTE_MAX,
  reconciliationActionSchema,
  RUN_ID,
  SETTLE_B2B_INTENT,
  settleB2bSchema,
  type FindingFilter,
} from "~/components/admin/reconciliation/schema";
import { ManualB2bError } from "~/core/disbursements/b2b.server";
import { RECONCILIATION_LEASE_MS } from "~/core/reconciliation/job.server";
import { invariantResponse, privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithError, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { reconciliation } from "~/wiring/reconciliation.server";

/** Runs listed at the top of the page. */
export const RUNS_SHOWN = 10;
/** Findings listed per section (open, resolved). */
export const FINDINGS_SHOWN = 100;

type Problem = { title: string; description: string };
type ActionData = {
  lastResult?: SubmissionResult<string[]>;
  /** The finding whose form the result belongs to. */
  findingId?: string;
  /** Which of the finding's forms: resolve (the default) or settle a B2B payout by hand. */
  form?: "resolve" | "settle";
  /** A refusal to show on the page (the same words as the toast). */
  problem?: Problem;
};

function parseRun(value: string | null): string | null {
  return value !== null && RUN_ID.test(value) ? value : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, ["admin"]);
  const url = new URL(request.url);
  const statusParam = url.searchParams.get("status");
  const status: FindingFilter = isFindingFilter(statusParam) ? statusParam : "all";
  const runParam = url.searchParams.get("run");
  const runId = parseRun(runParam);
  invariantResponse(runParam === null || runId, "Reconciliation run not found");

  const page = await reconciliation().page({
    status,
    runId,
    runs: RUNS_SHOWN,
    findings: FINDINGS_SHOWN,
  });
  invariantResponse(page, "Reconciliation run not found");
  const { selectedRun, runs, open, resolved, openCount } = page;
  return {
    status,
    selectedRun,
    latestRun: runs[0] ?? null,
    // A run still going (one older than the job's lease died with its process).
    runningSince:
      runs.find(
        (run) => run.status === "running" && run.startedAt > Date.now() - RECONCILIATION_LEASE_MS,
      )?.startedAt ?? null,
    runs,
    openCount,
    open,
    resolved,
  };
}

const ALREADY_RUNNING: Problem = {
  title: "Reconciliation not started",
  description: "A reconciliation run is going now. Wait for it to finish, then look again.",
};

function refuse(problem: Problem, extra: Omit<ActionData, "problem"> = {}, status = 409) {
  return jsonWithError<ActionData>(
    { ...extra, problem },
    { message: problem.title, description: problem.description },
    { status },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request, ["admin"]);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const formData = await request.formData();
  if (formData.get("intent") === SETTLE_B2B_INTENT) return settleB2b(formData, operator.id, back);
  const submission = parseWithZod(formData, {
    schema: reconciliationActionSchema,
  });
  if (submission.status !== "success") {
    const { intent, findingId } = submission.payload;
    return refuse(
      intent === "resolve"
        ? {
            title: "Finding not resolved",
            description: `Check the note: it is required, up to ${NOTE_MAX} characters.`,
          }
        : { title: "Action refused", description: "Resolve a finding or run the reconciliation." },
      {
        lastResult: submission.reply(),
        findingId: typeof findingId === "string" ? findingId : undefined,
      },
      400,
    );
  }
  const input = submission.value;

  if (input.intent === "resolve") {
    const outcome = await reconciliation().resolve(
      { findingId: input.findingId, operatorId: operator.id, note: input.note },
      Date.now(),
    );
    if (!outcome.ok) {
      const problem: Problem =
        outcome.reason === "not_found"
          ? { title: "Finding not resolved", description: "There is no finding with this id." }
          : {
              title: "Finding not resolved",
              description: "This finding was already resolved, by you or another operator.",
            };
      return refuse(
        problem,
        {
          lastResult: submission.reply({ formErrors: [problem.description] }),
          findingId: input.findingId,
        },
        outcome.reason === "not_found" ? 404 : 409,
      );
    }
    return redirectWithSuccess(back, {
      message: "Finding resolved",
      description: "It is listed under Resolved, with your note.",
    });
  }

  // Run now: refused while a run is going (the job answers null while another run holds its
  // lease; the lease, not a run row, says so: a process that died mid-run leaves its row running).
  const run = await reconciliation().runNow(operator.id);
  if (run === null) return refuse(ALREADY_RUNNING);
  const toRun = reconciliationHref({ run: run.id });
  if (run.status === "failed") {
    // The run is recorded with its error: show it (the runs table says why it failed).
    return redirectWithError(toRun, {
      message: "Reconciliation failed",
      description: run.error ?? "The run stopped before it finished: see Latest runs.",
    });
  }
  if (run.status === "running") {
    return redirectWithSuccess(toRun, {
      message: "Reconciliation started",
      description: "It is still running: reload this page to see what it finds.",
    });
  }
  return redirectWithSuccess(toRun, {
    message: "Reconciliation complete",
    description:
      run.findings === 0
        ? "No differences found."
        : `${run.findings} ${run.findings === 1 ? "difference" : "differences"} found: see the open findings.`,
  });
}

const NOT_SETTLED = "Payout not settled";

/**
 * Settle by hand the M-Pesa B2B payout of an open finding (what the operator found on M-Pesa's
 * organisation portal): the core settles it, resolves the finding and audits, in one transaction.
 * Administrators only, as every action here (it moves money).
 */
async function settleB2b(formData: FormData, operatorId: string, back: string) {
  const submission = parseWithZod(formData, { schema: settleB2bSchema });
  const findingIdOf = (value: unknown) => (typeof value === "string" ? value : undefined);
  if (submission.status !== "success") {
    return refuse(
      { title: NOT_SETTLED, description: "Check the form: the errors are shown at their field." },
      {
        lastResult: submission.reply(),
        findingId: findingIdOf(submission.payload.findingId),
        form: "settle",
      },
      400,
    );
  }
  const input = submission.value;
  const at = { findingId: input.findingId, form: "settle" as const };
  const finding = await reconciliation().finding(input.findingId);
  if (!finding) {
    const problem = { title: NOT_SETTLED, description: "There is no finding with this id." };
    return refuse(
      problem,
      { ...at, lastResult: submission.reply({ formErrors: [problem.description] }) },
      404,
    );
  }
  if (finding.status !== "open" || finding.kind !== "transfer_state") {
    const problem = {
      title: NOT_SETTLED,
      description:
        finding.status !== "open"
          ? "This finding was already resolved, by you or another operator."
          : "This finding is not about a payout: there is nothing to settle.",
    };
    return refuse(problem, {
      ...at,
      lastResult: submission.reply({ formErrors: [problem.description] }),
    });
  }
  try {
    const done = await reconciliation().settleB2b(
      input.outcome === "paid"
        ? {
            transferId: finding.subject,
            operatorId,
            outcome: "paid",
            receipt: input.receipt ?? "",
            note: input.note,
          }
        : { transferId: finding.subject, operatorId, outcome: "failed", note: input.note },
      Date.now(),
    );
    return redirectWithSuccess(
      back,
      done.outcome === "paid"
        ? {
            message: "Payout settled as paid",
            description: `The payout is paid with receipt ${input.receipt ?? ""}, and the finding is resolved.`,
          }
        : {
            message: "Payout settled as failed",
            description:
              "The money is back in the merchant's available balance, and the finding is resolved.",
          },
    );
  } catch (error) {
    if (!(error instanceof ManualB2bError)) throw error;
    const field =
      error.reason === "bad_receipt" || error.reason === "receipt_taken"
        ? "receipt"
        : error.reason === "no_note"
          ? "note"
          : null;
    const atField = field
      ? { fieldErrors: { [field]: [error.message] } }
      : { formErrors: [error.message] };
    return refuse(
      { title: NOT_SETTLED, description: error.message },
      { ...at, lastResult: submission.reply(atField) },
      error.reason === "not_found" ? 404 : 409,
    );
  }
}

function Empty({ children }: { children: string }) {
  return <p className="rounded-xl bg-slate-50 p-6 text-slate-700">{children}</p>;
}

export default function AdminReconciliation() {
  const { status, selectedRun, latestRun, runningSince, runs, openCount, open, resolved } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const resultFor = (findingId: string, form: "resolve" | "settle" = "resolve") =>
    actionData?.findingId === findingId && (actionData.form ?? "resolve") === form
      ? actionData.lastResult
      : undefined;
  const findings = (rows: typeof open) => rows as unknown as FindingRow[];

  const openEmpty = selectedRun
    ? "This run left no open differences."
    : latestRun === null
      ? "Nothing to resolve yet."
      : latestRun.status === "completed" && latestRun.findings === 0
        ? "No differences found in the last run."
        : "No open differences: every finding has been resolved.";

  return (
    <ConsolePage title="Reconciliation">
      <p className="max-w-3xl text-slate-700">
        Every night at 02:00 EAT the ledger is compared with each provider: the rails&apos; balances
        with our float, the custody balance of each asset with our custody account, and the
        day&apos;s transfers with what the rails say happened. Each difference waits here, with its
        evidence, until an operator resolves it with a note.
      </p>
      {actionData?.problem ? (
        <div role="alert" className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4">
          <p className="font-semibold text-red-900">{actionData.problem.title}</p>
          <p className="text-sm text-red-900">{actionData.problem.description}</p>
        </div>
      ) : null}

      <section aria-labelledby="runs-heading" className="mt-8">
        <h2 id="runs-heading" className="text-xl font-bold text-ink">
          Latest runs
        </h2>
        <div className="mt-4">
          <RunNow runningSince={runningSince} />
        </div>
        <div className="mt-4">
          {runs.length === 0 ? (
            <Empty>No run yet: the job runs every night at 02:00 EAT.</Empty>
          ) : (
            <RunsTable runs={runs} selectedRun={selectedRun?.id ?? null} />
          )}
        </div>
      </section>

      <section aria-labelledby="findings-heading" className="mt-10">
        <h2 id="findings-heading" className="text-xl font-bold text-ink">
          Findings
        </h2>
        <div className="mt-4">
          <FindingFilters status={status} run={selectedRun} openCount={openCount} />
        </div>
        {status !== "resolved" ? (
          <div className="mt-6">
            <h3 className="mb-3 text-lg font-semibold text-ink">Open findings</h3>
            {open.length === 0 ? (
              <Empty>{openEmpty}</Empty>
            ) : (
              <ul className="space-y-4" aria-label="Open findings">
                {findings(open).map((finding) => (
                  <li key={finding.id}>
                    <FindingCard
                      finding={finding}
                      lastResult={resultFor(finding.id)}
                      settleResult={resultFor(finding.id, "settle")}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
        {status !== "open" ? (
          <div className="mt-8">
            <h3 className="mb-3 text-lg font-semibold text-ink">Resolved findings</h3>
            {resolved.length === 0 ? (
              <Empty>No resolved findings yet.</Empty>
            ) : (
              <ul className="space-y-4" aria-label="Resolved findings">
                {findings(resolved).map((finding) => (
                  <li key={finding.id}>
                    <FindingCard finding={finding} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </section>
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Reconciliation",
    description: "Daily reconciliation runs and the differences they found.",
    path: paths.adminReconciliation,
    noindex: true,
  });
