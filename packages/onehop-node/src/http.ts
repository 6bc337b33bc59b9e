/**
 * One API call: the key, JSON in and out, an Idempotency-Key on every POST (kept across the
 * call's retries), a timeout per attempt, and retries of what is safe to retry: network
 * failures, 429, 5xx and 409 `idempotency_key_in_use`, after `Retry-After` or an exponential
 * backoff with jitter, at most `maxNetworkRetries` times. Any other 4xx is thrown at once.
 */
import { randomUUID } from "node:crypto";
import {
  ConnectionError,
  errorFromResponse,
  type OneHopError,
  retryAfterSeconds,
} from "./errors.js";

export const VERSION = "0.1.0";
export const DEFAULT_BASE_URL = "https://onehop.co.ke/api/v1";

export interface OneHopConfig {
  /** The API's base URL, up to and including `/api/v1` (default https://onehop.co.ke/api/v1). */
  baseUrl?: string;
  /** Retries of a failed call that is safe to retry (default 2: three attempts at most). */
  maxNetworkRetries?: number;
  /** Each attempt's time limit in milliseconds (default 60,000). */
  timeoutMs?: number;
  /** The fetch to use (default the global one). */
  fetch?: typeof globalThis.fetch;
}

/** Options of one call. */
export interface RequestOptions {
  /** The Idempotency-Key of a POST (default: a new UUID v4 for the call, kept across retries). */
  idempotencyKey?: string;
  maxNetworkRetries?: number;
  timeoutMs?: number;
  /** Cancels the call (no retry follows). */
  signal?: AbortSignal;
}

export interface RequestSpec {
  method: "GET" | "POST" | "DELETE";
  /** Under the base URL: `/payments/pay_…` (ids already encoded). */
  path: string;
  query?: object;
  body?: object;
  options?: RequestOptions;
}

/** Longest `Retry-After` the client waits for by itself; past it the error is thrown. */
const MAX_RETRY_AFTER_SECONDS = 60;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/** The wait before retry number `retry` (0 first): doubling, capped, with half of it random. */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** retry);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", abort, { once: true });
  });

function searchOf(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

class AttemptTimeout extends Error {}

export class HttpClient {
  readonly baseUrl: string;
  readonly maxNetworkRetries: number;
  readonly timeoutMs: number;
  readonly #fetch: typeof globalThis.fetch;
  readonly #key: string;

  constructor(secretKey: string, config: OneHopConfig = {}) {
    if (typeof secretKey !== "string" || !secretKey.trim())
      throw new Error("new OneHop(secretKey): give your secret key (oh_test_… or oh_live_…).");
    this.#key = secretKey.trim();
    this.baseUrl = (config.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.maxNetworkRetries = config.maxNetworkRetries ?? 2;
    this.timeoutMs = config.timeoutMs ?? 60_000;
    const fetchFn = config.fetch ?? globalThis.fetch;
    if (typeof fetchFn !== "function")
      throw new Error("No fetch: use Node.js 20 or later, or pass `fetch` in the options.");
    this.#fetch = fetchFn;
  }

  async request<T>({ method, path, query, body, options = {} }: RequestSpec): Promise<T> {
    const idempotencyKey = method === "POST" ? (options.idempotencyKey ?? randomUUID()) : null;
    const maxRetries = options.maxNetworkRetries ?? this.maxNetworkRetries;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.#key}`,
      Accept: "application/json",
      "User-Agent": `onehop-node/${VERSION} node/${process.version}`,
    };
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const url = `${this.baseUrl}${path}${searchOf(query)}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);

    for (let retry = 0; ; retry++) {
      let outcome: { status: number; headers: Headers; raw: unknown };
      try {
        outcome = await this.#attempt(url, method, headers, payload, options);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (retry < maxRetries) {
          await sleep(backoffMs(retry), options.signal);
          continue;
        }
        const timedOut = error instanceof AttemptTimeout;
        throw new ConnectionError(
          {
            type: "connection_error",
            code: timedOut ? "timeout" : "network_error",
            message: timedOut
              ? `The OneHop API did not answer ${method} ${path} within ${options.timeoutMs ?? this.timeoutMs} ms.`
              : `Could not reach the OneHop API (${method} ${path}): ${(error as Error)?.message ?? error}`,
            idempotencyKey,
          },
          { cause: error },
        );
      }
      if (outcome.status >= 200 && outcome.status < 300) return outcome.raw as T;
      const error = errorFromResponse(outcome.status, outcome.headers, outcome.raw, idempotencyKey);
      const wait = retry < maxRetries ? this.#retryDelay(error, retry) : null;
      if (wait === null) throw error;
      await sleep(wait, options.signal);
    }
  }

  /** How long to wait before retrying after `error`, or null when it is not to be retried. */
  #retryDelay(error: OneHopError, retry: number): number | null {
    const status = error.status ?? 0;
    const retryable =
      status === 429 ||
      status >= 500 ||
      (status === 409 && String(error.code) === "idempotency_key_in_use");
    if (!retryable) return null;
    const after = retryAfterSeconds(error.headers);
    if (after === null) return backoffMs(retry);
    return after > MAX_RETRY_AFTER_SECONDS ? null : Math.ceil(after * 1000);
  }

  async #attempt(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    options: RequestOptions,
  ) {
    if (options.signal?.aborted) throw options.signal.reason;
    const controller = new AbortController();
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const timer = setTimeout(() => controller.abort(new AttemptTimeout()), timeoutMs);
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const response = await this.#fetch(url, {
        method,
        headers,
        body,
        signal: controller.signal,
      });
      const text = await response.text();
      let raw: unknown = text;
      if (text)
        try {
          raw = JSON.parse(text);
        } catch {
          raw = text;
        }
      return { status: response.status, headers: response.headers, raw };
    } catch (error) {
      throw controller.signal.reason instanceof AttemptTimeout ? controller.signal.reason : error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    }
  }
}
