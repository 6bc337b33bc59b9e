/**
 * A tiny HTTP server that stands where our webhook routes stand: it records every callback POSTed
 * to it and acknowledges it the way Daraja expects (`{"ResultCode":0,"ResultDesc":"Accepted"}`).
 * For tests of the client against the simulator; the app itself receives callbacks in its routes.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { DARAJA_CALLBACK_ACK } from "~/core/providers/daraja/wire";

export interface ReceivedCallback {
  path: string;
  contentType: string | undefined;
  raw: string;
  body: unknown;
}

export interface CallbackReceiver {
  /** Absolute URL for a path on this receiver, e.g. url("/b2c/result"). */
  url(path: string): string;
  readonly received: readonly ReceivedCallback[];
  /**
   * Resolves with the first received callback matching `predicate` (already received or still to
   * come).
   */
  waitFor(predicate: (callback: ReceivedCallback) => boolean): Promise<ReceivedCallback>;
  close(): Promise<void>;
}

export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  const waiters: {
    predicate: (callback: ReceivedCallback) => boolean;
    resolve: (callback: ReceivedCallback) => void;
  }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = JSON.parse(raw) as unknown;
      } catch {
        // kept as text
      }
      const callback: ReceivedCallback = {
        path: req.url ?? "/",
        contentType: req.headers["content-type"],
        raw,
        body,
      };
      received.push(callback);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(callback)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(callback);
        }
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(DARAJA_CALLBACK_ACK));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path.startsWith("/") ? path : `/${path}`}`,
    received,
    waitFor(predicate) {
      const found = received.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
