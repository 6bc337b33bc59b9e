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
import { z } from "zod";
import {
  endpointActionSchema,
  nairobiLocalToEpoch,
  WEBHOOK_REPLAY_CAP,
} from "~/core/api/webhooks/endpoint-input";
import { developersMessages, refusalIn } from "~/i18n/catalogs/developers";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useLocale, useMessages } from "~/i18n/use-messages";
import type { EndpointScope } from "~/core/api/webhooks/endpoints.server";
import { requirePermission } from "~/utils/auth.server";
import { formatEatDateTime, formatEatIso } from "~/utils/format";
import { notFound, privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithSuccess, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { webhookEndpoints } from "~/wiring/developers.server";
import { webhookUrlPolicy } from "~/wiring/webhooks.server";

interface ActionData {
  replay?: SubmissionResult<string[]>;
  /** Only in the response to a rotation: the one time the new secret is shown. */
  rotated?: { secret: string; previousSecretExpiresAt: number };
}

/** Core's replayFormSchema with the page's message (the same rules). */
const replaySchemaFor = (message: string) =>
  z.object({
    intent: z.literal("replay"),
    since: z
      .string({ required_error: message })
      .max(20)
      .refine((value) => nairobiLocalToEpoch(value) !== null, { message }),
  });

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
  if (!endpoint)
    throw notFound(inLocale(developersMessages, requestLocale(request)).endpoint.notFound);
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
  const locale = requestLocale(request);
  const words = inLocale(developersMessages, locale);
  const t = words.endpointToasts;
  const at = (moment: number) => formatEatDateTime(moment, locale);

  if (formData.get("intent") === "replay") {
    const submission = parseWithZod(formData, {
      schema: replaySchemaFor(words.endpointErrors.sinceRequired),
    });
    if (submission.status !== "success")
      return data<ActionData>({ replay: submission.reply() }, { status: 400 });
    const since = nairobiLocalToEpoch(submission.value.since)!;
    const result = await endpoints.replayWebhooksSince(scope, id, since, now);
    if (!result.ok)
      return result.notFound
        ? redirectWithError(paths.merchantWebhooks, { message: t.notFound })
        : redirectWithError(here, {
            message: t.nothingQueued,
            description: refusalIn(result.message, words.refusals),
          });
    const more = result.capped
      ? t.replayCapped(WEBHOOK_REPLAY_CAP.toLocaleString("en-KE"), at(result.lastEventAt!))
      : "";
    return redirectWithSuccess(here, {
      message: result.queued === 0 ? t.noEventsToReplay : t.replayQueued,
      description:
        result.queued === 0
          ? t.noEventsSince(at(since))
          : `${t.eventsSince(result.queued, at(since))}${more}`,
    });
  }

  const parsed = endpointActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return redirectWithError(here, { message: t.nothingChanged, description: t.incomplete });
  const change = parsed.data;
  const notFoundRedirect = () =>
    redirectWithError(paths.merchantWebhooks, { message: t.notFound, description: t.maybeDeleted });

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
        message: change.intent === "enable" ? t.enabled : t.disabled,
        description: change.intent === "enable" ? t.enabledDescription : t.disabledDescription,
      });
    }
    case "delete":
      return (await endpoints.deleteWebhookEndpoint(scope, id))
        ? redirectWithSuccess(paths.merchantWebhooks, {
            message: t.deleted,
            description: t.deletedDescription,
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
          message: t.rotated,
          description: t.rotatedDescription,
        },
      );
    }
    case "ping": {
      const result = await endpoints.sendWebhookPing(scope, id, now);
      if (!result.ok)
        return result.notFound
          ? notFoundRedirect()
          : redirectWithError(here, {
              message: t.notSent,
              description: refusalIn(result.message, words.refusals),
            });
      return redirectWithSuccess(here, {
        message: t.testSent,
        description: t.testSentDescription(result.eventId),
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
          : redirectWithError(here, {
              message: t.notSent,
              description: refusalIn(result.message, words.refusals),
            });
      return redirectWithSuccess(here, {
        message: t.resending,
        description: t.resendingDescription,
      });
    }
  }
}

export default function DeveloperWebhookEndpoint() {
  const { endpoint, deliveries, replayDefault } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const words = useMessages(developersMessages);
  const m = words.endpoint;
  const locale = useLocale();
  const at = (moment: number) => formatEatDateTime(moment, locale);
  const [replayForm, replayFields] = useForm({
    id: "replay",
    lastResult: actionData?.replay,
    defaultValue: { since: replayDefault },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: replaySchemaFor(words.endpointErrors.sinceRequired) }),
  });
  const enabled = endpoint.status === "enabled";
  return (
    <div className="mt-8 space-y-10">
      <p>
        <Link to={paths.merchantWebhooks} className={textLinkClass}>
          &larr; {m.back}
        </Link>
      </p>
      {actionData?.rotated ? (
        <NewSigningSecret secret={actionData.rotated.secret} heading={m.newSecretHeading}>
          <p className="mt-2 text-slate-800">
            {m.oldSecretUntil(at(actionData.rotated.previousSecretExpiresAt))}
          </p>
        </NewSigningSecret>
      ) : null}

      <section aria-labelledby="endpoint-heading">
        <h2 id="endpoint-heading" className="break-all font-mono text-xl font-semibold text-ink">
          {endpoint.url}
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-slate-800 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">{words.modeLegend}</dt>
          <dd>
            <WebhookModeBadge mode={endpoint.mode} />
          </dd>
          <dt className="font-medium">{words.webhooks.status}</dt>
          <dd>
            <EndpointStatusBadge status={endpoint.status} />
            {endpoint.disabledReason ? (
              <span className="ml-2">
                {refusalIn(endpoint.disabledReason, words.refusals)}
                {endpoint.disabledAt ? ` (${at(endpoint.disabledAt)})` : ""}
              </span>
            ) : null}
          </dd>
          <dt className="font-medium">{words.webhooks.failingSince}</dt>
          <dd>{endpoint.failingSince ? at(endpoint.failingSince) : words.webhooks.notFailing}</dd>
          <dt className="font-medium">{words.webhooks.events}</dt>
          <dd>{eventsLabel(endpoint.events, words.webhooks.allEvents)}</dd>
          <dt className="font-medium">{m.description}</dt>
          <dd>{endpoint.description ?? m.none}</dd>
          <dt className="font-medium">{m.added}</dt>
          <dd>{at(endpoint.createdAt)}</dd>
          <dt className="font-medium">{m.endpointId}</dt>
          <dd className="font-mono">{endpoint.id}</dd>
        </dl>
      </section>

      <section aria-labelledby="manage-heading">
        <Card>
          <h2 id="manage-heading" className="text-xl font-semibold text-ink">
            {m.manage}
          </h2>
          <div className="mt-4 flex flex-wrap gap-3">
            {enabled ? (
              <Form method="post">
                <SubmitButton pendingLabel={m.sending} name="intent" value="ping">
                  {m.sendTest}
                </SubmitButton>
              </Form>
            ) : null}
            <Form method="post">
              <SubmitButton
                variant="secondary"
                pendingLabel={m.saving}
                name="intent"
                value={enabled ? "disable" : "enable"}
              >
                {enabled ? m.disable : m.enable}
              </SubmitButton>
            </Form>
          </div>
          <h3 className="mt-6 text-lg font-semibold text-ink">{m.signingSecret}</h3>
          <p className="mt-1 text-slate-700">
            {endpoint.previousSecretExpiresAt
              ? m.rotatedUntil(at(endpoint.previousSecretExpiresAt))
              : m.shownOnce}
          </p>
          <Form method="post" className="mt-3">
            <SubmitButton
              variant="secondary"
              pendingLabel={m.rotating}
              name="intent"
              value="rotate"
            >
              {m.rotate}
            </SubmitButton>
          </Form>
          <h3 className="mt-6 text-lg font-semibold text-ink">{m.deleteHeading}</h3>
          <p className="mt-1 text-slate-700">{m.deleteText}</p>
          <Form method="post" className="mt-3">
            <SubmitButton
              variant="secondary"
              pendingLabel={m.deleting}
              name="intent"
              value="delete"
            >
              {m.deleteButton}
            </SubmitButton>
          </Form>
        </Card>
      </section>

      <section aria-labelledby="replay-heading">
        <Card>
          <h2 id="replay-heading" className="text-xl font-semibold text-ink">
            {m.replayTitle}
          </h2>
          <p className="mt-2 text-slate-700">
            {m.replayIntro(WEBHOOK_REPLAY_CAP.toLocaleString("en-KE"))}
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
              label={m.since}
              type="datetime-local"
              defaultValue={
                typeof replayFields.since.initialValue === "string"
                  ? replayFields.since.initialValue
                  : replayDefault
              }
            />
            {enabled ? (
              <SubmitButton pendingLabel={m.queuing}>{m.replayButton}</SubmitButton>
            ) : (
              <p className="text-slate-700">{m.enableToReplay}</p>
            )}
          </Form>
        </Card>
      </section>

      <section aria-labelledby="log-heading">
        <h2 id="log-heading" className="text-xl font-semibold text-ink">
          {m.logTitle}
        </h2>
        <p className="mt-2 text-slate-700">{m.logIntro}</p>
        <DeliveryLog deliveries={deliveries} canResend={enabled} />
      </section>
    </div>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches, params }) =>
  seo(matches, {
    title: inLocale(developersMessages, matchesLocale(matches)).endpoint.metaTitle,
    description: inLocale(developersMessages, matchesLocale(matches)).endpoint.metaDescription,
    path: paths.merchantWebhookEndpoint(params.id ?? ""),
    noindex: true,
  });
