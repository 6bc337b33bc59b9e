/**
 * Test support: a node:http server on an ephemeral 127.0.0.1 port that answers each path with a
 * recorded response (a file under tests/fixtures/coingecko, its status and headers) and remembers
 * the requests it saw, so contract tests can run the live clients against real recorded bodies.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export const FIXTURES_DIR = path.resolve("tests/fixtures/coingecko");

export interface Recording {
  status?: number;
  headers?: Record<string, string>;
  /** A file in tests/fixtures/coingecko, or a literal body. */
  fixture?: string;
  body?: string;
}

export function readFixture(name: string): string {
  return readFileSync(path.join(FIXTURES_DIR, name), "utf8");
}

export async function startReplayServer(routes: Record<string, Recording>) {
  const requests: { url: URL; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://replay.invalid");
    requests.push({ url, headers: req.headers });
    const recording = routes[url.pathname];
    if (!recording) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end('{"error":"Not Found"}');
      return;
    }
    const body = recording.fixture ? readFixture(recording.fixture) : (recording.body ?? "");
    res.writeHead(recording.status ?? 200, {
      "content-type": "application/json; charset=utf-8",
      ...recording.headers,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
