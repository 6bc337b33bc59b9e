import type { PaymentStatus, TransferStatus } from "../../../../drizzle/schema";
import { Badge } from "~/components/ui";
import { paymentStatusLabel, paymentStatusTone, transferStatusLabel, transferStatusTone } from "./format";

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={paymentStatusTone[status]}>{paymentStatusLabel[status]}</Badge>;
}

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  return <Badge tone={transferStatusTone[status]}>{transferStatusLabel[status]}</Badge>;
}
