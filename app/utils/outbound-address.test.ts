/** The outbound (SSRF) policy: which addresses, hosts and ports the server may be told to fetch. */
import { once } from "node:events";
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addressRefusal,
  canonicalHost,
  checkOutboundUrl,
  isOwnAddress,
  isPublicAddress,
  outboundUrlProblem,
  parseIPv6,
  withCanonicalHost,
} from "./outbound-address";
import {
  guardedLookup,
  isOwnListener,
  OutboundRefusedError,
  refuseNonPublicSocket,
  refuseOwnListener,
  type ResolveHost,
} from "./outbound-address.server";

describe("which addresses are public", () => {
  it.each([
    ["0.0.0.0", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.255.1.2", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.1.1", "link-local"],
    ["169.254.169.254", "metadata"],
    ["169.254.170.2", "metadata"],
    ["100.100.100.200", "metadata"],
    ["192.0.0.192", "metadata"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.254", "cgnat"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["192.0.2.10", "documentation"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["[::ffff:a9fe:a9fe]", "metadata"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:0:127.0.0.1", "loopback"],
    ["::127.0.0.1", "reserved"],
    ["64:ff9b::127.0.0.1", "loopback"],
    ["2002:7f00:1::", "loopback"],
    ["2002:a9fe:a9fe::1", "metadata"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["fd00:ec2::254", "metadata"],
    ["fe80::1", "link-local"],
    ["fec0::1", "private"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2001::1", "reserved"],
    ["fe80::1%eth0", "not_an_address"],
    ["example.com", "not_an_address"],
    ["127.1", "not_an_address"],
  ])("%s is not public (%s)", (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "169.255.0.1",
    "2606:4700::6810:84e5",
    "2a00:1450:4001:82b::200e",
    "::ffff:93.184.216.34",
  ])("%s is public", (address) => {
    expect(addressRefusal(address)).toBeNull();
  });

  it("parses compressed IPv6 and refuses malformed text", () => {
    expect(parseIPv6("2001:db8::1")).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    for (const bad of ["1::2::3", "12345::", "1:2:3:4:5:6:7", "1.2.3.4::", "g::1", ":::"])
      expect(parseIPv6(bad)).toBeNull();
  });
});

describe("one spelling per host, and OneHop's own address (issue 27, item 10)", () => {
  it("reads every numeric spelling of loopback as 127.0.0.1", () => {
    for (const spelling of [
      "127.0.0.1",
      "2130706433",
      "0x7f.1",
      "0x7f000001",
      "017700000001",
      "0177.0.0.1",
      "127.1",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "[::ffff:0:7f00:1]",
    ]) {
      const url = new URL(`http://${spelling}:3000/x`);
      expect(canonicalHost(url.hostname), spelling).toBe("127.0.0.1");
      expect(withCanonicalHost(url).href, spelling).toBe("http://127.0.0.1:3000/x");
    }
    expect(canonicalHost("[0:0:0:0:0:0:0:1]")).toBe("::1");
    expect(canonicalHost("[2001:DB8:0:0:1:0:0:1]")).toBe("2001:db8::1:0:0:1");
    expect(canonicalHost("Hooks.Shop.Example.")).toBe("hooks.shop.example");
  });

  it("knows the site's origin and loopback on the listening port as OneHop's own", () => {
    const own = { siteUrl: "https://pay.onehop.test", listenPort: 3000 };
    const mine = (url: string) => isOwnAddress(new URL(url), own);
    expect(mine("http://127.0.0.1:3000/")).toBe(true);
    expect(mine("http://2130706433:3000/")).toBe(true);
    expect(mine("http://[::ffff:127.0.0.1]:3000/")).toBe(true);
    expect(mine("http://[::1]:3000/")).toBe(true);
    expect(mine("http://0.0.0.0:3000/")).toBe(true);
    expect(mine("https://PAY.onehop.test./x")).toBe(true);
    expect(mine("https://pay.onehop.test:443/x")).toBe(true);
    expect(mine("http://127.0.0.1:3001/")).toBe(false);
    expect(mine("http://pay.onehop.test/x")).toBe(false); // port 80, not the site's 443
    expect(mine("https://hooks.shop.example/x")).toBe(false);
    // A local site: every loopback address on the site's port is us, even on another PORT.
    const local = { siteUrl: "http://localhost:3000", listenPort: 4000 };
    expect(isOwnAddress(new URL("http://127.0.0.9:3000/"), local)).toBe(true);
    expect(isOwnAddress(new URL("http://127.0.0.9:4000/"), local)).toBe(true);
    expect(isOwnAddress(new URL("http://127.0.0.9:4001/"), local)).toBe(false);
  });

  it("knows a socket's peer on our listening port as OneHop's own", () => {
    const own = { siteUrl: "https://203.0.113.10", listenPort: 3000 };
    expect(isOwnListener("127.0.0.1", 3000, own)).toBe(true);
    expect(isOwnListener("::ffff:127.0.0.1", 3000, own)).toBe(true);
    expect(isOwnListener("::1", 3000, own)).toBe(true);
    expect(isOwnListener("127.0.0.1", 3001, own)).toBe(false);
    expect(isOwnListener("203.0.113.10", 443, own)).toBe(true);
    expect(isOwnListener("203.0.113.10", 80, own)).toBe(false);
    expect(isOwnListener("93.184.215.14", 3000, own)).toBe(false);
  });
});

describe("which URLs may be fetched", () => {
  it.each([
    // The URL parser turns every numeric spelling of 127.0.0.1 into dotted form before the check.
    ["http://0x7f000001/", "address"],
    ["http://2130706433/", "address"],
    ["http://0177.0.0.1/", "address"],
    ["http://127.1/", "address"],
    ["http://127.0.0.1/", "address"],
    ["http://[::1]/", "address"],
    ["http://[::ffff:127.0.0.1]/", "address"],
    ["http://169.254.169.254/latest/meta-data/", "address"],
    ["http://0251.0376.0251.0376/", "address"],
    ["http://[fd00:ec2::254]/", "address"],
    ["http://10.0.0.1/", "address"],
    ["http://100.64.0.1/", "address"],
    ["http://localhost/", "host"],
    ["http://LOCALHOST./", "host"],
    ["http://feeds.localhost/", "host"],
    ["http://metadata.google.internal/", "host"],
    ["http://printer.local/", "host"],
    ["http://intranet/", "host"],
    ["http://outlet.example:8080/rss", "port"],
    ["https://outlet.example:8443/rss", "port"],
    ["http://outlet.example:22/", "port"],
    ["ftp://outlet.example/rss", "scheme"],
    ["file:///etc/passwd", "scheme"],
    ["gopher://outlet.example/", "scheme"],
    ["https://user:pass@outlet.example/rss", "credentials"],
    ["not a url", "invalid_url"],
  ])("%s is refused (%s)", (url, reason) => {
    expect(checkOutboundUrl(url)).toMatchObject({ ok: false, reason });
  });

  it("allows public http(s) on 80 and 443, and a configured extra port", () => {
    for (const url of [
      "https://cointelegraph.com/rss",
      "http://outlet.example/rss",
      "http://outlet.example:80/",
      "https://outlet.example:443/",
      "http://93.184.216.34/feed",
      "https://[2606:4700::6810:84e5]/",
    ]) {
      expect(checkOutboundUrl(url)).toMatchObject({ ok: true });
    }
    expect(
      checkOutboundUrl("https://outlet.example:8443/rss", { extraPorts: [8443] }),
    ).toMatchObject({ ok: true });
  });

  it("explains a refusal in words an operator can act on", () => {
    expect(outboundUrlProblem("http://127.0.0.1:8080/")).toMatch(/port/);
    expect(outboundUrlProblem("http://[::1]/")).toBe(
      "Use the outlet's public address: local and private network addresses are not fetched",
    );
    expect(outboundUrlProblem("https://decrypt.co/feed")).toBeNull();
  });
});

describe("the guarded lookup", () => {
  const lookupWith = (answers: string[], options: { all?: boolean; family?: number } = {}) =>
    new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((resolve) => {
      const resolveHost: ResolveHost = () =>
        Promise.resolve(
          answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
        );
      guardedLookup(resolveHost)(
        "feeds.example",
        { all: options.all ?? false, family: options.family },
        (error, address, family) =>
          resolve({ error, result: options.all ? address : [address, family] }),
      );
    });

  it("answers with the resolved public address, in either shape Node asks for", async () => {
    expect(await lookupWith(["93.184.216.34"])).toEqual({
      error: null,
      result: ["93.184.216.34", 4],
    });
    expect(await lookupWith(["93.184.216.34", "2606:4700::1"], { all: true })).toEqual({
      error: null,
      result: [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:4700::1", family: 6 },
      ],
    });
    expect(await lookupWith(["93.184.216.34", "2606:4700::1"], { family: 6 })).toEqual({
      error: null,
      result: ["2606:4700::1", 6],
    });
  });

  it.each([
    [["127.0.0.1"]],
    [["::1"]],
    [["::ffff:127.0.0.1"]],
    [["169.254.169.254"]],
    [["93.184.216.34", "10.0.0.7"]],
    [["2606:4700::1", "fd00::5"]],
  ])("refuses a name that resolves to %j (every answer must be public)", async (answers) => {
    const { error } = await lookupWith(answers, { all: true });
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect((error as OutboundRefusedError).reason).toBe("address");
  });
});

describe("the connected-address check", () => {
  let server: Server;
  let port: number;
  const received: { bytes: number; closed: boolean }[] = [];

  beforeAll(async () => {
    server = createServer((socket: Socket) => {
      const entry = { bytes: 0, closed: false };
      received.push(entry);
      socket.on("data", (chunk: Buffer) => (entry.bytes += chunk.byteLength));
      socket.on("close", () => (entry.closed = true));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("drops a connection to a loopback address before a byte of the request is sent", async () => {
    const socket = connect({ host: "127.0.0.1", port });
    let refused: OutboundRefusedError | null = null;
    refuseNonPublicSocket(socket, (error) => {
      refused = error;
      socket.destroy(error);
    });
    socket.on("error", () => undefined);
    // Written while still connecting: Node queues it and sends it on `connect`, after our check.
    socket.write("GET /admin HTTP/1.1\r\nHost: internal\r\n\r\n");
    await expect.poll(() => received[0]?.closed).toBe(true);
    expect(refused).toBeInstanceOf(OutboundRefusedError);
    expect(received[0]?.bytes).toBe(0);
  });

  it("drops a connection to OneHop's own listening port before a byte is sent", async () => {
    const before = received.length;
    const socket = connect({ host: "127.0.0.1", port });
    let refused: OutboundRefusedError | null = null;
    refuseOwnListener(socket, { listenPort: port }, (error) => {
      refused = error;
      socket.destroy(error);
    });
    socket.on("error", () => undefined);
    socket.write("POST /api/v1/payments HTTP/1.1\r\nHost: onehop\r\n\r\n");
    await expect.poll(() => received[before]?.closed).toBe(true);
    expect(refused).toMatchObject({ reason: "own_address" });
    expect(received[before]?.bytes).toBe(0);
  });
});
