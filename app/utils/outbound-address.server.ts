/**
 * The network half of the outbound policy (outbound-address.ts): a `lookup` for node:http/https
 * that resolves the host itself and refuses the connection unless EVERY address the name resolves
 * to is public, and a check of the address the socket actually connected to. Because the addresses
 * that are checked are the ones handed to connect, a DNS answer that changes between a check and
 * the connection (DNS rebinding) cannot slip through.
 *
 * Note: Node skips `lookup` for an IP-literal host; callers check literals with `checkOutboundUrl`
 * before connecting, and `refuseNonPublicSocket` catches anything that still connects somewhere
 * else.
 */
import { promises as dns, type LookupAddress } from "node:dns";
import type { LookupFunction, Socket } from "node:net";
import { networkInterfaces } from "node:os";
import {
  addressRefusal,
  canonicalHost,
  effectivePort,
  parseIPv4,
  parseIPv6,
  type OwnAddress,
} from "./outbound-address";

/** Resolve a host name to every address it has (injectable for tests). */
export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolve: ResolveHost = (hostname) =>
  dns.lookup(hostname, { all: true, verbatim: true });

/** A destination the policy refused; `detail` is for the server log only. */
export class OutboundRefusedError extends Error {
  readonly code = "EOUTBOUNDREFUSED";
  constructor(
    readonly reason: string,
    readonly detail: string,
  ) {
    super(`Outbound request refused (${reason}): ${detail}`);
    this.name = "OutboundRefusedError";
  }
}

/**
 * A `lookup` for http.request / net.connect that resolves with `resolve` and fails with
 * OutboundRefusedError when any of the addresses is not public. Handles both shapes Node asks for
 * (`all: true` with happy-eyeballs connects, a single address otherwise) and an optional family.
 */
export function guardedLookup(resolve: ResolveHost = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(
            Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }),
            "",
            0,
          );
          return;
        }
        for (const { address } of addresses) {
          const refusal = addressRefusal(address);
          if (refusal) {
            callback(
              new OutboundRefusedError(
                "address",
                `${hostname} resolves to ${address} (${refusal})`,
              ),
              "",
              0,
            );
            return;
          }
        }
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((entry) => entry.family === options.family)
            : [...addresses];
        if (wanted.length === 0) {
          callback(
            Object.assign(new Error(`No IPv${String(options.family)} address for ${hostname}`), {
              code: "ENOTFOUND",
            }),
            "",
            0,
          );
          return;
        }
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]?.address ?? "", wanted[0]?.family ?? 4);
      },
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), "", 0),
    );
  };
}

/**
 * Destroy `socket` (with OutboundRefusedError passed to `fail`) if the address it connects to is
 * not public. Runs before anything else listening for `connect`, so no request bytes are written
 * first.
 */
export function refuseNonPublicSocket(
  socket: Socket,
  fail: (error: OutboundRefusedError) => void,
): void {
  socket.prependOnceListener("connect", () => {
    const remote = socket.remoteAddress ?? "";
    const refusal = addressRefusal(remote);
    if (refusal)
      fail(
        new OutboundRefusedError(
          "connected_address",
          `connected to ${remote || "an unknown address"} (${refusal})`,
        ),
      );
  });
}

/** This machine's interface addresses, canonical (read when asked: interfaces come and go). */
function localAddresses(): Set<string> {
  const addresses = new Set<string>();
  for (const entries of Object.values(networkInterfaces()))
    for (const entry of entries ?? []) addresses.add(canonicalHost(entry.address));
  return addresses;
}

/**
 * Whether a socket connected to `address`:`port` reached OneHop itself (issue 27, item 10): our
 * listening port on a loopback or unspecified address or on any of this machine's own addresses,
 * or the site's own IP address and port when PUBLIC_SITE_URL names one. Checked on `connect`, so a
 * name that resolves to us is caught too.
 */
export function isOwnListener(address: string, port: number, own: OwnAddress): boolean {
  const host = canonicalHost(address.replace(/%[\w.-]+$/, ""));
  if (!parseIPv4(host) && !parseIPv6(host)) return false;
  if (own.listenPort === port) {
    const refusal = addressRefusal(host);
    if (refusal === "loopback" || refusal === "unspecified") return true;
    if (localAddresses().has(host)) return true;
  }
  if (own.siteUrl) {
    try {
      const site = new URL(own.siteUrl);
      if (effectivePort(site) === port && canonicalHost(site.hostname) === host) return true;
    } catch {
      // Not a URL: nothing to compare.
    }
  }
  return false;
}

/**
 * Destroy `socket` (with OutboundRefusedError passed to `fail`) when it connects to OneHop itself
 * (`isOwnListener`), before any request byte is written.
 */
export function refuseOwnListener(
  socket: Socket,
  own: OwnAddress,
  fail: (error: OutboundRefusedError) => void,
): void {
  socket.prependOnceListener("connect", () => {
    const remote = socket.remoteAddress ?? "";
    const port = socket.remotePort ?? 0;
    if (isOwnListener(remote, port, own))
      fail(new OutboundRefusedError("own_address", `connected to ${remote}:${port}`));
  });
}
