import { DataTable } from "~/components/ui";
import { Link } from "@remix-run/react";
import { paths } from "~/utils/paths";
import { formatCrypto, formatEatDateTime, formatKesCents } from "./format";
import { PaymentStatusBadge } from "./PaymentStatusBadge";
import type { PaymentRow } from "./types";

export function PaymentsTable({ payments, caption }: { payments: PaymentRow[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      headings={[
        "Payment",
        "Merchant",
        "Amount",
        "Crypto expected",
        "Crypto received",
        "Created",
        "Status",
      ]}
    >
      {payments.map((payment) => (
        <tr key={payment.id} className="border-b border-slate-200 align-top">
          <th scope="row" className="px-3 py-2 font-normal">
            <Link
              to={paths.adminPayment(payment.id)}
              className="font-semibold text-brand-800 underline"
            >
              {payment.reference}
            </Link>
            <div className="font-mono text-xs text-slate-600">{payment.id}</div>
          </th>
          <td className="px-3 py-2 font-mono text-xs">{payment.merchantId}</td>
          <td className="px-3 py-2 whitespace-nowrap">{formatKesCents(payment.amountKesCents)}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            {formatCrypto(payment.cryptoAmountUnits, payment.asset)}
          </td>
          <td className="px-3 py-2 whitespace-nowrap">
            {formatCrypto(payment.receivedUnits, payment.asset)}
          </td>
          <td className="px-3 py-2 whitespace-nowrap">
            <time dateTime={new Date(payment.createdAt).toISOString()}>
              {formatEatDateTime(payment.createdAt)}
            </time>
          </td>
          <td className="px-3 py-2">
            <PaymentStatusBadge status={payment.status} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
