/**
 * Who may call the M-Pesa result routes (issue #10 item 15): the token compared in constant time,
 * an optional allow-list of Safaricom's source addresses, and refusals logged without the token.
 */
import type * as NodeCrypto from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PaymentsDeps } from "~/core/payments/deps";
import { REMOTE_ADDRESS_HEADER } from "~/utils/remote-address";
import { AddressList } from "~/utils/ip-address.server";
import { callbackSource } from "~/route-support/mpesa-callback.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { answerMpesaCallback } from "~/route-support/mpesa-callback.server";
import { applyMpesaResult, type CallbackSource } from "./mpesa-results.server";

const compared = vi.hoisted(() => ({ lengths: [] as [number, number][] }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  const timingSafeEqual: typeof actual.timingSafeEqual = (a, b) => {
    compared.lengths.push([a.byteLength, b.byteLength]);
    return actual.timingSafeEqual(a, b);
  };
  return { ...actual, default: { ...actual, timingSafeEqual }, timingSafeEqual };
});

const { db, close } = createTestDb();
afterAll(close);
// Refusals are logged on stderr: keep the test output quiet (the logging test reads the spy).
beforeEach(() => vi.spyOn(console, "warn").mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

const TOKEN = "k3B9xTq2Lw8YvN4cR7sD1fG6hJ0mZ5pA";
const runtime = {
  callbackToken: TOKEN,
  // A timeout callback asks M-Pesa for the transfer's status: answered with nothing here.
  payouts: { transactionStatus: async () => ({}) },
} as unknown as Pick<PaymentsDeps, "payouts" | "callbackToken">;
const timeoutBody = readFileSync("tests/fixtures/daraja/b2c-result-failure-2001.json", "utf8");
const SAFARICOM = new AddressList(["196.201.214.200", "196.201.212.0/24"]);

const callback = (token: string | null, headers: Record<string, string> = {}) =>
  new Request(
    `http://localhost:3000/webhooks/mpesa/b2c/timeout${token === null ? "" : `?token=${encodeURIComponent(token)}`}`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: timeoutBody,
    },
  );
/** The callback through the app's edge and core, as the routes run it. */
const handle = (request: Request, source?: CallbackSource) =>
  answerMpesaCallback(request, "b2c-timeout", [TOKEN], source, (body, _, url) =>
    applyMpesaResult(
      testStore(db),
      runtime,
      { kind: "b2c-timeout", body, transferId: url.searchParams.get("transfer") },
      () => 1_000,
    ),
  );

describe("M-Pesa callback token", () => {
  it("accepts our token and refuses a wrong one of any length, or none, with 403 (never a 500)", async () => {
    expect((await handle(callback(TOKEN))).status).toBe(200);
    for (const token of [
      TOKEN.replace(/.$/, "B"),
      TOKEN.slice(0, -1),
      `${TOKEN}x`,
      "",
      null,
      "ä".repeat(32),
    ]) {
      expect((await handle(callback(token))).status, JSON.stringify(token)).toBe(403);
    }
  });

  it("compares through timingSafeEqual on buffers of equal length, whatever length is sent", async () => {
    compared.lengths.length = 0;
    await handle(callback("short"));
    await handle(callback(`${TOKEN}${"x".repeat(100)}`));
    await handle(callback(TOKEN));
    expect(compared.lengths).toHaveLength(3);
    for (const [a, b] of compared.lengths) expect(a).toBe(b);
  });
});

describe("M-Pesa callback source allow-list", () => {
  it("without a list any source with the token is accepted", async () => {
    const request = callback(TOKEN, { [REMOTE_ADDRESS_HEADER]: "203.0.113.50" });
    expect((await handle(request, callbackSource(request, null))).status).toBe(200);
  });

  it("with a list only Safaricom's addresses get through, even with the right token", async () => {
    for (const [address, status] of [
      ["196.201.214.200", 200],
      ["::ffff:196.201.212.138", 200],
      ["196.201.214.201", 403],
      ["203.0.113.50", 403],
    ] as const) {
      const request = callback(TOKEN, { [REMOTE_ADDRESS_HEADER]: address });
      expect((await handle(request, callbackSource(request, SAFARICOM))).status, address).toBe(
        status,
      );
    }
    // No known source address (the request did not come through server.mjs): refused.
    const unknown = callback(TOKEN);
    expect((await handle(unknown, callbackSource(unknown, SAFARICOM))).status).toBe(403);
  });

  it("a forged X-Forwarded-For from an untrusted socket does not pass the list", async () => {
    const request = callback(TOKEN, {
      [REMOTE_ADDRESS_HEADER]: "203.0.113.50",
      "X-Forwarded-For": "196.201.214.200",
    });
    expect(callbackSource(request, SAFARICOM).address).toBe("203.0.113.50");
    expect((await handle(request, callbackSource(request, SAFARICOM))).status).toBe(403);
  });

  it("logs a refused callback with its reason and source, never the token", async () => {
    const warn = vi.spyOn(console, "warn");
    const fromElsewhere = callback(TOKEN, { [REMOTE_ADDRESS_HEADER]: "203.0.113.50" });
    await handle(fromElsewhere, callbackSource(fromElsewhere, SAFARICOM));
    const badToken = callback(`${TOKEN.slice(0, 20)}guessed-part`, {
      [REMOTE_ADDRESS_HEADER]: "196.201.214.200",
    });
    await handle(badToken, callbackSource(badToken, SAFARICOM));
    const lines = warn.mock.calls.map((call) => String(call[0]));
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      message: "M-Pesa callback refused",
      kind: "b2c-timeout",
      reason: "source address not allowed",
      source: "203.0.113.50",
      path: "/webhooks/mpesa/b2c/timeout",
    });
    expect(JSON.parse(lines[1]!)).toMatchObject({ reason: "bad token", source: "196.201.214.200" });
    for (const line of lines) {
      expect(line).not.toContain(TOKEN.slice(0, 20));
      expect(line).not.toContain("token=");
    }
  });
});
