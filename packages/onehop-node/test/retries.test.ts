/**
 * The SDK's retries with a scripted fetch (no server): 429 waits its `Retry-After`, 5xx and
 * network failures back off and stop at maxNetworkRetries, 409 `idempotency_key_in_use` is
 * retried with the same key, other 4xx never; an attempt past `timeoutMs` is a ConnectionError.
 * The waits run on Vitest's fake clock, so the test sees exactly when each attempt goes out.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  ConflictError,
  ConnectionError,
  IdempotencyError,
  InvalidRequestError,
  OneHop,
  RateLimitError,
} from "../src/index.js";
import { backoffMs } from "../src/http.js";

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

type Script = (sent: Sent, attempt: number) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Request-Id": "req_test", ...headers },
  });

const refusal = (status: number, type: string, code: string, headers = {}) =>
  json(
    status,
    { error: { type, code, message: `${code}.`, param: null, request_id: "req_test" } },
    headers,
  );

const payment = { id: "pay_k3ny4x7q2m9d", object: "payment" };

/** A client whose fetch answers from `script`; `sent` records every attempt. */
function scripted(script: Script, config: { maxNetworkRetries?: number; timeoutMs?: number } = {}) {
  const sent: Sent[] = [];
  const onehop = new OneHop("oh_test_scripted", {
    baseUrl: "https://api.example.test/api/v1/",
    ...config,
    fetch: async (input, init) => {
      const entry = {
        url: String(input),
        method: init?.method ?? "GET",
        headers: new Headers(init?.headers),
        body: init?.body as string | undefined,
        signal: init?.signal ?? undefined,
      };
      sent.push(entry);
      return script(entry, sent.length);
    },
  });
  return { onehop, sent };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("retries", () => {
  it("429 with Retry-After: waits exactly that long, then retries with the same key", async () => {
    const { onehop, sent } = scripted((_, attempt) =>
      attempt === 1
        ? refusal(429, "rate_limit_error", "rate_limited", { "Retry-After": "2" })
        : json(201, payment),
    );
    const call = onehop.payments.create({
      amount: 250000,
      currency: "KES",
      reference: "A-1042",
    });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await expect(call).resolves.toEqual(payment);
    expect(sent[1]!.headers.get("idempotency-key")).toBe(sent[0]!.headers.get("idempotency-key"));
    expect(sent[1]!.body).toBe(sent[0]!.body);
    // What the server was sent: the key, JSON, no Origin (the API refuses browsers).
    expect(sent[0]!.url).toBe("https://api.example.test/api/v1/payments");
    expect(sent[0]!.headers.get("authorization")).toBe("Bearer oh_test_scripted");
    expect(sent[0]!.headers.get("content-type")).toBe("application/json");
    expect(sent[0]!.headers.get("origin")).toBeNull();
    expect(JSON.parse(sent[0]!.body!)).toEqual({
      amount: 250000,
      currency: "KES",
      reference: "A-1042",
    });
  });

  it("429 past maxNetworkRetries: a RateLimitError with its retryAfter", async () => {
    const { onehop, sent } = scripted(
      () => refusal(429, "rate_limit_error", "rate_limited", { "Retry-After": "1" }),
      { maxNetworkRetries: 1 },
    );
    const call = onehop.balances.retrieve().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    const error = await call;
    expect(sent).toHaveLength(2);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: "rate_limited", requestId: "req_test" });
    expect((error as RateLimitError).retryAfter).toBe(1);
  });

  it("5xx: backs off (exponential, with jitter) and gives up after maxNetworkRetries", async () => {
    const { onehop, sent } = scripted(() => refusal(503, "api_error", "custody_unavailable"));
    const call = onehop.payments.retrieve("pay_k3ny4x7q2m9d").catch((error: unknown) => error);
    // Default 2 retries: the first within 0.25-0.5 s, the second within 0.5-1 s after it.
    await vi.advanceTimersByTimeAsync(249);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(251);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(3);
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, type: "api_error", code: "custody_unavailable" });
    expect(sent.every((s) => s.headers.get("idempotency-key") === null)).toBe(true);
  });

  it("the backoff doubles up to 8 s, half of it random", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => backoffMs(n, () => 0))).toEqual([
      250, 500, 1000, 2000, 4000, 4000, 4000,
    ]);
    expect([0, 1, 4, 9].map((n) => backoffMs(n, () => 1))).toEqual([500, 1000, 8000, 8000]);
  });

  it("a network failure is retried; after the last one, a ConnectionError", async () => {
    let fail = 2;
    const { onehop, sent } = scripted(() => {
      if (fail-- > 0) throw new TypeError("fetch failed");
      return json(200, payment);
    });
    const call = onehop.payments.cancel("pay_k3ny4x7q2m9d");
    await vi.advanceTimersByTimeAsync(1_500);
    await expect(call).resolves.toEqual(payment);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.headers.get("idempotency-key"))).size).toBe(1);

    const down = scripted(
      () => {
        throw new TypeError("fetch failed");
      },
      { maxNetworkRetries: 0 },
    );
    const error = await down.onehop.balances.retrieve().catch((e: unknown) => e);
    expect(down.sent).toHaveLength(1);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: "network_error" });
  });

  it("409 idempotency_key_in_use is retried; another 409 or a 400 is thrown at once", async () => {
    const inUse = scripted((_, attempt) =>
      attempt === 1
        ? refusal(409, "idempotency_error", "idempotency_key_in_use", { "Retry-After": "1" })
        : json(200, payment),
    );
    const call = inUse.onehop.payments.cancel("pay_k3ny4x7q2m9d", { idempotencyKey: "mine" });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(call).resolves.toEqual(payment);
    expect(inUse.sent.map((s) => s.headers.get("idempotency-key"))).toEqual(["mine", "mine"]);

    const conflict = scripted(() => refusal(409, "conflict_error", "payment_not_cancelable"));
    const error = await conflict.onehop.payments.cancel("pay_k3ny4x7q2m9d").catch((e) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(conflict.sent).toHaveLength(1);

    const reused = scripted(() => refusal(422, "idempotency_error", "idempotency_key_reused"));
    const reuse = await reused.onehop.payments.cancel("pay_k3ny4x7q2m9d").catch((e) => e);
    expect(reuse).toBeInstanceOf(IdempotencyError);
    expect(reused.sent).toHaveLength(1);

    const invalid = scripted(() => refusal(400, "invalid_request_error", "parameter_invalid"));
    const bad = await invalid.onehop.payments.list({ limit: 5 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(bad).toBeInstanceOf(InvalidRequestError);
    expect(invalid.sent).toHaveLength(1);
    expect(new URL(invalid.sent[0]!.url).searchParams.get("limit")).toBe("5");
  });

  it("an attempt that takes longer than timeoutMs is abandoned: a ConnectionError", async () => {
    const { onehop, sent } = scripted(
      ({ signal }) =>
        new Promise<Response>((_, reject) => {
          signal?.addEventListener("abort", () => reject(signal.reason));
        }),
      { maxNetworkRetries: 0, timeoutMs: 5_000 },
    );
    const call = onehop.balances.retrieve().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await call;
    expect(sent).toHaveLength(1);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: "timeout" });
  });
});
