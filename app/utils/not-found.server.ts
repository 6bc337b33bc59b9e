/**
 * The loader of the catch-all routes (`$.tsx`, `merchant.$.tsx`, `admin.$.tsx`): log the unknown
 * path and answer 404, which the section's (or the root's) error boundary draws.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "./http";
import { logger } from "./logger.server";

export async function notFoundLoader({ request }: LoaderFunctionArgs): Promise<never> {
  logger.warn("not found", {
    path: new URL(request.url).pathname,
    referer: request.headers.get("referer") ?? undefined,
  });
  throw notFound("Not Found", { headers: { "Cache-Control": "no-store" } });
}
