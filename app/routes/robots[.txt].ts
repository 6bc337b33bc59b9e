import { env } from "~/utils/env.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /merchant",
    "Disallow: /functions",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export async function loader({ request }: { request: Request }) {
  const headers = new Headers({
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
  });
  return new Response(robotsTxt(env.PUBLIC_SITE_URL.replace(/\/$/, "")), {
    headers: applyBaseSecurityHeaders(headers, request),
  });
}
