/**
 * The merchant's API keys (Developers › API keys), a table on a laptop and cards on a phone:
 * name, Test/Live, the visible prefix, scopes, dates and status, and a "Revoke" form per active key
 * (a plain POST: works without JS).
 */
import { Form } from "@remix-run/react";
import { Badge, buttonClass } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { apiModeLabels } from "~/core/api/key-schema";
import type { ApiMode, ApiScope } from "~/core/api/vocabulary";
import { formatDate, formatEatDateTime } from "~/utils/format";

export interface ApiKeyListRow {
  id: string;
  name: string;
  mode: ApiMode;
  prefix: string;
  scopes: ApiScope[];
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number | null;
  status: "active" | "revoked" | "expired";
  /** The member the key belongs to (username), null when none is left. */
  member: string | null;
  /** Scopes beyond the member's current role: kept on the key, refused on use. */
  withheldScopes: ApiScope[];
}

const statusBadges = {
  active: { label: "Active", tone: "success" },
  revoked: { label: "Revoked", tone: "danger" },
  expired: { label: "Expired", tone: "neutral" },
} as const;

export function ModeBadge({ mode }: { mode: ApiMode }) {
  return <Badge tone={mode === "live" ? "info" : "warning"}>{apiModeLabels[mode]}</Badge>;
}

export function ApiKeyList({ keys }: { keys: readonly ApiKeyListRow[] }) {
  if (keys.length === 0)
    return (
      <p className="mt-4 rounded-xl bg-slate-50 p-6 text-slate-700">
        No API keys yet. Create a test key below to try the API without moving real money.
      </p>
    );
  return (
    <ResponsiveTable
      caption="Your API keys, newest first"
      className="mt-4"
      headingLevel="h3"
      rows={keys}
      rowKey={(key) => key.id}
      title={{
        heading: "Name and mode",
        cell: (key) => (
          <>
            <span className="block font-medium break-words text-ink">{key.name}</span>
            <ModeBadge mode={key.mode} />
            {key.member ? (
              <span className="mt-1 block text-sm font-normal break-words text-slate-700">
                Member: {key.member}
              </span>
            ) : null}
          </>
        ),
      }}
      columns={[
        {
          heading: "Key",
          cell: (key) => `${key.prefix}…`,
          className: "font-mono whitespace-nowrap",
        },
        { heading: "Scopes", cell: (key) => <Scopes keyRow={key} /> },
        {
          heading: "Created",
          cell: (key) => formatDate(key.createdAt),
          className: "whitespace-nowrap",
        },
        {
          heading: "Last used",
          cell: (key) => (key.lastUsedAt === null ? "Not yet" : formatEatDateTime(key.lastUsedAt)),
        },
        {
          heading: "Expires",
          cell: (key) => (key.expiresAt === null ? "Never" : formatDate(key.expiresAt)),
          className: "whitespace-nowrap",
        },
        {
          heading: "Status",
          cell: (key) => (
            <Badge tone={statusBadges[key.status].tone}>{statusBadges[key.status].label}</Badge>
          ),
        },
      ]}
      actions={{
        label: "Actions",
        cell: (key) =>
          key.status === "active" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="revoke" />
              <input type="hidden" name="keyId" value={key.id} />
              <button type="submit" className={buttonClass("secondary", "px-3 py-1.5 text-sm")}>
                Revoke<span className="sr-only"> {key.name}</span>
              </button>
            </Form>
          ) : null,
      }}
    />
  );
}

function Scopes({ keyRow }: { keyRow: ApiKeyListRow }) {
  return (
    <ul className="font-mono text-xs">
      {keyRow.scopes.map((scope) =>
        keyRow.withheldScopes.includes(scope) ? (
          <li key={scope} className="text-slate-600">
            <s>{scope}</s> <span className="font-sans">(beyond the member&rsquo;s role now)</span>
          </li>
        ) : (
          <li key={scope}>{scope}</li>
        ),
      )}
    </ul>
  );
}
