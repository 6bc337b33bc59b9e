/**
 * The merchant's API keys as a table (Developers › API keys): name, Test/Live, the visible prefix,
 * scopes, dates and status, and a "Revoke" form per active key (a plain POST: works without JS).
 */
import { Form } from "@remix-run/react";
import { Badge, buttonClass, DataTable } from "~/components/ui";
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

const cell = "px-3 py-3 align-top";

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
    <DataTable
      caption="Your API keys, newest first"
      className="mt-4"
      headings={["Name and mode", "Key", "Scopes", "Created", "Last used", "Expires", "Status"]}
    >
      {keys.map((key) => (
        <tr key={key.id} className="border-b border-slate-200">
          <td className={cell}>
            <span className="block font-medium break-words text-ink">{key.name}</span>
            <ModeBadge mode={key.mode} />
            {key.member ? (
              <span className="mt-1 block text-sm break-words text-slate-700">
                Member: {key.member}
              </span>
            ) : null}
          </td>
          <td className={`${cell} font-mono whitespace-nowrap`}>{key.prefix}…</td>
          <td className={cell}>
            <ul className="font-mono text-xs">
              {key.scopes.map((scope) =>
                key.withheldScopes.includes(scope) ? (
                  <li key={scope} className="text-slate-600">
                    <s>{scope}</s>{" "}
                    <span className="font-sans">(beyond the member&rsquo;s role now)</span>
                  </li>
                ) : (
                  <li key={scope}>{scope}</li>
                ),
              )}
            </ul>
          </td>
          <td className={`${cell} whitespace-nowrap`}>{formatDate(key.createdAt)}</td>
          <td className={cell}>
            {key.lastUsedAt === null ? "Not yet" : formatEatDateTime(key.lastUsedAt)}
          </td>
          <td className={`${cell} whitespace-nowrap`}>
            {key.expiresAt === null ? "Never" : formatDate(key.expiresAt)}
          </td>
          <td className={cell}>
            <Badge tone={statusBadges[key.status].tone}>{statusBadges[key.status].label}</Badge>
            {key.status === "active" ? (
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="keyId" value={key.id} />
                <button type="submit" className={buttonClass("secondary", "px-3 py-1.5 text-sm")}>
                  Revoke<span className="sr-only"> {key.name}</span>
                </button>
              </Form>
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
