import { Form } from "@remix-run/react";
import { Card, DataTable } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import { formatDate, formatEatDateTime, formatKesCents } from "./format";
import { TransferStatusBadge } from "./PaymentStatusBadge";
import type { TransferView } from "./types";

function result(transfer: TransferView): string {
  if (transfer.resultCode === null && !transfer.resultDesc)
    return transfer.status === "succeeded" || transfer.status === "failed"
      ? "No result text"
      : "Waiting";
  return [transfer.resultCode === null ? null : `Code ${transfer.resultCode}`, transfer.resultDesc]
    .filter(Boolean)
    .join(": ");
}

/**
 * The payment's settlement transfers to M-Pesa; a failed one that was not paid again can be
 * retried.
 */
export function TransfersTable({ transfers }: { transfers: TransferView[] }) {
  return (
    <Card title="Settlement transfers" headingLevel="h2">
      {transfers.length === 0 ? (
        <p>No transfers yet: the payment has not started settling.</p>
      ) : (
        <DataTable
          caption="Settlement transfers, in order"
          headings={[
            "Transfer",
            "To",
            "Amount",
            "Rail charge",
            "Status",
            "Day",
            "Receipt",
            "Result",
            "Action",
          ]}
        >
          {transfers.map((transfer) => (
            <tr key={transfer.id} className="border-b border-slate-200 align-top">
              <th scope="row" className="px-3 py-2 font-normal">
                <span className="font-semibold">#{transfer.sequence}</span>
                <div className="font-mono text-xs text-slate-600">{transfer.id}</div>
                {transfer.retryOf ? (
                  <div className="text-xs text-slate-600">Retry of {transfer.retryOf}</div>
                ) : null}
              </th>
              <td className="px-3 py-2 whitespace-nowrap">{transfer.destination}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {formatKesCents(transfer.amountKesCents)}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {formatKesCents(transfer.railChargeKesCents)}
              </td>
              <td className="px-3 py-2">
                <TransferStatusBadge status={transfer.status} />
                {transfer.completedAt ? (
                  <div className="mt-1 text-xs text-slate-600">
                    <time dateTime={new Date(transfer.completedAt).toISOString()}>
                      {formatEatDateTime(transfer.completedAt)}
                    </time>
                  </div>
                ) : null}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(transfer.settlementDay)}</td>
              <td className="px-3 py-2 font-mono text-xs">{transfer.receipt ?? "None"}</td>
              <td className="px-3 py-2">{result(transfer)}</td>
              <td className="px-3 py-2">
                {transfer.retryable ? (
                  <Form method="post">
                    <input type="hidden" name="transferId" value={transfer.id} />
                    <SubmitButton
                      name="intent"
                      value="retry"
                      pendingLabel="Retrying..."
                      variant="secondary"
                      className="whitespace-nowrap"
                    >
                      Retry transfer<span className="sr-only"> #{transfer.sequence}</span>
                    </SubmitButton>
                  </Form>
                ) : (
                  <span className="text-slate-600">None</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
