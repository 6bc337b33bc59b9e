/**
 * The merchant's API keys (Developers › API keys), a table on a laptop and cards on a phone:
 * name, Test/Live, the visible prefix, scopes, dates and status, and a "Revoke" form per active key
 * (a plain POST: works without JS).
 */
import { Form } from "@remix-run/react";
import { Badge, buttonClass } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import type { ApiMode, ApiScope } from "~/core/api/vocabulary";
import { developersMessages } from "~/i18n/catalogs/developers";
import { useLocale, useMessages } from "~/i18n/use-messages";
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

const statusTones = { active: "success", revoked: "danger", expired: "neutral" } as const;

export function ModeBadge({ mode }: { mode: ApiMode }) {
  const m = useMessages(developersMessages);
  return <Badge tone={mode === "live" ? "info" : "warning"}>{m.modes[mode]}</Badge>;
}

export function ApiKeyList({ keys }: { keys: readonly ApiKeyListRow[] }) {
  const m = useMessages(developersMessages).keys;
  const locale = useLocale();
  if (keys.length === 0)
    return <p className="mt-4 rounded-xl bg-slate-50 p-6 text-slate-700">{m.empty}</p>;
  return (
    <ResponsiveTable
      caption={m.caption}
      className="mt-4"
      headingLevel="h3"
      rows={keys}
      rowKey={(key) => key.id}
      title={{
        heading: m.nameAndMode,
        cell: (key) => (
          <>
            <span className="block font-medium break-words text-ink">{key.name}</span>
            <ModeBadge mode={key.mode} />
            {key.member ? (
              <span className="mt-1 block text-sm font-normal break-words text-slate-700">
                {m.member(key.member)}
              </span>
            ) : null}
          </>
        ),
      }}
      columns={[
        {
          heading: m.key,
          cell: (key) => `${key.prefix}…`,
          className: "font-mono whitespace-nowrap",
        },
        { heading: m.scopesHeading, cell: (key) => <Scopes keyRow={key} /> },
        {
          heading: m.created,
          cell: (key) => formatDate(key.createdAt, locale),
          className: "whitespace-nowrap",
        },
        {
          heading: m.lastUsed,
          cell: (key) =>
            key.lastUsedAt === null ? m.notYet : formatEatDateTime(key.lastUsedAt, locale),
        },
        {
          heading: m.expires,
          cell: (key) => (key.expiresAt === null ? m.never : formatDate(key.expiresAt, locale)),
          className: "whitespace-nowrap",
        },
        {
          heading: m.status,
          cell: (key) => <Badge tone={statusTones[key.status]}>{m.statuses[key.status]}</Badge>,
        },
      ]}
      actions={{
        label: m.actions,
        cell: (key) =>
          key.status === "active" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="revoke" />
              <input type="hidden" name="keyId" value={key.id} />
              <button type="submit" className={buttonClass("secondary", "px-3 py-1.5 text-sm")}>
                {m.revoke}
                <span className="sr-only"> {key.name}</span>
              </button>
            </Form>
          ) : null,
      }}
    />
  );
}

function Scopes({ keyRow }: { keyRow: ApiKeyListRow }) {
  const m = useMessages(developersMessages).keys;
  return (
    <ul className="font-mono text-xs">
      {keyRow.scopes.map((scope) =>
        keyRow.withheldScopes.includes(scope) ? (
          <li key={scope} className="text-slate-600">
            <s>{scope}</s> <span className="font-sans">{m.beyondRoleNow}</span>
          </li>
        ) : (
          <li key={scope}>{scope}</li>
        ),
      )}
    </ul>
  );
}
