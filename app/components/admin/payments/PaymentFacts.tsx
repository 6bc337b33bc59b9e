import type { ReactNode } from "react";
import { Card } from "~/components/ui";
import { formatPercent } from "~/utils/format";
import { formatCrypto, formatDecimal, formatEatDateTime, formatKesCents } from "./format";
import type { PaymentDetail } from "./types";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-5 gap-4 border-b border-slate-100 py-2">
      <dt className="col-span-2 text-sm text-slate-600">{label}</dt>
      <dd className="col-span-3 break-words text-ink">{children}</dd>
    </div>
  );
}

const when = (at: number | null) =>
  at === null ? (
    "Not yet"
  ) : (
    <time dateTime={new Date(at).toISOString()}>{formatEatDateTime(at)}</time>
  );

/** Amounts, quote and deposit of one payment. */
export function PaymentFacts({ payment: p }: { payment: PaymentDetail }) {
  const net = BigInt(p.amountKesCents) - BigInt(p.feeKesCents) - BigInt(p.exciseKesCents);
  const received = BigInt(p.receivedUnits);
  const expected = BigInt(p.cryptoAmountUnits);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Amounts" headingLevel="h2">
        <dl>
          <Row label="Amount">{formatKesCents(p.amountKesCents)}</Row>
          <Row label="C2B fee">{formatKesCents(p.feeKesCents)}</Row>
          <Row label="Excise duty on the fee">{formatKesCents(p.exciseKesCents)}</Row>
          <Row label="Merchant receives">{formatKesCents(net)}</Row>
          <Row label="Crypto expected">{formatCrypto(p.cryptoAmountUnits, p.asset)}</Row>
          <Row label="Crypto received">
            {formatCrypto(p.receivedUnits, p.asset)}
            {received > 0n && received !== expected ? (
              <span className="block text-sm text-slate-600">
                {received < expected ? "Short by " : "Over by "}
                {formatCrypto(
                  received < expected ? expected - received : received - expected,
                  p.asset,
                )}
                ; worth {formatKesCents(p.receivedValueKesCents)} at the locked rate
              </span>
            ) : null}
          </Row>
          <Row label="Asset and network">
            {p.asset} on {p.network}
          </Row>
          <Row label="Merchant">
            <span className="font-mono text-sm">{p.merchantId}</span>
          </Row>
          <Row label="Reference">{p.reference}</Row>
          {p.description ? <Row label="Description">{p.description}</Row> : null}
          <Row label="Manual review">
            {p.requiresReview ? "Required (above the automatic limit)" : "Not required"}
          </Row>
          {p.resolution ? <Row label="Operator resolution">{p.resolution}</Row> : null}
        </dl>
      </Card>
      <div className="space-y-6">
        <Card title="Quote" headingLevel="h2">
          <dl>
            <Row label="Locked rate">
              KES {formatDecimal(p.quoteRate)} per {p.asset}
            </Row>
            <Row label="Market rate">
              KES {formatDecimal(p.marketRate)} per {p.asset}
            </Row>
            <Row label="Spread">{formatPercent(p.spreadBps)}</Row>
            <Row label="Rate source">{p.rateSource}</Row>
            <Row label="Rate time">{when(p.rateFetchedAt)}</Row>
            <Row label="Quoted">{when(p.quotedAt)}</Row>
            <Row label="Quote expires">{when(p.expiresAt)}</Row>
          </dl>
        </Card>
        <Card title="Deposit" headingLevel="h2">
          <dl>
            <Row label="Deposit address">
              {p.depositAddress ? (
                <span className="font-mono text-sm break-all">{p.depositAddress}</span>
              ) : (
                "None"
              )}
            </Row>
            <Row label="Custody transaction">
              {p.custodyTxId ? (
                <span className="font-mono text-sm break-all">{p.custodyTxId}</span>
              ) : (
                "None yet"
              )}
            </Row>
            <Row label="Sent from">
              {p.payerAddress ? (
                <span className="font-mono text-sm break-all">{p.payerAddress}</span>
              ) : (
                "Unknown"
              )}
            </Row>
            <Row label="Confirmations">{p.confirmations}</Row>
            <Row label="Confirmed">{when(p.confirmedAt)}</Row>
            <Row label="Settled">{when(p.settledAt)}</Row>
          </dl>
        </Card>
      </div>
    </div>
  );
}
