/**
 * A payment's refunds for an operator (issue 31, item 8; ADR 0060): each refund's amount, status
 * and destination, and for a crypto refund worth USD 1,000 or more the travel rule's IVMS101 data
 * sent with it (originator, originating VASP, beneficiary and their VASP or unhosted wallet).
 * Nothing is shown when the payment has no refunds.
 */
import { Card } from "~/components/ui";
import { formatEatDateTime, formatKesCents, formatUsdCents } from "~/utils/format";

export interface AdminRefundView {
  id: string;
  status: string;
  method: string;
  amountKesCents: string;
  /** "11.61 USDT" (crypto). */
  crypto: string | null;
  destination: string;
  createdAt: number;
  /** The travel rule's data in words, with the USD value; null below the threshold. */
  travelRule: { rows: [string, string][]; usdCents: string; usdKes: string; source: string } | null;
}

export function RefundsSection({ refunds }: { refunds: AdminRefundView[] }) {
  if (refunds.length === 0) return null;
  return (
    <Card title="Refunds" headingLevel="h2">
      <ul className="divide-y divide-slate-200">
        {refunds.map((refund) => (
          <li key={refund.id} className="space-y-3 py-4 first:pt-0 last:pb-0">
            <p>
              <strong className="text-ink">{refund.id}</strong>: {refund.status},{" "}
              {refund.method === "crypto" && refund.crypto
                ? `${refund.crypto} (${formatKesCents(refund.amountKesCents)})`
                : formatKesCents(refund.amountKesCents)}{" "}
              to <span className="break-all font-mono">{refund.destination}</span>, made{" "}
              <time dateTime={new Date(refund.createdAt).toISOString()}>
                {formatEatDateTime(refund.createdAt)}
              </time>
              .
            </p>
            {refund.travelRule ? (
              <section aria-label={`Travel rule data of ${refund.id}`}>
                <h3 className="font-semibold text-ink">Travel rule (IVMS101)</h3>
                <p className="text-sm text-slate-600">
                  Worth {formatUsdCents(refund.travelRule.usdCents)} at KES{" "}
                  {refund.travelRule.usdKes} per USD ({refund.travelRule.source}).
                </p>
                <dl className="mt-2 grid gap-2 sm:grid-cols-2">
                  {refund.travelRule.rows.map(([label, value]) => (
                    <div key={label} className="min-w-0">
                      <dt className="text-sm text-slate-600">{label}</dt>
                      <dd className="break-words font-medium text-ink [overflow-wrap:anywhere]">
                        {value}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ) : refund.method === "crypto" ? (
              <p className="text-sm text-slate-600">
                Travel rule: not needed (worth less than USD 1,000 when made).
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
