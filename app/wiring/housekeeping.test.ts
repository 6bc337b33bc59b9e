import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers } from "../../drizzle/schema";
import { createTestDb, testStore } from "../../tests/setup/db";
import { cookiesFrom, get } from "../../tests/setup/requests";
import { env } from "~/utils/env.server";
import { readSession, startSession } from "~/utils/session.server";
import { deleteExpiredSessionsPass, EXPIRED_SESSION_KEPT_MS } from "./housekeeping.server";

const { db, close } = createTestDb();
const store = testStore(db);
afterAll(close);
db.insert(merchants)
  .values({ id: "MRC-HOUSE2", businessName: "H", contactEmail: "h@x.example", createdAt: 0 })
  .run();
db.insert(merchantUsers)
  .values({ id: "usr_h", merchantId: "MRC-HOUSE2", username: "h", createdAt: 0 })
  .run();

const TTL_MS = env.SESSION_TTL_MINUTES * 60_000;

/** A session signed in at `at`, as its browser's cookie. */
async function signedInAt(at: number) {
  const setCookie = await startSession(
    store,
    "merchant",
    { merchantUserId: "usr_h" },
    get("/"),
    at,
  );
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

const statusOf = async (cookie: string, now: number) =>
  (await readSession(store, "merchant", get("/", { cookie }), now)).status;

describe("expired sessions housekeeping", () => {
  it("deletes sessions expired more than a week ago; recent ones still say expired", async () => {
    const now = Date.UTC(2026, 10, 29, 9);
    const active = await signedInAt(now - 60_000);
    const expiredYesterday = await signedInAt(now - TTL_MS - 86_400_000);
    const expiredLongAgo = await signedInAt(now - TTL_MS - EXPIRED_SESSION_KEPT_MS - 86_400_000);

    expect(await deleteExpiredSessionsPass(store, now)).toEqual({
      outcome: "succeeded",
      detail: { removed: 1 },
    });
    expect(await statusOf(expiredLongAgo, now)).toBe("none");
    expect(await statusOf(active, now)).toBe("active");
    // Reading an expired session ends it: read it last.
    expect(await statusOf(expiredYesterday, now)).toBe("expired");

    expect(await deleteExpiredSessionsPass(store, now)).toEqual({
      outcome: "skipped",
      detail: { removed: 0 },
    });
  });
});
