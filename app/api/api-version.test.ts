/**
 * The dated API version (issue 32, item 3): a key is pinned to the version current when it was
 * made, a request may name one with `OneHop-Version`, and every answer says which it was made
 * with, errors included.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys } from "../../drizzle/schema";
import { CURRENT_API_VERSION } from "~/core/api/versions";
import { expectApiError, expectOk, setUpApi } from "../../tests/support/api-server";

const SHOP = "MRC-VERS22";
const f = setUpApi([SHOP]);

describe("OneHop-Version", () => {
  it("a new key is pinned to the current version, and its answers say so", async () => {
    const { secret, id } = f.newKey(SHOP, "test");
    const stored = f.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get()!;
    expect(stored.apiVersion).toBe(CURRENT_API_VERSION);
    const answer = await f.call("GET", "/api/v1/balances", { key: secret });
    expectOk(answer);
    expect(answer.headers.get("onehop-version")).toBe(CURRENT_API_VERSION);
  });

  it("answers with the key's pinned version, or the one the request names", async () => {
    const { secret, id } = f.newKey(SHOP, "test");
    // A key made under an earlier version keeps it (written here as a stored value would be).
    f.db.update(apiKeys).set({ apiVersion: "2026-06-01" }).where(eq(apiKeys.id, id)).run();
    const pinned = await f.call("GET", "/api/v1/balances", { key: secret });
    expect(pinned.headers.get("onehop-version")).toBe("2026-06-01");
    const named = await f.call("GET", "/api/v1/balances", {
      key: secret,
      headers: { "OneHop-Version": CURRENT_API_VERSION },
    });
    expectOk(named);
    expect(named.headers.get("onehop-version")).toBe(CURRENT_API_VERSION);
  });

  it("an unknown version is 400 api_version_invalid; errors carry the version too", async () => {
    const key = f.newKey(SHOP, "test").secret;
    const unknown = await f.call("GET", "/api/v1/balances", {
      key,
      headers: { "OneHop-Version": "2020-01-01" },
    });
    expectApiError(unknown, {
      status: 400,
      type: "invalid_request_error",
      code: "api_version_invalid",
      param: "OneHop-Version",
    });
    expect(unknown.json.error.message).toContain(CURRENT_API_VERSION);
    const unauthenticated = await f.call("GET", "/api/v1/balances", { key: "oh_test_nope" });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("onehop-version")).toBe(CURRENT_API_VERSION);
  });
});
