/**
 * An endpoint's delivery log: each event sent (newest first) with its attempts (the signature
 * header sent, the answer's status and first 500 characters, latency, the error) and the next
 * retry, and a "Resend" button per delivery (a plain POST form).
 */
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/form";
import type { WebhookDeliveryStatus } from "~/core/api/vocabulary";
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
  if (deliveries.length === 0)
    return (
      <p className="mt-3 text-slate-700">
        Nothing sent yet. Use &ldquo;Send test event&rdquo; to try the endpoint.
      </p>
    );
  return (
    <ol className="mt-4 space-y-4">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-mono font-semibold text-ink">{delivery.eventType}</p>
              <p className="text-sm text-slate-600">
                <span className="font-mono">{delivery.eventId}</span> &middot; event at{" "}
                {formatEatDateTime(delivery.eventCreatedAt)}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <DeliveryStatusBadge status={delivery.status} attempts={delivery.attempts} />
              {canResend ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="resend" />
                  <SubmitButton
                    variant="secondary"
                    pendingLabel="Resending..."
                    name="deliveryId"
                    value={delivery.id}
                  >
                    <span>
                      Resend<span className="sr-only"> {delivery.eventId}</span>
                    </span>
                  </SubmitButton>
                </Form>
              ) : null}
            </div>
          </div>
          <p className="mt-2 text-sm text-slate-700">
            {delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`}
            {delivery.nextAttemptAt
              ? ` · next retry ${formatEatDateTime(delivery.nextAttemptAt)}`
              : ""}
            {delivery.status === "failed" && delivery.lastError ? ` · ${delivery.lastError}` : ""}
          </p>
          {delivery.attemptLog.length > 0 ? (
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-medium text-brand-800">
                Attempts
              </summary>
              <ol className="mt-2 space-y-3">
                {delivery.attemptLog.map((attempt, index) => (
                  <li key={index} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                    <p>
                      <strong>{formatEatDateTime(attempt.at)}</strong> &middot;{" "}
                      {attempt.responseStatus === null
                        ? "no answer"
                        : `HTTP ${attempt.responseStatus}`}{" "}
                      &middot; {attempt.latencyMs} ms
                    </p>
                    {attempt.error ? <p className="mt-1">{attempt.error}</p> : null}
                    <p className="mt-1 break-all">
                      Signature sent: <code className="font-mono">{attempt.signature}</code>
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
