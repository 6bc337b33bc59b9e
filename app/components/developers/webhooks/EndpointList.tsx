/** The merchant's webhook endpoints: URL, mode, events, status and failing since. */
import { Link } from "@remix-run/react";
import { DataTable, textLinkClass } from "~/components/ui";
import type { ApiMode, WebhookEndpointStatus } from "~/core/api/vocabulary";
import { developersMessages } from "~/i18n/catalogs/developers";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatEatDateTime } from "~/utils/format";
import * as paths from "~/utils/paths";
import { EndpointStatusBadge, eventsLabel, WebhookModeBadge } from "./badges";

export interface EndpointListItem {
  id: string;
  mode: ApiMode;
  url: string;
  description: string | null;
  events: string[];
  status: WebhookEndpointStatus;
  failingSince: number | null;
}

export function EndpointList({ endpoints }: { endpoints: EndpointListItem[] }) {
  const words = useMessages(developersMessages);
  const m = words.webhooks;
  const locale = useLocale();
  if (endpoints.length === 0) return <p className="mt-4 text-slate-700">{m.empty}</p>;
  return (
    <DataTable
      caption={m.caption}
      className="mt-4"
      headings={[m.endpoint, words.modeLegend, m.events, m.status, m.failingSince]}
    >
      {endpoints.map((endpoint) => (
        <tr key={endpoint.id} className="border-b border-slate-200 align-top">
          <td className="px-3 py-3">
            <Link
              to={paths.merchantWebhookEndpoint(endpoint.id)}
              className={`${textLinkClass} break-all font-mono`}
            >
              {endpoint.url}
            </Link>
            {endpoint.description ? (
              <p className="mt-1 text-slate-600">{endpoint.description}</p>
            ) : null}
          </td>
          <td className="px-3 py-3">
            <WebhookModeBadge mode={endpoint.mode} />
          </td>
          <td className="px-3 py-3">{eventsLabel(endpoint.events, m.allEvents)}</td>
          <td className="px-3 py-3">
            <EndpointStatusBadge status={endpoint.status} />
          </td>
          <td className="px-3 py-3">
            {endpoint.failingSince
              ? formatEatDateTime(endpoint.failingSince, locale)
              : m.notFailing}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
