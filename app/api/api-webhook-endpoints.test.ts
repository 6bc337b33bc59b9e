/**
 * `/api/v1/webhook_endpoints` through real HTTP (issue 13, item 4): register (the secret once),
 * list, read, update, disable, rotate, ping, replay and delete an endpoint with a
 * `webhooks:manage` key; refusals for private addresses, unknown event types, another merchant's or
 * the other mode's endpoint, and a key without the scope.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../drizzle/schema";
import { expectApiError, expectOk, setUpApi, SITE_URL } from "../../tests/support/api-server";

const SHOP = "MRC-AWHA22";
const OTHER = "MRC-AWHB22";
const f = setUpApi([SHOP, OTHER]);
const manage = ["webhooks:manage", "payments:write", "payments:read"] as const;

const register = (key: string, body: Record<string, unknown>) =>
  f.call("POST", "/api/v1/webhook_endpoints", { key, body });

describe("webhook endpoints over the API", () => {
  it("registers an endpoint (secret shown once), lists, reads, updates, rotates, pings and deletes it", async () => {
    const key = f.newKey(SHOP, "test", { scopes: manage }).secret;
    const created = await register(key, {
      url: "http://127.0.0.1:9/hook",
      enabled_events: ["payment.paid"],
      description: "Orders",
    });
    expectOk(created, 201);
    const endpoint = created.json as Record<string, unknown>;
    expect(endpoint).toMatchObject({
      object: "webhook_endpoint",
      livemode: false,
      url: "http://127.0.0.1:9/hook",
      enabled_events: ["payment.paid"],
      status: "enabled",
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const id = endpoint.id as string;

    const read = await f.call("GET", `/api/v1/webhook_endpoints/${id}`, { key });
    expectOk(read);
    expect(read.json).not.toHaveProperty("secret");
    const list = await f.call("GET", "/api/v1/webhook_endpoints", { key });
    expect((list.json as { data: { id: string }[] }).data.map((e) => e.id)).toContain(id);

    const updated = await f.call("POST", `/api/v1/webhook_endpoints/${id}`, {
      key,
      body: { enabled_events: ["*"], status: "disabled" },
    });
    expectOk(updated);
    expect(updated.json).toMatchObject({ enabled_events: ["*"], status: "disabled" });
    // A disabled endpoint takes no test event.
    expectApiError(await f.call("POST", `/api/v1/webhook_endpoints/${id}/ping`, { key }), {
      status: 409,
      type: "conflict_error",
      code: "endpoint_disabled",
    });
    expectOk(
      await f.call("POST", `/api/v1/webhook_endpoints/${id}`, { key, body: { status: "enabled" } }),
    );

    const rotated = await f.call("POST", `/api/v1/webhook_endpoints/${id}/rotate_secret`, { key });
    expectOk(rotated);
    const rotatedBody = rotated.json as { secret: string };
    expect(rotatedBody.secret).toMatch(/^whsec_/);
    expect(rotatedBody.secret).not.toBe(endpoint.secret);

    const ping = await f.call("POST", `/api/v1/webhook_endpoints/${id}/ping`, { key });
    expectOk(ping, 202);
    const eventId = (ping.json as { event_id: string }).event_id;
    expect(
      f.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)).all(),
    ).toHaveLength(1);

    const replay = await f.call("POST", `/api/v1/webhook_endpoints/${id}/replay`, {
      key,
      body: { since: "2020-01-01T00:00:00Z" },
    });
    expectOk(replay, 202);
    expect(replay.json).toMatchObject({ capped: false });

    const deleted = await f.call("DELETE", `/api/v1/webhook_endpoints/${id}`, { key });
    expectOk(deleted);
    expect(deleted.json).toEqual({ id, object: "webhook_endpoint", deleted: true });
    expectApiError(await f.call("GET", `/api/v1/webhook_endpoints/${id}`, { key }), {
      status: 404,
      type: "not_found_error",
      code: "resource_missing",
      param: "id",
    });
  });

  it("refuses private addresses, http in live mode, unknown events and unknown fields, naming the field", async () => {
    const test = f.newKey(SHOP, "test", { scopes: manage }).secret;
    const live = f.newKey(SHOP, "live", { scopes: manage }).secret;
    const invalid = { status: 400, type: "invalid_request_error", code: "parameter_invalid" };
    expectApiError(
      await register(live, { url: "http://127.0.0.1:9/hook", enabled_events: ["*"] }),
      { ...invalid, param: "url" },
    );
    expectApiError(await register(live, { url: "https://10.0.0.1/hook", enabled_events: ["*"] }), {
      ...invalid,
      param: "url",
    });
    expectApiError(await register(test, { url: "file:///etc/passwd", enabled_events: ["*"] }), {
      ...invalid,
      param: "url",
    });
    expectApiError(
      await register(test, { url: "http://127.0.0.1:9/hook", enabled_events: ["payment.eaten"] }),
      { ...invalid, param: "enabled_events.0" },
    );
    expectApiError(
      await register(test, { url: "http://127.0.0.1:9/hook", enabled_events: ["*"], secret: "x" }),
      { status: 400, type: "invalid_request_error", code: "parameter_unknown", param: "secret" },
    );
  });

  it("refuses OneHop's own address in every spelling of loopback, and the site's origin (issue 27, item 10)", async () => {
    const key = f.newKey(SHOP, "test", { scopes: manage }).secret;
    const own = Number(new URL(f.api.url).port);
    const policy = f.deps.webhookUrlPolicy;
    // This API server stands in for OneHop: it listens on `own`, its site is SITE_URL.
    f.deps.webhookUrlPolicy = { allowLoopback: true, self: { siteUrl: SITE_URL, listenPort: own } };
    try {
      const invalid = { status: 400, type: "invalid_request_error", code: "parameter_invalid" };
      for (const url of [
        `http://127.0.0.1:${own}/hook`,
        `http://2130706433:${own}/hook`,
        `http://0x7f.1:${own}/hook`,
        `http://017700000001:${own}/hook`,
        `http://127.1:${own}/hook`,
        `http://127.0.0.2:${own}/hook`,
        `http://[::ffff:127.0.0.1]:${own}/hook`,
        `http://[::ffff:7f00:1]:${own}/hook`,
        `http://[::1]:${own}/hook`,
        `${SITE_URL}/api/v1/payments`,
        `${SITE_URL.toUpperCase()}.:443/hook`,
      ]) {
        const answer = await register(key, { url, enabled_events: ["*"] });
        expectApiError(answer, { ...invalid, param: "url" });
        expect(answer.json.error.message, url).toMatch(/OneHop's own address/);
      }
      // Loopback on another port (a receiver beside the simulators) is still fine, and stored in
      // its canonical spelling.
      for (const [url, stored] of [
        ["http://0x7f.1:9/hook", "http://127.0.0.1:9/hook"],
        ["http://[::ffff:127.0.0.1]:9/hook", "http://127.0.0.1:9/hook"],
      ]) {
        const answer = await register(key, { url, enabled_events: ["*"] });
        expectOk(answer, 201);
        expect(answer.json.url).toBe(stored);
      }
    } finally {
      f.deps.webhookUrlPolicy = policy;
    }
  });

  it("another merchant's or the other mode's endpoint is not found; a key without the scope is 403", async () => {
    const mine = f.newKey(SHOP, "test", { scopes: manage }).secret;
    const created = await register(mine, {
      url: "http://127.0.0.1:9/hook",
      enabled_events: ["*"],
    });
    const id = (created.json as { id: string }).id;
    const theirs = f.newKey(OTHER, "test", { scopes: manage }).secret;
    const myLive = f.newKey(SHOP, "live", { scopes: manage }).secret;
    for (const key of [theirs, myLive]) {
      expectApiError(await f.call("GET", `/api/v1/webhook_endpoints/${id}`, { key }), {
        status: 404,
        type: "not_found_error",
        code: "resource_missing",
        param: "id",
      });
      expectApiError(await f.call("DELETE", `/api/v1/webhook_endpoints/${id}`, { key }), {
        status: 404,
        type: "not_found_error",
        code: "resource_missing",
        param: "id",
      });
    }
    const readOnly = f.newKey(SHOP, "test", { scopes: ["payments:read"] }).secret;
    expectApiError(await f.call("GET", "/api/v1/webhook_endpoints", { key: readOnly }), {
      status: 403,
      type: "permission_error",
      code: "missing_scope",
    });
    expectOk(await f.call("GET", `/api/v1/webhook_endpoints/${id}`, { key: mine }));
  });
});
