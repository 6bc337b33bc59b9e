/**
 * The feed tool cannot be pointed at internal addresses (SSRF, issue 10 item 12): the add-feed form
 * refuses them with a reason, and a feed that still points inside (stored earlier, or a
 * public-looking name resolving to a private address) records only a generic error, never a status
 * or connection error an operator could use to map internal ports.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { newsFeeds } from "../../../drizzle/schema";
import { freshTestDbPerTest, testStore } from "../../../tests/setup/db";
import type { Db } from "~/db/sqlite-connection.server";
import type { ResolveHost } from "~/utils/outbound-address.server";
import { ingestActionSchema } from "./admin-schema";
import { addFeedAudited } from "./admin.server";
import { FEED_FETCH_FAILED } from "./fetch.server";
import { listFeeds } from "./feeds.server";
import { runIngest } from "./ingest.server";

const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);
const actor = { operatorId: "op_test", now: NOW };

const REFUSED_FORMS = [
  "http://127.0.0.1/admin",
  "http://127.0.0.1:8080/admin",
  "http://0x7f000001/",
  "http://2130706433/",
  "http://0177.0.0.1/",
  "http://127.1/",
  "http://[::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://169.254.169.254/latest/meta-data/",
  "http://10.0.0.1/rss",
  "http://192.168.1.1/rss",
  "http://localhost/rss",
  "https://cointelegraph.com:8443/rss",
];

describe("adding a feed", () => {
  let db: Db;
  freshTestDbPerTest((fresh) => {
    db = fresh;
  });

  it.each(REFUSED_FORMS)("the form refuses %s with a reason the operator can act on", (url) => {
    const parsed = ingestActionSchema.safeParse({ intent: "add-feed", name: "Internal", url });
    expect(parsed.success).toBe(false);
    const messages = parsed.success
      ? []
      : parsed.error.issues
          .filter((issue) => issue.path[0] === "url")
          .map((issue) => issue.message);
    expect(messages.join(" ")).toMatch(/public address|standard port/);
  });

  it.each(REFUSED_FORMS)("the server refuses to store %s", async (url) => {
    expect(await addFeedAudited(testStore(db), { ...actor, name: "Internal", url })).toEqual({
      ok: false,
      error: "invalid_url",
    });
    expect(await listFeeds(testStore(db))).toEqual([]);
  });

  it("still takes an outlet's public address", async () => {
    expect(
      ingestActionSchema.safeParse({
        intent: "add-feed",
        name: "TechCabal",
        url: "https://techcabal.com/feed/",
      }).success,
    ).toBe(true);
    expect(
      await addFeedAudited(testStore(db), {
        ...actor,
        name: "TechCabal",
        url: "https://techcabal.com/feed/",
      }),
    ).toMatchObject({ ok: true });
  });
});

describe("an ingest run in live mode (no feed origin configured)", () => {
  let internal: Server;
  let port: number;
  let reached = 0;
  let db: Db;
  freshTestDbPerTest((fresh) => {
    db = fresh;
  });

  beforeAll(async () => {
    internal = createServer((_request, response) => {
      reached += 1;
      response.writeHead(401, { "Content-Type": "text/plain" }).end("internal admin");
    });
    internal.on("connection", () => (reached += 1));
    await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
    port = (internal.address() as AddressInfo).port;
  });
  afterAll(async () => {
    internal.closeAllConnections();
    await new Promise<void>((resolve) => internal.close(() => resolve()));
  });
  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A feed row as an earlier version stored it (before the form refused such addresses). */
  function storedFeed(name: string, url: string) {
    db.insert(newsFeeds)
      .values({ id: `feed_${name}`, name, url, enabled: true, createdAt: NOW, updatedAt: NOW })
      .run();
  }

  it("records the same generic error for an open port, a closed port, metadata and a name resolving inside", async () => {
    storedFeed("Open", `http://127.0.0.1:${port}/admin`);
    storedFeed("Closed", "http://127.0.0.1:1/admin");
    storedFeed("Hex", `http://0x7f000001:${port}/admin`);
    storedFeed("Metadata", "http://169.254.169.254/latest/meta-data/");
    storedFeed("Rebound", "http://feeds.internal-news.example/rss");
    const resolve: ResolveHost = () => Promise.resolve([{ address: "10.0.0.5", family: 4 }]);
    const run = await runIngest(testStore(db), {
      trigger: "manual",
      now: () => NOW,
      fetch: { timeoutMs: 2_000, resolve },
    });

    expect(run.status).toBe("failed");
    expect(
      run.feeds.map((feed) => [feed.feedName, feed.outcome, feed.httpStatus, feed.error]).sort(),
    ).toEqual(
      ["Closed", "Hex", "Metadata", "Open", "Rebound"].map((name) => [
        name,
        "failed",
        null,
        FEED_FETCH_FAILED,
      ]),
    );
    const recorded = db.select({ lastError: newsFeeds.lastError }).from(newsFeeds).all();
    expect(recorded.map((row) => row.lastError)).toEqual(new Array(5).fill(FEED_FETCH_FAILED));
    expect(JSON.stringify(run)).not.toMatch(/ECONN|401|refused|loopback|10\.0\.0\.5/i);
    expect(reached).toBe(0);
  });
});
