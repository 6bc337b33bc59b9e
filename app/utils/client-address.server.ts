/**
 * Who is on the other end of a request: the socket's address, which server.mjs passes to the app in
 * the `x-onehop-remote-address` header (set from `req.socket.remoteAddress`, overwriting whatever a
 * client sent). When that address is a trusted reverse proxy (TRUST_PROXY), the client is the
 * right-most address in X-Forwarded-For that is not itself a trusted proxy: each proxy appends the
 * address it saw, so everything left of that is the client's own say and can be anything.
 */
import { env } from "./env.server";
import { AddressList, addressKey, normalizeAddress } from "./ip-address.server";
import { REMOTE_ADDRESS_HEADER } from "./remote-address";

let trusted: AddressList | undefined;
/** The TRUST_PROXY list (empty unless configured). */
export function trustedProxies(): AddressList {
  trusted ??= new AddressList(env.TRUST_PROXY || []);
  return trusted;
}

/**
 * The client's address, or null when the request did not come through server.mjs (unit tests
 * calling an action directly, `remix dev`).
 */
export function clientAddress(
  request: Request,
  proxies: AddressList = trustedProxies(),
): string | null {
  const socket = normalizeAddress(request.headers.get(REMOTE_ADDRESS_HEADER));
  if (!socket || !proxies.has(socket)) return socket;
  // Headers.get joins repeated X-Forwarded-For headers with ", " in order.
  const hops = (request.headers.get("X-Forwarded-For") ?? "").split(",");
  let client = socket;
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = normalizeAddress(hops[index]);
    // A hop no proxy of ours could have written: stop at the last one we trust.
    if (!hop) break;
    client = hop;
    if (!proxies.has(hop)) break;
  }
  return client;
}

/**
 * Throttling key for the client: `ip:<address>` (IPv6 by /64), or `ip:unknown` without an address.
 */
export function clientKeyFor(request: Request, proxies: AddressList = trustedProxies()): string {
  const address = clientAddress(request, proxies);
  return address ? addressKey(address) : "ip:unknown";
}
