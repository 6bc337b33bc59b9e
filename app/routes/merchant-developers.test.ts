/**
 * Developers › API keys through the real loaders and actions (issue 13, item 1): a Cashier is
 * refused; creating without a recent step-up goes to confirm first and comes back with the form
 * filled in; with one, the secret is in that response only and only its hash is stored; revoking
 * needs no step-up, works at once, and cannot touch another merchant's key.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { apiKeys, auditLog, merchantUsers, securityEvents, sessions } from "../../drizzle/schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { authenticateApiKey, createApiKey } from "~/core/api/keys.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMember } from "../../tests/setup/members";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { loader as sectionLoader } from "./merchant.developers";
import { action, loader } from "./merchant.developers._index";

const { db, close } = installTestDatabase();
afterAll(close);

const SHOP = "MRC-DEVS22";
const OTHER = "MRC-DEVS33";
addMerchant(db, SHOP);
addMerchant(db, OTHER);

let counter = 0;
async function signedIn(role: TeamRole, options: { steppedUp?: boolean } = {}) {
  const id = `usr_devs_${++counter}`;
  db.insert(merchantUsers)
    .values({ id, merchantId: SHOP, username: `${role}${counter}`, role, createdAt: counter })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  if (options.steppedUp === false)
    db.update(sessions).set({ steppedUpAt: null }).where(eq(sessions.merchantUserId, id)).run();
  return { id, cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })) };
}

const args = (request: Request) => ({ request, params: {}, context: {} });
const PAGE = "/merchant/developers";
const keysOf = (merchantId: string) =>
  db.select().from(apiKeys).where(eq(apiKeys.merchantId, merchantId)).all();

const createFields = {
  intent: "create",
  name: "Duka online",
  mode: "live",
  scopes: ["payments:read", "payments:write"],
  expires: "90",
};

interface PageData {
  keys: { id: string; name: string; prefix: string; status: string; scopes: string[] }[];
  defaults: { name: string; mode: string; scopes: string[]; expires: string };
}

describe("Developers › API keys", () => {
  it("a Cashier is refused the section, the page and its actions", async () => {
    const cashier = await signedIn("cashier");
    expect((await respond(() => sectionLoader(args(get(PAGE, cashier))))).status).toBe(403);
    expect((await respond(() => loader(args(get(PAGE, cashier))))).status).toBe(403);
    const post = await respond(() => action(args(formPost(PAGE, createFields, cashier))));
    expect(post.status).toBe(403);
    expect(keysOf(SHOP)).toEqual([]);
    const denials = db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "permission.denied"), eq(auditLog.actorId, cashier.id)))
      .all();
    expect(denials.length).toBe(3);
  });

  it("a Developer opens the section and sees an empty list", async () => {
    const developer = await signedIn("developer");
    expect((await respond(() => sectionLoader(args(get(PAGE, developer))))).status).toBe(200);
    const page = await respond(() => loader(args(get(PAGE, developer))));
    expect(page.status).toBe(200);
    expect(((await page.json()) as PageData).keys).toEqual([]);
  });

  it("bad input is answered with a message per field and creates nothing", async () => {
    const developer = await signedIn("developer");
    const response = await respond(() =>
      action(
        args(
          formPost(
            PAGE,
            { intent: "create", name: "x".repeat(61), mode: "prod", expires: "7" },
            developer,
          ),
        ),
      ),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      lastResult: { error: Record<string, string[]> };
      created?: unknown;
    };
    expect(body.created).toBeUndefined();
    expect(body.lastResult.error).toEqual({
      name: ["Use at most 60 characters for the name."],
      mode: ["Choose Test or Live."],
      scopes: ["Choose at least one thing the key may do."],
      expires: ["Choose when the key expires."],
    });
    expect(keysOf(SHOP)).toEqual([]);
  });

  it("a Developer is offered only their role's scopes, and asking for more is refused at the field", async () => {
    const developer = await signedIn("developer");
    const page = (await (await respond(() => loader(args(get(PAGE, developer))))).json()) as {
      allowedScopes: string[];
    };
    expect(page.allowedScopes).toEqual(["payments:read", "payments:write", "webhooks:manage"]);
    const response = await respond(() =>
      action(
        args(
          formPost(
            PAGE,
            { ...createFields, scopes: ["payments:read", "refunds:write", "payouts:write"] },
            developer,
          ),
        ),
      ),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      lastResult: { error: Record<string, string[]> };
      created?: unknown;
    };
    expect(body.created).toBeUndefined();
    expect(body.lastResult.error.scopes).toEqual([
      "As Developer you cannot give a key refunds:write, payouts:write: a key never does more than the member who makes it.",
    ]);
    expect(keysOf(SHOP)).toEqual([]);
  });

  it("without a recent step-up, creating goes to confirm and back with the form filled in", async () => {
    const developer = await signedIn("developer", { steppedUp: false });
    const response = await respond(() => action(args(formPost(PAGE, createFields, developer))));
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    const back = new URL(location, "http://localhost").searchParams.get("redirectTo")!;
    expect(location.startsWith("/merchant/confirm?redirectTo=")).toBe(true);
    expect(back.startsWith(`${PAGE}?`)).toBe(true);
    expect(keysOf(SHOP)).toEqual([]);

    const page = await respond(() => loader(args(get(back, developer))));
    expect(((await page.json()) as PageData).defaults).toEqual({
      name: "Duka online",
      mode: "live",
      scopes: ["payments:read", "payments:write"],
      expires: "90",
    });
  });

  it("with a recent step-up, the key is shown once, stored as a hash, listed by its prefix", async () => {
    const developer = await signedIn("developer");
    const response = await respond(() => action(args(formPost(PAGE, createFields, developer))));
    expect(response.status).toBe(200);
    expect((await toastOf(response))?.message).toBe("API key created");
    const body = (await response.json()) as { created: { secret: string; name: string } };
    const secret = body.created.secret;
    expect(secret).toMatch(/^oh_live_[0-9A-Za-z]{32}$/);
    expect(body.created.name).toBe("Duka online");
    expect(response.headers.getSetCookie().join(";")).not.toContain(secret);

    const [row] = keysOf(SHOP);
    expect(row).toMatchObject({
      name: "Duka online",
      mode: "live",
      createdBy: developer.id,
      secretHash: createHash("sha256").update(secret).digest("hex"),
    });
    expect(row!.expiresAt! - row!.createdAt).toBe(90 * 86_400_000);
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));

    const auth = await authenticateApiKey(testStore(db), secret, Date.now());
    expect(auth).toMatchObject({
      ok: true,
      key: { merchantId: SHOP, mode: "live", scopes: ["payments:read", "payments:write"] },
    });

    const page = await respond(() => loader(args(get(PAGE, developer))));
    const text = await page.text();
    expect(text).not.toContain(secret.slice(8));
    expect((JSON.parse(text) as PageData).keys).toEqual([
      expect.objectContaining({
        name: "Duka online",
        prefix: secret.slice(0, 12),
        status: "active",
        scopes: ["payments:read", "payments:write"],
      }),
    ]);
    expect(
      db
        .select({ type: securityEvents.type })
        .from(securityEvents)
        .where(eq(securityEvents.subjectId, developer.id))
        .all(),
    ).toEqual([{ type: "api_key_created" }]);
  });

  it("revoking needs no step-up, works at once, and the key then fails to authenticate", async () => {
    const owner = await signedIn("owner", { steppedUp: false });
    const { key, secret } = await testStore(db).write((q) =>
      createApiKey(q, {
        merchantId: SHOP,
        mode: "test",
        name: "Revoke me",
        scopes: ["payments:read"],
        createdBy: owner.id,
        now: Date.now(),
      }),
    );
    expect((await authenticateApiKey(testStore(db), secret, Date.now())).ok).toBe(true);
    const response = await respond(() =>
      action(args(formPost(PAGE, { intent: "revoke", keyId: key.id }, owner))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect((await toastOf(response))?.message).toBe("API key revoked");
    expect(await authenticateApiKey(testStore(db), secret, Date.now())).toEqual({
      ok: false,
      reason: "revoked",
    });
    const page = (await (await respond(() => loader(args(get(PAGE, owner))))).json()) as PageData;
    expect(page.keys.find((k) => k.id === key.id)?.status).toBe("revoked");
  });

  it("another merchant's key id cannot be revoked", async () => {
    const admin = await signedIn("admin");
    const theirOwner = addMember(db, OTHER, "owner").id;
    const theirs = await testStore(db).write((q) =>
      createApiKey(q, {
        merchantId: OTHER,
        mode: "live",
        name: "Not yours",
        scopes: ["payments:read"],
        createdBy: theirOwner,
        now: Date.now(),
      }),
    );
    const response = await respond(() =>
      action(args(formPost(PAGE, { intent: "revoke", keyId: theirs.key.id }, admin))),
    );
    expect((await toastOf(response))?.message).toBe("Nothing changed");
    expect((await authenticateApiKey(testStore(db), theirs.secret, Date.now())).ok).toBe(true);
    expect(keysOf(OTHER)[0]?.revokedAt).toBeNull();
  });
});
