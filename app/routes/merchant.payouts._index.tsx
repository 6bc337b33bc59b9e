/**
 * Payouts (issue 15): the available KES balance, the merchant's payout batches, and the two ways to
 * start one: a single payout (its own page) or a CSV file uploaded here. The upload is read within
 * the payout file limit (a larger body is refused with 413 before it is read), decoded as UTF-8 and
 * made into a draft batch by the disbursements core; the member then checks its rows on the batch
 * page. A file the core cannot read is answered 400 with the reason at the file field.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PayoutList } from "~/components/merchants/payouts/PayoutList";
import {
  payoutFileTooLargeIn,
  payoutUploadSchemaFor,
  UploadPayoutsForm,
  type UploadMessages,
} from "~/components/merchants/payouts/UploadPayoutsForm";
import { buttonClass, Container } from "~/components/ui";
import { feeBps } from "~/content/tariff";
import { PAYOUT_CSV_MAX_BYTES } from "~/core/disbursements/csv-parse";
import { DisbursementError } from "~/core/disbursements/errors";
import { requirePermission, type SignedInMerchant } from "~/utils/auth.server";
import { HEAVY_PER_CALLER, payoutUploadSlots } from "~/utils/heavy-work.server";
import { mediaType, readLimitedMultipart } from "~/utils/body-limit.server";
import { formatKesCents, formatPercent } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { SoleApproverNote } from "~/components/merchants/payouts/BatchActions";
import { disbursements, payoutsPage } from "~/wiring/disbursements.server";
import { domainErrorStatus } from "~/utils/domain-errors.server";
import { payoutsMessages } from "~/i18n/catalogs/payouts";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";

type ActionData = { lastResult: SubmissionResult<string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  // Approvers (Finance, Admin, Owner) hold payouts:create too.
  const merchant = await requirePermission(request, "payouts:create");
  const page = await payoutsPage(merchant.merchantId, merchant.userId);
  return {
    available: page.available.toString(),
    feeBps: feeBps.b2c,
    // Nobody else could approve (ADR 0039): the maker approves in person with a second factor.
    soleApprover: page.otherApprovers === 0,
    hasTwoFactor: merchant.totpEnabledAt !== null,
    batches: page.batches.map((item) => ({
      id: item.batch.id,
      title: item.batch.title,
      kind: item.batch.kind,
      status: item.batch.status,
      rows: item.rows,
      amountKesCents: item.amountKesCents.toString(),
      paid: item.paid,
      failed: item.failed,
      createdAt: item.batch.createdAt,
    })),
  };
}

/** A refusal at the file field before the form could be read (no values to echo). */
const fileRefused = (message: string, status: number) =>
  data<ActionData>({ lastResult: { status: "error", error: { file: [message] } } }, { status });

type UploadRead = { ok: true; form: FormData } | { ok: false; message: string; status: number };

/**
 * The upload's fields and file, held in memory: a declared length over this address's limit is
 * refused before anything is read, a body that grows past it while it streams as soon as it does,
 * and a file part over the payout file limit once read.
 */
async function readUpload(request: Request, m: UploadMessages): Promise<UploadRead> {
  const read = await readLimitedMultipart(request);
  if (!read.ok)
    return read.reason === "too_large"
      ? { ok: false, message: payoutFileTooLargeIn(m), status: 413 }
      : {
          ok: false,
          message:
            mediaType(request.headers.get("Content-Type")) === "multipart/form-data"
              ? m.unreadable
              : m.notMultipart,
          status: 400,
        };
  const { form } = read;
  const file = form.get("file");
  if (typeof file === "object" && file !== null && file.size > PAYOUT_CSV_MAX_BYTES)
    return { ok: false, message: payoutFileTooLargeIn(m), status: 413 };
  return { ok: true, form };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "payouts:create");
  // A file is heavy work: a member uploads at most a few at once (issue 27, item 8).
  const release = payoutUploadSlots.take(`member:${merchant.userId}`);
  if (!release)
    return fileRefused(
      inLocale(payoutsMessages, requestLocale(request)).upload.busy(HEAVY_PER_CALLER),
      429,
    );
  try {
    return await uploadAction(request, merchant);
  } finally {
    release();
  }
}

async function uploadAction(request: Request, merchant: SignedInMerchant) {
  const m = inLocale(payoutsMessages, requestLocale(request)).upload;
  const read = await readUpload(request, m);
  if (!read.ok) return fileRefused(read.message, read.status);
  const submission = parseWithZod(read.form, { schema: payoutUploadSchemaFor(m) });
  const hide = { hideFields: ["file"] };
  if (submission.status !== "success")
    return data<ActionData>({ lastResult: submission.reply(hide) }, { status: 400 });
  const { title, file, smsReceipts } = submission.value;
  const refuse = (message: string, status: number) =>
    data<ActionData>(
      {
        lastResult: submission.reply({
          ...hide,
          fieldErrors: { file: [`${message} ${m.chooseAgain}`] },
        }),
      },
      { status },
    );

  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return refuse(m.notUtf8, 400);
  }
  const service = disbursements();
  try {
    const batch = await service.createBulk(
      { merchantId: merchant.merchantId, memberId: merchant.userId, mode: "live" },
      { title, fileName: file.name.slice(0, 200) || null, text, smsReceipts: smsReceipts ?? false },
    );
    const { rows, counts } = await service.summary(batch);
    const toFix = counts.invalid;
    return redirectWithSuccess(paths.merchantPayoutBatch(batch.id), {
      message: m.uploaded,
      description: m.uploadedDescription(
        m.rowCount(rows.toLocaleString("en-US")),
        toFix > 0 ? toFix.toLocaleString("en-US") : null,
      ),
    });
  } catch (error) {
    if (!(error instanceof DisbursementError)) throw error;
    return refuse(error.message, domainErrorStatus(error));
  }
}

export default function MerchantPayouts() {
  const {
    available,
    feeBps: b2cBps,
    batches,
    soleApprover,
    hasTwoFactor,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(payoutsMessages);
  return (
    <Container className="py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
        <Link to={paths.newMerchantPayout} className={buttonClass("primary")}>
          {m.newPayout}
        </Link>
      </div>
      <p className="mt-3 max-w-3xl text-slate-700">{m.intro(formatPercent(b2cBps))}</p>
      {soleApprover ? (
        <div className="mt-4 max-w-3xl rounded-xl bg-amber-50 p-4 text-amber-950">
          <h2 className="font-semibold">{m.soleApproverTitle}</h2>
          <SoleApproverNote hasTwoFactor={hasTwoFactor} />
        </div>
      ) : null}

      <section aria-labelledby="balance-title" className="mt-8">
        <h2 id="balance-title" className="sr-only">
          {m.balance}
        </h2>
        <div className="flex max-w-sm flex-wrap items-end justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <dl>
            <dt className="text-sm text-slate-600">{m.availableToPayOut}</dt>
            <dd className="text-2xl font-bold text-ink">{formatKesCents(available)}</dd>
          </dl>
          <Link to={paths.merchantTopUp} className={buttonClass("secondary")}>
            {m.topUp}
          </Link>
        </div>
      </section>

      <section aria-labelledby="batches-title" className="mt-10">
        <h2 id="batches-title" className="text-2xl font-semibold text-ink">
          {m.yourPayouts}
        </h2>
        {batches.length === 0 ? (
          <div className="mt-4 max-w-3xl space-y-3 rounded-xl bg-slate-50 p-6 text-slate-700">
            <p className="font-semibold text-ink">{m.empty.title}</p>
            <p>{m.empty.what}</p>
            <p>
              {m.empty.costBefore(formatPercent(b2cBps))}
              <Link to={paths.tariffSchedule} className="underline">
                {m.empty.tariffLink}
              </Link>
              {m.empty.costAfter}
            </p>
            <p>{m.empty.approval}</p>
          </div>
        ) : (
          <PayoutList batches={batches} />
        )}
      </section>

      <section aria-labelledby="upload-title" className="mt-10 max-w-2xl">
        <h2 id="upload-title" className="text-2xl font-semibold text-ink">
          {m.uploadTitle}
        </h2>
        <p className="mt-2 text-slate-700">{m.uploadIntro}</p>
        <UploadPayoutsForm lastResult={actionData?.lastResult} />
      </section>
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(payoutsMessages, matchesLocale(matches)).title,
    description: inLocale(payoutsMessages, matchesLocale(matches)).metaDescription,
    path: paths.merchantPayouts,
    noindex: true,
  });
