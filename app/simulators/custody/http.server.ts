/**
 * The custody simulator's HTTP plumbing: the plain request and response the API and control
 * handlers work on, and the node:http server that carries them (the control part can also be
 * mounted on a Remix route through `handleControlRequest`).
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface SimRequest {
  method: string;
  url: URL;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

export interface SimResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const MAX_REQUEST_BYTES = 64 * 1024;

export function json(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): SimResponse {
  return {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
    body: JSON.stringify(value),
  };
}

/** A JSON object body ({} when empty), or null when the body is not one. */
export function parseJsonBody(request: SimRequest): Record<string, unknown> | null {
  if (request.body.length === 0) return {};
  try {
    const value: unknown = JSON.parse(request.body.toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > MAX_REQUEST_BYTES) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, response: SimResponse) {
  res.writeHead(response.status, { "x-request-id": randomUUID(), ...response.headers });
  res.end(response.body);
}

/** Listen on host:port (0: an ephemeral port) and answer every request through `route`. */
export async function listen(
  route: (request: SimRequest) => Promise<SimResponse>,
  port: number,
  host: string,
): Promise<{ server: Server; baseUrl: string }> {
  async function handle(req: IncomingMessage, res: ServerResponse) {
    try {
      const body = await readBody(req);
      if (body === null) {
        send(res, json(413, { message: "Request body too large", code: 413 }));
        return;
      }
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers))
        headers[name] = Array.isArray(value) ? value.join(", ") : value;
      const url = new URL(req.url ?? "/", "http://custody-simulator.invalid");
      send(res, await route({ method: req.method ?? "GET", url, headers, body }));
    } catch (error) {
      if (!res.headersSent)
        send(
          res,
          json(500, {
            message: `Simulator error: ${error instanceof Error ? error.message : String(error)}`,
            code: 500,
          }),
        );
      else res.destroy();
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const baseUrl = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  return { server, baseUrl };
}

/** Answer a Fetch API request (a Remix resource route) through `handler`, mounted at `basePath`. */
export async function handleFetchRequest(
  request: Request,
  basePath: string,
  handler: (request: SimRequest, basePath: string, subPath: string) => Promise<SimResponse>,
): Promise<Response> {
  const base = basePath.replace(/\/+$/, "");
  const url = new URL(request.url);
  if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) {
    return Response.json({ error: "Not Found" }, { status: 404 });
  }
  const bytes =
    request.method === "GET" || request.method === "HEAD"
      ? Buffer.alloc(0)
      : Buffer.from(await request.arrayBuffer());
  if (bytes.length > MAX_REQUEST_BYTES)
    return Response.json({ error: "Request body too large" }, { status: 413 });
  const headers: Record<string, string | undefined> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const response = await handler(
    { method: request.method, url, headers, body: bytes },
    base,
    url.pathname.slice(base.length),
  );
  return new Response(response.status === 303 ? null : response.body, {
    status: response.status,
    headers: response.headers,
  });
}
