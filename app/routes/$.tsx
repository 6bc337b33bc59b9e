/**
 * Any path no other route matches: log it and answer 404 ("Oops! Page not found", as the root error
 * boundary shows it).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/layout/StatusPages";
import { notFound } from "~/utils/http";
import { logger } from "~/utils/logger.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  logger.warn("not found", {
    path: url.pathname,
    referer: request.headers.get("referer") ?? undefined,
  });
  throw notFound("Not Found", { headers: { "Cache-Control": "no-store" } });
}

export const action = loader;

export const meta: MetaFunction = () => [
  { title: "Page not found | OneHop" },
  { name: "robots", content: "noindex" },
];

export default function CatchAll() {
  return <NotFound />;
}
