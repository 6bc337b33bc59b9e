import { sitemapPages } from "~/content/navigation";
import { env } from "~/utils/env.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { news } from "~/wiring/news.server";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function sitemapXml(
  origin: string,
  pages: readonly { path: string; priority: string }[],
): string {
  const urls = pages
    .map(
      (page) =>
        `  <url><loc>${escapeXml(origin + page.path)}</loc><priority>${page.priority}</priority></url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export async function loader({ request }: { request: Request }) {
  const headers = new Headers({
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
  });
  const articles = (await news().listPublishedArticlePaths()).map((path) => ({
    path,
    priority: "0.6",
  }));
  return new Response(
    sitemapXml(env.PUBLIC_SITE_URL.replace(/\/$/, ""), [...sitemapPages, ...articles]),
    {
      headers: applyBaseSecurityHeaders(headers, request),
    },
  );
}
