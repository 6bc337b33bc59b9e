import { describe, expect, it } from "vitest";
import { clientAddress, clientKeyFor } from "./client-address.server";
import { REMOTE_ADDRESS_HEADER } from "./remote-address";
import { parseEnv } from "./env.server";
import {
  AddressList,
  addressKey,
  LOOPBACK,
  normalizeAddress,
  parseAddressList,
} from "./ip-address.server";
import { clientKey } from "./request.server";

const request = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/merchant-signin", { method: "POST", headers });
const none = new AddressList([]);
const base = { NODE_ENV: "test", SESSION_SECRET: "x".repeat(40) };

describe("client address and throttling key", () => {
  it("keys on the socket address server.mjs passes, never on the User-Agent", () => {
    const chrome =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36";
    const a = request({ [REMOTE_ADDRESS_HEADER]: "203.0.113.7", "User-Agent": chrome });
    const aOtherAgent = request({
      [REMOTE_ADDRESS_HEADER]: "203.0.113.7",
      "User-Agent": chrome.replace("131", "132"),
    });
    const bSameAgent = request({ [REMOTE_ADDRESS_HEADER]: "198.51.100.20", "User-Agent": chrome });
    expect(clientKey(a)).toBe("ip:203.0.113.7");
    // One character of the User-Agent changed: the same client.
    expect(clientKey(aOtherAgent)).toBe(clientKey(a));
    // Another machine with the same browser: another client.
    expect(clientKey(bSameAgent)).toBe("ip:198.51.100.20");
  });

  it("without the header (an action called directly) every request shares one fixed key", () => {
    expect(clientKey(request({ "User-Agent": "one" }))).toBe("ip:unknown");
    expect(clientKey(request({ "User-Agent": "two" }))).toBe("ip:unknown");
  });

  it("ignores X-Forwarded-For from a socket that is not a trusted proxy (the default: none)", () => {
    const spoofed = request({
      [REMOTE_ADDRESS_HEADER]: "203.0.113.7",
      "X-Forwarded-For": "10.9.8.7",
    });
    expect(clientAddress(spoofed)).toBe("203.0.113.7");
    expect(clientAddress(spoofed, new AddressList(["10.0.0.0/8"]))).toBe("203.0.113.7");
  });

  it("behind a trusted proxy takes the right-most hop that is not a trusted proxy, not the client-written left-most", () => {
    const proxies = new AddressList(["10.0.0.0/8", "::1"]);
    // The client wrote "1.2.3.4"; the edge proxy appended the real peer 203.0.113.7; an inner proxy
    // 10.0.0.5.
    const behind = request({
      [REMOTE_ADDRESS_HEADER]: "::ffff:10.0.0.2",
      "X-Forwarded-For": "1.2.3.4, 203.0.113.7, 10.0.0.5",
    });
    expect(clientAddress(behind, proxies)).toBe("203.0.113.7");
    expect(clientKeyFor(behind, proxies)).toBe("ip:203.0.113.7");
    // Changing the client-written part changes nothing.
    const other = request({
      [REMOTE_ADDRESS_HEADER]: "10.0.0.2",
      "X-Forwarded-For": "5.6.7.8, 203.0.113.7, 10.0.0.5",
    });
    expect(clientKeyFor(other, proxies)).toBe(clientKeyFor(behind, proxies));
    // Repeated headers count as one list, in order.
    const repeated = new Headers({ [REMOTE_ADDRESS_HEADER]: "10.0.0.2" });
    repeated.append("X-Forwarded-For", "1.2.3.4");
    repeated.append("X-Forwarded-For", "198.51.100.9");
    expect(clientAddress(new Request("http://localhost/", { headers: repeated }), proxies)).toBe(
      "198.51.100.9",
    );
    // No header, or only proxies: the left-most trusted address seen.
    expect(clientAddress(request({ [REMOTE_ADDRESS_HEADER]: "::1" }), proxies)).toBe("::1");
    expect(
      clientAddress(
        request({ [REMOTE_ADDRESS_HEADER]: "10.0.0.2", "X-Forwarded-For": "10.0.0.9" }),
        proxies,
      ),
    ).toBe("10.0.0.9");
    // Garbage where a proxy would have written an address: stop at the last trusted hop.
    expect(
      clientAddress(
        request({ [REMOTE_ADDRESS_HEADER]: "10.0.0.2", "X-Forwarded-For": "203.0.113.7, evil" }),
        proxies,
      ),
    ).toBe("10.0.0.2");
  });

  it("keys an IPv6 client by its /64, and reads the address forms proxies and sockets write", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("ip:2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("ip:2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("ip:2001:db8:0:0::/64");
    expect(normalizeAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeAddress("::ffff:c000:201")).toBe("192.0.2.1");
    expect(normalizeAddress("192.0.2.1:54321")).toBe("192.0.2.1");
    expect(normalizeAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
    for (const bad of ["", "unknown", "999.1.1.1", "1.2.3", "example.com", "::g"])
      expect(normalizeAddress(bad), bad).toBeNull();
  });

  it("address lists hold addresses and CIDR ranges of both families", () => {
    const list = new AddressList(["196.201.214.200", "196.201.212.0/24", "2001:db8::/32"]);
    expect(list.has("196.201.214.200")).toBe(true);
    expect(list.has("::ffff:196.201.214.200")).toBe(true);
    expect(list.has("196.201.214.201")).toBe(false);
    expect(list.has("196.201.212.138")).toBe(true);
    expect(list.has("2001:db8:ffff::1")).toBe(true);
    expect(list.has("2001:db9::1")).toBe(false);
    expect(list.has(null)).toBe(false);
    expect(none.has("127.0.0.1")).toBe(false);
    expect(new AddressList([...LOOPBACK]).has("127.0.0.53")).toBe(true);
    expect(parseAddressList(" 10.0.0.0/8 ,, ::1 ")).toEqual(["10.0.0.0/8", "::1"]);
    for (const bad of [
      "10.0.0.0/33",
      "localhost",
      "10.0.0.1:80",
      "10.0.0.0/8/1",
      "::1/129",
      "[::1]",
    ]) {
      expect(() => parseAddressList(bad), bad).toThrow(/is not an IP address or CIDR range/);
    }
  });

  it("TRUST_PROXY is a list of proxies: false = none, true = loopback only, a bad entry stops the boot", () => {
    expect(parseEnv({ ...base }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ ...base, TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ ...base, TRUST_PROXY: "true" }).TRUST_PROXY).toEqual(["127.0.0.0/8", "::1"]);
    expect(parseEnv({ ...base, TRUST_PROXY: "10.0.0.0/8, 192.0.2.10" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.0.2.10",
    ]);
    expect(() => parseEnv({ ...base, TRUST_PROXY: "10.0.0.0/8, proxy.internal" })).toThrow(
      /TRUST_PROXY: "proxy\.internal" is not an IP address/,
    );
    expect(parseEnv({ ...base }).MPESA_CALLBACK_ALLOWED_IPS).toBe(false);
    expect(
      parseEnv({ ...base, MPESA_CALLBACK_ALLOWED_IPS: "196.201.214.200, 196.201.213.44" })
        .MPESA_CALLBACK_ALLOWED_IPS,
    ).toEqual(["196.201.214.200", "196.201.213.44"]);
    expect(() => parseEnv({ ...base, MPESA_CALLBACK_ALLOWED_IPS: "true" })).toThrow(
      /MPESA_CALLBACK_ALLOWED_IPS/,
    );
  });
});
