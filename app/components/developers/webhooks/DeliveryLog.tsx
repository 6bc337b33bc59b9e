/**
 * An endpoint's delivery log: each event sent (newest first) with its attempts (the signature
 * header sent, the answer's status and first 500 characters, latency, the error) and the next
 * retry, and a "Resend" button per delivery (a plain POST form).
 */
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/form";
import type { WebhookDeliveryStatus } from "~/core/api/vocabulary";
import { developersMessages, refusalIn } from "~/i18n/catalogs/developers";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatEatDateTime } from "~/utils/format";
import { DeliveryStatusBadge } from "./badges";

/** What the page's loader gives for each delivery (core's DeliveryView). */
export interface DeliveryLogItem {
  id: string;
  eventId: string;
  eventType: string;
  eventCreatedAt: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
  attemptLog: {
    at: number;
    signature: string;
    responseStatus: number | null;
    responseExcerpt: string | null;
    latencyMs: number;
    error: string | null;
  }[];
}

export function DeliveryLog({
  deliveries,
  canResend,
}: {
  deliveries: DeliveryLogItem[];
  canResend: boolean;
}) {
  const words = useMessages(developersMessages);
  const m = words.deliveries;
  const locale = useLocale();
  if (deliveries.length === 0) return <p className="mt-3 text-slate-700">{m.empty}</p>;
  return (
    <ol className="mt-4 space-y-4">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-mono font-semibold text-ink">{delivery.eventType}</p>
              <p className="text-sm text-slate-600">
                <span className="font-mono">{delivery.eventId}</span> &middot; {m.eventAt}{" "}
                {formatEatDateTime(delivery.eventCreatedAt, locale)}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <DeliveryStatusBadge status={delivery.status} attempts={delivery.attempts} />
              {canResend ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="resend" />
                  <SubmitButton
                    variant="secondary"
                    pendingLabel={m.resending}
                    name="deliveryId"
                    value={delivery.id}
                  >
                    <span>
                      {m.resend}
                      <span className="sr-only"> {delivery.eventId}</span>
                    </span>
                  </SubmitButton>
                </Form>
              ) : null}
            </div>
          </div>
          <p className="mt-2 text-sm text-slate-700">
            {m.attempts(delivery.attempts)}
            {delivery.nextAttemptAt
              ? m.nextRetry(formatEatDateTime(delivery.nextAttemptAt, locale))
              : ""}
            {delivery.status === "failed" && delivery.lastError
              ? ` · ${refusalIn(delivery.lastError, words.refusals)}`
              : ""}
          </p>
          {delivery.attemptLog.length > 0 ? (
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-medium text-brand-800">
                {m.attemptsSummary}
              </summary>
              <ol className="mt-2 space-y-3">
                {delivery.attemptLog.map((attempt, index) => (
                  <li key={index} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                    <p>
                      <strong>{formatEatDateTime(attempt.at, locale)}</strong> &middot;{" "}
                      {attempt.responseStatus === null
                        ? m.noAnswer
                        : `HTTP ${attempt.responseStatus}`}{" "}
                      &middot; {attempt.latencyMs} ms
                    </p>
                    {attempt.error ? (
                      <p className="mt-1">{refusalIn(attempt.error, words.refusals)}</p>
                    ) : null}
                    <p className="mt-1 break-all">
                      {m.signatureSent} <code className="font-mono">{attempt.signature}</code>
                    </p>
                    {attempt.responseExcerpt && attempt.responseStatus !== null ? (
                      <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-white p-2 font-mono text-xs">
                        {attempt.responseExcerpt}
                      </pre>
                    ) : null}
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
