/** Liveness and readiness: 200 when the database answers, 503 when it does not. Never cached. */
import { checkDatabase, getDb } from "~/utils/db.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";

export async function loader({ request }: { request: Request }) {
  const database = checkDatabase(getDb());
  const ok = database.ok;
  const headers = applyBaseSecurityHeaders(new Headers({ "Cache-Control": "no-store" }), request);
  return Response.json(
    { status: ok ? "ok" : "unavailable", database, uptimeSeconds: Math.round(process.uptime()) },
    { status: ok ? 200 : 503, headers },
  );
}
