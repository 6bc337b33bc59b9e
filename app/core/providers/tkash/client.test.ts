/**
 * The T-Kash aggregator client against the simulator over HTTP: outcomes, idempotency through
 * DUPLICATE_IGNORED, the status query, typed errors, and signed callbacks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, readBody, type Listening } from "~/simulators/http-kit.server";
import { startTkashSimulator, type TkashSimulator } from "~/simulators/tkash/index.server";
import { createTkashClient, parseCallback, verifyCallback } from "./client.server";
import {
  NotTelkomNumberError,
  TkashApiError,
  TkashCallbackError,
  TkashTransportError,
  TkashValidationError,
} from "./errors";

const NOW = Date.UTC(2026, 10, 26, 9, 0);
const now = () => NOW;
const KEYS = { apiKey: "tk_key", apiSecret: "tk_secret" };
let sim: TkashSimulator;
let receiver: Listening;
const received: { body: string; signature: string | undefined }[] = [];

beforeAll(async () => {
  sim = await startTkashSimulator({
    ...KEYS,
    now,
    numbers: {
      "254770000002": { outcome: "unregistered" },
      "254770000003": { outcome: "insufficient-float" },
      "254770000004": { outcome: "pending", pendingQueries: 1 },
      "254770000005": { outcome: "timeout" },
      "254770000006": { outcome: "unavailable" },
    },
  });
  receiver = await listen(
    async (req, res) => {
      received.push({ body: await readBody(req), signature: req.headers["x-signature"] as string });
      res.writeHead(200).end("{}");
    },
    { errorBody: (message) => ({ message }) },
  );
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

const client = (overrides: Partial<Parameters<typeof createTkashClient>[0]> = {}) =>
  createTkashClient({
    baseUrl: sim.baseUrl,
    ...KEYS,
    callbackUrl: `${receiver.baseUrl}/tkash/callback`,
    timeoutMs: 2000,
    now,
    ...overrides,
  });
const payout = (id: string, phone: string, amountKes = 1500) =>
  client().payout({ id, phone, amountKes, narration: "OneHop settlement" });

describe("T-Kash payouts", () => {
  it("sends a signed payout with our id; the same id again returns the first payout's result", async () => {
    expect(await payout("trf_tk_ok01", "0770 000 001")).toEqual({
      kind: "accepted",
      payoutId: "trf_tk_ok01",
      duplicate: false,
    });
    expect(sim.requests.at(-1)?.body).toMatchObject({
      payoutId: "trf_tk_ok01",
      service: "t_kash_kes",
      amount: "1500",
      recipient: { phone: "254770000001" },
    });
    expect(await payout("trf_tk_ok01", "0770000001")).toEqual({
      kind: "succeeded",
      payoutId: "trf_tk_ok01",
      providerTransactionId: expect.stringMatching(/^TK\d+$/),
    });
    expect(sim.paidCount("trf_tk_ok01")).toBe(1);
  });

  it("refuses a non-Telkom number, a bad amount or narration before any call", async () => {
    const before = sim.requests.length;
    await expect(payout("trf_tk_bad1", "0712345678")).rejects.toBeInstanceOf(NotTelkomNumberError);
    await expect(payout("trf_tk_bad2", "0770000001", 10.5)).rejects.toBeInstanceOf(
      TkashValidationError,
    );
    await expect(
      client().payout({ id: "trf_tk_bad3", phone: "0770000001", amountKes: 5, narration: "a;b" }),
    ).rejects.toMatchObject({ field: "narration", retryable: false });
    expect(sim.requests.length).toBe(before);
  });

  it("returns a short float as failed, and reads a failed or pending payout from the status query", async () => {
    expect(await payout("trf_tk_float", "0770000003")).toMatchObject({
      kind: "failed",
      code: "INSUFFICIENT_BALANCE",
    });
    expect(await payout("trf_tk_unreg", "0770000002")).toMatchObject({ kind: "accepted" });
    expect(await client().status("trf_tk_unreg")).toMatchObject({
      kind: "failed",
      code: "RECIPIENT_NOT_FOUND",
    });
    await payout("trf_tk_pend", "0770000004");
    expect(await payout("trf_tk_pend", "0770000004")).toMatchObject({
      kind: "accepted",
      duplicate: true,
    });
    expect(await client().status("trf_tk_pend")).toMatchObject({ kind: "succeeded" });
    expect(await client().status("trf_tk_never")).toEqual({ kind: "not_found" });
    expect(sim.paidCount("trf_tk_unreg") + sim.paidCount("trf_tk_float")).toBe(0);
  });

  it("types what went wrong: 4xx is not retryable, timeout, network and 5xx are", async () => {
    const refused = await client({ apiKey: "wrong" })
      .status("trf_tk_ok01")
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TkashApiError);
    expect(refused).toMatchObject({ httpStatus: 401, retryable: false });
    await expect(client({ apiSecret: "wrong" }).status("trf_tk_ok01")).rejects.toMatchObject({
      failureCode: "HTTP_SIGNATURE_ERROR",
    });
    const down = await payout("trf_tk_down", "0770000006").catch((error: unknown) => error);
    expect(down).toBeInstanceOf(TkashTransportError);
    expect(down).toMatchObject({ kind: "unavailable", retryable: true });
    await expect(
      client({ timeoutMs: 150 }).payout({
        id: "trf_tk_slow",
        phone: "0770000005",
        amountKes: 100,
        narration: "x",
      }),
    ).rejects.toMatchObject({ kind: "timeout", retryable: true });
    expect(await client().status("trf_tk_slow")).toMatchObject({ kind: "succeeded" });
    await expect(
      client({ baseUrl: "http://127.0.0.1:9" }).status("trf_tk_ok01"),
    ).rejects.toMatchObject({ kind: "network" });
  });

  it("delivers signed callbacks that verify and parse; a tampered one does not verify", async () => {
    await sim.flush();
    const paid = received.find((c) => c.body.includes("trf_tk_ok01"))!;
    expect(verifyCallback(paid.body, paid.signature, KEYS.apiSecret, { nowMs: NOW })).toBe(true);
    expect(verifyCallback(paid.body.replace("1500", "9500"), paid.signature, KEYS.apiSecret)).toBe(
      false,
    );
    expect(verifyCallback(paid.body, paid.signature, "other")).toBe(false);
    expect(
      verifyCallback(paid.body, paid.signature, KEYS.apiSecret, { nowMs: NOW + 3600_000 }),
    ).toBe(false);
    expect(parseCallback(paid.body)).toMatchObject({
      payoutId: "trf_tk_ok01",
      amountKes: 1500,
      outcome: { kind: "succeeded", providerTransactionId: expect.stringMatching(/^TK/) },
    });
    const failed = received.find((c) => c.body.includes("trf_tk_unreg"))!;
    expect(parseCallback(JSON.parse(failed.body))).toMatchObject({
      outcome: { kind: "failed", code: "RECIPIENT_NOT_FOUND" },
    });
    expect(received.some((c) => c.body.includes("trf_tk_float"))).toBe(false);
    expect(() => parseCallback({ payoutId: "x", status: "SUBMITTED" })).toThrow(TkashCallbackError);
    expect(() => parseCallback("not json")).toThrow(TkashCallbackError);
  });
});
