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
import { exportSectionLabels, exportSections } from "~/core/retention/sections";
import type { ErasureOutcome } from "~/core/retention/requests.server";
import { RETENTION_YEARS, retainedLabels } from "~/core/retention/rule";
import { requirePermission } from "~/utils/auth.server";
import { formatEatDateTime } from "~/utils/format";
import { forbidden, privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { dataRequests } from "~/wiring/data-requests.server";

const erasureSchema = z.object({
  confirm: z.literal("yes", {
    errorMap: () => ({
      message: "Tick the box to confirm: what is removed cannot be brought back",
    }),
  }),
});

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
  const submission = parseWithZod(await request.formData(), { schema: erasureSchema });
  if (submission.status !== "success")
    return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  const outcome = await dataRequests().erase(
    { merchantId: merchant.merchantId, userId: merchant.userId },
    Date.now(),
  );
  return redirectWithSuccess(paths.merchantData, {
    message: "Erasure done",
    description: `What could be removed now was removed. Your financial and KYC records are kept ${outcome.keptUntilText}.`,
  });
}

function ErasureResult({ at, outcome }: { at: number; outcome: ErasureOutcome }) {
  return (
    <div role="status" className="mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4">
      <h3 className="font-semibold text-ink">Your erasure request of {formatEatDateTime(at)}</h3>
      <p className="mt-2 font-medium text-ink">Removed:</p>
      <ul className="mt-1 list-disc pl-6 text-slate-800">
        {outcome.removed.map((item) => (
          <li key={item.what}>
            {item.what}: {item.count === 0 ? "none held" : item.count}
          </li>
        ))}
      </ul>
      <p className="mt-3 font-medium text-ink">
        Kept {outcome.keptUntilText}, as the law requires:
      </p>
      <ul className="mt-1 list-disc pl-6 text-slate-800">
        {outcome.kept.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
    </div>
  );
}

export default function YourData() {
  const { isOwner, keptUntilText, lastErasure, requests } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "erasure",
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: erasureSchema }),
  });
  return (
    <Container className="max-w-2xl py-12">
      <p>
        <Link
          to={paths.merchantSettings}
          className="text-sm font-semibold text-brand-800 underline"
        >
          Back to settings
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">Your data</h1>
      <p className="mt-3 text-slate-700">
        Download everything we hold about your business, or ask us to erase what the law lets us
        erase. Financial and KYC records are kept {RETENTION_YEARS} years after your account closes
        (the Proceeds of Crime and Anti-Money Laundering Act): yours are kept {keptUntilText}.
      </p>

      <section aria-labelledby="export-title" className="mt-10">
        <h2 id="export-title" className="text-2xl font-semibold text-ink">
          Download your data
        </h2>
        <p className="mt-2 text-slate-700">
          Your business details, team members (never passwords or second-factor secrets), API keys
          (never their secrets), payments, refunds, payouts, settlements, statement lines and your
          audit log. The JSON file has every section; each CSV file has one, for a spreadsheet.
        </p>
        <p className="mt-4">
          <a
            href={paths.merchantDataExport("format=json")}
            download
            className="font-semibold text-brand-800 underline"
          >
            Download everything (JSON)
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
                {exportSectionLabels[section]} (CSV)
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="erasure-title" className="mt-10">
        <h2 id="erasure-title" className="text-2xl font-semibold text-ink">
          Ask for erasure
        </h2>
        <p className="mt-2 text-slate-700">
          We remove now: marketing consent, your team&apos;s SMS numbers, removed members&apos;
          e-mail addresses, passwords, second factors and sign-in history, invitations never
          accepted, and your customers&apos; e-mail addresses on payments older than 90 days.
        </p>
        <p className="mt-2 text-slate-700">We keep {keptUntilText}, as the law requires:</p>
        <ul className="mt-1 list-disc pl-6 text-slate-700">
          {retainedLabels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
        {lastErasure?.outcome ? (
          <ErasureResult at={lastErasure.at} outcome={lastErasure.outcome} />
        ) : null}
        {isOwner ? (
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            {form.errors?.length ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
                {form.errors[0]}
              </p>
            ) : null}
            <CheckboxField
              meta={fieldMeta(fields.confirm)}
              label="I understand that what is removed cannot be brought back."
              value="yes"
            />
            <SubmitButton pendingLabel="Erasing..." variant="secondary">
              Erase what can be erased
            </SubmitButton>
          </Form>
        ) : (
          <p className="mt-4 text-slate-700">Only the owner can ask for erasure.</p>
        )}
      </section>

      {requests.length > 0 ? (
        <section aria-labelledby="requests-title" className="mt-10">
          <h2 id="requests-title" className="text-2xl font-semibold text-ink">
            Your requests
          </h2>
          <ul className="mt-3 space-y-1 text-slate-700">
            {requests.map((request) => (
              <li key={request.id}>
                {request.kind === "export" ? "Download" : "Erasure"},{" "}
                {formatEatDateTime(request.at)}: {request.status}
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
    title: "Your data",
    description: "Download your data or ask for erasure.",
    path: paths.merchantData,
    noindex: true,
  });
