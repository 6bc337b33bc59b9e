import { Badge } from "~/components/ui";
import type { ApplicationStatus } from "~/core/merchants/application-statuses";

/** How an application's state looks to operators, on the list and on the review page alike. */
const applicationStatusTone = {
  submitted: "info",
  approved: "success",
  rejected: "danger",
} as const satisfies Record<ApplicationStatus, "info" | "success" | "danger">;

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge tone={applicationStatusTone[status]}>{status}</Badge>;
}
