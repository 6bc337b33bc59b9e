/**
 * What a route module may export as `handle` to shape the document root.tsx draws around it.
 *
 * - `chrome`: "public" (default) draws the marketing header, ticker and footer; "app" (the merchant
 *   app), "console" (the operator console) and "bare" (the customer's checkout) draw none of them:
 *   the route or its layout draws its own shell with one `<main id="main">`.
 * - `scripts: false` leaves out the React bundle: the page works as server HTML alone and may add a
 *   small script of its own (with the CSP nonce).
 *
 * The deepest match that sets a field wins.
 */
export type Chrome = "public" | "app" | "console" | "bare";

export interface RouteHandle {
  chrome?: Chrome;
  scripts?: boolean;
}

/** The effective handle for a list of matches (root first, the page last). */
export function resolveHandle(matches: readonly { handle?: unknown }[]): Required<RouteHandle> {
  let chrome: Chrome = "public";
  let scripts = true;
  for (const match of matches) {
    const handle = (match.handle ?? {}) as RouteHandle;
    if (handle.chrome) chrome = handle.chrome;
    if (typeof handle.scripts === "boolean") scripts = handle.scripts;
  }
  return { chrome, scripts };
}
