/**
 * The API's dated versions (issue 32, item 3), oldest first. A key is pinned to the newest when it
 * is made; a request may name another with the `OneHop-Version` header, and every answer says which
 * version it was made with. A change that could break an integration comes as a new date; the
 * route table then branches on `context.version`. Isomorphic.
 */
export const apiVersions = ["2026-12-01"] as const;
export type ApiVersion = (typeof apiVersions)[number];

export const CURRENT_API_VERSION: ApiVersion = apiVersions.at(-1)!;

export const isApiVersion = (value: string): value is ApiVersion =>
  (apiVersions as readonly string[]).includes(value);

/** The header that names the version, on requests and answers. */
export const API_VERSION_HEADER = "OneHop-Version";
