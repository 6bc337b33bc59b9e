/**
 * Static baseline for `npm run bench`, run as a child process (so it does not share an event loop
 * with autocannon). Answers every request with the one response the parent last sent over IPC:
 * the app's exact status, content-type and body bytes, no compression, no work.
 *
 * IPC: parent → child `{ type: "set", status, headers, bodyBase64 }`, child → parent
 * `{ type: "ready", port }` once listening and `{ type: "set-ok" }` after each set.
 */
import http from "node:http";
import { type AddressInfo } from "node:net";

export interface StaticResponse {
  type: "set";
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

export type StaticServerMessage = { type: "ready"; port: number } | { type: "set-ok" };

function send(message: StaticServerMessage): void {
  process.send?.(message);
}

let status = 200;
let headers: Record<string, string> = { "content-type": "text/plain", "content-length": "0" };
let body: Buffer = Buffer.alloc(0);

const server = http.createServer((request, response) => {
  request.resume();
  response.writeHead(status, headers);
  response.end(body);
});
server.keepAliveTimeout = 30_000;

process.on("message", (message: StaticResponse) => {
  if (message.type !== "set") return;
  status = message.status;
  body = Buffer.from(message.bodyBase64, "base64");
  headers = { ...message.headers, "content-length": String(body.length) };
  send({ type: "set-ok" });
});
// The parent went away (crash, SIGKILL): do not linger.
process.on("disconnect", () => process.exit(0));

server.listen(0, "127.0.0.1", () => {
  send({ type: "ready", port: (server.address() as AddressInfo).port });
});
