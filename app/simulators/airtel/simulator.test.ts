/** The Airtel simulator at the protocol level: raw HTTP requests, as any client sends them. */
import { afterEach, describe, expect, it } from "vitest";
import { startCallbackReceiver } from "../../../tests/support/daraja-callbacks";
import { memorySimulatorStore } from "../../../tests/setup/simulator-store";
import {
  startAirtelSimulator,
  type AirtelSimulator,
  type AirtelSimulatorOptions,
} from "./index.server";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const creds = {
  client_id: "sim-id",
  client_secret: "sim-secret",
  grant_type: "client_credentials",
};
const PAY = "/standard/v1/disbursements/";

let running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function setup(options: Partial<AirtelSimulatorOptions> = {}) {
  const clock = { now: NOW };
  const sim = await startAirtelSimulator({
    clientId: "sim-id",
    clientSecret: "sim-secret",
    now: () => clock.now,
    seed: 3,
    ...options,
  });
  running.push(sim);
  return { sim, clock };
}

interface Answer {
  status: number;
  body: {
    data: { transaction: Record<string, unknown> };
    status: Record<string, unknown>;
  } & Record<string, unknown>;
}

async function call(
  sim: AirtelSimulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

async function api(sim: AirtelSimulator) {
  const token = (await call(sim, "POST", "/auth/oauth2/token", creds)).body.access_token as string;
  const headers = { authorization: `Bearer ${token}`, "x-country": "KE", "x-currency": "KES" };
  return (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
    call(sim, method, path, body, { ...headers, ...extra });
}

const payment = (id: string, msisdn = "733123456", amount = 100) => ({
  payee: { msisdn },
  reference: "ref",
  pin: "c2VjcmV0",
  transaction: { amount, id },
});

describe("token endpoint", () => {
  it("checks the client credentials and returns expires_in as a string", async () => {
    const { sim } = await setup();
    const good = await call(sim, "POST", "/auth/oauth2/token", creds);
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ expires_in: "180", token_type: "bearer" });
    expect(good.body.access_token).toMatch(/^[A-Za-z0-9]{32}$/);
    const bad = await call(sim, "POST", "/auth/oauth2/token", { ...creds, client_secret: "no" });
    expect(bad).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    const grant = { ...creds, grant_type: "password" };
    expect((await call(sim, "POST", "/auth/oauth2/token", grant)).status).toBe(400);
  });
});

describe("API checks", () => {
  it("refuses a missing or expired token with 401", async () => {
    const { sim, clock } = await setup();
    expect((await call(sim, "GET", `${PAY}x`)).status).toBe(401);
    const send = await api(sim);
    expect((await send("GET", `${PAY}x`)).status).toBe(200);
    clock.now = NOW + 180_000;
    expect((await send("GET", `${PAY}x`)).status).toBe(401);
  });

  it("answers 400 with an Airtel status block for bad headers and bodies", async () => {
    const { sim } = await setup();
    const send = await api(sim);
    const cases: [Promise<Answer>, string][] = [
      [send("POST", PAY, payment("a"), { "x-country": "UG" }), "ESB000034"],
      [send("POST", PAY, payment("a"), { "x-currency": "UGX" }), "ESB000035"],
      [send("POST", PAY, payment("a", "254733123456")), "ESB000036"],
      [send("POST", PAY, payment("a", "733123456", 10.5)), "ESB000008"],
      [send("POST", PAY, { ...payment("a"), reference: "" }), "ESB000008"],
      [send("POST", PAY, { ...payment("a"), pin: undefined }), "ESB000008"],
      [send("POST", PAY, "{not json"), "ESB000008"],
      [send("GET", "/standard/v1/users/0733123456"), "ESB000036"],
    ];
    for (const [pending, resultCode] of cases) {
      const answer = await pending;
      expect(answer.status).toBe(400);
      expect(answer.body.status).toMatchObject({ code: "400", result_code: resultCode });
    }
    expect(sim.transaction("a")).toBeUndefined();
  });
});

describe("disbursements", () => {
  it("answers TIP, then TS on the enquiry, with one callback (no hash without a secret)", async () => {
    const receiver = await startCallbackReceiver();
    running.push(receiver);
    const { sim } = await setup({ callbackUrl: receiver.url("/cb"), ambiguousEnquiries: 0 });
    const send = await api(sim);
    const first = await send("POST", PAY, payment("tip-1", "733000006"));
    expect(first.body.data.transaction).toMatchObject({ id: "tip-1", status: "TIP" });
    expect(first.body.status).toMatchObject({ response_code: "DP00800001006", success: true });
    const later = await send("GET", `${PAY}tip-1`);
    expect(later.body.data.transaction.status).toBe("TS");
    expect(later.body.status.response_code).toBe("DP00900001001");
    expect(sim.pendingCallbacks()).toBe(1);
    await sim.flush();
    expect(receiver.received.map((callback) => callback.body)).toEqual([
      {
        transaction: {
          id: "tip-1",
          message: "Transaction Successful",
          status_code: "TS",
          airtel_money_id: later.body.data.transaction.airtel_money_id,
        },
      },
    ]);
  });

  it("remembers transactions and the float across a restart through its store", async () => {
    const store = memorySimulatorStore();
    const { sim } = await setup({ store, floatKes: 1000 });
    const first = await (await api(sim))("POST", PAY, payment("keep-1"));
    await sim.close();
    const { sim: again } = await setup({ store, seed: 99 });
    expect(again.floatKes()).toBe(900);
    const repeat = await (await api(again))("POST", PAY, payment("keep-1"));
    expect(repeat.body.data.transaction).toEqual(first.body.data.transaction);
    expect(again.floatKes()).toBe(900);
  });

  it("fails above the cap or the float, and gives the same ids for the same seed", async () => {
    const ids: unknown[] = [];
    for (const _ of [1, 2]) {
      const { sim } = await setup({ floatKes: 500, maxAmountKes: 300 });
      const send = await api(sim);
      const over = await send("POST", PAY, payment("cap-1", "733123456", 400));
      expect(over.body.status.response_code).toBe("DP00800001003");
      const ok = await send("POST", PAY, payment("cap-2", "733123456", 300));
      const low = await send("POST", PAY, payment("cap-3", "733123456", 300));
      expect([ok, low].map((a) => a.body.data.transaction.status)).toEqual(["TS", "TF"]);
      expect(low.body.status.response_code).toBe("DP00800001007");
      ids.push(ok.body.data.transaction.airtel_money_id);
    }
    expect(ids[0]).toBe(ids[1]);
  });
});
