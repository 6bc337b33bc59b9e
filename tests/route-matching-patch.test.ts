/**
 * The server's route matching with our patches (patches/, ADR 0066): a route tree is flattened and
 * ranked once and a path pattern compiled once, yet every match is the one the unpatched router
 * gives, and a tree changed in place by lazy route discovery is matched afresh; and the loaders
 * of one request are handed that request itself when there is no `index` or `_routes` parameter
 * to take out, so what they read once for it (the signed-in member) is read once. The server's
 * copies (CommonJS, as Remix's server runtime loads them) are the ones tested.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as RouterModule from "@remix-run/router";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof RouterModule;
/** Remix's server runtime calling a route's loader (not exported from the package's index). */
const { callRouteLoader } = require("@remix-run/server-runtime/dist/data.js") as {
  callRouteLoader: (args: {
    loadContext: unknown;
    loader: (args: { request: Request }) => unknown;
    params: Record<string, string>;
    request: Request;
    routeId: string;
    singleFetch: boolean;
  }) => Promise<unknown>;
};

const tree = (): RouterModule.AgnosticDataRouteObject[] => [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "pay", path: "pay/:id" },
      { id: "pay-status", path: "pay/:id/status" },
      { id: "merchant", path: "merchant", children: [{ id: "payments", path: "payments/*" }] },
      { id: "catch-all", path: "*" },
    ],
  },
];

const ids = (matches: RouterModule.AgnosticRouteMatch[] | null) =>
  matches?.map((match) => match.route.id) ?? null;

describe("route matching on the server (patched router)", () => {
  it("gives the same matches, ranks and params on every call with the same tree", () => {
    const routes = tree();
    for (let round = 0; round < 3; round++) {
      expect(ids(router.matchRoutes(routes, "/"))).toEqual(["root", "home"]);
      const pay = router.matchRoutes(routes, `/pay/pay_${round}`);
      expect(ids(pay)).toEqual(["root", "pay"]);
      expect(pay?.at(-1)?.params).toEqual({ id: `pay_${round}` });
      expect(ids(router.matchRoutes(routes, "/pay/pay_1/status"))).toEqual(["root", "pay-status"]);
      expect(router.matchRoutes(routes, "/merchant/payments/a/b")?.at(-1)?.params).toEqual({
        "*": "a/b",
      });
      expect(ids(router.matchRoutes(routes, "/nowhere"))).toEqual(["root", "catch-all"]);
    }
  });

  it("gives each caller its own params, however often a path is matched", () => {
    const routes = tree();
    const first = router.matchRoutes(routes, "/pay/pay_one")!;
    (first.at(-1)!.params as Record<string, string>).id = "changed by a caller";
    const again = router.matchRoutes(routes, "/pay/pay_one")!;
    expect(again.at(-1)?.params).toEqual({ id: "pay_one" });
    // Within one answer every match shares its params, as the unpatched router gives them.
    expect(again[0]!.params).toBe(again[1]!.params);
    expect(router.matchRoutes(routes, "/pay/pay_two")?.at(-1)?.params).toEqual({ id: "pay_two" });
  });

  it("matches two trees each on its own routes", () => {
    const first = tree();
    const second: RouterModule.AgnosticDataRouteObject[] = [{ id: "only", path: "/pay/:id" }];
    expect(router.matchRoutes(first, "/pay/x")?.at(-1)?.route).toBe(first[0]!.children![1]);
    expect(router.matchRoutes(second, "/pay/x")?.at(-1)?.route).toBe(second[0]);
    expect(router.matchRoutes(second, "/")).toBeNull();
  });

  it("sees the routes lazy discovery adds to a tree already matched", () => {
    const discovered = router.createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }],
      history: router.createMemoryHistory(),
    });
    expect(router.matchRoutes(discovered.routes, "/features")).toBeNull();
    discovered.patchRoutes("root", [{ id: "features", path: "features" }]);
    expect(ids(router.matchRoutes(discovered.routes, "/features"))).toEqual(["root", "features"]);
    discovered.dispose();
  });

  it("compiles a pattern once but reads each path afresh", () => {
    expect(router.matchPath("/pay/:id", "/pay/one")?.params).toEqual({ id: "one" });
    expect(router.matchPath("/pay/:id", "/pay/two")?.params).toEqual({ id: "two" });
    expect(router.matchPath({ path: "/PAY/:id", caseSensitive: true }, "/pay/two")).toBeNull();
    expect(router.matchPath({ path: "/PAY/:id" }, "/pay/two")?.params).toEqual({ id: "two" });
    expect(router.matchPath({ path: "/pay", end: false }, "/pay/two")?.pathnameBase).toBe("/pay");
    expect(router.matchPath({ path: "/pay", end: true }, "/pay/two")).toBeNull();
  });
});

describe("the request a loader is handed (patched server runtime)", () => {
  const handedTo = async (request: Request) => {
    let handed: Request | undefined;
    await callRouteLoader({
      loadContext: {},
      loader: ({ request }) => ((handed = request), null),
      params: {},
      request,
      routeId: "routes/merchant.dashboard",
      singleFetch: true,
    });
    return handed!;
  };

  it("is the request itself when there is nothing to take out of its URL", async () => {
    const request = new Request("http://localhost/merchant/dashboard?page=2", {
      headers: { cookie: "onehop_session=abc" },
    });
    expect(await handedTo(request)).toBe(request);
  });

  it("is a copy without `index` and `_routes`, with the other parameters and headers", async () => {
    const request = new Request(
      "http://localhost/merchant/payments?index&_routes=root&status=paid",
      { headers: { cookie: "onehop_session=abc" } },
    );
    const handed = await handedTo(request);
    expect(handed).not.toBe(request);
    expect(handed.url).toBe("http://localhost/merchant/payments?status=paid");
    expect(handed.headers.get("cookie")).toBe("onehop_session=abc");
  });
});
