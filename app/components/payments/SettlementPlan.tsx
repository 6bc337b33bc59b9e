import { DataTable, TextLink } from "~/components/ui";
import type { PlanPreview } from "~/core/destinations/views";
import { formatKesCents } from "~/utils/format";
import { paths } from "~/utils/paths";

/**
 * Where a payment's net goes when it settles, as planned now: one row per destination (a split has
 * several), with the rail's charge, the transfers and how soon money usually arrives.
 */
export function SettlementPlan({ plan }: { plan: PlanPreview }) {
  return (
    <section aria-labelledby="plan-title" className="mt-10">
      <h2 id="plan-title" className="text-2xl font-semibold text-ink">
        Settlement plan
      </h2>
      {plan.kind === "no_destination" ? (
        <p className="mt-4 text-slate-700">
          No verified payout destination yet: this payment waits until you{" "}
          <TextLink to={paths.merchantSettings}>add one</TextLink>.
        </p>
      ) : plan.kind === "held" ? (
        <p className="mt-4 text-slate-700">{plan.notice}.</p>
      ) : (
        <DataTable
          caption="Where this payment will be paid out, as planned now"
          headings={["To", "Share", "You receive", "Rail charge", "Transfers", "Arrives"]}
          className="mt-4"
        >
          {plan.legs.map((leg) => (
            <tr key={leg.destination} className="border-b border-slate-200">
              <td className="px-3 py-2">
                {leg.destination}
                {leg.insteadOf ? (
                  <div className="text-xs text-amber-900">
                    Instead of {leg.insteadOf}, whose provider is unavailable
                  </div>
                ) : null}
              </td>
              <td className="px-3 py-2">{leg.percent}%</td>
              <td className="px-3 py-2">{formatKesCents(leg.payoutKesCents)}</td>
              <td className="px-3 py-2">{formatKesCents(leg.railChargeKesCents)}</td>
              <td className="px-3 py-2">{leg.transfers}</td>
              <td className="px-3 py-2">
                {leg.typicalArrival}
                {leg.daysAfterToday > 0
                  ? ` (part over the daily limit: ${leg.daysAfterToday} more day${leg.daysAfterToday > 1 ? "s" : ""})`
                  : ""}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
