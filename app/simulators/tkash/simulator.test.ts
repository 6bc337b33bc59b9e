/**
 * The T-Kash aggregator simulator at the protocol level: raw, hand-signed HTTP requests, as any
 * client of the aggregator protocol sends them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { requestSignatureText, signatureHeader } from "~/core/providers/tkash/signature.server";
import { listen, readBody } from "../http-kit.server";
import { memorySimulatorStore } from "../../../tests/setup/simulator-store";
import {
  startTkashSimulator,
  type TkashSimulator,
  type TkashSimulatorOptions,
} from "./index.server";

const NOW = Date.UTC(2026, 10, 26, 9, 0);
const T = Math.floor(NOW / 1000);
const PATH = "/v1/payouts";
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((close) => close()));
  cleanup = [];
});

async function setup(options: Partial<TkashSimulatorOptions> = {}) {
  const sim = await startTkashSimulator({
    apiKey: "k",
    apiSecret: "s",
    now: () => NOW,
    ...options,
  });
  cleanup.push(() => sim.close());
  return sim;
}

async function call(
  sim: TkashSimulator,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  auth = { key: "k", secret: "s", t: T },
) {
  const raw = body === undefined ? "" : JSON.stringify(body);
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      "x-api-key": auth.key,
      "x-signature": signatureHeader(
        auth.secret,
        auth.t,
        requestSignatureText(auth.t, method, path, raw),
      ),
    },
    body: body === undefined ? undefined : raw,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const payout = (payoutId: string, phone: string, extra: Record<string, unknown> = {}) => ({
  payoutId,
  service: "t_kash_kes",
  amount: "1500",
  currency: "KES",
  recipient: { phone },
  narration: "OneHop settlement",
  callbackUrl: "http://127.0.0.1:9/cb",
  ...extra,
});

describe("the T-Kash aggregator simulator", () => {
  it("checks the API key, the signature (and its time) and the body before recording anything", async () => {
    const sim = await setup();
    const body = payout("trf_sim_auth", "254770000001");
    expect((await call(sim, "POST", PATH, body, { key: "x", secret: "s", t: T })).status).toBe(401);
    const forged = await call(sim, "POST", PATH, body, { key: "k", secret: "x", t: T });
    expect(forged).toMatchObject({
      status: 403,
      body: { failureReason: { failureCode: "HTTP_SIGNATURE_ERROR" } },
    });
    expect(
      (await call(sim, "POST", PATH, body, { key: "k", secret: "s", t: T - 3600 })).status,
    ).toBe(403);
    for (const bad of [{ amount: 1500 }, { recipient: { phone: "07-70" } }, { service: "mpesa" }])
      expect(await call(sim, "POST", PATH, { ...body, ...bad })).toMatchObject({
        status: 400,
        body: { failureReason: { failureCode: "INVALID_PARAMETER" } },
      });
    expect(sim.payout("trf_sim_auth")).toBeUndefined();
    expect((await call(sim, "GET", "/v1/elsewhere")).status).toBe(404);
  });

  it("pays once per id: a repeat is DUPLICATE_IGNORED; the signed callback comes on flush", async () => {
    const seen: { body: string; signature: string }[] = [];
    const receiver = await listen(
      async (req, res) => {
        seen.push({ body: await readBody(req), signature: String(req.headers["x-signature"]) });
        res.writeHead(200).end();
      },
      { errorBody: () => ({}) },
    );
    cleanup.push(receiver.close);
    const sim = await setup({ floatKes: 10_000 });
    const body = payout("trf_sim_ok", "+254770000001", { callbackUrl: `${receiver.baseUrl}/cb` });
    expect((await call(sim, "POST", PATH, body)).body).toMatchObject({ status: "ACCEPTED" });
    expect((await call(sim, "POST", PATH, { ...body, amount: "9000" })).body).toMatchObject({
      status: "DUPLICATE_IGNORED",
    });
    expect(sim.paidCount("trf_sim_ok")).toBe(1);
    expect(sim.floatKes()).toBe(8_500);
    expect(seen).toHaveLength(0);
    await sim.flush();
    expect(seen).toHaveLength(1);
    const callback = JSON.parse(seen[0]!.body) as Record<string, unknown>;
    expect(callback).toMatchObject({ payoutId: "trf_sim_ok", status: "COMPLETED", amount: "1500" });
    const t = Number(/t=(\d+)/.exec(seen[0]!.signature)![1]);
    expect(seen[0]!.signature).toBe(signatureHeader("s", t, `${t}.${seen[0]!.body}`));
    expect((await call(sim, "GET", `${PATH}/trf_sim_ok`)).body).toMatchObject({
      status: "FOUND",
      data: { status: "COMPLETED", providerTransactionId: callback.providerTransactionId },
    });
    expect((await call(sim, "GET", `${PATH}/trf_sim_none`)).body).toEqual({ status: "NOT_FOUND" });
  });

  it("behaves per number: unregistered, short float, not Telkom, pending then success", async () => {
    const sim = await setup({
      floatKes: 2_000,
      numbers: {
        "254770000002": { outcome: "unregistered" },
        "254770000003": { outcome: "insufficient-float" },
        "254770000004": { outcome: "pending", pendingQueries: 2 },
      },
    });
    await call(sim, "POST", PATH, payout("trf_sim_unreg", "254770000002"));
    expect(sim.payout("trf_sim_unreg")).toMatchObject({
      status: "FAILED",
      failureReason: { failureCode: "RECIPIENT_NOT_FOUND" },
    });
    for (const [id, phone, code] of [
      ["trf_sim_float", "254770000003", "INSUFFICIENT_BALANCE"],
      ["trf_sim_mpesa", "254712345678", "INVALID_RECIPIENT"],
    ] as const)
      expect((await call(sim, "POST", PATH, payout(id, phone))).body).toMatchObject({
        status: "REJECTED",
        failureReason: { failureCode: code },
      });
    await call(sim, "POST", PATH, payout("trf_sim_pend", "254770000004"));
    expect(
      (await call(sim, "POST", PATH, payout("trf_sim_big", "254770000001"))).body,
    ).toMatchObject({ status: "REJECTED", failureReason: { failureCode: "INSUFFICIENT_BALANCE" } });
    const states = [];
    for (let i = 0; i < 3; i++)
      states.push(
        ((await call(sim, "GET", `${PATH}/trf_sim_pend`)).body.data as { status: string }).status,
      );
    expect(states).toEqual(["SUBMITTED", "SUBMITTED", "COMPLETED"]);
    expect(sim.pendingCallbacks()).toBe(2); // unregistered and pending; rejections get none
    expect(sim.paidCount("trf_sim_pend")).toBe(1);
    expect(sim.paidCount("trf_sim_unreg") + sim.paidCount("trf_sim_float")).toBe(0);
  });

  it("remembers payouts and the float across a restart through its store", async () => {
    const store = memorySimulatorStore();
    const sim = await setup({ store, floatKes: 10_000 });
    await call(sim, "POST", PATH, payout("trf_keep_paid", "254770000001"));
    const pending = "254770000002";
    sim.setNumber(pending, { outcome: "pending", pendingQueries: 2 });
    await call(sim, "POST", PATH, payout("trf_keep_pending", pending));
    await call(sim, "GET", `${PATH}/trf_keep_pending`);
    const receipt = sim.payout("trf_keep_paid")!.providerTransactionId;
    await sim.close();

    const again = await setup({ store });
    expect(again.floatKes()).toBe(7_000);
    // A repeated id is a duplicate, never a second payment.
    const repeat = await call(again, "POST", PATH, payout("trf_keep_paid", "254770000001"));
    expect(repeat.body).toMatchObject({ status: "DUPLICATE_IGNORED" });
    expect(again.paidCount("trf_keep_paid")).toBe(1);
    expect(again.floatKes()).toBe(7_000);
    // The status query still knows both; the pending one has one pending answer left.
    expect((await call(again, "GET", `${PATH}/trf_keep_paid`)).body).toMatchObject({
      status: "FOUND",
      data: { status: "COMPLETED", providerTransactionId: receipt },
    });
    expect((await call(again, "GET", `${PATH}/trf_keep_pending`)).body).toMatchObject({
      data: { status: "SUBMITTED" },
    });
    expect((await call(again, "GET", `${PATH}/trf_keep_pending`)).body).toMatchObject({
      data: { status: "COMPLETED" },
    });
    // Receipts go on from where they were.
    const next = again.payout("trf_keep_pending")!.providerTransactionId;
    expect(next).not.toBe(receipt);
  });
});
