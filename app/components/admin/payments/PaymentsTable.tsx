import { Link } from "@remix-run/react";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import * as paths from "~/utils/paths";
import { formatCrypto, formatEatDateTime, formatKesCents } from "./format";
import { PaymentStatusBadge } from "./PaymentStatusBadge";
import type { PaymentRow } from "./types";

/** The operator's payment list: a table on wide screens, cards on a phone. */
export function PaymentsTable({ payments, caption }: { payments: PaymentRow[]; caption: string }) {
  return (
    <ResponsiveTable
      caption={caption}
      rows={payments}
      rowKey={(payment) => payment.id}
      title={{
        heading: "Payment",
        cell: (payment) => (
          <Link
            to={paths.adminPayment(payment.id)}
            className="font-semibold text-brand-800 underline"
          >
            {payment.reference}
          </Link>
        ),
        detail: (payment) => (payment.test ? `${payment.id} · Test payment` : payment.id),
      }}
      columns={[
        {
          heading: "Merchant",
          className: "font-mono text-xs",
          cell: (payment) => <span className="font-mono text-xs">{payment.merchantId}</span>,
        },
        {
          heading: "Amount",
          className: "whitespace-nowrap",
          cell: (payment) => formatKesCents(payment.amountKesCents),
        },
        {
          heading: "Crypto expected",
          className: "whitespace-nowrap",
          cell: (payment) => formatCrypto(payment.cryptoAmountUnits, payment.asset),
        },
        {
          heading: "Crypto received",
          className: "whitespace-nowrap",
          cell: (payment) => formatCrypto(payment.receivedUnits, payment.asset),
        },
        {
          heading: "Created",
          className: "whitespace-nowrap",
          cell: (payment) => (
            <time dateTime={new Date(payment.createdAt).toISOString()}>
              {formatEatDateTime(payment.createdAt)}
            </time>
          ),
        },
        {
          heading: "Status",
          cell: (payment) => <PaymentStatusBadge status={payment.status} />,
        },
      ]}
    />
  );
}
