/**
 * Developers > Webhooks (/merchant/developers/webhooks, issue 13 item 4): the merchant's endpoints
 * (URL, mode, events, status, failing since) and "Add endpoint". The signing secret is shown once,
 * in this action's response only (never a cookie, a flash or a log). The rules live in
 * core/api/webhooks/endpoints.server.ts.
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
import { AddEndpointForm } from "~/components/developers/webhooks/AddEndpointForm";
import { WebhookModeBadge } from "~/components/developers/webhooks/badges";
import { EndpointList } from "~/components/developers/webhooks/EndpointList";
import { NewSigningSecret } from "~/components/developers/webhooks/NewSigningSecret";
import { textLinkClass } from "~/components/ui";
import type { ApiMode } from "~/core/api/vocabulary";
import { addEndpointFormSchema } from "~/core/api/webhooks/endpoint-input";
import { requirePermission } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithSuccess } from "~/utils/toast.server";
import { webhookEndpoints } from "~/wiring/developers.server";
import { webhookUrlPolicy } from "~/wiring/webhooks.server";

interface ActionData {
  lastResult: SubmissionResult<string[]>;
  /** Only in the response to a successful create: the one time the secret is shown. */
  created?: { id: string; url: string; mode: ApiMode; secret: string };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "developers:manage");
  return {
    endpoints: await webhookEndpoints().listWebhookEndpoints({
      merchantId: merchant.merchantId,
      mode: null,
    }),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "developers:manage");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: addEndpointFormSchema });
  if (submission.status !== "success")
    return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  const input = submission.value;
  const result = await webhookEndpoints().createWebhookEndpoint(
    {
      merchantId: merchant.merchantId,
      mode: input.mode,
      url: input.url,
      description: input.description ?? null,
      events: input.events,
      now: Date.now(),
    },
    { policy: webhookUrlPolicy() },
  );
  if (!result.ok)
    return data<ActionData>(
      {
        lastResult: submission.reply({
          fieldErrors: { [result.field ?? "url"]: [result.message] },
        }),
      },
      { status: 400 },
    );
  return jsonWithSuccess<ActionData>(
    {
      lastResult: submission.reply({ resetForm: true }),
      created: {
        id: result.endpoint.id,
        url: result.endpoint.url,
        mode: result.endpoint.mode,
        secret: result.secret,
      },
    },
    {
      message: "Endpoint added",
      description: "Copy its signing secret now: you will not see it again.",
    },
  );
}

export default function DeveloperWebhooks() {
  const { endpoints } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const created = actionData?.created;
  return (
    <div className="mt-8 space-y-10">
      {created ? (
        <NewSigningSecret secret={created.secret} heading="Your new endpoint's signing secret">
          <p className="mt-2 text-slate-800">
            <WebhookModeBadge mode={created.mode} />{" "}
            <Link
              to={paths.merchantWebhookEndpoint(created.id)}
              className={`${textLinkClass} break-all font-mono`}
            >
              {created.url}
            </Link>
          </p>
        </NewSigningSecret>
      ) : null}
      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading" className="text-xl font-semibold text-ink">
          Webhook endpoints
        </h2>
        <p className="mt-2 text-slate-700">
          We POST an event to each endpoint when a payment changes (created, paid, settled, expired
          and more), signed in the OneHop-Signature header. Failed deliveries are retried for 3
          days. An event can arrive more than once: use its id to ignore repeats.
        </p>
        <EndpointList endpoints={endpoints} />
      </section>
      <AddEndpointForm lastResult={actionData?.lastResult} />
    </div>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Webhooks",
    description: "Webhook endpoints for your OneHop account.",
    path: paths.merchantWebhooks,
    noindex: true,
  });
