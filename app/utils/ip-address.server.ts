/**
 * IP addresses and address lists (single addresses and CIDR ranges, IPv4 and IPv6), for the trusted
 * proxy list (TRUST_PROXY) and the M-Pesa callback allow-list (MPESA_CALLBACK_ALLOWED_IPS). No env
 * import here: env.server.ts validates its lists with `parseAddressList`.
 */
import { BlockList, isIP } from "node:net";
import { parseIPv6 } from "./outbound-address";

/** The loopback ranges: what `TRUST_PROXY=true` trusts (a reverse proxy on the same host). */
export const LOOPBACK = ["127.0.0.0/8", "::1"] as const;

/**
 * One address as written by a socket or a proxy, in a canonical form: brackets, a port and an IPv6
 * zone are dropped, IPv4-mapped IPv6 (`::ffff:203.0.113.7`) becomes IPv4. Anything else: null.
 */
export function normalizeAddress(raw: string | null | undefined): string | null {
  let value = (raw ?? "").trim();
  if (!value || value.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/.test(value))
    value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/%[\w.-]+$/, "").toLowerCase();
  const family = isIP(value);
  if (family === 4) return value;
  if (family !== 6) return null;
  const groups = ipv6Groups(value);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return value;
}

/**
 * The eight 16-bit groups of an IPv6 address `isIP` accepted (an embedded dotted IPv4 tail
 * included).
 */
function ipv6Groups(address: string): number[] {
  return parseIPv6(address) ?? [];
}

/**
 * The throttling key of a client address: an IPv4 address as is; an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so a per-address key would be free to change).
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return `ip:${address}`;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":");
  return `ip:${prefix}::/64`;
}

interface Entry {
  address: string;
  prefix: number;
  family: 4 | 6;
}

function parseEntry(text: string): Entry | null {
  const [raw, rawPrefix, extra] = text.trim().split("/");
  // Plain addresses only in a list: no brackets, ports or zones.
  if (extra !== undefined || !raw || isIP(raw) === 0) return null;
  const address = normalizeAddress(raw)!;
  const family = isIP(address) as 4 | 6;
  const max = family === 4 ? 32 : 128;
  if (rawPrefix === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = Number(rawPrefix);
  return prefix <= max ? { address, prefix, family } : null;
}

/**
 * Split a comma-separated list of addresses and CIDR ranges ("196.201.214.200, 10.0.0.0/8, ::1").
 * Empty entries are skipped; an entry that is neither throws an Error naming it.
 */
export function parseAddressList(value: string): string[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!parseEntry(entry)) throw new Error(`"${entry}" is not an IP address or CIDR range`);
  }
  return entries;
}

/** A set of addresses and ranges; `has` answers for any address form `normalizeAddress` accepts. */
export class AddressList {
  private readonly blocks = new BlockList();
  readonly size: number;

  constructor(entries: readonly string[]) {
    for (const text of entries) {
      const entry = parseEntry(text);
      if (!entry) throw new Error(`"${text}" is not an IP address or CIDR range`);
      const type = entry.family === 4 ? "ipv4" : "ipv6";
      if (entry.prefix === (entry.family === 4 ? 32 : 128))
        this.blocks.addAddress(entry.address, type);
      else this.blocks.addSubnet(entry.address, entry.prefix, type);
    }
    this.size = entries.length;
  }

  has(raw: string | null | undefined): boolean {
    const address = normalizeAddress(raw);
    if (!address) return false;
    return this.blocks.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
  }
}
