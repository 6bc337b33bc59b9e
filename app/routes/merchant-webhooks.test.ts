/**
 * Developers › Webhooks through the real loaders and actions (issue 13, item 4): a Cashier is
 * refused; a Developer adds an endpoint and sees its secret in that response only; a live http
 * address is refused with a message; another merchant's endpoint is "not found" on its page and to
 * every action; ping, disable and replay from the endpoint's page.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchantUsers, webhookEndpoints, webhookEvents } from "../../drizzle/schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { createWebhookEndpoint } from "~/core/api/webhooks/endpoints.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import {
  action as endpointAction,
  loader as endpointLoader,
} from "./merchant.developers.webhooks.$id";
import { action, loader } from "./merchant.developers.webhooks._index";

const { db, close } = installTestDatabase();
afterAll(close);

const SHOP = "MRC-HOOK22";
const OTHER = "MRC-HOOK33";
addMerchant(db, SHOP);
addMerchant(db, OTHER);

let counter = 0;
async function signedIn(role: TeamRole, merchantId = SHOP) {
  const id = `usr_hooks_${++counter}`;
  db.insert(merchantUsers)
    .values({ id, merchantId, username: `${role}${counter}`, role, createdAt: counter })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  return { id, cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })) };
}

const PAGE = "/merchant/developers/webhooks";
const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});
const endpointsOf = (merchantId: string) =>
  db.select().from(webhookEndpoints).where(eq(webhookEndpoints.merchantId, merchantId)).all();

const addFields = {
  intent: "create",
  url: "http://127.0.0.1:4010/hooks",
  description: "Till",
  mode: "test",
  events: ["*"],
};

describe("Developers › Webhooks", () => {
  it("a Cashier is refused the pages and their actions", async () => {
    const cashier = await signedIn("cashier");
    expect((await respond(() => loader(args(get(PAGE, cashier))))).status).toBe(403);
    expect((await respond(() => action(args(formPost(PAGE, addFields, cashier))))).status).toBe(
      403,
    );
    expect(
      (await respond(() => endpointLoader(args(get(`${PAGE}/we_x`, cashier), { id: "we_x" }))))
        .status,
    ).toBe(403);
    expect(endpointsOf(SHOP)).toEqual([]);
  });

  it("a Developer adds an endpoint: the secret is in that response only", async () => {
    const developer = await signedIn("developer");
    const response = await respond(() => action(args(formPost(PAGE, addFields, developer))));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { created?: { secret: string; url: string } };
    expect(body.created?.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(body.created?.url).toBe(addFields.url);
    const page = await respond(() => loader(args(get(PAGE, developer))));
    const text = await page.text();
    expect(text).toContain(addFields.url);
    expect(text).not.toContain(body.created!.secret);
    expect(endpointsOf(SHOP)).toHaveLength(1);
  });

  it("a live http address is refused with a message; nothing is added", async () => {
    const developer = await signedIn("developer");
    const response = await respond(() =>
      action(args(formPost(PAGE, { ...addFields, mode: "live" }, developer))),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { lastResult: { error: Record<string, string[]> } };
    expect(body.lastResult.error.url).toEqual([
      "Live endpoints must use https:// so events travel encrypted.",
    ]);
    expect(endpointsOf(SHOP).filter((e) => e.mode === "live")).toEqual([]);
  });

  it("another merchant's endpoint is not found: its page and every action", async () => {
    const theirs = await createWebhookEndpoint(
      testStore(db),
      { merchantId: OTHER, mode: "test", url: addFields.url, events: ["*"], now: Date.now() },
      { policy: { allowLoopback: true } },
    );
    if (!theirs.ok) throw new Error(theirs.message);
    const id = theirs.endpoint.id;
    const developer = await signedIn("developer");
    const page = await respond(() => endpointLoader(args(get(`${PAGE}/${id}`, developer), { id })));
    expect(page.status).toBe(404);
    for (const intent of ["ping", "disable", "delete", "rotate"]) {
      const response = await respond(() =>
        endpointAction(args(formPost(`${PAGE}/${id}`, { intent }, developer), { id })),
      );
      expect(response.status, intent).toBe(302);
      expect(response.headers.get("Location"), intent).toBe(PAGE);
      expect((await toastOf(response))?.message, intent).toBe("Endpoint not found");
    }
    expect(endpointsOf(OTHER)[0]).toMatchObject({ status: "enabled" });
    expect(
      db.select().from(webhookEvents).where(eq(webhookEvents.merchantId, OTHER)).all(),
    ).toEqual([]);
  });

  it("ping, replay and disable from the endpoint's page", async () => {
    const developer = await signedIn("developer");
    const [mine] = endpointsOf(SHOP);
    const id = mine!.id;
    const post = (fields: Record<string, string>) =>
      respond(() => endpointAction(args(formPost(`${PAGE}/${id}`, fields, developer), { id })));
    const ping = await post({ intent: "ping" });
    expect((await toastOf(ping))?.message).toBe("Test event sent");
    const events = db.select().from(webhookEvents).where(eq(webhookEvents.merchantId, SHOP)).all();
    expect(events.map((e) => e.type)).toEqual(["ping"]);
    const bad = await post({ intent: "replay", since: "yesterday" });
    expect(bad.status).toBe(400);
    const replay = await post({ intent: "replay", since: "2020-01-01T00:00" });
    expect(await toastOf(replay)).toMatchObject({ message: "Replay queued" });
    expect((await toastOf(replay))?.description).toMatch(/^1 event since 1 Jan 2020, 00:00 EAT/);
    const off = await post({ intent: "disable" });
    expect((await toastOf(off))?.message).toBe("Endpoint disabled");
    expect(endpointsOf(SHOP)[0]).toMatchObject({ status: "disabled" });
    const refused = await post({ intent: "ping" });
    expect(await toastOf(refused)).toMatchObject({ message: "Not sent" });
  });
});
