/**
 * GET /functions/v1/news-curated (spec section 7): `{ success, stats, articles, error }`, the
 * latest run's stats and the curated articles. Read-only: there is no action, so any other method
 * is 405, and it never starts a run.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { NewsCuratedResponse } from "~/core/news/api.server";
import { logger } from "~/utils/logger.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { news } from "~/wiring/news.server";

export async function loader({ request }: LoaderFunctionArgs) {
  let body: NewsCuratedResponse;
  let status = 200;
  try {
    body = await news().newsCuratedResponse();
  } catch (error) {
    logger.error("news-curated failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    body = { success: false, stats: null, articles: [], error: "Failed to fetch curated news." };
    status = 500;
  }
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": status === 200 ? "public, max-age=60, s-maxage=60" : "no-store",
  });
  return new Response(JSON.stringify(body), {
    status,
    headers: applyBaseSecurityHeaders(headers, request),
  });
}
