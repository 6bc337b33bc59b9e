/**
 * Issue 28: the Airtel simulator reads its transactions through the database store. Restarted on a
 * store with thousands of them it reads none at start (only the pending ones, through the status
 * index), and still answers the enquiry for an old one.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createDbSimulatorStore, openSimulatorDatabase } from "../store.server";
import { startAirtelSimulator, type AirtelSimulator } from "./index.server";
import type { SimulatedDisbursement } from "./types";
import { probeSimulatorStore } from "../../../tests/setup/simulator-store";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const sims = openSimulatorDatabase(":memory:");
afterAll(() => sims.close());
let running: AirtelSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.map((sim) => sim.close()));
  running = [];
});

/** The database store, counting its paged reads; `load()` (read everything) throws. */
/** A database store of its own, counting its paged reads; `load()` (read everything) throws. */
function probedStore() {
  const store = createDbSimulatorStore(sims, "airtel", () => NOW);
  return { store, ...probeSimulatorStore(store, { countMatched: true }) };
}

const disbursement = (n: number, status: "TS" | "TA" = "TS"): SimulatedDisbursement => ({
  id: `old-${n}`,
  msisdn: "733123456",
  amountKes: 100 + n,
  reference: "ref",
  outcome: status === "TA" ? "ambiguous" : "success",
  airtelMoneyId: `MP260115.0000.A${String(n).padStart(5, "0")}`,
  referenceId: String(1_000_000_000 + n),
  status,
  responseCode: status === "TA" ? "DP00800001000" : "DP00900001001",
  finalStatus: "TS",
  finalResponseCode: "DP00900001001",
  enquiriesBeforeFinal: 0,
  createdAt: NOW - 1_000_000 + n,
});

async function call(sim: AirtelSimulator, method: string, path: string, body?: unknown) {
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", "x-country": "KE", "x-currency": "KES" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown> & {
    access_token?: string;
    data?: { transaction?: Record<string, unknown> };
  };
}

describe("the Airtel simulator on a big store", () => {
  it("starts without reading its transactions and still answers the enquiry for an old one", async () => {
    const { store, probed, calls } = probedStore();
    const count = 3_000;
    for (let n = 0; n < count; n++) store.save("tx", `old-${n}`, disbursement(n));
    store.save("tx", "old-pending", { ...disbursement(count, "TA"), id: "old-pending" });
    store.save("float", "float", { kes: 123_456 });

    const sim = await startAirtelSimulator({
      clientId: "sim-id",
      clientSecret: "sim-secret",
      now: () => NOW,
      store: probed,
    });
    running.push(sim);
    // One query at start, which found the one pending transaction; no page, no record read.
    expect(calls).toEqual({ get: 1, page: 0, matching: 1, matched: 1 });
    expect(sim.floatKes()).toBe(123_456);

    const token = await call(sim, "POST", "/auth/oauth2/token", {
      client_id: "sim-id",
      client_secret: "sim-secret",
      grant_type: "client_credentials",
    });
    const enquire = async (id: string) => {
      const response = await fetch(`${sim.baseUrl}/standard/v1/disbursements/${id}`, {
        headers: {
          authorization: `Bearer ${token.access_token}`,
          "x-country": "KE",
          "x-currency": "KES",
        },
      });
      return ((await response.json()) as { data: { transaction: Record<string, unknown> } }).data
        .transaction;
    };
    expect(await enquire("old-17")).toMatchObject({ id: "old-17", status: "TS" });
    expect(await enquire("old-pending")).toMatchObject({ id: "old-pending", status: "TS" });
    expect(sim.transaction("old-pending")?.status).toBe("TS");
    expect(calls.page).toBe(0);
    expect(calls.get).toBeLessThanOrEqual(3);
    // The control page counts them in the store.
    const state = (await call(sim, "GET", "/__sim/state")) as { transactions?: number };
    expect(state.transactions).toBe(count + 1);
    expect(calls.page).toBe(0);
  });
});
