/**
 * Webhooks end to end with the SDK (issue 32, item 4): an endpoint registered, pinged, updated,
 * its secret rotated and deleted through `webhookEndpoints`; a real delivery (the app's own
 * delivery code posting to a local receiver, signed by its own signer) verified by
 * `webhooks.constructEvent`, which refuses a wrong secret, a changed body and an old signature.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { deliverDueWebhooks } from "~/core/api/webhooks/delivery.server";
import { signWebhookPayload } from "~/core/api/webhooks/signature.server";
import { testStore } from "../../../tests/setup/db";
import { SITE_URL, setUpApi } from "../../../tests/support/api-server";
import {
  OneHop,
  SignatureVerificationError,
  type components,
  type Event,
  type EventOf,
} from "../src/index.js";

const SHOP = "MRC-SDKW32";
const f = setUpApi([SHOP]);

interface Delivery {
  body: string;
  signature: string | undefined;
}
const received: Delivery[] = [];
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: req.headers["onehop-signature"] as string | undefined,
      });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** What the app's webhook worker does on one turn: post every due delivery. */
const deliver = () =>
  deliverDueWebhooks(testStore(f.db), {
    siteUrl: SITE_URL,
    now: f.h.clock.now,
    policy: { allowLoopback: true },
  });

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
};

describe("webhooks", () => {
  it("a delivered event verifies with constructEvent; a wrong secret, body or time do not", async () => {
    const onehop = new OneHop(f.newKey(SHOP, "test").secret, { baseUrl: `${f.api.url}/api/v1` });
    const endpoint = await onehop.webhookEndpoints.create({
      url: receiverUrl,
      enabled_events: ["payment.created"],
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const payment = await onehop.payments.create({
      amount: 250000,
      currency: "KES",
      asset: "USDT",
      reference: "HOOK-1",
    });
    await deliver();
    expect(received).toHaveLength(1);
    const [{ body, signature }] = received as [Delivery];
    const now = f.h.clock.now;

    const event = onehop.webhooks.constructEvent(body, signature!, endpoint.secret, { now });
    expectTypeOf(event).toEqualTypeOf<components["schemas"]["Event"]>();
    expectTypeOf<EventOf<"payment.created">>().toMatchTypeOf<Event>();
    expect(event).toMatchObject({
      object: "event",
      type: "payment.created",
      livemode: false,
      data: { object: { id: payment.id, object: "payment", status: "awaiting_payment" } },
    });
    // The same event as the API lists; a Buffer body verifies too; so does the static helper.
    expect(await onehop.events.retrieve(event.id)).toEqual(event);
    expect(
      OneHop.webhooks.constructEvent(Buffer.from(body), signature!, endpoint.secret, { now }),
    ).toEqual(event);

    const wrongSecret = refusal(() =>
      onehop.webhooks.constructEvent(body, signature!, "whsec_0123456789abcdefABCDEF0123456789", {
        now,
      }),
    );
    expect(wrongSecret).toBeInstanceOf(SignatureVerificationError);
    expect(wrongSecret).toMatchObject({ reason: "mismatch" });

    const changed = body.replace('"HOOK-1"', '"HOOK-2"');
    expect(changed).not.toBe(body);
    expect(
      refusal(() => onehop.webhooks.constructEvent(changed, signature!, endpoint.secret, { now })),
    ).toMatchObject({ reason: "mismatch" });

    // Within the tolerance (300 s by default, either way), not past it.
    const at = (ms: number) => ({ now: ms });
    expect(
      onehop.webhooks.constructEvent(body, signature!, endpoint.secret, at(now + 300_000)).id,
    ).toBe(event.id);
    expect(
      refusal(() =>
        onehop.webhooks.constructEvent(body, signature!, endpoint.secret, at(now + 301_000)),
      ),
    ).toMatchObject({ reason: "too_old", type: "signature_verification_error" });
    // A signature made now, by our own signer, with a tolerance given in seconds.
    const fresh = signWebhookPayload({
      rawBody: body,
      secrets: [endpoint.secret],
      now: Date.now(),
    });
    expect(onehop.webhooks.constructEvent(body, fresh, endpoint.secret, 10).id).toBe(event.id);
    const old = signWebhookPayload({
      rawBody: body,
      secrets: [endpoint.secret],
      now: Date.now() - 11_000,
    });
    expect(
      refusal(() => onehop.webhooks.constructEvent(body, old, endpoint.secret, 10)),
    ).toMatchObject({ reason: "too_old" });

    expect(refusal(() => onehop.webhooks.constructEvent(body, "", endpoint.secret))).toMatchObject({
      reason: "missing",
    });
    expect(
      refusal(() => onehop.webhooks.constructEvent(body, "t=1,v1=zz", endpoint.secret)),
    ).toMatchObject({ reason: "malformed" });
  });

  it("manages an endpoint: ping, update, rotate (both secrets sign for a while), delete", async () => {
    const onehop = new OneHop(f.newKey(SHOP, "test").secret, { baseUrl: `${f.api.url}/api/v1` });
    received.length = 0;
    const endpoint = await onehop.webhookEndpoints.create({
      url: receiverUrl,
      enabled_events: ["payment.paid"],
      description: "Shop",
    });
    const { secret, ...shown } = endpoint;
    expect(await onehop.webhookEndpoints.retrieve(endpoint.id)).toMatchObject(shown);
    const all = await onehop.webhookEndpoints.list();
    expect(all.data.map((e) => e.id)).toContain(endpoint.id);

    const updated = await onehop.webhookEndpoints.update(endpoint.id, { description: "Till" });
    expect(updated).toMatchObject({ id: endpoint.id, description: "Till" });

    const rotated = await onehop.webhookEndpoints.rotateSecret(endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);

    const ping = await onehop.webhookEndpoints.ping(endpoint.id);
    await deliver();
    expect(received).toHaveLength(1);
    const [{ body, signature }] = received as [Delivery];
    const now = f.h.clock.now;
    const event = onehop.webhooks.constructEvent(body, signature!, rotated.secret, { now });
    expect(event.type).toBe("ping");
    expect(ping).toMatchObject({ event_id: event.id });
    // The old secret still verifies during the overlap; a list of secrets is accepted too.
    expect(onehop.webhooks.constructEvent(body, signature!, secret, { now }).id).toBe(event.id);
    expect(
      onehop.webhooks.constructEvent(body, signature!, ["whsec_x", rotated.secret], { now }).id,
    ).toBe(event.id);

    await onehop.webhookEndpoints.delete(endpoint.id);
    const gone = await onehop.webhookEndpoints.retrieve(endpoint.id).catch((e: unknown) => e);
    expect(gone).toMatchObject({ status: 404, code: "resource_missing" });
  });

  it("generateTestHeader signs as OneHop does, for your own handler's tests", () => {
    const payload = JSON.stringify({ id: "evt_1", type: "ping" });
    const secret = "whsec_0123456789abcdefABCDEF0123456789";
    const timestamp = 1_795_596_072;
    expect(OneHop.webhooks.generateTestHeader({ payload, secret, timestamp })).toBe(
      signWebhookPayload({ rawBody: payload, secrets: [secret], now: timestamp * 1000 }),
    );
  });
});
