/**
 * Issue 28: the T-Kash simulator reads its payouts through the database store. Restarted on a store
 * with thousands of them it reads none at start (only those not yet final, through the status
 * index), still answers the status query for an old one and goes on numbering receipts.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { requestSignatureText, signatureHeader } from "~/core/providers/tkash/signature.server";
import {
  createDbSimulatorStore,
  openSimulatorDatabase,
  type SimulatorStore,
} from "../store.server";
import { startTkashSimulator, type TkashSimulator } from "./index.server";
import type { SimulatedPayout } from "./types";
import { probeSimulatorStore } from "../../../tests/setup/simulator-store";

const NOW = Date.UTC(2026, 10, 26, 9, 0);
const T = Math.floor(NOW / 1000);
const PATH = "/v1/payouts";
let running: TkashSimulator[] = [];
const databases: { close(): void }[] = [];
afterEach(async () => {
  await Promise.all(running.map((sim) => sim.close()));
  running = [];
});
afterAll(() => databases.forEach((database) => database.close()));

/** A database store of its own, counting its paged reads; `load()` (read everything) throws. */
function probedStore() {
  const sims = openSimulatorDatabase(":memory:");
  databases.push(sims);
  const store = createDbSimulatorStore(sims, "tkash", () => NOW);
  return { store, ...probeSimulatorStore(store, { countMatched: true }) };
}

const completed = (n: number): SimulatedPayout => ({
  payoutId: `trf_old_${n}`,
  phone: "254770000001",
  amountKes: 100,
  narration: "OneHop settlement",
  callbackUrl: "http://127.0.0.1:9/cb",
  status: "COMPLETED",
  providerTransactionId: `TK${String(n + 1).padStart(8, "0")}`,
  failureReason: null,
  pendingQueries: 0,
  created: NOW - 1_000_000 + n,
});

/** `count` completed payouts (receipts TK00000001…), one submitted one, and the float record. */
function fill(store: SimulatorStore, count: number, float: Record<string, unknown>) {
  for (let n = 0; n < count; n++) store.save("payout", `trf_old_${n}`, completed(n));
  store.save("payout", "trf_old_pending", {
    ...completed(count),
    payoutId: "trf_old_pending",
    status: "SUBMITTED",
    providerTransactionId: null,
  });
  store.save("float", "float", float);
}

async function start(store: SimulatorStore) {
  const sim = await startTkashSimulator({ apiKey: "k", apiSecret: "s", now: () => NOW, store });
  running.push(sim);
  return sim;
}

async function call(sim: TkashSimulator, method: "GET" | "POST", path: string, body?: unknown) {
  const raw = body === undefined ? "" : JSON.stringify(body);
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      "x-api-key": "k",
      "x-signature": signatureHeader("s", T, requestSignatureText(T, method, path, raw)),
    },
    body: body === undefined ? undefined : raw,
  });
  return (await response.json()) as Record<string, unknown>;
}

const newPayout = (payoutId: string) => ({
  payoutId,
  service: "t_kash_kes",
  amount: "1500",
  currency: "KES",
  recipient: { phone: "254770000001" },
  narration: "OneHop settlement",
  callbackUrl: "http://127.0.0.1:9/cb",
});

describe("the T-Kash simulator on a big store", () => {
  it("starts without reading its payouts, answers for an old one and numbers receipts on", async () => {
    const { store, probed, calls } = probedStore();
    const count = 3_000;
    fill(store, count, { kes: 50_000, receipts: count });

    const sim = await start(probed);
    // The float record and one query, which found the one payout not final; no page.
    expect(calls).toEqual({ get: 1, page: 0, matching: 1, matched: 1 });
    expect(sim.floatKes()).toBe(50_000);

    expect(await call(sim, "GET", `${PATH}/trf_old_17`)).toMatchObject({
      status: "FOUND",
      data: { status: "COMPLETED", providerTransactionId: "TK00000018" },
    });
    expect(sim.paidCount("trf_old_17")).toBe(1);
    expect(await call(sim, "GET", `${PATH}/trf_old_pending`)).toMatchObject({
      data: {
        status: "COMPLETED",
        providerTransactionId: `TK${String(count + 1).padStart(8, "0")}`,
      },
    });
    expect(sim.paidCount("trf_old_pending")).toBe(1);
    expect(await call(sim, "POST", PATH, newPayout("trf_old_3"))).toMatchObject({
      status: "DUPLICATE_IGNORED",
    });
    await call(sim, "POST", PATH, newPayout("trf_new_1"));
    expect(sim.payout("trf_new_1")?.providerTransactionId).toBe(
      `TK${String(count + 2).padStart(8, "0")}`,
    );
    expect(sim.floatKes()).toBe(50_000 - 1_500);
    expect((await fetch(`${sim.baseUrl}/__sim/state`).then((r) => r.json())) as unknown).toEqual({
      floatKes: 48_500,
      driftKes: 0,
      payouts: count + 2,
    });
    expect(calls.page).toBe(0);
    expect(calls.get).toBeLessThanOrEqual(6);
  });

  it("finds the last receipt number once, a page at a time, in a store from before it was kept", async () => {
    const { store, probed, calls } = probedStore();
    const count = 1_200;
    fill(store, count, { kes: 50_000 });

    const first = await start(probed);
    expect(calls.page).toBe(Math.ceil((count + 1) / 500));
    await first.close();

    // Kept with the float since: the next start reads no page, and numbers on.
    const before = calls.page;
    const sim = await start(probed);
    expect(calls.page).toBe(before);
    await call(sim, "POST", PATH, newPayout("trf_new_1"));
    expect(sim.payout("trf_new_1")?.providerTransactionId).toBe(
      `TK${String(count + 1).padStart(8, "0")}`,
    );
  });
});
