/**
 * Failed API key checks are throttled per client address (issue 27, item 7), through real HTTP:
 * after 20 failed checks from one address in a minute the next request is 429
 * `too_many_failed_keys` with Retry-After, before its key is looked up (so a valid key from that
 * address waits too), while other addresses are not affected; a valid key does not wipe the count.
 */
import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import {
  KEY_FAILURE_LIMIT,
  keyFailureWaitMs,
  MAX_ADDRESSES,
  recordKeyFailure,
  trackedAddresses,
} from "./key-failures.server";
import { expectApiError, expectOk, setUpApi, type ApiAnswer } from "../../tests/support/api-server";

const SHOP = "MRC-KFAA22";
const f = setUpApi([SHOP]);

const randomKey = (i: number) => `oh_live_${String(i).padStart(4, "0")}${"Q".repeat(28)}`;
const authError = { status: 401, type: "authentication_error", code: "api_key_invalid" } as const;
const throttled = {
  status: 429,
  type: "rate_limit_error",
  code: "too_many_failed_keys",
} as const;

/** GET /api/v1/payments with a key, from a chosen loopback source address. */
function callFrom(localAddress: string, key: string) {
  return new Promise<ApiAnswer>((resolve, reject) => {
    const request = httpRequest(
      `${f.api.url}/api/v1/payments`,
      { localAddress, agent: false, headers: { Authorization: `Bearer ${key}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (typeof value === "string") headers.set(name, value);
          resolve({ status: response.statusCode ?? 0, headers, json: JSON.parse(text), text });
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

describe("failed API key checks per client address", () => {
  it("20 failed checks in a minute, then 429 with Retry-After for any key from that address only, until the minute is over", async () => {
    expect(KEY_FAILURE_LIMIT).toEqual({ limit: 20, windowMs: 60_000 });
    const good = f.newKey(SHOP, "test").secret;
    const address = "127.0.0.5";
    for (let i = 0; i < 19; i++) expectApiError(await callFrom(address, randomKey(i)), authError);
    // A valid key in between does not wipe the count (an attacker can hold a key of their own).
    expectOk(await callFrom(address, good));
    expectApiError(await callFrom(address, randomKey(19)), authError);

    f.h.clock.now += 10_000;
    const refused = await callFrom(address, randomKey(20));
    expectApiError(refused, throttled);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(49);
    expect(retryAfter).toBeLessThanOrEqual(50);
    expect(refused.json.error.message).toMatch(/Retry after \d+ s/);
    // Refused before the key is looked up: the valid key from that address waits as well ...
    expectApiError(await callFrom(address, good), throttled);
    // ... while the same key from another address works.
    expectOk(await callFrom("127.0.0.6", good));
    expectApiError(await callFrom("127.0.0.6", randomKey(21)), authError);

    // Once the minute is over, the address is answered again.
    f.h.clock.now += 50_000;
    expectOk(await callFrom(address, good));
    expectApiError(await callFrom(address, randomKey(22)), authError);
  });

  it("a malformed Authorization header counts as a failed check too", async () => {
    const address = "127.0.0.7";
    for (let i = 0; i < KEY_FAILURE_LIMIT.limit; i++)
      expectApiError(await callFrom(address, `not-a-key-${i}`), authError);
    expectApiError(await callFrom(address, "not-a-key"), throttled);
  });
});

describe("the in-memory table of failing addresses", () => {
  it("stays bounded: ended windows are dropped first, then the oldest", () => {
    const start = 5_000_000;
    for (let i = 0; i < MAX_ADDRESSES + 10; i++)
      recordKeyFailure(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, start);
    expect(trackedAddresses()).toBeLessThanOrEqual(MAX_ADDRESSES);
    // The newest addresses are kept, the oldest went first.
    for (let i = 0; i < KEY_FAILURE_LIMIT.limit; i++) recordKeyFailure("10.0.39.25", start);
    expect(keyFailureWaitMs("10.0.39.25", start)).toBe(KEY_FAILURE_LIMIT.windowMs);
    // Once their windows have ended, one new failure clears them all out.
    recordKeyFailure("192.0.2.1", start + KEY_FAILURE_LIMIT.windowMs);
    expect(trackedAddresses()).toBe(1);
  });
});
