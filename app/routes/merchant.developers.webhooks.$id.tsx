/**
 * One webhook endpoint (/merchant/developers/webhooks/:id, issue 13 item 4): its details; rotate
 * the signing secret (the new one shown once, the old one signing beside it for 24 h); enable,
 * disable, delete; "Send test event" (a ping); the delivery log with "Resend"; "Replay all since …"
 * (Nairobi time). Plain POST forms with an intent: everything works without JavaScript. Another
 * merchant's endpoint is "not found". The rules live in core/api/webhooks/endpoints.server.ts.
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
import {
  EndpointStatusBadge,
  eventsLabel,
  WebhookModeBadge,
} from "~/components/developers/webhooks/badges";
import { DeliveryLog } from "~/components/developers/webhooks/DeliveryLog";
import { NewSigningSecret } from "~/components/developers/webhooks/NewSigningSecret";
import { Card, textLinkClass } from "~/components/ui";
import { SubmitButton, TextField } from "~/components/ui/form";
import {
  endpointActionSchema,
  nairobiLocalToEpoch,
  replayFormSchema,
  WEBHOOK_REPLAY_CAP,
} from "~/core/api/webhooks/endpoint-input";
import type { EndpointScope } from "~/core/api/webhooks/endpoints.server";
import { requirePermission } from "~/utils/auth.server";
import { formatEatDateTime, formatEatIso } from "~/utils/format";
import { notFound, privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithSuccess, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { webhookEndpoints } from "~/wiring/developers.server";
import { webhookUrlPolicy } from "~/wiring/webhooks.server";

interface ActionData {
  replay?: SubmissionResult<string[]>;
  /** Only in the response to a rotation: the one time the new secret is shown. */
  rotated?: { secret: string; previousSecretExpiresAt: number };
}

async function scopeOf(request: Request): Promise<EndpointScope> {
  const merchant = await requirePermission(request, "developers:manage");
  // The dashboard sees both modes; the API scopes by its key's mode.
  return { merchantId: merchant.merchantId, mode: null };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await scopeOf(request);
  const endpoints = webhookEndpoints();
  const id = params.id ?? "";
  const endpoint = await endpoints.getWebhookEndpoint(scope, id);
  if (!endpoint) throw notFound("Webhook endpoint not found");
  const now = Date.now();
  return {
    endpoint,
    deliveries: (await endpoints.listWebhookDeliveries(scope, id)) ?? [],
    // The replay field starts at one hour ago, Nairobi time ("2026-11-25T13:05").
    replayDefault: formatEatIso(now - 3_600_000).slice(0, 16),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const scope = await scopeOf(request);
  const endpoints = webhookEndpoints();
  const id = params.id ?? "";
  const here = paths.merchantWebhookEndpoint(id);
  const formData = await request.formData();
  const now = Date.now();

  if (formData.get("intent") === "replay") {
    const submission = parseWithZod(formData, { schema: replayFormSchema });
    if (submission.status !== "success")
      return data<ActionData>({ replay: submission.reply() }, { status: 400 });
    const since = nairobiLocalToEpoch(submission.value.since)!;
    const result = await endpoints.replayWebhooksSince(scope, id, since, now);
    if (!result.ok)
      return result.notFound
        ? redirectWithError(paths.merchantWebhooks, { message: "Endpoint not found" })
        : redirectWithError(here, { message: "Nothing queued", description: result.message });
    const more = result.capped
      ? ` That is the most one replay sends (${WEBHOOK_REPLAY_CAP.toLocaleString("en-KE")}): replay again from ${formatEatDateTime(result.lastEventAt!)} for the rest.`
      : "";
    return redirectWithSuccess(here, {
      message: result.queued === 0 ? "No events to replay" : "Replay queued",
      description:
        result.queued === 0
          ? `No events since ${formatEatDateTime(since)} that this endpoint takes.`
          : `${result.queued.toLocaleString("en-KE")} ${result.queued === 1 ? "event" : "events"} since ${formatEatDateTime(since)} will be sent again.${more}`,
    });
  }

  const parsed = endpointActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return redirectWithError(here, {
      message: "Nothing changed",
      description: "That request was incomplete. Please try again.",
    });
  const change = parsed.data;
  const notFoundRedirect = () =>
    redirectWithError(paths.merchantWebhooks, {
      message: "Endpoint not found",
      description: "It may have been deleted.",
    });

  switch (change.intent) {
    case "enable":
    case "disable": {
      const result = await endpoints.updateWebhookEndpoint(
        scope,
        id,
        { status: change.intent === "enable" ? "enabled" : "disabled", now },
        { policy: webhookUrlPolicy() },
      );
      if (!result.ok) return notFoundRedirect();
      return redirectWithSuccess(here, {
        message: change.intent === "enable" ? "Endpoint enabled" : "Endpoint disabled",
        description:
          change.intent === "enable"
            ? "New events are sent to it again. Use Replay all since … for what it missed."
            : "No more events are sent to it; deliveries waiting for a retry were stopped.",
      });
    }
    case "delete":
      return (await endpoints.deleteWebhookEndpoint(scope, id))
        ? redirectWithSuccess(paths.merchantWebhooks, {
            message: "Endpoint deleted",
            description: "No more events are sent to it.",
          })
        : notFoundRedirect();
    case "rotate": {
      const result = await endpoints.rotateWebhookSecret(scope, id, now);
      if (!result.ok) return notFoundRedirect();
      return jsonWithSuccess<ActionData>(
        {
          rotated: {
            secret: result.secret,
            previousSecretExpiresAt: result.previousSecretExpiresAt,
          },
        },
        {
          message: "Signing secret rotated",
          description: "Copy the new secret now: you will not see it again.",
        },
      );
    }
    case "ping": {
      const result = await endpoints.sendWebhookPing(scope, id, now);
      if (!result.ok)
        return result.notFound
          ? notFoundRedirect()
          : redirectWithError(here, { message: "Not sent", description: result.message });
      return redirectWithSuccess(here, {
        message: "Test event sent",
        description: `A ping event (${result.eventId}) is on its way: it appears in the delivery log below.`,
      });
    }
    case "resend": {
      const result = await endpoints.resendWebhook(
        scope,
        id,
        { deliveryId: change.deliveryId },
        now,
      );
      if (!result.ok)
        return result.notFound && !(await endpoints.getWebhookEndpoint(scope, id))
          ? notFoundRedirect()
          : redirectWithError(here, { message: "Not sent", description: result.message });
      return redirectWithSuccess(here, {
        message: "Resending",
        description: "The event is sent again now: the new attempt appears in the log.",
      });
    }
  }
}

export default function DeveloperWebhookEndpoint() {
  const { endpoint, deliveries, replayDefault } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [replayForm, replayFields] = useForm({
    id: "replay",
    lastResult: actionData?.replay,
    defaultValue: { since: replayDefault },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: replayFormSchema }),
  });
  const enabled = endpoint.status === "enabled";
  return (
    <div className="mt-8 space-y-10">
      <p>
        <Link to={paths.merchantWebhooks} className={textLinkClass}>
          &larr; All webhook endpoints
        </Link>
      </p>
      {actionData?.rotated ? (
        <NewSigningSecret secret={actionData.rotated.secret} heading="Your new signing secret">
          <p className="mt-2 text-slate-800">
            The old secret keeps signing beside it until{" "}
            {formatEatDateTime(actionData.rotated.previousSecretExpiresAt)}: update your server
            before then.
          </p>
        </NewSigningSecret>
      ) : null}

      <section aria-labelledby="endpoint-heading">
        <h2 id="endpoint-heading" className="break-all font-mono text-xl font-semibold text-ink">
          {endpoint.url}
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-slate-800 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">Mode</dt>
          <dd>
            <WebhookModeBadge mode={endpoint.mode} />
          </dd>
          <dt className="font-medium">Status</dt>
          <dd>
            <EndpointStatusBadge status={endpoint.status} />
            {endpoint.disabledReason ? (
              <span className="ml-2">
                {endpoint.disabledReason}
                {endpoint.disabledAt ? ` (${formatEatDateTime(endpoint.disabledAt)})` : ""}
              </span>
            ) : null}
          </dd>
          <dt className="font-medium">Failing since</dt>
          <dd>
            {endpoint.failingSince ? formatEatDateTime(endpoint.failingSince) : "Not failing"}
          </dd>
          <dt className="font-medium">Events</dt>
          <dd>{eventsLabel(endpoint.events)}</dd>
          <dt className="font-medium">Description</dt>
          <dd>{endpoint.description ?? "None"}</dd>
          <dt className="font-medium">Added</dt>
          <dd>{formatEatDateTime(endpoint.createdAt)}</dd>
          <dt className="font-medium">Endpoint ID</dt>
          <dd className="font-mono">{endpoint.id}</dd>
        </dl>
      </section>

      <section aria-labelledby="manage-heading">
        <Card>
          <h2 id="manage-heading" className="text-xl font-semibold text-ink">
            Manage
          </h2>
          <div className="mt-4 flex flex-wrap gap-3">
            {enabled ? (
              <Form method="post">
                <SubmitButton pendingLabel="Sending..." name="intent" value="ping">
                  Send test event
                </SubmitButton>
              </Form>
            ) : null}
            <Form method="post">
              <SubmitButton
                variant="secondary"
                pendingLabel="Saving..."
                name="intent"
                value={enabled ? "disable" : "enable"}
              >
                {enabled ? "Disable" : "Enable"}
              </SubmitButton>
            </Form>
          </div>
          <h3 className="mt-6 text-lg font-semibold text-ink">Signing secret</h3>
          <p className="mt-1 text-slate-700">
            {endpoint.previousSecretExpiresAt
              ? `Rotated: the previous secret still signs until ${formatEatDateTime(endpoint.previousSecretExpiresAt)}.`
              : "Shown once when it was made. If it may have leaked, rotate it: the old one keeps signing beside the new one for 24 hours."}
          </p>
          <Form method="post" className="mt-3">
            <SubmitButton
              variant="secondary"
              pendingLabel="Rotating..."
              name="intent"
              value="rotate"
            >
              Rotate signing secret
            </SubmitButton>
          </Form>
          <h3 className="mt-6 text-lg font-semibold text-ink">Delete</h3>
          <p className="mt-1 text-slate-700">
            Deleting removes the endpoint and its delivery log. To pause it and keep the log,
            disable it instead.
          </p>
          <Form method="post" className="mt-3">
            <SubmitButton
              variant="secondary"
              pendingLabel="Deleting..."
              name="intent"
              value="delete"
            >
              Delete endpoint
            </SubmitButton>
          </Form>
        </Card>
      </section>

      <section aria-labelledby="replay-heading">
        <Card>
          <h2 id="replay-heading" className="text-xl font-semibold text-ink">
            Replay all since …
          </h2>
          <p className="mt-2 text-slate-700">
            After an outage, send again every event this endpoint takes since a moment (at most{" "}
            {WEBHOOK_REPLAY_CAP.toLocaleString("en-KE")} per replay).
          </p>
          <Form method="post" {...getFormProps(replayForm)} className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="replay" />
            <TextField
              meta={{
                id: replayFields.since.id,
                name: replayFields.since.name,
                errorId: replayFields.since.errorId,
                errors: replayFields.since.errors?.length ? replayFields.since.errors : undefined,
                required: true,
              }}
              label="Since (Nairobi time)"
              type="datetime-local"
              defaultValue={
                typeof replayFields.since.initialValue === "string"
                  ? replayFields.since.initialValue
                  : replayDefault
              }
            />
            {enabled ? (
              <SubmitButton pendingLabel="Queuing...">Replay events</SubmitButton>
            ) : (
              <p className="text-slate-700">Enable the endpoint to replay events.</p>
            )}
          </Form>
        </Card>
      </section>

      <section aria-labelledby="log-heading">
        <h2 id="log-heading" className="text-xl font-semibold text-ink">
          Delivery log
        </h2>
        <p className="mt-2 text-slate-700">
          The latest 50 events sent to this endpoint, newest first.
        </p>
        <DeliveryLog deliveries={deliveries} canResend={enabled} />
      </section>
    </div>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches, params }) =>
  seo(matches, {
    title: "Webhook endpoint",
    description: "A webhook endpoint and its delivery log.",
    path: paths.merchantWebhookEndpoint(params.id ?? ""),
    noindex: true,
  });
