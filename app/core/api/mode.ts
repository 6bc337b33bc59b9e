/**
 * Which data the merchant's pages show: live (always the default) or test (payments made with a
 * test API key against the simulators). The choice is a GET parameter, `?mode=test`, not a
 * preference kept in the session: a page opened from a bookmark, a link or a new tab always shows
 * live money unless its address says otherwise, and nobody stays in test view by accident. The
 * dashboard and the payments list carry the parameter in their links (and the CSV export).
 * Isomorphic: pages and components read it too.
 */
import type { ApiMode } from "./vocabulary";

export const DATA_MODE_PARAM = "mode";

/** The mode a page's query asks for: "test" only when it says so exactly, else "live". */
export function dataModeOf(search: URLSearchParams): ApiMode {
  return search.get(DATA_MODE_PARAM) === "test" ? "test" : "live";
}

/** `path` showing `mode`'s data (live needs no parameter). */
export function withDataMode(path: string, mode: ApiMode): string {
  if (mode === "live") return path;
  return `${path}${path.includes("?") ? "&" : "?"}${DATA_MODE_PARAM}=test`;
}
