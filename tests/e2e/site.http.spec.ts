/**
 * What a CDN, a crawler and a monitor see: headers, robots, sitemap, health. Same in both projects.
 */
import { expect, test } from "@playwright/test";
import { publicRoutes } from "./routes";

test.describe("HTTP behaviour", () => {
  test("public pages are CDN-cacheable, set no cookie and carry the security headers", async ({
    request,
  }) => {
    for (const path of publicRoutes) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers["cache-control"], path).toMatch(/public/);
      expect(headers["cache-control"], path).toMatch(/s-maxage=\d+/);
      expect(headers["set-cookie"], path).toBeUndefined();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(headers["strict-transport-security"]).toBeUndefined();
    }
  });

  test("every inline script carries the CSP nonce; uncached pages get a fresh nonce each time", async ({
    request,
  }) => {
    const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
    for (const path of ["/", "/no-such-page"]) {
      const response = await request.get(path);
      const nonce = nonceOf(response.headers()["content-security-policy"]);
      expect(nonce).toBeTruthy();
      const scripts = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
    const first = await request.get("/no-such-page");
    const second = await request.get("/no-such-page");
    expect(nonceOf(first.headers()["content-security-policy"])).not.toBe(
      nonceOf(second.headers()["content-security-policy"]),
    );
  });

  test("public pages are served from the page cache, compressed once", async ({ request }) => {
    await request.get("/about");
    const cached = await request.get("/about", { headers: { "accept-encoding": "br" } });
    expect(cached.headers()["x-page-cache"]).toBe("hit");
    expect(cached.headers()["content-encoding"]).toBe("br");
    expect(await cached.text()).toContain("</html>");
    const plain = await request.get("/about", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    expect(await plain.text()).toContain("<h1");
  });

  test("public non-HTML answers are cached too; a visitor with a flash message is never served a cached copy", async ({
    request,
  }) => {
    await request.get("/robots.txt");
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["x-page-cache"]).toBe("hit");
    expect(await robots.text()).toContain("Sitemap:");
    await request.get("/about");
    const withFlash = await request.get("/about", {
      headers: { cookie: "onehop_flash=not-a-valid-flash" },
    });
    expect(withFlash.status()).toBe(200);
    expect(withFlash.headers()["x-page-cache"]).toBeUndefined();
  });

  test("HSTS is sent when the request came over HTTPS", async ({ request }) => {
    const response = await request.get("/about", { headers: { "x-forwarded-proto": "https" } });
    expect(response.headers()["strict-transport-security"]).toContain("max-age=");
  });

  test("pages have a title, description, canonical and Open Graph tags", async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get("/security")).text();
    expect(html).toMatch(/<title>Security \| OneHop<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/security"/>`);
    expect(html).toMatch(/<meta property="og:title" content="Security \| OneHop"/);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/security"/>`);
  });

  test("robots.txt and sitemap.xml list the public site", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toContain("text/plain");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of publicRoutes) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  });

  test("healthz reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.json();
    expect(body.status).toBe("ok");
    expect(body.database.ok).toBe(true);
  });

  test("HTML is compressed and build assets are cached for a year", async ({ request }) => {
    const page = await request.get("/features", { headers: { "accept-encoding": "gzip" } });
    expect(page.headers()["content-encoding"]).toBe("gzip");
    const html = await page.text();
    const asset = /\/build\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset!);
    expect(assetResponse.headers()["cache-control"]).toContain("max-age=31536000");
    expect(assetResponse.headers()["cache-control"]).toContain("immutable");
  });

  test("unknown paths answer 404 and are not cached", async ({ request }) => {
    const response = await request.get("/wp-admin.php");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });
});
