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
  // Headers.get joins repeated X-Forwarded-For headers with ", " in order.
  return clientAddressFrom(
    request.headers.get(REMOTE_ADDRESS_HEADER),
    request.headers.get("X-Forwarded-For"),
    proxies,
  );
}

/**
 * The same from the socket's address and the X-Forwarded-For header as received (repeated headers
 * joined with ", " in order, as both Headers.get and Node's IncomingMessage do): for the API, which
 * is served on Node's own request before Remix (app/api/node.server.ts).
 */
export function clientAddressFrom(
  socketAddress: string | null | undefined,
  forwardedFor: string | null | undefined,
  proxies: AddressList = trustedProxies(),
): string | null {
  const socket = normalizeAddress(socketAddress);
  if (!socket || !proxies.has(socket)) return socket;
  const hops = (forwardedFor ?? "").split(",");
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
