/**
 * A form post as a browser without JavaScript sends it (a document request), from a chosen
 * loopback address, on a connection of its own (no keep-alive: under WEB_CONCURRENCY each one may
 * reach another server process).
 */
import http from "node:http";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export function postForm(
  port: number,
  path: string,
  fields: Record<string, string>,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        localAddress,
        agent: false,
        headers: {
          Host: `localhost:${port}`,
          Origin: `http://localhost:${port}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Accept: "text/html",
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
