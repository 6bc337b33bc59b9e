/**
 * Webhook endpoints and delivery through real HTTP: receivers on 127.0.0.1 (ephemeral ports) that
 * check the signature the way a merchant's server does. Only the clock and the DNS resolver are the
 * test's.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  merchants,
  merchantUsers,
  outboundEmails,
  webhookDeliveries,
  webhookEndpoints,
} from "../../../../drizzle/schema";
import type { Store } from "~/db/store";
import type { Db } from "~/db/sqlite-connection.server";
import type { ResolveHost } from "~/utils/outbound-address.server";
import { createTestDb, openTestDatabase, testStore } from "../../../../tests/setup/db";
import { enqueueEvent, eventObject } from "../outbox.server";
import {
  claimDueDeliveries,
  deliverDueWebhooks,
  RETRY_WINDOW_MS,
  type DeliverOptions,
} from "./delivery.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhooksSince,
  resendWebhook,
  rotateWebhookSecret,
  sendWebhookPing,
  updateWebhookEndpoint,
  type EndpointScope,
} from "./endpoints.server";
import { verifyWebhookSignature, WEBHOOK_SECRET_PATTERN } from "./signature.server";
import { startWebhookWorker } from "./worker.server";

const SITE = "http://localhost:3000";
const T0 = Date.UTC(2026, 10, 25, 9, 0);
const MERCHANT = "MRC-AAAAAA";
const OTHER = "MRC-BBBBBB";
const test = { merchantId: MERCHANT, mode: "test" } as const satisfies EndpointScope;
const allow: { policy: { allowLoopback: boolean }; resolve?: ResolveHost } = {
  policy: { allowLoopback: true },
};

interface Hit {
  headers: IncomingMessage["headers"];
  body: string;
}
interface Receiver {
  url: string;
  hits: Hit[];
  server: Server;
  /** What to answer next (default 200 "ok"); `null` never answers. */
  answer: (hit: Hit) => { status: number; body?: string } | null;
}

const receivers: Receiver[] = [];
async function startReceiver(answer: Receiver["answer"] = () => ({ status: 200, body: "ok" })) {
  const receiver = { hits: [] as Hit[], answer } as Receiver;
  receiver.server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const hit = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      receiver.hits.push(hit);
      const reply = receiver.answer(hit);
      if (!reply) return; // never answers
      res.writeHead(reply.status, { "Content-Type": "text/plain" });
      res.end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks`;
  receivers.push(receiver);
  return receiver;
}

let db: Db;
let store: Store;
let file: string;
let close: () => void;
beforeEach(() => {
  ({ db, file, close } = createTestDb());
  store = testStore(db);
  for (const id of [MERCHANT, OTHER])
    db.insert(merchants)
      .values({ id, businessName: `Shop ${id}`, contactEmail: `${id}@shop.example`, createdAt: 0 })
      .run();
  db.insert(merchantUsers)
    .values({
      id: "usr_owner",
      merchantId: MERCHANT,
      username: "wanjiku",
      role: "owner",
      email: "owner@shop.example",
      createdAt: 0,
    })
    .run();
});
afterEach(async () => {
  for (const receiver of receivers.splice(0)) {
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  }
  close();
});

const deliver = (now: number, options: Partial<DeliverOptions> = {}) =>
  deliverDueWebhooks(store, { siteUrl: SITE, now, ...allow, ...options });

async function endpointFor(receiver: Receiver, events: string[] = ["*"]) {
  const created = await createWebhookEndpoint(
    store,
    { merchantId: MERCHANT, mode: "test", url: receiver.url, events, now: T0 },
    allow,
  );
  if (!created.ok) throw new Error(created.message);
  return created;
}

const paid = (now = T0, mode: "test" | "live" = "test") =>
  store.write((q) =>
    enqueueEvent(q, {
      merchantId: MERCHANT,
      mode,
      type: "payment.paid",
      objectId: "pay_1",
      data: { object: { id: "pay_1", amount: 250000, checkout_url: "/pay/pay_1" } },
      now,
    }),
  );

const deliveryOf = (endpointId: string) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).all();

describe("registering endpoints", () => {
  it("creates an endpoint and shows the secret once; lists never carry it", async () => {
    const receiver = await startReceiver();
    const { endpoint, secret } = await endpointFor(receiver, ["payment.paid", "payment.created"]);
    expect(secret).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(endpoint).toMatchObject({
      mode: "test",
      url: receiver.url,
      status: "enabled",
      events: ["payment.created", "payment.paid"],
    });
    const listed = await listWebhookEndpoints(store, test);
    expect(listed.map((e) => e.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    // Stored sealed, not in the clear.
    const row = db.select().from(webhookEndpoints).get()!;
    expect(row.secretSealed).not.toContain(secret.slice(6));
  });

  it("refuses URLs outside the rules, with a message in the merchant's words", async () => {
    const tenOh: ResolveHost = () => Promise.resolve([{ address: "10.0.0.1", family: 4 }]);
    const create = (url: string, mode: "test" | "live", options = allow) =>
      createWebhookEndpoint(
        store,
        { merchantId: MERCHANT, mode, url, events: ["*"], now: T0 },
        options,
      );
    const refusals: [string, "test" | "live", typeof allow & { resolve?: ResolveHost }, RegExp][] =
      [
        ["http://127.0.0.1:4000/hooks", "live", allow, /https/],
        ["https://127.0.0.1/hooks", "live", allow, /public address/],
        [
          "http://127.0.0.1:4000/hooks",
          "test",
          { policy: { allowLoopback: false } },
          /port|public/,
        ],
        ["http://10.0.0.1/hooks", "test", allow, /public address/],
        ["http://localhost/hooks", "test", allow, /public address/],
        ["file:///etc/passwd", "test", allow, /https:\/\//],
        ["https://shop:pw@hooks.shop.example/", "live", allow, /user name and password/],
        ["https://hooks.shop.example/x", "live", { ...allow, resolve: tenOh }, /local or private/],
        ["not a url", "test", allow, /full address/],
        [`https://hooks.shop.example/${"a".repeat(2000)}`, "live", allow, /2,000 characters/],
      ];
    for (const [url, mode, options, message] of refusals) {
      const result = await create(url, mode, options);
      expect(result, url).toMatchObject({ ok: false, field: "url" });
      if (!result.ok) expect(result.message, url).toMatch(message);
    }
    const publicHost: ResolveHost = () =>
      Promise.resolve([{ address: "93.184.215.14", family: 4 }]);
    expect(
      (await create("https://hooks.shop.example/x", "live", { ...allow, resolve: publicHost })).ok,
    ).toBe(true);
    const long = await createWebhookEndpoint(
      store,
      {
        merchantId: MERCHANT,
        mode: "test",
        url: "https://hooks.shop.example/",
        description: "d".repeat(201),
        events: ["*"],
        now: T0,
      },
      { ...allow, resolve: publicHost },
    );
    expect(long).toMatchObject({ ok: false, field: "description" });
    const unknown = await createWebhookEndpoint(
      store,
      {
        merchantId: MERCHANT,
        mode: "test",
        url: "https://hooks.shop.example/",
        events: ["payment.stolen"],
        now: T0,
      },
      { ...allow, resolve: publicHost },
    );
    expect(unknown).toMatchObject({ ok: false, field: "events" });
    expect(await listWebhookEndpoints(store, { merchantId: MERCHANT, mode: null })).toHaveLength(1);
  });

  it("another merchant's endpoint (or the other mode's) is not found", async () => {
    const receiver = await startReceiver();
    const { endpoint } = await endpointFor(receiver);
    const other = { merchantId: OTHER, mode: "test" } as const;
    const live = { merchantId: MERCHANT, mode: "live" } as const;
    for (const scope of [other, live, { merchantId: OTHER, mode: null }]) {
      expect(await getWebhookEndpoint(store, scope, endpoint.id)).toBeNull();
      expect(await listWebhookEndpoints(store, scope)).toEqual([]);
      expect(await listWebhookDeliveries(store, scope, endpoint.id)).toBeNull();
      expect(
        await updateWebhookEndpoint(
          store,
          scope,
          endpoint.id,
          { status: "disabled", now: T0 },
          allow,
        ),
      ).toMatchObject({ ok: false, notFound: true });
      expect(await rotateWebhookSecret(store, scope, endpoint.id, T0)).toMatchObject({
        notFound: true,
      });
      expect(await sendWebhookPing(store, scope, endpoint.id, T0)).toMatchObject({
        notFound: true,
      });
      expect(await replayWebhooksSince(store, scope, endpoint.id, 0, T0)).toMatchObject({
        notFound: true,
      });
      expect(await deleteWebhookEndpoint(store, scope, endpoint.id)).toBe(false);
    }
    expect((await getWebhookEndpoint(store, test, endpoint.id))?.status).toBe("enabled");
  });
});

describe("delivering", () => {
  it("posts the event's exact JSON, signed; the receiver verifies it; the log records it", async () => {
    const receiver = await startReceiver();
    const { endpoint, secret } = await endpointFor(receiver);
    const event = await paid();
    expect(await deliver(T0 + 10)).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(receiver.hits).toHaveLength(1);
    const [hit] = receiver.hits;
    expect(hit!.body).toBe(JSON.stringify(eventObject(event, SITE)));
    expect(JSON.parse(hit!.body).data.object.checkout_url).toBe(`${SITE}/pay/pay_1`);
    expect(hit!.headers["content-type"]).toBe("application/json");
    expect(hit!.headers["user-agent"]).toBe("OneHop-Webhooks/1");
    expect(hit!.headers["onehop-event-id"]).toBe(event.id);
    expect(hit!.headers["onehop-event-type"]).toBe("payment.paid");
    const header = hit!.headers["onehop-signature"] as string;
    expect(
      verifyWebhookSignature({ header, rawBody: hit!.body, secrets: [secret], now: T0 + 10 }).ok,
    ).toBe(true);
    const [delivery] = (await listWebhookDeliveries(store, test, endpoint.id))!;
    expect(delivery).toMatchObject({
      eventId: event.id,
      status: "succeeded",
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(delivery!.attemptLog).toEqual([
      expect.objectContaining({
        signature: header,
        responseStatus: 200,
        responseExcerpt: "ok",
        error: null,
      }),
    ]);
    // Nothing more to do.
    expect(await deliver(T0 + 60_000)).toMatchObject({ claimed: 0 });
    expect(receiver.hits).toHaveLength(1);
  });

  it("500 then 200: a retry with backoff, then succeeded; the failure run starts and clears", async () => {
    let calls = 0;
    const receiver = await startReceiver(() =>
      ++calls === 1 ? { status: 500, body: "x".repeat(900) } : { status: 200, body: "thanks" },
    );
    const { endpoint } = await endpointFor(receiver);
    await paid();
    expect(await deliver(T0, { random: () => 0.5 })).toMatchObject({ retrying: 1 });
    let [delivery] = (await listWebhookDeliveries(store, test, endpoint.id))!;
    expect(delivery!.status).toBe("pending");
    // Full jitter over the first 30 s window: 0.5 x 30 s.
    expect(delivery!.nextAttemptAt).toBe(T0 + 15_000);
    expect(delivery!.attemptLog[0]).toMatchObject({
      responseStatus: 500,
      error: "HTTP 500: will retry",
    });
    expect(delivery!.attemptLog[0]!.responseExcerpt).toHaveLength(500);
    expect((await getWebhookEndpoint(store, test, endpoint.id))!.failingSince).toBe(T0);
    // Not due yet.
    expect(await deliver(T0 + 14_999)).toMatchObject({ claimed: 0 });
    expect(await deliver(T0 + 15_000)).toMatchObject({ succeeded: 1 });
    [delivery] = (await listWebhookDeliveries(store, test, endpoint.id))!;
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(delivery!.attemptLog.map((a) => a.responseStatus)).toEqual([200, 500]);
    expect((await getWebhookEndpoint(store, test, endpoint.id))!.failingSince).toBeNull();
    expect(receiver.hits.map((h) => h.headers["onehop-event-id"])).toEqual([
      receiver.hits[0]!.headers["onehop-event-id"],
      receiver.hits[0]!.headers["onehop-event-id"],
    ]);
  });

  it("the second retry waits up to twice as long (exponential)", async () => {
    const receiver = await startReceiver(() => ({ status: 503 }));
    const { endpoint } = await endpointFor(receiver);
    await paid();
    await deliver(T0, { random: () => 0.999 });
    const first = deliveryOf(endpoint.id)[0]!.nextAttemptAt!;
    await deliver(first, { random: () => 0.999 });
    const second = deliveryOf(endpoint.id)[0]!.nextAttemptAt!;
    expect(first - T0).toBe(29_970);
    expect(second - first).toBe(59_940);
  });

  it("400: failed at once, not retried, and the log says so", async () => {
    const receiver = await startReceiver(() => ({ status: 400, body: "bad" }));
    const { endpoint } = await endpointFor(receiver);
    await paid();
    expect(await deliver(T0)).toMatchObject({ failed: 1 });
    const [delivery] = (await listWebhookDeliveries(store, test, endpoint.id))!;
    expect(delivery).toMatchObject({ status: "failed", nextAttemptAt: null });
    expect(delivery!.lastError).toMatch(/HTTP 400: not retried/);
    expect(await deliver(T0 + RETRY_WINDOW_MS)).toMatchObject({ claimed: 0 });
    expect(receiver.hits).toHaveLength(1);
  });

  it("a receiver that never answers: the timeout is recorded and a retry scheduled", async () => {
    const receiver = await startReceiver(() => null);
    const { endpoint } = await endpointFor(receiver);
    await paid();
    expect(await deliver(T0, { timeoutMs: 300 })).toMatchObject({ retrying: 1 });
    const [delivery] = (await listWebhookDeliveries(store, test, endpoint.id))!;
    expect(delivery!.attemptLog[0]).toMatchObject({ responseStatus: null });
    expect(delivery!.attemptLog[0]!.error).toMatch(/timed out/);
    expect(delivery!.status).toBe("pending");
    expect(receiver.hits).toHaveLength(1);
  });

  it("3 days of failures: the endpoint is disabled, its owner e-mailed, nothing more is sent", async () => {
    const receiver = await startReceiver(() => ({ status: 503 }));
    const { endpoint } = await endpointFor(receiver);
    await paid(T0);
    await deliver(T0);
    expect((await getWebhookEndpoint(store, test, endpoint.id))!.failingSince).toBe(T0);
    await deliver(T0 + RETRY_WINDOW_MS - 60_000); // still failing, not yet 3 days
    expect((await getWebhookEndpoint(store, test, endpoint.id))!.status).toBe("enabled");
    const later = T0 + RETRY_WINDOW_MS + 1;
    await paid(later);
    await deliver(later);
    const disabled = (await getWebhookEndpoint(store, test, endpoint.id))!;
    expect(disabled).toMatchObject({ status: "disabled", disabledAt: later });
    expect(disabled.disabledReason).toMatch(/failed for 3 days/);
    expect(deliveryOf(endpoint.id).every((d) => d.status === "failed")).toBe(true);
    const mail = db.select().from(outboundEmails).all();
    expect(mail).toEqual([expect.objectContaining({ toAddress: "owner@shop.example" })]);
    expect(mail[0]!.subject).toContain(receiver.url);
    expect(mail[0]!.bodyText).toMatch(/Replay all since/);
    const hits = receiver.hits.length;
    await paid(later + 1000);
    expect(await deliver(later + 60_000)).toMatchObject({ claimed: 0 });
    expect(receiver.hits).toHaveLength(hits);
    expect(await sendWebhookPing(store, test, endpoint.id, later)).toMatchObject({ ok: false });
  });

  it("SSRF at delivery: a live endpoint on 127.0.0.1 and a name now resolving to 10.0.0.1 are not reached", async () => {
    const receiver = await startReceiver();
    // Rows as if registered earlier (the rules were different, or DNS changed since).
    const publicHost: ResolveHost = () =>
      Promise.resolve([{ address: "93.184.215.14", family: 4 }]);
    const named = await createWebhookEndpoint(
      store,
      {
        merchantId: MERCHANT,
        mode: "live",
        url: "https://hooks.shop.example/x",
        events: ["*"],
        now: T0,
      },
      { ...allow, resolve: publicHost },
    );
    if (!named.ok) throw new Error(named.message);
    db.update(webhookEndpoints)
      .set({ url: receiver.url.replace("http:", "https:") })
      .where(eq(webhookEndpoints.id, named.endpoint.id))
      .run();
    const second = await createWebhookEndpoint(
      store,
      {
        merchantId: MERCHANT,
        mode: "live",
        url: "https://hooks2.shop.example/x",
        events: ["*"],
        now: T0,
      },
      { ...allow, resolve: publicHost },
    );
    if (!second.ok) throw new Error(second.message);
    await paid(T0, "live");
    const tenOh: ResolveHost = () => Promise.resolve([{ address: "10.0.0.1", family: 4 }]);
    expect(await deliver(T0, { resolve: tenOh })).toMatchObject({ claimed: 2, retrying: 2 });
    expect(receiver.hits).toHaveLength(0);
    const errors = await Promise.all(
      [named.endpoint.id, second.endpoint.id].map(
        async (id) =>
          (await listWebhookDeliveries(store, { merchantId: MERCHANT, mode: "live" }, id))![0]!
            .attemptLog[0]!.error,
      ),
    );
    expect(errors[0]).toMatch(/Not sent: the address is local or private/);
    expect(errors[1]).toMatch(/Not sent: the address is local or private.*10\.0\.0\.1/);
  });

  it("never delivers to OneHop's own listening port, even for an endpoint registered before that rule (issue 27, item 10)", async () => {
    // The receiver stands in for OneHop itself: the policy names its port as the one we listen on.
    const receiver = await startReceiver();
    const own = Number(new URL(receiver.url).port);
    const { endpoint } = await endpointFor(receiver);
    await paid(T0);
    const self = { policy: { allowLoopback: true, self: { listenPort: own } } };
    expect(await deliver(T0, self)).toMatchObject({ claimed: 1, retrying: 1 });
    expect(receiver.hits).toHaveLength(0);
    const [delivery] = (await listWebhookDeliveries(store, test, endpoint.id))!;
    expect(delivery!.attemptLog[0]!.error).toMatch(/Not sent: .*OneHop's own address/);
    // Registering it now is refused with the same words.
    const again = await createWebhookEndpoint(
      store,
      { merchantId: MERCHANT, mode: "test", url: receiver.url, events: ["*"], now: T0 },
      self,
    );
    expect(again).toMatchObject({ ok: false, field: "url" });
    if (!again.ok) expect(again.message).toMatch(/OneHop's own address/);
  });

  it("two workers at once never post the same delivery twice", async () => {
    const receiver = await startReceiver();
    await endpointFor(receiver);
    const events = await Promise.all(Array.from({ length: 30 }, (_, i) => paid(T0 + i)));
    const second = openTestDatabase(file);
    try {
      const run = (on: Db) => async () => {
        for (;;) {
          const stats = await deliverDueWebhooks(testStore(on), {
            siteUrl: SITE,
            now: T0 + 100,
            limit: 4,
            concurrency: 2,
            ...allow,
          });
          if (stats.claimed === 0) return;
        }
      };
      await Promise.all([run(db)(), run(second)(), run(db)(), run(second)()]);
    } finally {
      second.$client.close();
    }
    const ids = receiver.hits.map((h) => h.headers["onehop-event-id"]);
    expect(ids).toHaveLength(30);
    expect(new Set(ids)).toEqual(new Set(events.map((e) => e.id)));
  });

  it("a crashed worker's claim lapses, then another worker sends it", async () => {
    const receiver = await startReceiver();
    await endpointFor(receiver);
    await paid();
    expect(await claimDueDeliveries(store, { now: T0, limit: 10, leaseMs: 40_000 })).toHaveLength(
      1,
    );
    expect(await deliver(T0 + 39_999)).toMatchObject({ claimed: 0 });
    expect(await deliver(T0 + 40_000)).toMatchObject({ succeeded: 1 });
    expect(receiver.hits).toHaveLength(1);
  });
});

describe("managing deliveries", () => {
  it("resend by delivery or event, replay since a time (capped), ping, rotate, disable and delete", async () => {
    const receiver = await startReceiver();
    const { endpoint, secret } = await endpointFor(receiver, ["payment.paid"]);
    const [e1, e2, e3] = await Promise.all([paid(T0), paid(T0 + 1000), paid(T0 + 2000)]);
    await deliver(T0 + 3000);
    expect(receiver.hits).toHaveLength(3);
    const log = (await listWebhookDeliveries(store, test, endpoint.id))!;
    expect(log.map((d) => d.eventId)).toEqual([e3.id, e2.id, e1.id]);

    const resent = await resendWebhook(
      store,
      test,
      endpoint.id,
      { deliveryId: log[2]!.id },
      T0 + 4000,
    );
    expect(resent).toMatchObject({ ok: true, deliveryId: log[2]!.id });
    expect((await resendWebhook(store, test, endpoint.id, { eventId: e2.id }, T0 + 4000)).ok).toBe(
      true,
    );
    expect(
      await resendWebhook(store, test, endpoint.id, { deliveryId: "whd_nope" }, T0 + 4000),
    ).toMatchObject({ notFound: true });
    await deliver(T0 + 4000);
    expect(
      receiver.hits
        .slice(3)
        .map((h) => h.headers["onehop-event-id"])
        .sort(),
    ).toEqual([e1.id, e2.id].sort());

    const replay = await replayWebhooksSince(store, test, endpoint.id, T0 + 1000, T0 + 5000);
    expect(replay).toMatchObject({ ok: true, queued: 2, capped: false });
    expect(await replayWebhooksSince(store, test, endpoint.id, T0, T0 + 5000, 1)).toMatchObject({
      queued: 1,
      capped: true,
    });
    await deliver(T0 + 5000);
    expect(receiver.hits).toHaveLength(5 + 3);

    const ping = await sendWebhookPing(store, test, endpoint.id, T0 + 6000);
    expect(ping.ok).toBe(true);
    await deliver(T0 + 6000);
    const pingHit = receiver.hits.at(-1)!;
    expect(pingHit.headers["onehop-event-type"]).toBe("ping");
    expect(JSON.parse(pingHit.body)).toMatchObject({
      type: "ping",
      data: { object: { id: endpoint.id } },
    });

    const rotated = await rotateWebhookSecret(store, test, endpoint.id, T0 + 7000);
    if (!rotated.ok) throw new Error("rotate");
    expect(rotated.secret).not.toBe(secret);
    await sendWebhookPing(store, test, endpoint.id, T0 + 7000);
    await deliver(T0 + 7000);
    const both = receiver.hits.at(-1)!;
    const header = both.headers["onehop-signature"] as string;
    expect(header.split(",")).toHaveLength(3);
    for (const s of [secret, rotated.secret])
      expect(
        verifyWebhookSignature({ header, rawBody: both.body, secrets: [s], now: T0 + 7000 }).ok,
      ).toBe(true);
    const dayLater = T0 + 7000 + 24 * 3_600_000;
    await sendWebhookPing(store, test, endpoint.id, dayLater);
    await deliver(dayLater);
    const after = receiver.hits.at(-1)!;
    const afterHeader = after.headers["onehop-signature"] as string;
    expect(afterHeader.split(",")).toHaveLength(2);
    expect(
      verifyWebhookSignature({
        header: afterHeader,
        rawBody: after.body,
        secrets: [secret],
        now: dayLater,
      }).ok,
    ).toBe(false);

    const disabled = await updateWebhookEndpoint(
      store,
      test,
      endpoint.id,
      { status: "disabled", now: dayLater },
      allow,
    );
    expect(disabled).toMatchObject({ ok: true, endpoint: { status: "disabled" } });
    expect(
      await resendWebhook(store, test, endpoint.id, { eventId: e1.id }, dayLater),
    ).toMatchObject({
      ok: false,
    });
    const enabled = await updateWebhookEndpoint(
      store,
      test,
      endpoint.id,
      { status: "enabled", now: dayLater },
      allow,
    );
    expect(enabled).toMatchObject({
      ok: true,
      endpoint: { status: "enabled", disabledReason: null },
    });

    expect(await deleteWebhookEndpoint(store, test, endpoint.id)).toBe(true);
    expect(await getWebhookEndpoint(store, test, endpoint.id)).toBeNull();
    expect(deliveryOf(endpoint.id)).toEqual([]);
  });

  it("the running worker delivers as soon as an event is written", async () => {
    const receiver = await startReceiver();
    await endpointFor(receiver);
    const worker = await startWebhookWorker(store, { siteUrl: SITE, ...allow, pollMs: 60_000 });
    try {
      const event = await paid(Date.now());
      const deadline = Date.now() + 5_000;
      while (receiver.hits.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(receiver.hits.map((h) => h.headers["onehop-event-id"])).toEqual([event.id]);
    } finally {
      await worker.stop();
    }
  });
});
