import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers, sessions } from "../../drizzle/schema";
import { createTestDb, testStore } from "../../tests/setup/db";
import { cookiesFrom, get } from "../../tests/setup/requests";
import { endSession, readSession, SESSION_EXPIRY_MARGIN_MS, startSession } from "./session.server";

const { db, close } = createTestDb();
afterAll(close);
db.insert(merchants)
  .values({ id: "MRC-SESS22", businessName: "S", contactEmail: "s@x.example", createdAt: 0 })
  .run();
db.insert(merchantUsers)
  .values({ id: "usr_s", merchantId: "MRC-SESS22", username: "s", createdAt: 0 })
  .run();

async function signIn(now = Date.now(), previousCookie = "") {
  const setCookie = await startSession(
    testStore(db),
    "merchant",
    { merchantUserId: "usr_s" },
    get("/", { cookie: previousCookie }),
    now,
  );
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

describe("sessions", () => {
  it("the cookie holds only a signed id; the row holds the rest", async () => {
    const cookie = await signIn();
    expect(cookie).toMatch(/^onehop_session=[^;]+$/);
    expect(decodeURIComponent(cookie)).not.toContain("usr_s");
    const state = await readSession(testStore(db), "merchant", get("/", { cookie }));
    expect(state.status).toBe("active");
    if (state.status === "active") {
      expect(state.session.merchantUserId).toBe("usr_s");
      expect(state.session.userAgent).toBe("vitest");
      expect(state.session.expiresAt).toBeGreaterThan(Date.now());
    }
  });

  it("a new id at every sign-in; the old one stops working", async () => {
    const first = await signIn();
    const second = await signIn(Date.now(), first);
    expect(second).not.toBe(first);
    expect((await readSession(testStore(db), "merchant", get("/", { cookie: first }))).status).toBe(
      "none",
    );
    expect(
      (await readSession(testStore(db), "merchant", get("/", { cookie: second }))).status,
    ).toBe("active");
  });

  it("ends a session with less than 5 minutes left", async () => {
    const cookie = await signIn();
    const state = await readSession(testStore(db), "merchant", get("/", { cookie }));
    if (state.status !== "active") throw new Error("expected an active session");
    const justBefore = state.session.expiresAt - SESSION_EXPIRY_MARGIN_MS - 1;
    expect(
      (await readSession(testStore(db), "merchant", get("/", { cookie }), justBefore)).status,
    ).toBe("active");
    expect(
      (await readSession(testStore(db), "merchant", get("/", { cookie }), justBefore + 2)).status,
    ).toBe("expired");
    // The row is gone: the next request is simply signed out.
    expect((await readSession(testStore(db), "merchant", get("/", { cookie }))).status).toBe(
      "none",
    );
  });

  it("treats a tampered or foreign cookie as signed out", async () => {
    const cookie = await signIn();
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value!.slice(0, -3)}abc`;
    expect(
      (await readSession(testStore(db), "merchant", get("/", { cookie: tampered }))).status,
    ).toBe("none");
    expect(
      (await readSession(testStore(db), "merchant", get("/", { cookie: "onehop_session=forged" })))
        .status,
    ).toBe("none");
    // A merchant session is not an operator session.
    expect((await readSession(testStore(db), "operator", get("/", { cookie }))).status).toBe(
      "none",
    );
  });

  it("sign out deletes the row and clears the cookie", async () => {
    const cookie = await signIn();
    const before = db.select().from(sessions).all().length;
    const clear = await endSession(testStore(db), "merchant", get("/", { cookie }));
    expect(clear).toMatch(/onehop_session=;.*Max-Age=0/i);
    expect(db.select().from(sessions).all().length).toBe(before - 1);
    expect((await readSession(testStore(db), "merchant", get("/", { cookie }))).status).toBe(
      "none",
    );
  });
});
