/** The pages `npm run bench` measures, in table order. Add rows here. */

export interface ScenarioRequest {
  /** Path on the app, e.g. "/features" (also used as-is against the static baseline). */
  path: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Extra request headers (e.g. content-type for a POST, cookie for a signed-in page). */
  headers?: Record<string, string>;
  body?: string;
}

export interface Scenario extends ScenarioRequest {
  /** Row label in the table and the target lines (e.g. "/features", "POST /sign-in"). */
  name: string;
  /**
   * Optional: runs once after the server is up, before the row is measured; what it returns is
   * merged over the row (headers are merged key by key). Use it for values only known at run time,
   * e.g. sign in against `baseUrl` and return `{ headers: { cookie } }` for a signed-in dashboard.
   */
  prepare?: (baseUrl: string) => Promise<Partial<ScenarioRequest>>;
  /**
   * Whether the "JS gzip <= 100 KB on a public page without a form" target applies. Default: a GET
   * without cookie/authorization headers whose response is 2xx HTML containing no `<form`.
   */
  jsTarget?: boolean;
}

export const scenarios: Scenario[] = [
  { name: "/", path: "/" },
  { name: "/features", path: "/features" },
  { name: "/terms", path: "/terms" },
];
