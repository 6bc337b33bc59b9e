import { describe, expect, it } from "vitest";
import { createTestDb, TEST_ENGINE, testStore } from "../../tests/setup/db";
import { loader as healthz } from "./healthz";
import { robotsTxt } from "./robots[.txt]";
import { sitemapXml } from "./sitemap[.xml]";
import { checkDatabase } from "~/db/probes";

describe("site files", () => {
  it("robots.txt keeps crawlers out of private areas and points at the sitemap", () => {
    const text = robotsTxt("https://onehop.example");
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /merchant");
    expect(text).toContain("Sitemap: https://onehop.example/sitemap.xml");
  });

  it("sitemap.xml escapes URLs", () => {
    const xml = sitemapXml("https://onehop.example", [{ path: "/a?b=1&c=2", priority: "0.5" }]);
    expect(xml).toContain("<loc>https://onehop.example/a?b=1&#38;c=2</loc>");
  });
});

describe("health check", () => {
  it("answers 200 with the database status", async () => {
    const response = await healthz({ request: new Request("http://localhost/healthz") });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ status: "ok", database: { ok: true } });
  });

  it("reports a closed database as unavailable instead of crashing", async () => {
    const { db, close } = createTestDb();
    const store = testStore(db);
    expect((await checkDatabase(store)).ok).toBe(true);
    if (TEST_ENGINE === "sqlite") db.$client.close();
    else await store.close();
    const result = await checkDatabase(store);
    expect(result.ok).toBe(false);
    close();
  });
});
