import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui";
import { describeFields, type DuplicateMatch } from "~/core/merchants/application-duplicates";
import * as paths from "~/utils/paths";

/**
 * "Possible duplicate": what an application shares with other applications or merchants, each
 * application linked. On the queue only the first `limit` show, the rest as "and N more" (linked
 * to the application's page, which lists them all).
 */
export function DuplicateFlag({
  matches,
  applicationId,
  limit,
}: {
  matches: readonly DuplicateMatch[];
  applicationId: string;
  limit?: number;
}) {
  if (matches.length === 0) return null;
  const shown = limit === undefined ? matches : matches.slice(0, limit);
  const more = matches.length - shown.length;
  return (
    <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
      <Badge tone="warning">Possible duplicate</Badge>
      <ul className="mt-1 space-y-0.5">
        {shown.map((match) => (
          <li key={`${match.kind}-${match.id}`}>
            Same {describeFields(match.fields)} as{" "}
            {match.kind === "application" ? (
              <Link
                to={paths.adminApplication(match.id)}
                className="font-semibold text-brand-800 underline"
              >
                application {match.reference}
              </Link>
            ) : (
              <>
                merchant {match.id} ({match.businessName})
              </>
            )}
          </li>
        ))}
        {more > 0 ? (
          <li>
            <Link
              to={paths.adminApplication(applicationId)}
              className="font-semibold text-brand-800 underline"
            >
              and {more} more
            </Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
