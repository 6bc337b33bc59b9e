// Minimal types for the parts of autocannon's programmatic API that scripts/bench uses
// (autocannon ships no types and @types/autocannon is not a dependency).
declare module "autocannon" {
  import { type EventEmitter } from "node:events";

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Stop after this many requests (overrides duration). */
    amount?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** A sequence of requests each connection repeats; `setupRequest` may rewrite each one. */
    requests?: { setupRequest?: (request: RequestParams) => RequestParams }[];
  }

  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  /** Percentile keys are `p` + the percentile with `.` replaced by `_` (p50, p97_5, p99_9...). */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total?: number;
    p50: number;
    p90: number;
    p99: number;
    [percentile: string]: number | undefined;
  }

  export interface Result {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    mismatches: number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    /** Milliseconds. */
    latency: Histogram & { totalCount: number };
    /** Requests per second sample (`average` is the mean req/s). */
    requests: Histogram & { sent: number };
    /** Bytes per second sample. */
    throughput: Histogram;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
