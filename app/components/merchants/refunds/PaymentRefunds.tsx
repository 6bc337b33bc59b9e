/**
 * The payment page's Refunds section (issue 15, item 5): each refund (when, how much in KES and
 * crypto, the rate, to whom, its status, the explorer link or M-Pesa receipt, why it failed), and
 * for members who may refund, the ways to start one: what remains (or why nothing can be), and the
 * crypto held for the customer (an overpayment's excess). Server-rendered: works without
 * JavaScript.
 */
import { Link } from "@remix-run/react";
import { Badge, buttonClass, ExternalLink, textLinkClass } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import type { RefundStatus } from "~/core/refunds/vocabulary";
import { blockedReasonIn, rateLineIn, refundsMessages } from "~/i18n/catalogs/refunds";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatEatDateTime, formatKesCents } from "~/utils/format";
import * as paths from "~/utils/paths";

/** "TXyz12ab…9aBcDe" for a long address or hash; short values as they are. */
export function shortAddress(value: string): string {
  return value.length > 20 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
}

/** One refund as the page shows it (amounts as strings from the loader). */
export interface RefundLine {
  id: string;
  createdAt: number;
  source: "balance" | "held";
  method: "crypto" | "mpesa";
  amountKesCents: string;
  /** "11.61 USDT", or null for M-Pesa. */
  crypto: string | null;
  /** "KES 129.45 per USDT, the rate locked at payment", or null. */
  rate: string | null;
  /** The full address, or the formatted phone. */
  to: string;
  status: RefundStatus;
  statusLabel: string;
  txHash: string | null;
  txUrl: string | null;
  receipt: string | null;
  failureReason: string | null;
  reason: string | null;
}

export interface RefundOptions {
  /** The member may refund (refunds:create). */
  canRefund: boolean;
  method: "crypto" | "mpesa";
  remainingKesCents: string;
  /** "2.5 USDT" held for the customer, or null. */
  held: string | null;
  blocked: string | null;
}

const statusTone: Record<RefundStatus, "info" | "success" | "danger"> = {
  pending: "info",
  sent: "info",
  succeeded: "success",
  failed: "danger",
};

function Destination({ line }: { line: RefundLine }) {
  const m = useMessages(refundsMessages).list;
  if (line.method === "mpesa") return <span>M-Pesa {line.to}</span>;
  const short = shortAddress(line.to);
  if (short === line.to) return <span className="break-all font-mono">{line.to}</span>;
  return (
    <details>
      <summary className="cursor-pointer font-mono">
        {short}
        <span className="sr-only">{m.showFullAddress}</span>
      </summary>
      <span className="mt-1 block break-all font-mono text-xs">{line.to}</span>
    </details>
  );
}

function Proof({ line }: { line: RefundLine }) {
  const m = useMessages(refundsMessages).list;
  if (line.receipt) return <span className="font-mono">{m.mpesaReceipt(line.receipt)}</span>;
  if (line.txHash && line.txUrl)
    return (
      <ExternalLink href={line.txUrl} className={textLinkClass}>
        {m.transactionLink(shortAddress(line.txHash))}
      </ExternalLink>
    );
  if (line.txHash) return <span className="break-all font-mono">{line.txHash}</span>;
  return <span className="text-slate-600">{m.notYet}</span>;
}

export function PaymentRefunds({
  paymentId,
  refunds,
  options,
}: {
  paymentId: string;
  refunds: readonly RefundLine[];
  options: RefundOptions;
}) {
  const locale = useLocale();
  const messages = useMessages(refundsMessages);
  const m = messages.list;
  const remaining = BigInt(options.remainingKesCents);
  return (
    <section aria-labelledby="refunds-title" className="mt-10">
      <h2 id="refunds-title" className="text-2xl font-semibold text-ink">
        {m.title}
      </h2>
      {options.canRefund ? (
        <div className="mt-4 space-y-3">
          {options.blocked ? (
            <p className="text-slate-700">{blockedReasonIn(options.blocked, messages)}</p>
          ) : remaining > 0n ? (
            <div className="flex flex-wrap items-center gap-3">
              <Link to={paths.merchantPaymentRefund(paymentId)} className={buttonClass("primary")}>
                {m.refundThis}
              </Link>
              <p className="text-slate-700">
                {m.upTo(formatKesCents(remaining))}
                {options.method === "mpesa" ? m.toMpesa : m.toCrypto}
              </p>
            </div>
          ) : (
            <p className="text-slate-700">{m.refundedInFull}</p>
          )}
          {options.held ? (
            <div className="flex flex-wrap items-center gap-3">
              <Link
                to={paths.merchantPaymentRefund(paymentId, { held: "1" })}
                className={buttonClass("secondary")}
              >
                {m.refundOverpaid(options.held)}
              </Link>
              <p className="text-slate-700">{m.overpaidNote}</p>
            </div>
          ) : null}
        </div>
      ) : null}
      {refunds.length === 0 ? (
        <p className="mt-4 text-slate-700">{m.none}</p>
      ) : (
        <ResponsiveTable
          className="mt-4"
          caption={m.caption}
          rows={refunds}
          rowKey={(line) => line.id}
          title={{
            heading: m.when,
            cell: (line) => (
              <time dateTime={new Date(line.createdAt).toISOString()}>
                {formatEatDateTime(line.createdAt, locale)}
              </time>
            ),
          }}
          headingLevel="h3"
          columns={[
            {
              heading: m.amount,
              cell: (line) => (
                <>
                  {line.source === "held" ? (
                    <span>{m.heldFor(line.crypto ?? "")}</span>
                  ) : (
                    <span>
                      {formatKesCents(line.amountKesCents)}
                      {line.crypto ? ` (${line.crypto})` : ""}
                    </span>
                  )}
                  {line.rate ? (
                    <span className="block text-xs text-slate-600">
                      {m.at(rateLineIn(line.rate, messages))}
                    </span>
                  ) : null}
                </>
              ),
            },
            { heading: m.to, cell: (line) => <Destination line={line} /> },
            {
              heading: m.status,
              cell: (line) => (
                <>
                  <Badge tone={statusTone[line.status]}>{m.statuses[line.status]}</Badge>
                  {line.status === "failed" && line.failureReason ? (
                    <span className="mt-1 block text-xs text-red-800">{line.failureReason}</span>
                  ) : null}
                </>
              ),
            },
            { heading: m.proof, cell: (line) => <Proof line={line} /> },
            {
              heading: m.reason,
              cell: (line) => <span className="break-words">{line.reason ?? m.noneGiven}</span>,
            },
          ]}
        />
      )}
    </section>
  );
}
