/**
 * Where the server may send a request on someone else's say-so (a feed URL an operator typed, a
 * redirect an outlet answered): public internet addresses only, over http(s), on the standard
 * ports. This is the SSRF policy. It is pure (no Node imports) so the admin form's schema can use
 * it in the browser too; the network half (checking every resolved and connected address) is
 * outbound-address.server.ts.
 *
 * Addresses are judged on their parsed bytes, and every check reads the host through
 * `canonicalHost`: the WHATWG URL parser already turns numeric IPv4 forms (`0x7f000001`,
 * `2130706433`, `017700000001`, `0x7f.1`, `127.1`) into dotted decimal and compresses IPv6;
 * `canonicalHost` also turns an IPv4-mapped or -translated IPv6 address (`[::ffff:127.0.0.1]`) into
 * the IPv4 address it reaches and drops a name's trailing dot, so one destination has one spelling.
 */

/** Ports fetched by default (http and https). */
export const DEFAULT_OUTBOUND_PORTS: readonly number[] = [80, 443];

/** Why an address is not public (null: it is public). */
export type AddressRefusal =
  | "not_an_address"
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  | "cgnat"
  | "multicast"
  | "broadcast"
  | "documentation"
  | "reserved"
  | "unique-local"
  | "metadata";

type V4 = [number, number, number, number];

/** Strict dotted-decimal IPv4 (what the URL parser and the resolver produce); null otherwise. */
export function parseIPv4(text: string): V4 | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(?:0|[1-9]\d{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes.push(value);
  }
  return bytes as V4;
}

/**
 * An IPv6 address (brackets allowed, zone ids refused) as its eight 16-bit words; null otherwise.
 */
export function parseIPv6(text: string): number[] | null {
  let value = text.toLowerCase();
  if (value.startsWith("[") && value.endsWith("]")) value = value.slice(1, -1);
  if (!/^[0-9a-f:.]+$/.test(value)) return null;
  const halves = value.split("::");
  if (halves.length > 2) return null;
  const words = (side: string, last: boolean): number[] | null => {
    if (side === "") return [];
    const groups = side.split(":");
    const out: number[] = [];
    for (const [index, group] of groups.entries()) {
      if (last && index === groups.length - 1 && group.includes(".")) {
        const v4 = parseIPv4(group);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-f]{1,4}$/.test(group)) {
        out.push(Number.parseInt(group, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  if (halves.length === 1) {
    const all = words(halves[0] ?? "", true);
    return all && all.length === 8 ? all : null;
  }
  const head = words(halves[0] ?? "", false);
  const tail = words(halves[1] ?? "", true);
  if (!head || !tail || head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

const V4_BLOCKS: readonly [string, number, AddressRefusal][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "cgnat"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["255.255.255.255", 32, "broadcast"],
  ["240.0.0.0", 4, "reserved"],
];

/** Cloud instance-metadata endpoints (AWS/GCP/Azure, AWS ECS, Alibaba, Oracle; AWS over IPv6). */
const METADATA_V4 = new Set(["169.254.169.254", "169.254.170.2", "100.100.100.200", "192.0.0.192"]);
const METADATA_V6 = "fd00:ec2:0:0:0:0:0:254";

const toUint = (bytes: V4) =>
  ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;

function v4Refusal(bytes: V4): AddressRefusal | null {
  if (METADATA_V4.has(bytes.join("."))) return "metadata";
  const value = toUint(bytes);
  for (const [base, prefix, reason] of V4_BLOCKS) {
    const baseValue = toUint(parseIPv4(base) as V4);
    const shift = 32 - prefix;
    if (shift === 32 || value >>> shift === baseValue >>> shift) return reason;
  }
  return null;
}

function embeddedV4(high: number, low: number): V4 {
  return [high >>> 8, high & 0xff, low >>> 8, low & 0xff];
}

function v6Refusal(w: number[]): AddressRefusal | null {
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0, w5 = 0, w6 = 0, w7 = 0] = w;
  if (w.map((word) => word.toString(16)).join(":") === METADATA_V6) return "metadata";
  const zeroTo = (end: number) => w.slice(0, end).every((word) => word === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated) reach the IPv4 address.
  if (zeroTo(5) && w5 === 0xffff) return v4Refusal(embeddedV4(w6, w7));
  if (zeroTo(4) && w4 === 0xffff && w5 === 0) return v4Refusal(embeddedV4(w6, w7));
  if (zeroTo(6)) {
    if (w6 === 0 && w7 === 0) return "unspecified";
    if (w6 === 0 && w7 === 1) return "loopback";
    return "reserved"; // IPv4-compatible ::a.b.c.d, deprecated
  }
  // NAT64 (64:ff9b::/96) reaches the embedded IPv4 address; the local-use prefix is private.
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0)
    return v4Refusal(embeddedV4(w6, w7));
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 1) return "private";
  // 6to4 (2002::/16) reaches the IPv4 address in words 1-2.
  if (w0 === 0x2002) return v4Refusal(embeddedV4(w1, w2));
  if ((w0 & 0xfe00) === 0xfc00) return "unique-local";
  if ((w0 & 0xffc0) === 0xfe80) return "link-local";
  if ((w0 & 0xffc0) === 0xfec0) return "private"; // site-local, deprecated
  if ((w0 & 0xff00) === 0xff00) return "multicast";
  if (w0 === 0x2001 && w1 === 0x0db8) return "documentation";
  if (w0 >>> 4 === 0x3ff) return "documentation"; // 3fff::/20
  if (w0 === 0x2001 && w1 < 0x0200) return "reserved"; // IETF protocol assignments, Teredo
  if ((w0 & 0xe000) !== 0x2000) return "reserved"; // outside global unicast 2000::/3
  return null;
}

/**
 * Why `address` (an IPv4 or IPv6 literal, brackets allowed) is not a public address; null when it
 * is.
 */
export function addressRefusal(address: string): AddressRefusal | null {
  const v4 = parseIPv4(address);
  if (v4) return v4Refusal(v4);
  const v6 = parseIPv6(address);
  if (v6) return v6Refusal(v6);
  return "not_an_address";
}

export function isPublicAddress(address: string): boolean {
  return addressRefusal(address) === null;
}

/**
 * The one spelling of a URL's host that every check compares (issue 27, item 10): lowercase, a
 * name without its trailing dot, an IPv6 address without brackets in its compressed form, and an
 * IPv4-mapped (`::ffff:a.b.c.d`) or -translated (`::ffff:0:a.b.c.d`) IPv6 address as the dotted
 * IPv4 address it reaches. Give it `url.hostname` (numeric IPv4 forms are already dotted decimal
 * there).
 */
export function canonicalHost(hostname: string): string {
  const host = hostname.toLowerCase();
  if (parseIPv4(host)) return host;
  const words = parseIPv6(host);
  if (words) {
    const zeroTo = (end: number) => words.slice(0, end).every((word) => word === 0);
    const mapped = zeroTo(5) && words[5] === 0xffff;
    const translated = zeroTo(4) && words[4] === 0xffff && words[5] === 0;
    if (mapped || translated) return embeddedV4(words[6] ?? 0, words[7] ?? 0).join(".");
    return compressIPv6(words);
  }
  return host.replace(/\.$/, "");
}

/** Eight words as RFC 5952 text (lowercase, the longest run of two or more zero words as "::"). */
function compressIPv6(words: number[]): string {
  let bestAt = -1;
  let bestLength = 1;
  for (let at = 0; at < words.length;) {
    if (words[at] !== 0) {
      at += 1;
      continue;
    }
    let end = at;
    while (end < words.length && words[end] === 0) end += 1;
    if (end - at > bestLength) [bestAt, bestLength] = [at, end - at];
    at = end;
  }
  const hex = words.map((word) => word.toString(16));
  if (bestAt === -1) return hex.join(":");
  return `${hex.slice(0, bestAt).join(":")}::${hex.slice(bestAt + bestLength).join(":")}`;
}

/** A URL's port as a number (the scheme's default when it has none). */
export function effectivePort(url: URL): number {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** The URL with its host in its canonical spelling (`http://[::ffff:7f00:1]:9/` -> 127.0.0.1). */
export function withCanonicalHost(url: URL): URL {
  const canonical = new URL(url.href);
  const host = canonicalHost(url.hostname);
  const bracketed = host.includes(":") ? `[${host}]` : host;
  if (bracketed !== canonical.hostname) canonical.hostname = bracketed;
  return canonical;
}

/**
 * OneHop's own addresses (issue 27, item 10): a request sent there would reach OneHop itself, so
 * nothing it sends on someone else's say-so (webhooks) may go there.
 */
export interface OwnAddress {
  /** The public site (PUBLIC_SITE_URL): its host on its port. */
  siteUrl?: string;
  /** The port this process listens on (PORT): every loopback or unspecified address on it is us. */
  listenPort?: number;
}

const isLoopbackOrUnspecified = (host: string) => {
  const refusal = addressRefusal(host);
  return refusal === "loopback" || refusal === "unspecified";
};

/** Whether `url` names one of OneHop's own addresses (its host read canonically). */
export function isOwnAddress(url: URL, own: OwnAddress): boolean {
  const host = canonicalHost(url.hostname);
  const port = effectivePort(url);
  if (own.listenPort === port && isLoopbackOrUnspecified(host)) return true;
  if (!own.siteUrl) return false;
  let site: URL;
  try {
    site = new URL(own.siteUrl);
  } catch {
    return false;
  }
  if (effectivePort(site) !== port) return false;
  const siteHost = canonicalHost(site.hostname);
  if (siteHost === host) return true;
  // A local site (localhost, 127.0.0.1) is every loopback address on its port.
  const localSite = siteHost === "localhost" || isLoopbackOrUnspecified(siteHost);
  return localSite && (host === "localhost" || isLoopbackOrUnspecified(host));
}

/**
 * Host names that never name a public site (RFC 6761 and private-use names), with or without a
 * trailing dot.
 */
const LOCAL_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "localdomain",
  "home.arpa",
  "lan",
  "intranet",
  "corp",
];

export type OutboundUrlCheck =
  | { ok: true; url: URL; literal: boolean }
  | {
      ok: false;
      reason: "invalid_url" | "scheme" | "credentials" | "port" | "address" | "host";
      /** For the server log only (never shown to whoever supplied the URL). */
      detail: string;
    };

/**
 * The part of the policy that needs no network: an http(s) URL without credentials, on port 80/443
 * (or one of `extraPorts`), whose host is not a non-public IP literal or a local-only name. A host
 * name that passes must still resolve to public addresses only (outbound-address.server.ts).
 */
export function checkOutboundUrl(
  input: string | URL,
  options: { extraPorts?: readonly number[] } = {},
): OutboundUrlCheck {
  let url: URL;
  try {
    url = typeof input === "string" ? new URL(input.trim()) : input;
  } catch {
    return { ok: false, reason: "invalid_url", detail: "not a URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, reason: "scheme", detail: url.protocol };
  if (url.username || url.password)
    return { ok: false, reason: "credentials", detail: "user info in URL" };
  const port = effectivePort(url);
  if (!DEFAULT_OUTBOUND_PORTS.includes(port) && !(options.extraPorts ?? []).includes(port)) {
    return { ok: false, reason: "port", detail: `port ${port}` };
  }
  const host = canonicalHost(url.hostname);
  if (parseIPv4(host) || parseIPv6(host)) {
    const refusal = addressRefusal(host);
    return refusal
      ? { ok: false, reason: "address", detail: `${host} is ${refusal}` }
      : { ok: true, url, literal: true };
  }
  const name = host;
  if (!name.includes("."))
    return { ok: false, reason: "host", detail: `single-label host ${host}` };
  if (LOCAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))) {
    return { ok: false, reason: "host", detail: `local-only host ${host}` };
  }
  return { ok: true, url, literal: false };
}

/** What the admin form says about a feed address the policy refuses (null when acceptable). */
export function outboundUrlProblem(value: string): string | null {
  const check = checkOutboundUrl(value);
  if (check.ok) return null;
  switch (check.reason) {
    case "invalid_url":
      return "Enter a full address, starting with https://";
    case "scheme":
      return "Use an http or https address";
    case "credentials":
      return "Leave the user name and password out of the address";
    case "port":
      return "Use the standard port (80 for http, 443 for https): other ports are not fetched";
    case "address":
    case "host":
      return "Use the outlet's public address: local and private network addresses are not fetched";
  }
}
