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
import {
  AddEndpointForm,
  addEndpointSchemaFor,
} from "~/components/developers/webhooks/AddEndpointForm";
import { WebhookModeBadge } from "~/components/developers/webhooks/badges";
import { EndpointList } from "~/components/developers/webhooks/EndpointList";
import { NewSigningSecret } from "~/components/developers/webhooks/NewSigningSecret";
import { textLinkClass } from "~/components/ui";
import type { ApiMode } from "~/core/api/vocabulary";
import { developersMessages, refusalIn } from "~/i18n/catalogs/developers";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";
import { requirePermission } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
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
  const words = inLocale(developersMessages, requestLocale(request));
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: addEndpointSchemaFor(words.endpointErrors) });
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
          fieldErrors: { [result.field ?? "url"]: [refusalIn(result.message, words.refusals)] },
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
      message: words.addEndpoint.added,
      description: words.addEndpoint.addedDescription,
    },
  );
}

export default function DeveloperWebhooks() {
  const { endpoints } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const created = actionData?.created;
  const m = useMessages(developersMessages).webhooks;
  return (
    <div className="mt-8 space-y-10">
      {created ? (
        <NewSigningSecret secret={created.secret} heading={m.newSecretHeading}>
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
          {m.heading}
        </h2>
        <p className="mt-2 text-slate-700">{m.intro}</p>
        <EndpointList endpoints={endpoints} />
      </section>
      <AddEndpointForm lastResult={actionData?.lastResult} />
    </div>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(developersMessages, matchesLocale(matches)).webhooks.metaTitle,
    description: inLocale(developersMessages, matchesLocale(matches)).webhooks.metaDescription,
    path: paths.merchantWebhooks,
    noindex: true,
  });
