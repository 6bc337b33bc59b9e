import type { TransferStatus } from "~/core/payments/statuses";
import { Badge } from "~/components/ui";
import { transferStatusLabel, transferStatusTone } from "./format";

/** Payment states look the same to operators as to merchants. */
export { PaymentStatusBadge } from "~/components/payments/PaymentBits";

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  return <Badge tone={transferStatusTone[status]}>{transferStatusLabel[status]}</Badge>;
}
