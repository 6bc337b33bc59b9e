#!/usr/bin/env node
/**
 * The production server: the same stack as remix-serve (Express, compression, long-lived caching of
 * the fingerprinted /build assets, one hour for public/, a morgan request log, @remix-run/express),
 * plus what remix-serve has no hook for: answers from the page cache before Express runs, and a
 * front door (remote address, body limits, cross-site refusal, page cache) before Remix, and time
 * limits for receiving requests (docs/decisions/0016-own-server.md, 0017-request-limits.md,
 * 0040-request-time-limits.md).
 *
 * With WEB_CONCURRENCY=N (N > 1) this process is node:cluster's primary: it serves nothing, gets
 * the ground ready once (migrations; the simulators in simulator mode), forks N workers that each
 * run the server below on the shared port, starts another when one dies, and passes SIGTERM and
 * SIGINT on (ADR 0047).
 *
 * Usage: node server.mjs [build/index.js]   (PORT and the rest come from app/utils/env.server.ts)
 */
import cluster from "node:cluster";
import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
// The adapter functions of @remix-run/express (pinned): its own handler has no place for the cache.
import remixExpress from "@remix-run/express/dist/server.js";
import { createRequestHandler, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

// Like remix-serve: production unless told otherwise (read before the build loads its
// configuration).
// eslint-disable-next-line no-restricted-properties
process.env.NODE_ENV ??= "production";
process.setSourceMapsEnabled(true);

const buildUrl = pathToFileURL(path.resolve(process.argv[2] ?? "build/index.js")).href;
// A malformed value is left to the worker's configuration check (one clear line, exit 1).
// eslint-disable-next-line no-restricted-properties
if (cluster.isPrimary && Number(process.env.WEB_CONCURRENCY ?? "1") > 1) {
  // eslint-disable-next-line no-restricted-properties
  process.env.ONEHOP_PROCESS_ROLE = "primary";
  const { runPrimary } = await import("./server-primary.mjs");
  await runPrimary((await import(buildUrl)).entry.module);
} else {
  await serve();
}

async function serve() {
  const build = await import(buildUrl);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const { createRemixRequest, sendRemixResponse } = remixExpress;
  const {
    respond,
    serveApi,
    serveCachedPage,
    servePrivateCachedPage,
    screenIncoming,
    stampRemoteAddress,
    redactUrlForLog,
    batchedLineStream,
    listenPort,
    serverTimeouts,
    requestBodyLost,
  } = build.entry.module;
  const handleWithRemix = createRequestHandler(build, build.mode);

  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  app.use(
    build.publicPath,
    express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }),
  );
  // The other files in public/ (favicon, checkout.js...), looked up in a list made at start rather
  // than on disk for every request.
  const servePublic = express.static("public", { maxAge: "1h" });
  const publicFiles = new Set(
    readdirSync("public", { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => "/" + path.relative("public", path.join(entry.parentPath, entry.name)))
      .filter((file) => !file.startsWith(`${build.publicPath}`)),
  );
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
  // @remix-run/express's handler, with our front door (cross-site refusal, body limits, page cache)
  // before Remix.
  app.all("*", async (req, res, next) => {
    try {
      await sendRemixResponse(res, await respond(createRemixRequest(req, res), handleWithRemix));
    } catch (error) {
      // The client went away mid-body, or was cut off as too slow (408): already logged as an info
      // line (app/utils/request-time-limits.server.ts), not a server error.
      if (requestBodyLost(req)) return;
      next(error);
    }
  });

  // morgan's "tiny" line, with secrets (callback and set-password tokens) taken out of the URL.
  // Under WEB_CONCURRENCY, which server process answered (ADR 0047).
  morgan.token("redacted-url", (req) => redactUrlForLog(req.originalUrl ?? req.url));
  const processField = cluster.isWorker ? ` pid=${process.pid}` : "";
  // The lines of one turn of the event loop go to stdout in one write, at its end.
  const logRequest = morgan(
    `:method :redacted-url :status :res[content-length] - :response-time ms :res[request-id]${processField}`,
    { stream: batchedLineStream() },
  );
  // Time limits for receiving requests (docs/decisions/0040-request-time-limits.md): headers, and
  // the whole request sized to the largest body at a slow upload rate; Node answers 408 past them.
  // The idle-body and per-address limits are set per request by serveApi and screenIncoming.
  const server = http.createServer(serverTimeouts(), (req, res) => {
    // The socket's address, for per-client throttling: whatever the client sent under this name is
    // replaced.
    stampRemoteAddress(req);
    logRequest(req, res, () => {
      // Page-cache hits first (no body, no checks; a signed-in page kept for this very session),
      // then what the request line and headers alone can refuse (bad address 400, body over its
      // limit 413, wrong body type 415) before any body is read.
      // The merchant API first: JSON only, its own limits and errors (app/api/node.server.ts).
      if (serveApi(req, res) || serveCachedPage(req, res)) return;
      // The private copy's freshness is the store's change counter, which an engine may have to ask
      // for (ADR 0041): a miss, or a failure to ask, goes on to the checks and the app.
      const next = () => {
        if (!screenIncoming(req, res)) app(req, res);
      };
      servePrivateCachedPage(req, res).then((served) => served || next(), next);
    });
  });

  server.listen(listenPort, () => console.log(`[onehop] http://localhost:${listenPort}`));
  // Stop accepting, let requests under way finish (at most 10 s), then exit: background jobs are
  // crash-safe (a payout is re-sent with the same id), so they need no draining.
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      console.log(`[onehop] ${signal}: closing`);
      server.close(() => process.exit(0));
      server.closeIdleConnections();
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
}
