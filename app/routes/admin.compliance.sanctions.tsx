/**
 * Sanctions lists for compliance operators (/admin/compliance/sanctions, issue 31, item 1; ADR
 * 0054): per list the active snapshot, what its import changed and the recent snapshots (rejected
 * ones with their reason); "Import now" uploads a file (multipart, the request body limited before
 * it is read: body-limit.server.ts) and imports it as the daily fetch would, audited. The answer is
 * a message and, on the page, the snapshot it made.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConsolePage } from "~/components/app/ConsolePage";
import { ImportForm, type ImportFormErrors } from "~/components/admin/sanctions/ImportForm";
import {
  DiffSummary,
  SnapshotFacts,
  SourceSnapshots,
  StatusBadge,
  type SnapshotOnPage,
} from "~/components/admin/sanctions/SourceSnapshots";
import { sanctionsPageIntro, sanctionsPageTitle, uploadMessages } from "~/content/sanctions-lists";
import type { ListFile } from "~/core/compliance/sanctions/read-list";
import type { SnapshotView } from "~/core/compliance/sanctions/snapshots.server";
import {
  sanctionsSourceLabels,
  sanctionsSources,
  type SanctionsSource,
} from "~/core/compliance/vocabulary";
import { readLimitedMultipart } from "~/utils/body-limit.server";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithError, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { sanctionsLists } from "~/wiring/sanctions.server";

const PAGE = paths.adminSanctions;
const ROLES = ["compliance", "admin"] as const;

const onPage = (snapshot: SnapshotView): SnapshotOnPage => ({
  id: snapshot.id,
  status: snapshot.status,
  trigger: snapshot.trigger,
  origin: snapshot.origin,
  publishedAt: snapshot.publishedAt,
  checksum: snapshot.checksum,
  byteSize: snapshot.byteSize,
  entryCount: snapshot.entryCount,
  nameCount: snapshot.nameCount,
  addressCount: snapshot.addressCount,
  reason: snapshot.reason,
  importedByName: snapshot.importedByName,
  createdAt: snapshot.createdAt,
  diff: snapshot.diff,
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, [...ROLES]);
  const lists = sanctionsLists();
  const [sources, lastRuns] = await Promise.all([lists.listSnapshots(), lists.lastScheduledRuns()]);
  const schedule = lists.schedule();
  const wanted = new URL(request.url).searchParams.get("snapshot");
  const all = sources.flatMap((each) => each.recent);
  const result = wanted ? (all.find((snapshot) => snapshot.id === wanted) ?? null) : null;
  return {
    sources: sources.map((each) => ({
      source: each.source,
      label: sanctionsSourceLabels[each.source],
      active: each.active ? onPage(each.active) : null,
      recent: each.recent.map(onPage),
      scheduled: schedule.sources.includes(each.source) ? `Fetched ${schedule.label}.` : null,
      lastRun: lastRuns[each.source],
    })),
    result: result ? { ...onPage(result), label: sanctionsSourceLabels[result.source] } : null,
  };
}

type Upload =
  | { ok: true; source: SanctionsSource; files: ListFile[] }
  | { ok: false; status: number; errors: ImportFormErrors };

const isSource = (value: unknown): value is SanctionsSource =>
  typeof value === "string" && (sanctionsSources as readonly string[]).includes(value);

/**
 * The form's list and files: a declared length over the address's limit is refused before anything
 * is read, a body that grows past it while it streams as soon as it does.
 */
async function readUpload(request: Request): Promise<Upload> {
  const read = await readLimitedMultipart(request);
  if (!read.ok)
    return read.reason === "too_large"
      ? { ok: false, status: 413, errors: { file: uploadMessages.tooLarge } }
      : { ok: false, status: 400, errors: { file: uploadMessages.notMultipart } };
  const { form } = read;
  const source = form.get("source");
  const uploads = form
    .getAll("file")
    .filter((file): file is File => typeof file === "object" && file !== null && file.size > 0);
  const errors: ImportFormErrors = {};
  if (!isSource(source)) errors.source = uploadMessages.chooseSource;
  if (uploads.length === 0) errors.file = uploadMessages.chooseFile;
  if (errors.source || errors.file || !isSource(source)) return { ok: false, status: 400, errors };
  const files = await Promise.all(
    uploads.map(async (file) => ({
      name: file.name || "upload",
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
  return { ok: true, source, files };
}

const refused = (status: number, errors: ImportFormErrors) =>
  jsonWithError(
    { errors },
    { message: "Not imported", description: errors.file ?? errors.source },
    { status },
  );

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request, [...ROLES]);
  const release = sanctionsLists().takeImportSlot();
  if (!release) return refused(429, { file: uploadMessages.busy });
  try {
    const upload = await readUpload(request);
    if (!upload.ok) return refused(upload.status, upload.errors);
    const result = await sanctionsLists().importUpload({
      source: upload.source,
      files: upload.files,
      operatorId: operator.id,
    });
    const label = sanctionsSourceLabels[upload.source];
    const to = `${PAGE}?snapshot=${encodeURIComponent(result.snapshot.id)}`;
    switch (result.outcome) {
      case "imported":
        return redirectWithSuccess(to, {
          message: "List imported",
          description: `${label}: ${result.snapshot.entryCount} entries, now in use.`,
        });
      case "unchanged":
        return redirectWithSuccess(to, {
          message: "No change",
          description: `${label}: this is the file already in use; nothing new was recorded.`,
        });
      case "rejected":
        return redirectWithError(to, {
          message: "List rejected",
          description: `${label}: ${result.reason}`,
        });
    }
  } finally {
    release();
  }
}

export default function AdminSanctions() {
  const { sources, result } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer && "errors" in answer ? answer.errors : undefined;
  return (
    <ConsolePage title={sanctionsPageTitle}>
      <p className="max-w-3xl text-slate-700">{sanctionsPageIntro}</p>
      {result ? (
        <section
          aria-labelledby="result-heading"
          className="mt-6 rounded-xl border border-slate-300 bg-slate-50 p-4"
        >
          <h2 id="result-heading" className="text-xl font-semibold text-ink">
            Your import: {result.label} <StatusBadge status={result.status} />
          </h2>
          <div className="mt-2">
            <SnapshotFacts snapshot={result} />
          </div>
          {result.status !== "rejected" && result.diff ? (
            <div className="mt-3">
              <DiffSummary diff={result.diff} />
            </div>
          ) : null}
        </section>
      ) : null}
      {sources.every((each) => each.recent.length === 0) ? (
        <p className="mt-6 max-w-3xl rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          No list has been imported yet. Nothing is screened until one is: import the UN and OFAC
          lists below, or set their URLs for the daily fetch.
        </p>
      ) : null}
      {sources.map((each) => (
        <SourceSnapshots
          key={each.source}
          id={`list-${each.source}`}
          label={each.label}
          active={each.active}
          recent={each.recent}
          scheduled={each.scheduled}
          lastRun={each.lastRun}
        />
      ))}
      <ImportForm errors={errors} />
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: sanctionsPageTitle,
    description: "Sanctions list snapshots, what changed, and importing a list.",
    path: paths.adminSanctions,
    noindex: true,
  });
