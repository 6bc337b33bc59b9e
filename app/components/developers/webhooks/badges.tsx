/** Small labels for webhook endpoints and deliveries (mode, status). */
import { Badge } from "~/components/ui";
import type { ApiMode, WebhookDeliveryStatus, WebhookEndpointStatus } from "~/core/api/vocabulary";

export function WebhookModeBadge({ mode }: { mode: ApiMode }) {
  return (
    <Badge tone={mode === "live" ? "info" : "warning"}>{mode === "live" ? "Live" : "Test"}</Badge>
  );
}

export function EndpointStatusBadge({ status }: { status: WebhookEndpointStatus }) {
  return (
    <Badge tone={status === "enabled" ? "success" : "danger"}>
      {status === "enabled" ? "Enabled" : "Disabled"}
    </Badge>
  );
}

const deliveryTones = { pending: "warning", succeeded: "success", failed: "danger" } as const;
const deliveryLabels = { pending: "Retrying", succeeded: "Delivered", failed: "Failed" } as const;

export function DeliveryStatusBadge({
  status,
  attempts,
}: {
  status: WebhookDeliveryStatus;
  attempts: number;
}) {
  return (
    <Badge tone={deliveryTones[status]}>
      {status === "pending" && attempts === 0 ? "Queued" : deliveryLabels[status]}
    </Badge>
  );
}

export function eventsLabel(events: readonly string[]): string {
  return events.includes("*") ? "All events" : events.join(", ");
}
