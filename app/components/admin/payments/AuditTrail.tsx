import { Card } from "~/components/ui";
import { formatEatDateTime } from "./format";
import type { AuditView } from "./types";

/** The operator actions recorded against this payment, newest first. */
export function AuditTrail({ entries }: { entries: AuditView[] }) {
  return (
    <Card title="Audit log" headingLevel="h2">
      {entries.length === 0 ? (
        <p>No operator actions yet.</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={new Date(entry.at).toISOString()}>{formatEatDateTime(entry.at)}</time>
              : <strong>{entry.action}</strong> by{" "}
              <span className="font-mono">{entry.actorId ?? "system"}</span>
              {entry.details ? (
                <code className="block text-xs break-all text-slate-600">{entry.details}</code>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
