/**
 * Liveness: the process is up and answers, fast (200 while it can answer at all; the database line
 * is a cheap `select 1`, for information). Whether it can take payments is /readyz. Never cached.
 */
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { databaseAnswers } from "~/wiring/probes.server";

export async function loader({ request }: { request: Request }) {
  const database = await databaseAnswers();
  const headers = applyBaseSecurityHeaders(new Headers({ "Cache-Control": "no-store" }), request);
  return Response.json(
    { status: "ok", database, uptimeSeconds: Math.round(process.uptime()), readiness: "/readyz" },
    { status: 200, headers },
  );
}
