/**
 * One payout batch (/merchant/payouts/:id, issue 15): what it pays and costs, what to check before
 * approving, its rows (50 at a time, filtered by links), and what the member may do at its stage.
 * Maker-checker (ADR 0035): the maker fixes, drops, replaces the file and submits a draft; another
 * member with payouts:approve approves it (after a recent step-up) or rejects it; after approval
 * failed rows are retried or cancelled. The rules live in core/disbursements; every refusal there
 * (DisbursementError) answers with its status and message, shown on the page and as a toast.
 *
 * Without JavaScript everything is a link or a plain form post, and the page refreshes itself while
 * the batch is processing; with it the page polls instead.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { BatchActions, REJECT_NOTE_MAX } from "~/components/merchants/payouts/BatchActions";
import { BatchHeader } from "~/components/merchants/payouts/BatchHeader";
import { BatchRowEditForm } from "~/components/merchants/payouts/BatchRowEditForm";
import { BatchRowsTable } from "~/components/merchants/payouts/BatchRowsTable";
import {
  BatchCostSummary,
  BatchNotices,
  BatchProgress,
} from "~/components/merchants/payouts/BatchSummary";
import {
  batchHref,
  type BatchEditView,
  type BatchRowView,
  type BatchSummaryView,
} from "~/components/merchants/payouts/BatchView";
import { useLiveRevalidation } from "~/components/payments/useLiveRevalidation";
import { Container } from "~/components/ui";
import { bankByCode } from "~/content/banks";
import { can } from "~/core/accounts/permissions";
import type { Batch, BatchRow } from "~/core/disbursements/batches.server";
import { PAYOUT_CSV_MAX_BYTES } from "~/core/disbursements/csv-parse";
import { DisbursementError } from "~/core/disbursements/errors";
import type { RawPayoutRow } from "~/core/disbursements/row-check";
import { businessLabel } from "~/core/disbursements/row-destination";
import { type RowFilter, rowFilters } from "~/core/disbursements/vocabulary";
import { profileOf } from "~/core/rails/charges";
import {
  requireMerchant,
  requirePermission,
  requireRecentStepUp,
  type SignedInMerchant,
} from "~/utils/auth.server";
import { isBodyTooLarge, mediaType } from "~/utils/body-limit.server";
import { formatKesCents, formatPhone } from "~/utils/format";
import { HEAVY_PER_CALLER, payoutUploadSlots } from "~/utils/heavy-work.server";
import { notFound, privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithError, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { disbursements, payoutBatchPage } from "~/wiring/disbursements.server";
import { domainErrorStatus } from "~/utils/domain-errors.server";
import { payoutBatchMessages } from "~/i18n/catalogs/payout-batches";
import { payoutsMessages } from "~/i18n/catalogs/payouts";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale, type Translation } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";

type BatchMessages = Translation<(typeof payoutBatchMessages)["en"]>;

/** dsb_ + 14 of the readable alphabet, lower case (core/ids.server.ts readableCode). */
const BATCH_ID = /^dsb_[23456789abcdefghjkmnpqrstvwxyz]{14}$/;
/** A multipart body this large is refused before it is read: the file plus the form around it. */
const UPLOAD_MAX_BODY_BYTES = PAYOUT_CSV_MAX_BYTES + 64 * 1024;
const CELL_MAX = 200;

const rowId = z.string().min(1).max(40);
const cell = z.string().max(CELL_MAX).default("");
const uploadedFile = z.custom<File>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as Blob).text === "function" &&
    typeof (value as Blob).size === "number",
  "Choose the corrected CSV file to upload.",
);

const intentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("edit-row"),
    rowId,
    recipient: cell,
    rail: cell,
    amount: cell,
    reference: cell,
    name: cell,
    bankCode: cell,
    account: cell,
  }),
  z.object({ intent: z.literal("drop-row"), rowId }),
  z.object({ intent: z.literal("restore-row"), rowId }),
  z.object({ intent: z.literal("drop-invalid") }),
  z.object({ intent: z.literal("upload-file"), file: uploadedFile }),
  z.object({ intent: z.literal("submit") }),
  z.object({ intent: z.literal("discard") }),
  z.object({ intent: z.literal("withdraw") }),
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("reject"), note: z.string().max(REJECT_NOTE_MAX).default("") }),
  z.object({ intent: z.literal("retry-row"), rowId }),
  z.object({ intent: z.literal("cancel-row"), rowId }),
  z.object({ intent: z.literal("retry-failed") }),
  z.object({ intent: z.literal("cancel-failed") }),
]);

type ActionData = { error: string };

/** Makers (payouts:create) and checkers (payouts:approve) open the page; others get 403. */
async function requirePayoutsMember(request: Request): Promise<SignedInMerchant> {
  const merchant = await requireMerchant(request);
  if (can(merchant.role, "payouts:create")) return merchant;
  return requirePermission(request, "payouts:approve");
}

/** The signed-in merchant's batch, or 404 (a bad id, another merchant's batch). */
async function batchOf(
  merchantId: string,
  id: string | undefined,
  m: BatchMessages,
): Promise<Batch> {
  const batch = id && BATCH_ID.test(id) ? await disbursements().find(merchantId, id) : null;
  if (!batch) throw notFound(m.notFound);
  return batch;
}

function filterOf(search: URLSearchParams): RowFilter {
  const value = search.get("filter");
  return (rowFilters as readonly string[]).includes(value ?? "") ? (value as RowFilter) : "all";
}

function afterOf(search: URLSearchParams): number {
  const value = search.get("after") ?? "";
  return /^\d{1,6}$/.test(value) ? Number(value) : 0;
}

/** Who someone is on this page: "you", their username, an API key, or "another member". */
function whoIs(
  id: string,
  merchant: SignedInMerchant,
  names: Map<string, string>,
  m: BatchMessages,
): string {
  if (id === merchant.userId) return m.who.you;
  if (id.startsWith("key:")) return m.who.apiKey;
  return names.get(id) ?? m.who.anotherMember;
}

function errorsOf(row: BatchRow): BatchRowView["errors"] {
  if (!row.errors) return [];
  try {
    return JSON.parse(row.errors) as BatchRowView["errors"];
  } catch {
    return [];
  }
}

function recipientOf(row: BatchRow, m: BatchMessages): string {
  if (row.phone) return formatPhone(row.phone);
  if (row.b2bKind && row.businessNumber)
    return businessLabel({
      b2b: row.b2bKind,
      businessNumber: row.businessNumber,
      accountReference: row.accountReference,
    });
  if (row.rail === "pesalink" && row.accountNumber) {
    const bank = row.bankCode ? bankByCode(row.bankCode) : undefined;
    return `${bank?.name ?? m.bankNamed(row.bankCode ?? "")} ${row.accountNumber}`;
  }
  const raw = row.rawRecipient.trim();
  return row.rawBankCode.trim() ? m.bankCode(raw, row.rawBankCode.trim()) : raw;
}

function rowView(row: BatchRow, inDoubt: ReadonlySet<string>, m: BatchMessages): BatchRowView {
  return {
    id: row.id,
    line: row.line,
    status: row.status,
    statusLabel: inDoubt.has(row.id) ? m.inDoubtStatus : m.rowStatus[row.status],
    recipient: recipientOf(row, m),
    rail: row.b2bKind
      ? row.b2bKind === "paybill"
        ? "M-Pesa Paybill"
        : "M-Pesa Till"
      : row.rail
        ? profileOf(row.rail).name
        : row.rawRail.trim(),
    amount: row.amountKesCents === null ? null : row.amountKesCents.toString(),
    rawAmount: row.rawAmount.trim(),
    fee: row.feeKesCents === null ? null : row.feeKesCents.toString(),
    excise: row.exciseKesCents === null ? null : row.exciseKesCents.toString(),
    charge: row.railChargeKesCents === null ? null : row.railChargeKesCents.toString(),
    reference: row.reference ?? row.rawReference.trim(),
    name: row.name ?? row.rawName.trim(),
    registeredName: row.registeredName,
    nameCheck: row.nameCheck,
    nameCheckLabel: m.nameCheck[row.nameCheck],
    errors: errorsOf(row),
    duplicateOfLine: row.duplicateOfLine,
    recentDuplicate: row.recentDuplicateOf !== null,
    receipt: row.receipt,
    failureReason: row.failureReason,
  };
}

function rawOf(row: BatchRow): RawPayoutRow {
  return {
    recipient: row.rawRecipient,
    rail: row.rawRail,
    amount: row.rawAmount,
    reference: row.rawReference,
    name: row.rawName,
    bankCode: row.rawBankCode,
    account: row.rawAccount,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const merchant = await requirePayoutsMember(request);
  const locale = requestLocale(request);
  const m = inLocale(payoutBatchMessages, locale);
  const batch = await batchOf(merchant.merchantId, params.id, m);
  const search = new URL(request.url).searchParams;
  const filter = filterOf(search);
  const after = afterOf(search);

  const canCreate = can(merchant.role, "payouts:create");
  const editId = search.get("edit");
  const { summary, available, page, inDoubt, editRow, members, otherApprovers } =
    await payoutBatchPage({
      merchantId: merchant.merchantId,
      memberId: merchant.userId,
      batch,
      filter,
      afterLine: after,
      editRowId:
        batch.status === "draft" && canCreate && editId && editId.length <= 40 ? editId : null,
    });
  const short = available !== null ? summary.ready.totalKesCents - available : 0n;
  const edit: BatchEditView | null = editRow
    ? { id: editRow.id, line: editRow.line, raw: rawOf(editRow), errors: errorsOf(editRow) }
    : null;

  const names = new Map(members.map((member) => [member.id, member.username]));
  const view: BatchSummaryView = {
    counts: summary.counts,
    rows: summary.rows,
    ready: {
      count: summary.ready.count,
      amount: summary.ready.amountKesCents.toString(),
      fee: summary.ready.feeKesCents.toString(),
      excise: summary.ready.exciseKesCents.toString(),
      charge: summary.ready.railChargeKesCents.toString(),
      total: summary.ready.totalKesCents.toString(),
    },
    balance:
      available === null
        ? null
        : { available: available.toString(), shortfall: short > 0n ? short.toString() : null },
    paid: summary.paidKesCents.toString(),
    open: summary.openKesCents.toString(),
    reserved: batch.reservedKesCents === null ? null : batch.reservedKesCents.toString(),
    attention: summary.attention,
  };
  return {
    batch: {
      id: batch.id,
      title: batch.title,
      status: batch.status,
      statusLabel: inLocale(payoutsMessages, locale).batchStatus[batch.status],
      kind: batch.kind,
      mode: batch.mode,
      fileName: batch.fileName,
      madeBy:
        whoIs(batch.createdBy, merchant, names, m) + (batch.createdWithKey ? m.who.throughKey : ""),
      createdAt: batch.createdAt,
      submittedAt: batch.submittedAt,
      decidedBy: batch.decidedBy ? whoIs(batch.decidedBy, merchant, names, m) : null,
      decidedAt: batch.decidedAt,
      decisionNote: batch.decisionNote,
      completedAt: batch.completedAt,
    },
    viewer: {
      canCreate,
      canApprove: can(merchant.role, "payouts:approve"),
      isMaker: batch.createdBy === merchant.userId,
      // Nobody else could approve: the maker approves in person, with a second factor (ADR 0039).
      soleApprover: can(merchant.role, "payouts:approve") && otherApprovers === 0,
      hasTwoFactor: merchant.totpEnabledAt !== null,
    },
    summary: view,
    inDoubt: inDoubt.size,
    page: {
      filter,
      after,
      rows: page.rows.map((row) => rowView(row, inDoubt, m)),
      nextAfter: page.hasMore ? (page.rows[page.rows.length - 1]?.line ?? null) : null,
    },
    edit,
  };
}

function refused(message: string, status: number, m: BatchMessages) {
  return jsonWithError<ActionData>(
    { error: message },
    { message: m.toasts.nothingChanged, description: message },
    { status },
  );
}

/** The form, with a multipart body (a corrected file) refused by size before it is read. */
async function readForm(request: Request, m: BatchMessages): Promise<FormData | Response> {
  if (mediaType(request.headers.get("Content-Type")) === "multipart/form-data") {
    const declared = Number(request.headers.get("Content-Length") ?? "0");
    if (declared > UPLOAD_MAX_BODY_BYTES) return tooLarge(m);
    try {
      return await request.formData();
    } catch (error) {
      if (isBodyTooLarge(error)) return tooLarge(m);
      return refused(m.toasts.uploadUnreadable, 400, m);
    }
  }
  return request.formData();
}

function tooLarge(m: BatchMessages) {
  return refused(m.toasts.tooLarge, 413, m);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const merchant = await requirePayoutsMember(request);
  const m = inLocale(payoutBatchMessages, requestLocale(request));
  const t = m.toasts;
  const batch = await batchOf(merchant.merchantId, params.id, m);
  const form = await readForm(request, m);
  if (form instanceof Response) return form;
  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const upload = form.get("intent") === "upload-file";
    return refused(upload ? t.chooseCorrected : t.incomplete, 400, m);
  }
  const input = parsed.data;
  const checker = input.intent === "approve" || input.intent === "reject";
  await requirePermission(request, checker ? "payouts:approve" : "payouts:create");
  // Approving, and retrying failed rows, send money: both need a fresh second factor.
  const sendsMoney =
    input.intent === "approve" || input.intent === "retry-row" || input.intent === "retry-failed";
  if (sendsMoney) requireRecentStepUp(request, merchant);

  const service = disbursements();
  const actor = {
    merchantId: merchant.merchantId,
    memberId: merchant.userId,
    // The step-up above was a code when two-factor sign-in is on (the confirm page asks only that).
    secondFactor: sendsMoney && merchant.totpEnabledAt !== null,
  };
  // Back to the batch page with its list state (filter, page), without the edit form.
  const search = new URL(request.url).searchParams;
  const listState = { filter: filterOf(search), after: afterOf(search) };
  const back = batchHref(paths.merchantPayoutBatch(batch.id), listState);
  try {
    switch (input.intent) {
      case "edit-row": {
        const raw: RawPayoutRow = {
          recipient: input.recipient,
          rail: input.rail,
          amount: input.amount,
          reference: input.reference,
          name: input.name,
          bankCode: input.bankCode,
          account: input.account,
        };
        const check = await service.updateRow(actor, {
          batchId: batch.id,
          rowId: input.rowId,
          raw,
        });
        if (!check.ok) {
          // The row keeps what was typed and its errors: the form opens again with them.
          const editHref = batchHref(paths.merchantPayoutBatch(batch.id), {
            ...listState,
            edit: input.rowId,
          });
          return redirectWithError(`${editHref}#edit-row`, {
            message: t.stillNeedsFixing,
            description: check.errors[0]?.message ?? t.checkCells,
          });
        }
        return redirectWithSuccess(back, {
          message: t.rowFixed,
          description: t.rowFixedDescription,
        });
      }
      case "drop-row":
      case "restore-row": {
        const dropped = input.intent === "drop-row";
        await service.setRowDropped(actor, { batchId: batch.id, rowId: input.rowId, dropped });
        return redirectWithSuccess(
          back,
          dropped
            ? { message: t.rowDropped, description: t.rowDroppedDescription }
            : { message: t.rowPutBack, description: t.rowPutBackDescription },
        );
      }
      case "drop-invalid": {
        const count = await service.dropInvalidRows(actor, batch.id);
        return redirectWithSuccess(back, {
          message: t.rowsDropped,
          description: t.rowsDroppedDescription(count),
        });
      }
      case "upload-file": {
        const file = input.file;
        if (file.size === 0) return refused(t.chooseCorrected, 400, m);
        if (file.size > PAYOUT_CSV_MAX_BYTES) return tooLarge(m);
        const fileName = (file.name || "payouts.csv").slice(0, 200);
        const release = payoutUploadSlots.take(`member:${merchant.userId}`);
        if (!release)
          return refused(
            inLocale(payoutsMessages, requestLocale(request)).upload.busy(HEAVY_PER_CALLER),
            429,
            m,
          );
        try {
          await service.replaceFile(actor, {
            batchId: batch.id,
            fileName,
            text: await file.text(),
          });
        } finally {
          release();
        }
        return redirectWithSuccess(paths.merchantPayoutBatch(batch.id), {
          message: t.fileReplaced,
          description: t.fileReplacedDescription(fileName),
        });
      }
      case "submit":
        await service.submit(actor, batch.id);
        return redirectWithSuccess(back, {
          message: t.submitted,
          description: t.submittedDescription,
        });
      case "discard":
        if (batch.status !== "draft") return refused(t.onlyDraftDiscarded, 409, m);
        await service.withdraw(actor, batch.id);
        return redirectWithSuccess(paths.merchantPayouts, {
          message: t.discarded,
          description: t.discardedDescription(batch.title),
        });
      case "withdraw":
        if (batch.status !== "awaiting_approval") return refused(t.onlyAwaitingWithdrawn, 409, m);
        await service.withdraw(actor, batch.id);
        return redirectWithSuccess(back, {
          message: t.withdrawn,
          description: t.withdrawnDescription,
        });
      case "approve": {
        const released = await service.approve(actor, batch.id);
        return redirectWithSuccess(back, {
          message: t.approved,
          description: t.approvedDescription(
            formatKesCents(released.reservedKesCents),
            released.rows,
          ),
        });
      }
      case "reject":
        await service.reject(actor, { batchId: batch.id, note: input.note.trim() });
        return redirectWithSuccess(back, {
          message: t.rejected,
          description: t.rejectedDescription,
        });
      case "retry-row":
      case "retry-failed": {
        const count = await service.retry(actor, {
          batchId: batch.id,
          rowIds: input.intent === "retry-row" ? [input.rowId] : "all_failed",
        });
        return redirectWithSuccess(back, {
          message: t.retried,
          description: t.retriedDescription(count),
        });
      }
      case "cancel-row":
      case "cancel-failed": {
        const count = await service.cancel(actor, {
          batchId: batch.id,
          rowIds: input.intent === "cancel-row" ? [input.rowId] : "all_failed",
        });
        return redirectWithSuccess(back, {
          message: t.cancelled,
          description: t.cancelledDescription(count),
        });
      }
    }
  } catch (error) {
    if (error instanceof DisbursementError)
      return refused(error.message, domainErrorStatus(error), m);
    throw error;
  }
}

export default function PayoutBatch() {
  const { batch, viewer, summary, page, edit, inDoubt } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(payoutBatchMessages);
  const processing = batch.status === "processing";
  const beforeApproval = batch.status === "draft" || batch.status === "awaiting_approval";
  // While the batch is paid out (or names are still being checked) the page follows it by itself
  // with JavaScript; without it, the page refreshes itself while processing (meta refresh).
  useLiveRevalidation(processing || (beforeApproval && summary.attention.namesPending > 0), 2_500);
  const base = paths.merchantPayoutBatch(batch.id);
  const here = batchHref(base, { filter: page.filter, after: page.after });
  const stage =
    batch.status === "draft" && viewer.canCreate
      ? "draft"
      : (processing || batch.status === "completed") && viewer.canCreate
        ? "approved"
        : "none";
  return (
    <Container className="py-12">
      {processing ? (
        <noscript>
          <meta httpEquiv="refresh" content="5" />
        </noscript>
      ) : null}
      <p>
        <Link to={paths.merchantPayouts} className="text-sm font-semibold text-brand-800 underline">
          {m.back}
        </Link>
      </p>
      <BatchHeader batch={batch} />
      {actionData?.error ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 font-medium text-red-900">
          {actionData.error}
        </p>
      ) : null}

      {beforeApproval ? (
        <>
          <BatchCostSummary summary={summary} />
          <BatchNotices
            summary={summary}
            links={{
              invalid: batchHref(base, { filter: "invalid" }),
              attention: batchHref(base, { filter: "attention" }),
            }}
          />
        </>
      ) : batch.status === "processing" || batch.status === "completed" ? (
        <BatchProgress summary={summary} />
      ) : null}
      {inDoubt > 0 ? (
        <p role="status" className="mt-6 max-w-3xl rounded-lg bg-amber-50 p-4 text-amber-950">
          {m.inDoubt(inDoubt)}
        </p>
      ) : null}

      <BatchActions
        batch={batch}
        summary={summary}
        viewer={viewer}
        resultsHref={paths.merchantPayoutResults(batch.id)}
        refreshHref={here}
      />

      {edit ? <BatchRowEditForm key={edit.id} row={edit} cancelHref={here} /> : null}

      <BatchRowsTable base={base} page={page} stage={stage} />
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const m = inLocale(payoutBatchMessages, matchesLocale(matches));
  return seo(matches, {
    title: data ? m.title(data.batch.title) : m.titleNone,
    description: m.metaDescription,
    path: paths.merchantPayouts,
    noindex: true,
  });
};
