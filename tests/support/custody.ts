/**
 * Test helpers for the custody tests (imported only by *.test.ts): a webhook receiver on an
 * ephemeral 127.0.0.1 port that records every request, and a raw signed request to the simulator's
 * API.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { signFireblocksJwt, type SignJwtInput } from "~/core/providers/custody/jwt.server";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

export interface Receiver {
  url: string;
  origin: string;
  received: ReceivedRequest[];
  /** Status to answer the n-th request (0-based) with; default 200. */
  respondWith(statusFor: (index: number) => number): void;
  close(): Promise<void>;
}

export async function startReceiver(path = "/webhooks/custody"): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  let statusFor: (index: number) => number = () => 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answered = statusFor(received.length);
      received.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        answered,
      });
      res.writeHead(answered, { "content-type": "text/plain" });
      res.end(answered < 300 ? "ok" : "error");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${path}`,
    origin,
    received,
    respondWith(next) {
      statusFor = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One API request with Fireblocks auth headers; `jwt` overrides parts of the signed token. */
export async function signedRequest(
  baseUrl: string,
  input: {
    method: "GET" | "POST";
    path: string;
    body?: string;
    apiKey: string;
    privateKeyPem: string;
    jwt?: Partial<SignJwtInput>;
    token?: (token: string) => string;
    headers?: Record<string, string | null>;
  },
): Promise<{ status: number; json: unknown }> {
  const body = input.body ?? "";
  let token = signFireblocksJwt({
    apiKey: input.apiKey,
    privateKey: input.privateKeyPem,
    uri: input.path,
    body,
    ...input.jwt,
  });
  if (input.token) token = input.token(token);
  const headers: Record<string, string> = {
    "X-API-Key": input.apiKey,
    Authorization: `Bearer ${token}`,
    "Content-Type": "application/json",
  };
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const response = await fetch(`${baseUrl}${input.path}`, {
    method: input.method,
    headers,
    body: input.method === "POST" ? body : undefined,
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}
