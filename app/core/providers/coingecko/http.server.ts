/**
 * One JSON GET with a timeout, shared by the market-data and FX clients. Every way it can go wrong
 * becomes a `ProviderError` with a kind the rates service records: no exception escapes untyped.
 */

export type ProviderErrorKind =
  "timeout" | "network" | "rate_limited" | "http" | "invalid_response";

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: ProviderErrorKind,
    message: string,
    options: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ProviderError";
    this.kind = kind;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

const MAX_BODY_BYTES = 1_000_000;

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** The provider's own error text, from a CoinGecko `{status:{error_message}}` or `{error}` body. */
function errorMessageOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as {
      status?: { error_message?: unknown };
      error?: unknown;
      "error-type"?: unknown;
    };
    const message = parsed.status?.error_message ?? parsed.error ?? parsed["error-type"];
    return typeof message === "string" ? message.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

function retryAfter(headers: Headers): number | undefined {
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** GET `url` and parse the JSON body. `label` names the provider in error messages. */
export async function getJson(
  url: URL,
  options: { label: string; timeoutMs: number; headers?: Record<string, string> },
): Promise<unknown> {
  const { label, timeoutMs } = options;
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      headers: { accept: "application/json", ...options.headers },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    body = await response.text();
  } catch (error) {
    if (
      error instanceof DOMException &&
      (error.name === "TimeoutError" || error.name === "AbortError")
    ) {
      throw new ProviderError("timeout", `${label} did not answer within ${timeoutMs} ms`, {
        cause: error,
      });
    }
    throw new ProviderError("network", `${label} could not be reached (${describeCause(error)})`, {
      cause: error,
    });
  }
  if (response.status === 429) {
    throw new ProviderError("rate_limited", `${label} is rate limiting us (HTTP 429)`, {
      status: 429,
      retryAfterSeconds: retryAfter(response.headers),
    });
  }
  if (!response.ok) {
    const detail = errorMessageOf(body);
    throw new ProviderError(
      "http",
      `${label} answered HTTP ${response.status}${detail ? `: ${detail}` : ""}`,
      {
        status: response.status,
      },
    );
  }
  if (body.length > MAX_BODY_BYTES) {
    throw new ProviderError(
      "invalid_response",
      `${label} sent an unexpectedly large body (${body.length} bytes)`,
    );
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (!/\bjson\b/i.test(contentType)) {
    throw new ProviderError(
      "invalid_response",
      `${label} sent ${contentType || "no content type"} instead of JSON`,
    );
  }
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    throw new ProviderError("invalid_response", `${label} sent a body that is not valid JSON`, {
      cause: error,
    });
  }
}
