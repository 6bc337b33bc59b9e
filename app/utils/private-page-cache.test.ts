import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installTestDatabase } from "../../tests/setup/db";
import { PRIVATE_CACHE_HEADER, PRIVATE_NO_STORE } from "./http";
import {
  clearPrivatePageCache,
  PRIVATE_PAGE_TTL_MS,
  respondThroughPrivateCache,
  servePrivateCachedPage,
} from "./private-page-cache.server";

const database = installTestDatabase();
afterAll(() => database.close());
beforeEach(() => clearPrivatePageCache());
afterEach(() => vi.useRealTimers());

const SESSION_A = "onehop_session=signed-session-a";
const SESSION_B = "onehop_session=signed-session-b";
const OPT_IN = {
  "Cache-Control": PRIVATE_NO_STORE,
  "Content-Type": "text/html; charset=utf-8",
  [PRIVATE_CACHE_HEADER]: "1",
};

const get = (cookie: string, path = "/merchant/dashboard", headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers: { Cookie: cookie, ...headers } });

/** A stand-in for Remix that renders the page with a counter, so a re-render is visible. */
function remix(headers: Record<string, string> = OPT_IN, status = 200) {
  let renders = 0;
  return {
    renders: () => renders,
    handle: async (request: Request) => {
      renders += 1;
      const who = request.headers.get("Cookie");
      return new Response(`<html>render ${renders} for ${who}</html>`, { status, headers });
    },
  };
}

/** Any write to the database, as a payment, a settlement or a sign-out would make. */
const writeSomething = () => {
  database.db.run(sql`create table if not exists cache_probe (n integer)`);
  database.db.run(sql`insert into cache_probe values (1)`);
};

describe("the private page cache", () => {
  it("answers the same session's reload without rendering again, and never sends the opt-in header", async () => {
    const app = remix();
    const first = await respondThroughPrivateCache(get(SESSION_A), app.handle);
    const second = await respondThroughPrivateCache(get(SESSION_A), app.handle);
    expect(await first.text()).toBe(await second.text());
    expect(app.renders()).toBe(1);
    expect(first.headers.has(PRIVATE_CACHE_HEADER)).toBe(false);
    expect(second.headers.has(PRIVATE_CACHE_HEADER)).toBe(false);
    expect(second.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
  });

  it("never gives one session's page to another", async () => {
    const app = remix();
    await respondThroughPrivateCache(get(SESSION_A), app.handle);
    const other = await respondThroughPrivateCache(get(SESSION_B), app.handle);
    expect(await other.text()).toContain("signed-session-b");
    expect(app.renders()).toBe(2);
  });

  it("renders again after any database write", async () => {
    const app = remix();
    await respondThroughPrivateCache(get(SESSION_A), app.handle);
    writeSomething();
    const after = await respondThroughPrivateCache(get(SESSION_A), app.handle);
    expect(await after.text()).toContain("render 2");
  });

  it("keeps a copy for a few seconds at most", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = remix();
    await respondThroughPrivateCache(get(SESSION_A), app.handle);
    vi.setSystemTime(Date.now() + PRIVATE_PAGE_TTL_MS + 1);
    await respondThroughPrivateCache(get(SESSION_A), app.handle);
    expect(app.renders()).toBe(2);
  });

  it("keeps nothing for a visitor with a flash message, a page that did not opt in, an answer that sets a cookie, or one that failed", async () => {
    const cases: [Request, ReturnType<typeof remix>][] = [
      [get(`${SESSION_A}; onehop_flash=message`), remix()],
      [get(SESSION_A), remix({ "Cache-Control": PRIVATE_NO_STORE })],
      [get(SESSION_A), remix({ ...OPT_IN, "Set-Cookie": "onehop_session=rotated" })],
      [get(SESSION_A), remix(OPT_IN, 500)],
      [get("other=1"), remix()],
      [get(SESSION_A, "/merchant/dashboard.data"), remix()],
    ];
    for (const [request, app] of cases) {
      clearPrivatePageCache();
      await respondThroughPrivateCache(request.clone(), app.handle);
      await respondThroughPrivateCache(request.clone(), app.handle);
      expect(app.renders(), request.url).toBe(2);
    }
  });

  it("compresses the page for the client that asks", async () => {
    const app = remix();
    const gzip = await respondThroughPrivateCache(
      get(SESSION_A, "/merchant/dashboard", { "Accept-Encoding": "gzip" }),
      app.handle,
    );
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    const plain = await respondThroughPrivateCache(get(SESSION_A), app.handle);
    expect(plain.headers.has("Content-Encoding")).toBe(false);
    expect(await plain.text()).toContain("render 1");
  });
});

describe("the server's fast path", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      if (await servePrivateCachedPage(req, res)) return;
      res.writeHead(299, { "content-type": "text/plain" });
      res.end("passed to Remix");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a session's kept page before Remix, and only for that session and until a write", async () => {
    const app = remix();
    await respondThroughPrivateCache(get(SESSION_A), app.handle);
    const hit = await fetch(`${base}/merchant/dashboard`, { headers: { Cookie: SESSION_A } });
    expect(hit.status).toBe(200);
    expect(await hit.text()).toContain("render 1 for onehop_session=signed-session-a");
    const other = await fetch(`${base}/merchant/dashboard`, { headers: { Cookie: SESSION_B } });
    expect(other.status).toBe(299);
    const post = await fetch(`${base}/merchant/dashboard`, {
      method: "POST",
      headers: { Cookie: SESSION_A },
    });
    expect(post.status).toBe(299);
    writeSomething();
    const afterWrite = await fetch(`${base}/merchant/dashboard`, {
      headers: { Cookie: SESSION_A },
    });
    expect(afterWrite.status).toBe(299);
  });
});
