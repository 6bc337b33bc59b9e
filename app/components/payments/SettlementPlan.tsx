import { DataTable, TextLink } from "~/components/ui";
import type { PlanPreview } from "~/core/destinations/views";
import { paymentDetailMessages } from "~/i18n/catalogs/payments";
import { useMessages } from "~/i18n/use-messages";
import { formatKesCents } from "~/utils/format";
import * as paths from "~/utils/paths";

/**
 * Where a payment's net goes when it settles, as planned now: one row per destination (a split has
 * several), with the rail's charge, the transfers and how soon money usually arrives. A hold's
 * notice is core's sentence (English).
 */
export function SettlementPlan({ plan }: { plan: PlanPreview }) {
  const m = useMessages(paymentDetailMessages).plan;
  return (
    <section aria-labelledby="plan-title" className="mt-10">
      <h2 id="plan-title" className="text-2xl font-semibold text-ink">
        {m.title}
      </h2>
      {plan.kind === "no_destination" ? (
        <p className="mt-4 text-slate-700">
          {m.noDestination} <TextLink to={paths.merchantSettings}>{m.addOne}</TextLink>.
        </p>
      ) : plan.kind === "held" ? (
        <p className="mt-4 text-slate-700">{plan.notice}.</p>
      ) : (
        <DataTable
          caption={m.caption}
          headings={[m.to, m.share, m.youReceive, m.railCharge, m.transfers, m.arrives]}
          className="mt-4"
        >
          {plan.legs.map((leg) => (
            <tr key={leg.destination} className="border-b border-slate-200">
              <td className="px-3 py-2">
                {leg.destination}
                {leg.insteadOf ? (
                  <div className="text-xs text-amber-900">{m.insteadOf(leg.insteadOf)}</div>
                ) : null}
              </td>
              <td className="px-3 py-2">{leg.percent}%</td>
              <td className="px-3 py-2">{formatKesCents(leg.payoutKesCents)}</td>
              <td className="px-3 py-2">{formatKesCents(leg.railChargeKesCents)}</td>
              <td className="px-3 py-2">{leg.transfers}</td>
              <td className="px-3 py-2">
                {m.arrival[leg.rail]}
                {leg.daysAfterToday > 0 ? m.overDailyLimit(leg.daysAfterToday) : ""}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
