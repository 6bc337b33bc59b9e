/** Every provider callback route takes POSTs only: a GET or HEAD answers 405 with `Allow: POST`. */
import { describe, expect, it } from "vitest";

const routes = import.meta.glob<{ loader?: (args: unknown) => Response | Promise<Response> }>(
  "./webhooks.*.ts",
);

describe("the provider callback routes", () => {
  it("are all found", () => {
    expect(Object.keys(routes).length).toBeGreaterThanOrEqual(9);
  });

  for (const [file, load] of Object.entries(routes)) {
    it(`${file} answers a GET with 405 and Allow: POST`, async () => {
      const route = await load();
      expect(route.loader).toBeTypeOf("function");
      const request = new Request("http://localhost:3000/webhooks/x", { method: "GET" });
      const response = await route.loader!({ request, params: {}, context: {} });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    });
  }
});
