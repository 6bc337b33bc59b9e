/** Every provider callback route takes POSTs only: a GET or HEAD answers 405 with `Allow: POST`. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

type RouteModule = { loader?: (args: unknown) => Response | Promise<Response> };

const routeFiles = readdirSync(__dirname).filter((file) => /^webhooks\..+\.ts$/.test(file));

describe("the provider callback routes", () => {
  it("are all found", () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(9);
  });

  for (const file of routeFiles) {
    it(`${file} answers a GET with 405 and Allow: POST`, async () => {
      const route = (await import(join(__dirname, file))) as RouteModule;
      expect(route.loader).toBeTypeOf("function");
      const request = new Request("http://localhost:3000/webhooks/x", { method: "GET" });
      const response = await route.loader!({ request, params: {}, context: {} });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    });
  }
});
