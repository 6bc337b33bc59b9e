/** One autocannon run, reduced to the numbers the table shows. */
import autocannon, { type Options } from "autocannon";

export interface LoadRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * Give every request its own query string (`?render=N`), so no cache can answer it: what a page
   * costs to render.
   */
  uniqueQuery?: boolean;
}

export interface LoadResult {
  /** Mean requests/second over the run's 1 s samples. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function run(options: Options): Promise<LoadResult> {
  const result = await autocannon(options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.latency.totalCount,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

let renderCounter = 0;

const base = (url: string, request: LoadRequest): Options => ({
  url,
  method: request.method,
  headers: request.headers,
  ...(request.body === undefined ? {} : { body: request.body }),
  ...(request.uniqueQuery
    ? {
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `${req.path ?? "/"}${req.path?.includes("?") ? "&" : "?"}render=${++renderCounter}`,
            }),
          },
        ],
      }
    : {}),
});

/** A fixed number of requests to warm caches and the JIT; the result is discarded. */
export async function warmUp(
  url: string,
  request: LoadRequest,
  amount: number,
  connections: number,
): Promise<void> {
  await run({ ...base(url, request), amount, connections: Math.min(connections, amount) });
}

export function measure(
  url: string,
  request: LoadRequest,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  return run({ ...base(url, request), duration: seconds, connections });
}
