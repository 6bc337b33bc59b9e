/**
 * Our wallet balance at the T-Kash aggregator (`GET /v1/wallet-balances`, our aggregator's call:
 * ADR 0030) against the simulator over HTTP: the float less what was paid or held, in bigint
 * cents; the simulator's drift; malformed and refused answers as typed errors.
 */
import { afterEach, describe, expect, it } from "vitest";
import { listen, readBody } from "~/simulators/http-kit.server";
import { startTkashSimulator, type TkashSimulatorOptions } from "~/simulators/tkash/index.server";
import { createTkashClient } from "./client.server";
import { TkashApiError, TkashTransportError } from "./errors";
import { WALLET_BALANCES_PATH } from "./types";

const NOW = Date.UTC(2026, 10, 26, 9, 0);
const KEYS = { apiKey: "tk_bal_key", apiSecret: "tk_bal_secret" };

let running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function setup(options: Partial<TkashSimulatorOptions> = {}, baseUrl?: string) {
  const sim = await startTkashSimulator({ ...KEYS, now: () => NOW, floatKes: 500_000, ...options });
  running.push(sim);
  const client = createTkashClient({
    baseUrl: baseUrl ?? sim.baseUrl,
    ...KEYS,
    callbackUrl: "http://127.0.0.1:9/tkash/callback",
    timeoutMs: 2000,
    now: () => NOW,
  });
  return { sim, client };
}

/** A server answering every request with `status` and `body`. */
async function scripted(status: number, body: unknown) {
  const server = await listen(
    async (req, res) => {
      await readBody(req);
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    },
    { errorBody: (message) => ({ message }) },
  );
  running.push(server);
  return server.baseUrl;
}

describe("T-Kash wallet balance", () => {
  it("is the float less what was paid and what is still held, in cents", async () => {
    const { sim, client } = await setup({
      numbers: {
        "254770000002": { outcome: "unregistered" },
        "254770000004": { outcome: "pending", pendingQueries: 5 },
      },
    });
    const pay = (id: string, phone: string, amountKes: number) =>
      client.payout({ id, phone, amountKes, narration: "OneHop settlement" });
    expect((await pay("tkb_001", "0770000001", 12_000)).kind).toBe("accepted");
    expect((await pay("tkb_002", "0770000004", 3_000)).kind).toBe("accepted");
    // Failed after acceptance: the held float comes back.
    await pay("tkb_003", "0770000002", 40_000);
    // Repeated id: nothing more.
    await pay("tkb_001", "0770000001", 12_000);

    // 500,000 - 12,000 - 3,000 (held) = 485,000 KES.
    expect(await client.balance()).toEqual({ balanceCents: 48_500_000n, currency: "KES" });
    expect(sim.floatKes()).toBe(485_000);
    expect([sim.payout("tkb_001")?.status, sim.payout("tkb_002")?.status]).toEqual([
      "COMPLETED",
      "SUBMITTED",
    ]);
    expect(sim.payout("tkb_003")?.status).toBe("FAILED");
    const request = sim.requests.at(-1)!;
    expect(request).toMatchObject({ method: "GET", path: WALLET_BALANCES_PATH, status: 200 });
    expect(request.response).toEqual({
      balances: [{ country: "KEN", balance: "485000.00", currency: "KES", provider: "T_KASH" }],
    });
  });

  it("shows the drift, in process and over the control API; 0 resets it", async () => {
    const { sim, client } = await setup({ floatKes: 100 });
    sim.setDrift(-100.01);
    expect((await client.balance()).balanceCents).toBe(-1n);
    const answer = await fetch(`${sim.baseUrl}/__sim/drift`, {
      method: "POST",
      body: JSON.stringify({ kes: 0.5 }),
    });
    expect(answer.status).toBe(200);
    expect(sim.driftKes()).toBe(0.5);
    expect((await client.balance()).balanceCents).toBe(10_050n);
    expect((await fetch(`${sim.baseUrl}/__sim/drift`, { method: "POST", body: "{" })).status).toBe(
      400,
    );
    sim.setDrift(0);
    expect((await client.balance()).balanceCents).toBe(10_000n);
  });

  it("is refused with a wrong secret (TkashApiError), unreadable answers are TkashTransportError", async () => {
    const { sim } = await setup();
    const wrong = createTkashClient({
      baseUrl: sim.baseUrl,
      apiKey: KEYS.apiKey,
      apiSecret: "other",
      callbackUrl: "http://127.0.0.1:9/cb",
      timeoutMs: 2000,
      now: () => NOW,
    });
    await expect(wrong.balance()).rejects.toBeInstanceOf(TkashApiError);

    for (const body of [
      { balances: [{ country: "KEN", balance: "1.005", currency: "KES" }] },
      { balances: [] },
      {
        balances: [
          { country: "KEN", balance: "1.00", currency: "KES" },
          { country: "KEN", balance: "2.00", currency: "KES" },
        ],
      },
      { wallets: [] },
    ]) {
      const { client } = await setup({}, await scripted(200, body));
      const error = await client.balance().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TkashTransportError);
      expect(error).toMatchObject({ kind: "invalid_response" });
    }
    const { client } = await setup({}, await scripted(503, {}));
    await expect(client.balance()).rejects.toMatchObject({ kind: "unavailable" });
  });
});
