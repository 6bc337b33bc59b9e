/**
 * The webhook code the docs show really verifies what OneHop sends: the Node signature check on
 * /docs/webhooks and the quickstart's receiver (/docs/quickstart and the README), run against our
 * own signer (core/api/webhooks/signature.server.ts).
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { quickstartReceiver } from "~/content/docs/quickstart";
import { nodeVerifyFunction } from "~/content/docs/webhook-code";
import { signWebhookPayload } from "~/core/api/webhooks/signature.server";

type Verify = (
  header: string | undefined,
  rawBody: Buffer,
  secrets: string[],
  nowSeconds?: number,
) => boolean;

const verify = new Function("crypto", `${nodeVerifyFunction}\nreturn verifyOneHopSignature;`)(
  crypto,
) as Verify;

const body = '{"id":"evt_Wm2bX0cZ8mQ1n4Yp7tK3sA","type":"payment.paid","data":{"amount":1.50}}';
const now = Date.UTC(2026, 10, 25, 8, 30);
const seconds = Math.floor(now / 1000);

describe("the Node signature check on /docs/webhooks", () => {
  test("accepts our signature on the raw body, with either secret during a rotation", () => {
    const header = signWebhookPayload({ rawBody: body, secrets: ["whsec_new", "whsec_old"], now });
    expect(verify(header, Buffer.from(body), ["whsec_new"], seconds)).toBe(true);
    expect(verify(header, Buffer.from(body), ["whsec_old"], seconds + 300)).toBe(true);
  });

  test("refuses another secret, re-serialised JSON, an old timestamp and a broken header", () => {
    const header = signWebhookPayload({ rawBody: body, secrets: ["whsec_new"], now });
    expect(verify(header, Buffer.from(body), ["whsec_other"], seconds)).toBe(false);
    const reserialised = JSON.stringify(JSON.parse(body));
    expect(reserialised).not.toBe(body);
    expect(verify(header, Buffer.from(reserialised), ["whsec_new"], seconds)).toBe(false);
    expect(verify(header, Buffer.from(body), ["whsec_new"], seconds + 301)).toBe(false);
    expect(verify(undefined, Buffer.from(body), ["whsec_new"], seconds)).toBe(false);
    expect(verify(header.replace("v1=", "v2="), Buffer.from(body), ["whsec_new"], seconds)).toBe(
      false,
    );
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("the quickstart's receiver", () => {
  test("answers 200 to a signed event and 400 to a forged one, and prints which", async () => {
    const port = await freePort();
    const dir = mkdtempSync(path.join(tmpdir(), "onehop-receiver-"));
    const file = path.join(dir, "receiver.mjs");
    writeFileSync(file, quickstartReceiver.replace(".listen(4242", `.listen(${port}`));
    const secret = "whsec_0123456789abcdefghijABCDEFGHIJ01";
    const child = spawn(process.execPath, [file], {
      env: { NODE_ENV: "test", ONEHOP_WEBHOOK_SECRET: secret },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      const deadline = Date.now() + 10_000;
      while (!output.includes("Listening") && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const post = (signature: string) =>
        fetch(`http://127.0.0.1:${port}/`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "OneHop-Signature": signature,
            "OneHop-Event-Type": "payment.paid",
            "OneHop-Event-Id": "evt_Wm2bX0cZ8mQ1n4Yp7tK3sA",
          },
          body,
        });
      const good = await post(
        signWebhookPayload({ rawBody: body, secrets: [secret], now: Date.now() }),
      );
      expect(good.status).toBe(200);
      const forged = await post(
        signWebhookPayload({ rawBody: body, secrets: ["whsec_someone_else"], now: Date.now() }),
      );
      expect(forged.status).toBe(400);
      const stale = await post(
        signWebhookPayload({ rawBody: body, secrets: [secret], now: Date.now() - 400_000 }),
      );
      expect(stale.status).toBe(400);
      expect(output).toContain("verified payment.paid evt_Wm2bX0cZ8mQ1n4Yp7tK3sA");
      expect(output).toContain("REFUSED payment.paid evt_Wm2bX0cZ8mQ1n4Yp7tK3sA");
    } finally {
      child.kill();
    }
  });
});
