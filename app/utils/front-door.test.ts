import { describe, expect, it } from "vitest";
import { respond } from "./front-door.server";

function remix() {
  const seen: string[] = [];
  const handle = async (request: Request) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
    return new Response("from Remix", { status: 200, headers: { "Cache-Control": "private, no-store" } });
  };
  return { seen, handle };
}

const post = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/merchant-signin", { method: "POST", headers: { Host: "localhost:3000", ...headers }, body: "a=b" });

describe("the front door", () => {
  it("refuses a cross-site post with 403 before Remix (and any action) runs", async () => {
    const app = remix();
    const forged: Record<string, string>[] = [{ Origin: "https://evil.example" }, { Origin: "null" }, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of forged) {
      const response = await respond(post(headers), app.handle);
      expect(response.status).toBe(403);
      expect(await response.text()).toBe("Cross-site request rejected");
    }
    expect(app.seen).toEqual([]);
  });

  it("passes same-origin posts, provider callbacks (no Origin) and page views to Remix", async () => {
    const app = remix();
    expect((await respond(post({ Origin: "http://localhost:3000" }), app.handle)).status).toBe(200);
    expect((await respond(post({}), app.handle)).status).toBe(200);
    expect((await respond(new Request("http://localhost:3000/merchant/dashboard"), app.handle)).status).toBe(200);
    expect(app.seen).toEqual(["POST /merchant-signin", "POST /merchant-signin", "GET /merchant/dashboard"]);
  });
});
