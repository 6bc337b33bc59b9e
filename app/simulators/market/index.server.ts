/**
 * The market simulator: a small node:http server speaking the same protocol as CoinGecko
 * (`/api/v3/simple/price`, `/api/v3/simple/supported_vs_currencies`, `/api/v3/ping`) and the
 * USD/KES FX source (`/v6/latest/USD`), with prices on a seeded random walk around realistic
 * values. Faithful to CoinGecko, it has no `kes` unless told to serve it, so KES is derived from
 * USD x USD/KES.
 *
 * Faults on demand, for the tests and for the e2e control route, set at run time with `setMode()`
 * or `POST /__simulator {"mode": "...", "fxMode": "..."}` (`GET /__simulator` reports state and
 * call counts). Started by the rates wiring (on an ephemeral 127.0.0.1 port) when
 * PROVIDER_MODE=simulator.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { cryptocurrencies } from "~/content/cryptocurrencies";
import { createRandomWalk, type WalkSpec } from "./random-walk";

export const marketFaultModes = [
  "normal",
  /** HTTP 429 with CoinGecko's rate-limit body and Retry-After. */
  "429",
  /** HTTP 500. */
  "500",
  /** Answers only after `slowMs` (longer than any client timeout). */
  "slow",
  /** HTTP 200 with an HTML error page instead of JSON. */
  "html",
  /** HTTP 200, JSON content type, body cut off mid-way. */
  "truncated",
  /** HTTP 200 with `{}`. */
  "empty",
  /** The last requested asset (or KES, for FX) is left out. */
  "missing-asset",
  /** Every price is 0. */
  "zero",
  /** Every price is negative. */
  "negative",
  /** Every price is the string "NaN". */
  "nan",
  /** Prices carry a last-updated time `staleAgeSeconds` in the past. */
  "stale",
  /** The connection is dropped without an answer. */
  "disconnect",
] as const;
export type MarketFaultMode = (typeof marketFaultModes)[number];

export interface MarketSimulatorState {
  mode: MarketFaultMode;
  fxMode: MarketFaultMode;
  serveKes: boolean;
  calls: { prices: number; fx: number };
  seed: number;
}

export interface MarketSimulatorOptions {
  seed?: number;
  host?: string;
  /** 0 (default): an ephemeral port. */
  port?: number;
  now?: () => number;
  /** Also answer `kes` prices (CoinGecko does not list KES today). Default false. */
  serveKes?: boolean;
  /** Delay of the "slow" mode. Default 30 s. */
  slowMs?: number;
  /** Age of the timestamps in "stale" mode. Default 3 days. */
  staleAgeSeconds?: number;
}

export interface MarketSimulator {
  /** Origin, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** Base URL for the CoinGecko client (…/api/v3). */
  readonly coingeckoBaseUrl: string;
  /** Base URL for the FX client. */
  readonly fxBaseUrl: string;
  state(): MarketSimulatorState;
  setMode(mode: MarketFaultMode): void;
  setFxMode(mode: MarketFaultMode): void;
  setServeKes(serveKes: boolean): void;
  stop(): Promise<void>;
}

/**
 * The 62 vs currencies CoinGecko documents
 * (tests/fixtures/coingecko/supported-vs-currencies-docs-example.json).
 */
const SUPPORTED_VS = [
  "btc",
  "eth",
  "ltc",
  "bch",
  "bnb",
  "eos",
  "xrp",
  "xlm",
  "link",
  "dot",
  "yfi",
  "usd",
  "aed",
  "ars",
  "aud",
  "bdt",
  "bhd",
  "bmd",
  "brl",
  "cad",
  "chf",
  "clp",
  "cny",
  "czk",
  "dkk",
  "eur",
  "gbp",
  "gel",
  "hkd",
  "huf",
  "idr",
  "ils",
  "inr",
  "jpy",
  "krw",
  "kwd",
  "lkr",
  "mmk",
  "mxn",
  "myr",
  "ngn",
  "nok",
  "nzd",
  "php",
  "pkr",
  "pln",
  "rub",
  "sar",
  "sek",
  "sgd",
  "thb",
  "try",
  "twd",
  "uah",
  "vef",
  "vnd",
  "zar",
  "xdr",
  "xag",
  "xau",
  "bits",
  "sats",
];

/**
 * The body CoinGecko's public API sends with HTTP 429
 * (tests/fixtures/coingecko/error-429-rate-limit.json).
 */
const RATE_LIMIT_BODY =
  '{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits."}}';

const HTML_BODY =
  "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><h1>Checking your browser</h1></body></html>";

const BASE_USD_KES = 129.2;
const STABLECOINS = new Set(["tether", "usd-coin", "dai"]);

function walkSpecs(): Record<string, WalkSpec> {
  const specs: Record<string, WalkSpec> = {
    USD_KES: { base: BASE_USD_KES, volatility: 0.0002, reversion: 0.05 },
  };
  for (const coin of cryptocurrencies) {
    const base = Number(coin.displayRateKes) / BASE_USD_KES;
    specs[coin.coingeckoId] = STABLECOINS.has(coin.coingeckoId)
      ? { base: Math.round(base * 1000) / 1000 || 1, volatility: 0.00005, reversion: 0.3 }
      : { base, volatility: 0.0015, reversion: 0.001 };
  }
  return specs;
}

/** Up to 12 significant digits, like CoinGecko's `precision=full` numbers. */
function roundPrice(value: number): number {
  return Number(value.toPrecision(12));
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "max-age=30, public, must-revalidate, s-maxage=60",
    ...headers,
  });
  res.end(body);
}

export async function startMarketSimulator(
  options: MarketSimulatorOptions = {},
): Promise<MarketSimulator> {
  const seed = options.seed ?? 20240601;
  const now = options.now ?? Date.now;
  const slowMs = options.slowMs ?? 30_000;
  const staleAgeSeconds = options.staleAgeSeconds ?? 3 * 24 * 60 * 60;
  const walk = createRandomWalk(walkSpecs(), seed);
  const state: MarketSimulatorState = {
    mode: "normal",
    fxMode: "normal",
    serveKes: options.serveKes ?? false,
    calls: { prices: 0, fx: 0 },
    seed,
  };
  const pendingTimers = new Set<NodeJS.Timeout>();

  /** Applies a transport-level fault; true when it answered (or dropped) the request. */
  function transportFault(
    mode: MarketFaultMode,
    req: IncomingMessage,
    res: ServerResponse,
    normal: () => void,
  ): boolean {
    switch (mode) {
      case "429":
        sendJson(res, 429, RATE_LIMIT_BODY, { "retry-after": "60" });
        return true;
      case "500":
        sendJson(res, 500, '{"error":"Internal Server Error"}');
        return true;
      case "html":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(HTML_BODY);
        return true;
      case "truncated":
        sendJson(res, 200, '{"bitcoin":{"usd":9');
        return true;
      case "empty":
        sendJson(res, 200, "{}");
        return true;
      case "disconnect":
        req.socket.destroy();
        return true;
      case "slow": {
        const timer = setTimeout(() => {
          pendingTimers.delete(timer);
          if (!res.destroyed) normal();
        }, slowMs);
        pendingTimers.add(timer);
        return true;
      }
      default:
        return false;
    }
  }

  function faultyValue(mode: MarketFaultMode, value: number): unknown {
    if (mode === "zero") return 0;
    if (mode === "negative") return -value;
    if (mode === "nan") return "NaN";
    return value;
  }

  function simplePrice(url: URL, mode: MarketFaultMode): string {
    const ids = (url.searchParams.get("ids") ?? "")
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean);
    const vs = (url.searchParams.get("vs_currencies") ?? "")
      .split(",")
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean);
    const withUpdated = url.searchParams.get("include_last_updated_at") === "true";
    const prices = walk.step();
    const fx = prices.USD_KES ?? BASE_USD_KES;
    const nowSeconds = Math.floor(now() / 1000);
    const known = ids.filter((id) => id in prices && id !== "USD_KES");
    const served = mode === "missing-asset" ? known.slice(0, -1) : known;
    const body: Record<string, Record<string, unknown>> = {};
    served.forEach((id, index) => {
      const usd = prices[id] ?? 0;
      const entry: Record<string, unknown> = {};
      for (const currency of vs) {
        if (currency === "usd") entry.usd = faultyValue(mode, roundPrice(usd));
        else if (currency === "kes" && state.serveKes)
          entry.kes = faultyValue(mode, roundPrice(usd * fx));
      }
      if (withUpdated) {
        entry.last_updated_at =
          mode === "stale" ? nowSeconds - staleAgeSeconds : nowSeconds - ((index * 7) % 20);
      }
      body[id] = entry;
    });
    return JSON.stringify(body);
  }

  function latestUsd(mode: MarketFaultMode): string {
    const kes = walk.current().USD_KES ?? BASE_USD_KES;
    const nowSeconds = Math.floor(now() / 1000);
    // Published once a day, a few minutes after midnight UTC.
    const published =
      mode === "stale" ? nowSeconds - staleAgeSeconds : nowSeconds - (nowSeconds % 86_400) + 151;
    const lastUpdate = Math.min(published, nowSeconds);
    const rates: Record<string, unknown> = {
      USD: 1,
      EUR: 0.907539,
      GBP: 0.773358,
      NGN: 1589.504939,
      UGX: 3724.132235,
    };
    if (mode !== "missing-asset") rates.KES = faultyValue(mode, Number(kes.toFixed(6)));
    return JSON.stringify({
      result: "success",
      provider: "https://www.exchangerate-api.com",
      documentation: "https://www.exchangerate-api.com/docs/free",
      terms_of_use: "https://www.exchangerate-api.com/terms",
      time_last_update_unix: lastUpdate,
      time_last_update_utc: new Date(lastUpdate * 1000).toUTCString().replace("GMT", "+0000"),
      time_next_update_unix: lastUpdate + 86_400,
      time_next_update_utc: new Date((lastUpdate + 86_400) * 1000)
        .toUTCString()
        .replace("GMT", "+0000"),
      time_eol_unix: 0,
      base_code: "USD",
      rates,
    });
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    let body = "";
    for await (const chunk of req) {
      body += String(chunk);
      if (body.length > 10_000) break;
    }
    return body;
  }

  async function control(req: IncomingMessage, res: ServerResponse) {
    if (req.method === "POST") {
      let input: { mode?: unknown; fxMode?: unknown; serveKes?: unknown };
      try {
        input = JSON.parse((await readBody(req)) || "{}") as typeof input;
      } catch {
        sendJson(res, 400, '{"error":"body must be JSON"}');
        return;
      }
      const isMode = (value: unknown): value is MarketFaultMode =>
        typeof value === "string" && (marketFaultModes as readonly string[]).includes(value);
      if (
        (input.mode !== undefined && !isMode(input.mode)) ||
        (input.fxMode !== undefined && !isMode(input.fxMode))
      ) {
        sendJson(
          res,
          400,
          JSON.stringify({ error: `mode must be one of ${marketFaultModes.join(", ")}` }),
        );
        return;
      }
      if (isMode(input.mode)) state.mode = input.mode;
      if (isMode(input.fxMode)) state.fxMode = input.fxMode;
      if (typeof input.serveKes === "boolean") state.serveKes = input.serveKes;
    }
    sendJson(res, 200, JSON.stringify(state), { "cache-control": "no-store" });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    if (url.pathname === "/__simulator") {
      void control(req, res);
      return;
    }
    if (req.method !== "GET") {
      sendJson(res, 405, '{"error":"method not allowed"}');
      return;
    }
    switch (url.pathname) {
      case "/api/v3/ping":
        sendJson(res, 200, '{"gecko_says":"(V3) To the Moon!"}');
        return;
      case "/api/v3/simple/supported_vs_currencies":
        sendJson(
          res,
          200,
          JSON.stringify(state.serveKes ? [...SUPPORTED_VS, "kes"] : SUPPORTED_VS),
        );
        return;
      case "/api/v3/simple/price": {
        state.calls.prices += 1;
        const mode = state.mode;
        const respond = () => sendJson(res, 200, simplePrice(url, mode));
        if (!transportFault(mode, req, res, respond)) respond();
        return;
      }
      case "/v6/latest/USD": {
        state.calls.fx += 1;
        const mode = state.fxMode;
        const respond = () => sendJson(res, 200, latestUsd(mode));
        if (!transportFault(mode, req, res, respond)) respond();
        return;
      }
      default:
        sendJson(res, 404, '{"error":"Not Found"}');
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const origin = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;

  return {
    url: origin,
    coingeckoBaseUrl: `${origin}/api/v3`,
    fxBaseUrl: origin,
    state: () => ({ ...state, calls: { ...state.calls } }),
    setMode: (mode) => {
      state.mode = mode;
    },
    setFxMode: (mode) => {
      state.fxMode = mode;
    },
    setServeKes: (serveKes) => {
      state.serveKes = serveKes;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of pendingTimers) clearTimeout(timer);
        pendingTimers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
