import { Card, DataTable } from "~/components/ui";
import { formatEatDateTime } from "./format";
import type { PaymentEventView } from "./types";

const label = (type: string) => {
  const words = type.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const status = (value: string | null) => (value ? value.replaceAll("_", " ") : "");

/** Every event of the payment, oldest first, as a table (type, cause, status change, time EAT). */
export function PaymentTimeline({ events }: { events: PaymentEventView[] }) {
  return (
    <Card title="Timeline" headingLevel="h2">
      {events.length === 0 ? (
        <p>Nothing has happened yet.</p>
      ) : (
        <DataTable
          caption="Payment events, oldest first, times in Nairobi time (EAT)"
          headings={["Time (EAT)", "Event", "Cause", "Status", "Detail"]}
        >
          {events.map((event) => (
            <tr key={event.id} className="border-b border-slate-200 align-top">
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={new Date(event.at).toISOString()}>
                  {formatEatDateTime(event.at)}
                </time>
              </td>
              <th scope="row" className="px-3 py-2 font-semibold">
                {label(event.type)}
              </th>
              <td className="px-3 py-2">{event.cause}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {event.toStatus ? (
                  <>
                    {status(event.fromStatus)} <span aria-hidden="true">→</span>
                    <span className="sr-only"> to </span> {status(event.toStatus)}
                  </>
                ) : (
                  <span className="text-slate-600">No change</span>
                )}
              </td>
              <td className="px-3 py-2">
                {event.detail ? (
                  <code className="text-xs break-all text-slate-700">{event.detail}</code>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
