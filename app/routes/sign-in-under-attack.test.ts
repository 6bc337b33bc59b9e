/**
 * Sign-in under attack (issue 27, items 5 and 6), through the real actions with the client's
 * address as server.mjs hands it over (x-onehop-remote-address):
 *
 * - Failures from other addresses never refuse a correct password from an address that has not
 *   failed; the failing address itself is still answered 429 with Retry-After (merchant and
 *   operator sign-in).
 * - One password check per address at a time: a second concurrent sign-in from the same address is
 *   refused at once (429 busy), and counts nothing.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { merchants, merchantUsers, rateLimits } from "../../drizzle/schema";
import { signInRefusal } from "~/content/sign-in";
import { createOperator } from "~/core/operators.server";
import { hashPassword, PASSWORD_QUEUE, passwordHashSlots } from "~/core/passwords.server";
import { REMOTE_ADDRESS_HEADER } from "~/utils/remote-address";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { formPost, respond, toastOf } from "../../tests/setup/requests";
import { action as adminSignIn } from "./admin_.signin";
import { action as merchantSignIn } from "./merchant-signin";

const { db, close } = installTestDatabase();
afterAll(close);

const password = "a long enough secret";
db.insert(merchants)
  .values({
    id: "MRC-ATTK22",
    businessName: "Attacked Shop",
    contactEmail: "a@shop.example",
    createdAt: 0,
  })
  .run();
db.insert(merchantUsers)
  .values({
    id: "usr_attk",
    merchantId: "MRC-ATTK22",
    username: "owner",
    passwordHash: await hashPassword(password),
    createdAt: 0,
  })
  .run();
const credentials = { merchantId: "MRC-ATTK22", username: "owner", password };
const wrong = (i: number) => ({ ...credentials, password: `wrong password ${i}` });
const operator = { email: "ops@onehop.test", password: "operator password 1" };
await createOperator(testStore(db), {
  email: operator.email,
  name: "Ops",
  role: "admin",
  password: operator.password,
});

function post(path: string, fields: Record<string, string>, address: string): Request {
  const request = formPost(path, fields);
  const headers = new Headers(request.headers);
  headers.set(REMOTE_ADDRESS_HEADER, address);
  return new Request(request, { headers });
}
const signIn = (fields: Record<string, string>, address: string) =>
  respond(() =>
    merchantSignIn({ request: post("/merchant-signin", fields, address), params: {}, context: {} }),
  );
const signInOperator = (fields: Record<string, string>, address: string) =>
  respond(() =>
    adminSignIn({ request: post("/admin/signin", fields, address), params: {}, context: {} }),
  );
const signedIn = (response: Response) =>
  response.status === 302 &&
  response.headers.getSetCookie().some((cookie) => cookie.startsWith("onehop_session="));

/** Let the event loop turn until `done` holds (at most 1,000 turns; no timers). */
/**
 * Yield to the event loop until `done`: by time, not by a count of turns (on PostgreSQL a query's
 * answer takes more turns than on SQLite, and more again on a loaded machine). Each use waits for
 * something that does happen; the cap only turns a hang into a failing expectation.
 */
async function until(done: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
}

beforeEach(() => {
  db.delete(rateLimits).run();
});

describe("wrong passwords from other addresses never lock a member out (item 5)", () => {
  it("five wrong passwords from five addresses, then the right one from a sixth: signed in", async () => {
    for (let i = 1; i <= 5; i++)
      expect((await signIn(wrong(i), `203.0.113.${i}`)).status, `attempt ${i}`).toBe(401);
    const response = await signIn(credentials, "198.51.100.6");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/merchant/dashboard");
    expect(signedIn(response)).toBe(true);
  });

  it("many more failing addresses (4 tries each) still do not refuse a clean address", async () => {
    for (let a = 1; a <= 6; a++)
      for (let i = 0; i < 4; i++)
        expect((await signIn(wrong(i), `203.0.113.${10 + a}`)).status).toBe(401);
    expect(signedIn(await signIn(credentials, "198.51.100.7"))).toBe(true);
  });

  it("the failing address itself is refused (429, Retry-After, the message), even with the right password", async () => {
    for (let i = 1; i <= 5; i++) expect((await signIn(wrong(i), "203.0.113.50")).status).toBe(401);
    const refused = await signIn(credentials, "203.0.113.50");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60);
    expect((await toastOf(refused))?.description).toBe(signInRefusal.throttled("15 minutes"));
    expect(signedIn(refused)).toBe(false);
    // Meanwhile the member, from home, is in.
    expect(signedIn(await signIn(credentials, "198.51.100.8"))).toBe(true);
  });

  it("operators too: five wrong passwords from five addresses do not refuse the sixth", async () => {
    for (let i = 1; i <= 5; i++)
      expect(
        (await signInOperator({ ...operator, password: `wrong ${i}` }, `203.0.113.${60 + i}`))
          .status,
      ).toBe(401);
    const response = await signInOperator(operator, "198.51.100.9");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/applications");
  });
});

describe("one password check per address at a time (item 6)", () => {
  it("a second concurrent sign-in from the same address is refused at once as busy; the first goes on", async () => {
    // Hold the hashing slot so the first attempt waits in the queue.
    let release!: () => void;
    const holding = passwordHashSlots(() => new Promise<void>((resolve) => (release = resolve)));
    const first = signIn(credentials, "198.51.100.20");
    await until(() => passwordHashSlots.stats.waiting.high === 1);

    // Answered while the first still waits: it neither queued behind it nor waited for it.
    let second: Response | undefined;
    void signIn(credentials, "198.51.100.20").then((response) => (second = response));
    await until(() => second !== undefined || passwordHashSlots.stats.waiting.normal > 0);
    expect(passwordHashSlots.stats.waiting).toEqual({ high: 1, normal: 0 });
    expect(second?.status).toBe(429);
    expect(second?.headers.get("Retry-After")).toBe(String(PASSWORD_QUEUE.retryAfterMs / 1000));
    expect((await toastOf(second!))?.description).toBe(signInRefusal.busy);
    // Another address is not affected.
    const other = signIn(credentials, "198.51.100.21");
    await until(() => passwordHashSlots.stats.waiting.high === 2);

    release();
    await holding;
    expect(signedIn(await first)).toBe(true);
    expect(signedIn(await other)).toBe(true);
    // The refusal counted nothing: the address signs in again at once.
    expect(signedIn(await signIn(credentials, "198.51.100.20"))).toBe(true);
  });
});
