/**
 * The HTTP plumbing the payout-provider clients (Daraja, Airtel Money, PesaLink, T-Kash) share: one
 * JSON request with a timeout, and a cached OAuth token. Each client keeps its own error classes
 * and messages: this module only reports a `HttpTransportFailure` (no answer in time, or none at
 * all), which the client turns into its own transport error. (coingecko/http.server.ts is the
 * market-data clients' GET helper, with errors of its own.)
 */

export type HttpTransportFailureKind = "timeout" | "network";

/** No HTTP answer: none within the timeout, or the request could not be made or read. */
export class HttpTransportFailure extends Error {
  readonly kind: HttpTransportFailureKind;

  /** `cause` is what fetch (or reading the body) threw. */
  constructor(kind: HttpTransportFailureKind, cause: unknown) {
    super(kind === "timeout" ? "No answer within the timeout" : "No answer", { cause });
    this.name = "HttpTransportFailure";
    this.kind = kind;
  }
}

export type HttpMethod = "GET" | "POST";

export interface JsonRequest {
  /** Without a trailing slash: the URL is `${baseUrl}${path}`. */
  baseUrl: string;
  method: HttpMethod;
  path: string;
  /**
   * Sent after the defaults (`accept: application/json`, and `content-type: application/json` when
   * there is a body), so they can replace them.
   */
  headers?: Record<string, string>;
  /** The JSON text, serialised by the caller (so that a signature can cover these exact bytes). */
  body?: string;
  /** For the whole call, answer body included. */
  timeoutMs: number;
  /** The error to throw instead of a `HttpTransportFailure`: the client's own transport error. */
  failure?: (failure: HttpTransportFailure, request: JsonRequest) => Error;
}

export interface JsonAnswer {
  status: number;
  text: string;
  headers: Headers;
}

/**
 * One request, redirects refused. Any HTTP status is an answer; a timeout (or abort) is a "timeout"
 * failure, anything else that stops the request or the reading of its body a "network" one.
 */
export async function requestJson(request: JsonRequest): Promise<JsonAnswer> {
  const { body } = request;
  try {
    const response = await fetch(`${request.baseUrl}${request.path}`, {
      method: request.method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...request.headers,
      },
      body,
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: "error",
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  } catch (error) {
    const timedOut =
      error instanceof DOMException &&
      (error.name === "TimeoutError" || error.name === "AbortError");
    const failure = new HttpTransportFailure(timedOut ? "timeout" : "network", error);
    throw request.failure ? request.failure(failure, request) : failure;
  }
}

export interface JsonSenderOptions<A> {
  baseUrl: string;
  timeoutMs: number;
  /** Sent with every request, before its own headers. */
  headers?: Record<string, string>;
  failure: (failure: HttpTransportFailure, request: JsonRequest) => Error;
  /** The client's reading of an answer; it may throw (say, for a 5xx it counts as no answer). */
  read: (answer: JsonAnswer, request: JsonRequest) => A;
}

/** A client's `send`: `requestJson` bound to its base URL, timeout and errors; `body` as JSON. */
export function createJsonSender<A>(
  options: JsonSenderOptions<A>,
): (
  method: HttpMethod,
  path: string,
  headers?: Record<string, string>,
  body?: unknown,
) => Promise<A> {
  return async (method, path, headers, body) => {
    const request: JsonRequest = {
      baseUrl: options.baseUrl,
      method,
      path,
      headers: { ...options.headers, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: options.timeoutMs,
      failure: options.failure,
    };
    return options.read(await requestJson(request), request);
  };
}

/** The answer's JSON, or undefined when the text is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface TokenCacheOptions {
  /** Clock (ms since epoch). */
  now: () => number;
  /** Asks the provider for a token; `lifetimeMs`: how long it lives from when it was asked for. */
  fetchToken: () => Promise<{ token: string; lifetimeMs: number }>;
  /**
   * When to fetch the next one: `marginMs` before the token expires (at most half its lifetime
   * early), or once `ratio` of its lifetime has passed.
   */
  refresh: { marginMs: number } | { ratio: number };
}

export interface TokenCache {
  /** The cached token while it is fresh, else a new one; concurrent callers share one fetch. */
  get(): Promise<string>;
  /** Forgets `token` if it is still the cached one (the provider refused it). */
  drop(token: string): void;
  /**
   * `attempt` with the token; when its answer says the token was refused, drops it and makes the
   * attempt once more with a fresh token. Returns the last answer.
   */
  withToken<A>(attempt: (token: string) => Promise<A>, refused: (answer: A) => boolean): Promise<A>;
}

export function createTokenCache(options: TokenCacheOptions): TokenCache {
  const { now, refresh } = options;
  let cached: { token: string; refreshAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const startedAt = now();
    const { token, lifetimeMs } = await options.fetchToken();
    const refreshAt =
      "ratio" in refresh
        ? startedAt + lifetimeMs * refresh.ratio
        : startedAt + lifetimeMs - Math.min(refresh.marginMs, lifetimeMs / 2);
    cached = { token, refreshAt };
    return token;
  }

  function get(): Promise<string> {
    if (cached && now() < cached.refreshAt) return Promise.resolve(cached.token);
    inFlight ??= fetchToken().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  function drop(token: string): void {
    if (cached?.token === token) cached = undefined;
  }

  return {
    get,
    drop,
    async withToken(attempt, refused) {
      const token = await get();
      const answer = await attempt(token);
      if (!refused(answer)) return answer;
      drop(token);
      return attempt(await get());
    },
  };
}
