/**
 * Unmatched top-ups for operators (/admin/top-ups, issue 30): money that came in by Pay Bill or
 * bank transfer for an account number or reference that names no merchant, held in suspense. An
 * operator who has found whose it is credits it to that merchant (one posting, audited). A plain
 * POST form with a redirect and a message.
 */
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ConsolePage } from "~/components/app/ConsolePage";
import { SubmitButton } from "~/components/ui/form";
import { topUpMethodLabels } from "~/content/top-ups";
import { formatEatDateTime, formatKesCents } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { topUps } from "~/wiring/top-ups.server";

const attributeSchema = z.object({
  topUpId: z.string().trim().min(1).max(40),
  merchantId: z
    .string({ required_error: "Enter the merchant id, such as MRC-K3NYA2" })
    .trim()
    .min(1, "Enter the merchant id, such as MRC-K3NYA2")
    .max(20, "Enter the merchant id, such as MRC-K3NYA2"),
});

const REFUSALS = {
  not_found: "This top-up was not found.",
  not_unmatched: "This top-up was credited already.",
  unknown_merchant: "No active merchant has this id.",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, ["reviewer"]);
  const rows = await topUps().unmatched();
  return {
    rows: rows.map((row) => ({
      id: row.id,
      method: row.method,
      amount: row.amountKesCents.toString(),
      accountReference: row.accountReference ?? "",
      providerReference: row.providerReference ?? "",
      payer: row.payer ?? "",
      createdAt: row.createdAt,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request, ["reviewer"]);
  const submission = parseWithZod(await request.formData(), { schema: attributeSchema });
  if (submission.status !== "success")
    return data(
      { topUpId: "", error: "Enter the merchant id, such as MRC-K3NYA2" },
      { status: 400 },
    );
  const { topUpId, merchantId } = submission.value;
  const result = await topUps().attribute({ topUpId, merchantId, operatorId: operator.id });
  if (!result.ok) return data({ topUpId, error: REFUSALS[result.reason] }, { status: 400 });
  return redirectWithSuccess(
    paths.adminTopUps,
    `${formatKesCents(result.topUp.amountKesCents)} credited to ${result.topUp.merchantId}.`,
  );
}

export default function AdminTopUps() {
  const { rows } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <ConsolePage title="Unmatched top-ups">
      <p className="max-w-3xl text-slate-700">
        Money paid to our Pay Bill or collection account with an account number or reference that
        names no merchant. It is held in suspense until you credit it to the merchant it belongs to.
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-700">Nothing is waiting.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {rows.map((row) => {
            const error = refused?.topUpId === row.id ? refused.error : null;
            const errorId = `${row.id}-error`;
            return (
              <li
                key={row.id}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <h2 className="text-lg font-semibold text-ink">
                  {formatKesCents(row.amount)} by {topUpMethodLabels[row.method]}
                </h2>
                <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="text-slate-600">They typed</dt>
                  <dd className="break-words">{row.accountReference || "(nothing)"}</dd>
                  <dt className="text-slate-600">Provider reference</dt>
                  <dd className="font-mono">{row.providerReference}</dd>
                  <dt className="text-slate-600">Paid by</dt>
                  <dd className="break-words">{row.payer}</dd>
                  <dt className="text-slate-600">Received (EAT)</dt>
                  <dd>{formatEatDateTime(row.createdAt)}</dd>
                </dl>
                <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
                  <input type="hidden" name="topUpId" value={row.id} />
                  <div>
                    <label
                      htmlFor={`${row.id}-merchant`}
                      className="block text-sm font-medium text-slate-800"
                    >
                      Merchant id
                    </label>
                    <input
                      id={`${row.id}-merchant`}
                      name="merchantId"
                      required
                      autoComplete="off"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      className="mt-1 rounded-lg border border-slate-400 px-3 py-2"
                    />
                  </div>
                  <SubmitButton pendingLabel="Crediting…" variant="secondary">
                    Credit to this merchant
                  </SubmitButton>
                  {error ? (
                    <p id={errorId} className="w-full text-sm text-red-800" role="alert">
                      {error}
                    </p>
                  ) : null}
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Unmatched top-ups",
    description: "Top-ups held in suspense, and crediting them to a merchant.",
    path: paths.adminTopUps,
    noindex: true,
  });
