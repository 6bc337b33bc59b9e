/**
 * Your data (issue 31, item 9; ADR 0060): owners and admins download the business's data, as one
 * JSON document (every section) or a CSV file per section; an owner asks for erasure (confirmed
 * with a checkbox), which removes what the law lets us remove now and keeps the financial and KYC
 * records for 7 years after the account closes. The page says, in the server's HTML, what the last
 * erasure removed and what is kept until when. Every request is recorded and audited.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Container } from "~/components/ui";
import { CheckboxField, fieldMeta, SubmitButton } from "~/components/ui/form";
import { exportSections } from "~/core/retention/sections";
import type { ErasureOutcome } from "~/core/retention/requests.server";
import { type RETAINED_RECORDS, RETENTION_YEARS, retainedLabels } from "~/core/retention/rule";
import { settingsMessages } from "~/i18n/catalogs/settings";
import type { Locale } from "~/i18n/locales";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale, type Translation } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { requirePermission } from "~/utils/auth.server";
import { formatDate, formatEatDateTime } from "~/utils/format";
import { forbidden, privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { dataRequests } from "~/wiring/data-requests.server";

type DataText = Translation<(typeof settingsMessages)["en"]["data"]>;
type RetainedLabel = (typeof RETAINED_RECORDS)[number]["label"];

/** The erasure form's schema, saying `message` in the page's language. */
const erasureSchemaFor = (message: string) =>
  z.object({ confirm: z.literal("yes", { errorMap: () => ({ message }) }) });

/** "until 1 Dec 2033", or "until 7 years after your account closes" (core's keptUntilText). */
const keptUntilIn = (keptUntil: number | null, m: DataText, locale: Locale) =>
  keptUntil === null
    ? m.keptUntilOpen(RETENTION_YEARS)
    : m.keptUntilDate(formatDate(keptUntil, locale));

/** A retained record's label in the page's language (core's English is the key). */
const retainedIn = (label: string, m: DataText) => m.retained[label as RetainedLabel] ?? label;

/** What an erasure removed, as core recorded it (English), in the page's language. */
const removedWhat = (what: string, m: DataText) =>
  (m.removedItems as Readonly<Record<string, string | undefined>>)[what] ?? what;

type ActionData = { lastResult: SubmissionResult<string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "settings:manage");
  const [retention, requests] = await Promise.all([
    dataRequests().retention(merchant.merchantId),
    dataRequests().list(merchant.merchantId, 10),
  ]);
  const erasure = requests.find((request) => request.kind === "erasure") ?? null;
  return {
    isOwner: merchant.role === "owner",
    keptUntilText: retention.keptUntilText,
    keptUntil: retention.keptUntil,
    erasedAt: retention.erasedAt,
    lastErasure: erasure
      ? { at: erasure.createdAt, outcome: erasure.outcome as ErasureOutcome | null }
      : null,
    requests: requests.map((request) => ({
      id: request.id,
      kind: request.kind,
      at: request.createdAt,
      status: request.status,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "settings:manage");
  if (merchant.role !== "owner") throw forbidden("Only the owner can ask for erasure.");
  const locale = requestLocale(request);
  const m = inLocale(settingsMessages, locale).data;
  const submission = parseWithZod(await request.formData(), {
    schema: erasureSchemaFor(m.confirmRequired),
  });
  if (submission.status !== "success")
    return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  const { keptUntil } = await dataRequests().retention(merchant.merchantId);
  const outcome = await dataRequests().erase(
    { merchantId: merchant.merchantId, userId: merchant.userId },
    Date.now(),
  );
  return redirectWithSuccess(paths.merchantData, {
    message: m.erasureDone,
    description: m.erasureDoneDescription(
      locale === "en" ? outcome.keptUntilText : keptUntilIn(keptUntil, m, locale),
    ),
  });
}

function ErasureResult({
  at,
  outcome,
  keptUntil,
}: {
  at: number;
  outcome: ErasureOutcome;
  /** The page's "until …" in its language (the outcome's own is English). */
  keptUntil: string;
}) {
  const m = useMessages(settingsMessages).data;
  const locale = useLocale();
  return (
    <div role="status" className="mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4">
      <h3 className="font-semibold text-ink">{m.resultTitle(formatEatDateTime(at, locale))}</h3>
      <p className="mt-2 font-medium text-ink">{m.removedLabel}</p>
      <ul className="mt-1 list-disc pl-6 text-slate-800">
        {outcome.removed.map((item) => (
          <li key={item.what}>
            {removedWhat(item.what, m)}: {item.count === 0 ? m.noneHeld : item.count}
          </li>
        ))}
      </ul>
      <p className="mt-3 font-medium text-ink">
        {m.keptLabel(locale === "en" ? outcome.keptUntilText : keptUntil)}
      </p>
      <ul className="mt-1 list-disc pl-6 text-slate-800">
        {outcome.kept.map((label) => (
          <li key={label}>{retainedIn(label, m)}</li>
        ))}
      </ul>
    </div>
  );
}

export default function YourData() {
  const {
    isOwner,
    keptUntilText: englishKeptUntil,
    keptUntil,
    lastErasure,
    requests,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(settingsMessages).data;
  const locale = useLocale();
  const keptUntilText = locale === "en" ? englishKeptUntil : keptUntilIn(keptUntil, m, locale);
  const [form, fields] = useForm({
    id: "erasure",
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: erasureSchemaFor(m.confirmRequired) }),
  });
  return (
    <Container className="max-w-2xl py-12">
      <p>
        <Link
          to={paths.merchantSettings}
          className="text-sm font-semibold text-brand-800 underline"
        >
          {m.back}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-3 text-slate-700">{m.intro(RETENTION_YEARS, keptUntilText)}</p>

      <section aria-labelledby="export-title" className="mt-10">
        <h2 id="export-title" className="text-2xl font-semibold text-ink">
          {m.exportTitle}
        </h2>
        <p className="mt-2 text-slate-700">{m.exportIntro}</p>
        <p className="mt-4">
          <a
            href={paths.merchantDataExport("format=json")}
            download
            className="font-semibold text-brand-800 underline"
          >
            {m.downloadAll}
          </a>
        </p>
        <ul className="mt-3 space-y-1">
          {exportSections.map((section) => (
            <li key={section}>
              <a
                href={paths.merchantDataExport(`format=csv&section=${section}`)}
                download
                className="text-brand-800 underline"
              >
                {m.sections[section]} (CSV)
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="erasure-title" className="mt-10">
        <h2 id="erasure-title" className="text-2xl font-semibold text-ink">
          {m.erasureTitle}
        </h2>
        <p className="mt-2 text-slate-700">{m.erasureIntro}</p>
        <p className="mt-2 text-slate-700">{m.weKeep(keptUntilText)}</p>
        <ul className="mt-1 list-disc pl-6 text-slate-700">
          {retainedLabels.map((label) => (
            <li key={label}>{retainedIn(label, m)}</li>
          ))}
        </ul>
        {lastErasure?.outcome ? (
          <ErasureResult
            at={lastErasure.at}
            outcome={lastErasure.outcome}
            keptUntil={keptUntilText}
          />
        ) : null}
        {isOwner ? (
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            {form.errors?.length ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
                {form.errors[0]}
              </p>
            ) : null}
            <CheckboxField meta={fieldMeta(fields.confirm)} label={m.confirm} value="yes" />
            <SubmitButton pendingLabel={m.erasing} variant="secondary">
              {m.erase}
            </SubmitButton>
          </Form>
        ) : (
          <p className="mt-4 text-slate-700">{m.onlyOwner}</p>
        )}
      </section>

      {requests.length > 0 ? (
        <section aria-labelledby="requests-title" className="mt-10">
          <h2 id="requests-title" className="text-2xl font-semibold text-ink">
            {m.requestsTitle}
          </h2>
          <ul className="mt-3 space-y-1 text-slate-700">
            {requests.map((request) => (
              <li key={request.id}>
                {request.kind === "export" ? m.download : m.erasure},{" "}
                {formatEatDateTime(request.at, locale)}:{" "}
                {request.status === "completed" ? m.completed : request.status}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(settingsMessages, matchesLocale(matches)).data.title,
    description: inLocale(settingsMessages, matchesLocale(matches)).data.metaDescription,
    path: paths.merchantData,
    noindex: true,
  });
