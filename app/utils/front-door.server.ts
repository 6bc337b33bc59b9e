/**
 * What the server (server.mjs) does with every request Express passes on, before Remix: refuse
 * cross-site posts with a 403 (Remix would stop a forged document post itself, but with an empty
 * 500), then answer through the page cache (utils/page-cache.server.ts). docs/decisions/0016-own-server.md.
 */
import { logger } from "./logger.server";
import { respondThroughPageCache } from "./page-cache.server";
import { assertSameOrigin } from "./request.server";

export async function respond(request: Request, handleWithRemix: (request: Request) => Promise<Response>): Promise<Response> {
  try {
    assertSameOrigin(request);
  } catch (refusal) {
    if (!(refusal instanceof Response)) throw refusal;
    logger.warn("cross-site post rejected", { path: new URL(request.url).pathname, origin: request.headers.get("Origin") });
    return refusal;
  }
  return respondThroughPageCache(request, handleWithRemix);
}
