/**
 * M-Pesa Express for core tests: the app's STK callback route on loopback (the same edge and core,
 * with the harness's runtime), and the harness's STK client on the Daraja simulator calling it
 * back.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { applyStkCallback, checkStkCallback } from "~/core/payments/stk-webhook.server";
import { createStkClient } from "~/core/providers/daraja/stk.server";
import { SANDBOX_STK_PASSKEY, SANDBOX_STK_SHORTCODE } from "~/core/providers/daraja/wire";
import { answerStkCallback, type StkCallbackAnswer } from "~/route-support/stk-webhook.server";
import type { Db } from "~/db/sqlite-connection.server";
import { TEST_DARAJA_KEYS, type PaymentsHarness } from "./payments";
import { testStore } from "./db";

type StkAnswer = StkCallbackAnswer;

/** Gives `h.runtime` an STK client; `onAnswer` sees each callback's outcome. Returns the closer. */
export async function installStk(
  db: Db,
  h: PaymentsHarness,
  onAnswer: (answer: StkAnswer) => void = () => {},
): Promise<() => Promise<void>> {
  const now = () => h.clock.now;
  const endpoint = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: { "content-type": "application/json" },
        body: Buffer.concat(chunks),
      });
      const answer = await answerStkCallback(
        request,
        undefined,
        (given) => checkStkCallback([h.runtime], given),
        (raw) => applyStkCallback(testStore(db), h.runtime, raw, now),
      );
      onAnswer(answer);
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
  h.runtime.stk = createStkClient({
    baseUrl: h.darajaSim.baseUrl,
    ...TEST_DARAJA_KEYS,
    timeoutMs: 5_000,
    now,
    businessShortCode: SANDBOX_STK_SHORTCODE,
    passkey: SANDBOX_STK_PASSKEY,
    callbackUrl: `${origin}/webhooks/mpesa/stk?token=${h.runtime.callbackToken}`,
  });
  return () => new Promise<void>((resolve) => endpoint.close(() => resolve()));
}
