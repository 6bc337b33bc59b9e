/** Small labels for webhook endpoints and deliveries (mode, status). */
import { Badge } from "~/components/ui";
import type { ApiMode, WebhookDeliveryStatus, WebhookEndpointStatus } from "~/core/api/vocabulary";
import { developersMessages } from "~/i18n/catalogs/developers";
import { useMessages } from "~/i18n/use-messages";

export function WebhookModeBadge({ mode }: { mode: ApiMode }) {
  const m = useMessages(developersMessages).webhooks;
  return (
    <Badge tone={mode === "live" ? "info" : "warning"}>{mode === "live" ? m.live : m.test}</Badge>
  );
}

export function EndpointStatusBadge({ status }: { status: WebhookEndpointStatus }) {
  const m = useMessages(developersMessages).webhooks;
  return (
    <Badge tone={status === "enabled" ? "success" : "danger"}>
      {status === "enabled" ? m.enabled : m.disabled}
    </Badge>
  );
}

const deliveryTones = { pending: "warning", succeeded: "success", failed: "danger" } as const;

export function DeliveryStatusBadge({
  status,
  attempts,
}: {
  status: WebhookDeliveryStatus;
  attempts: number;
}) {
  const m = useMessages(developersMessages).deliveries;
  return (
    <Badge tone={deliveryTones[status]}>
      {status === "pending" && attempts === 0 ? m.queued : m.statuses[status]}
    </Badge>
  );
}

/** The events an endpoint takes; `allEvents` in the page's language ("All events"). */
export function eventsLabel(events: readonly string[], allEvents: string): string {
  return events.includes("*") ? allEvents : events.join(", ");
}
