/**
 * The Airtel balance enquiry (`GET /standard/v1/users/balance`) against the simulator over real
 * HTTP: the float less what was paid, in bigint cents; the simulator's drift; malformed and
 * refused answers as typed errors.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  startAirtelSimulator,
  type AirtelSimulatorOptions,
} from "~/simulators/airtel/index.server";
import { createAirtelClient, type AirtelClientOptions } from "./client.server";
import { AirtelApiError, AirtelTransportError } from "./errors";
import { BALANCE_PATH } from "./types";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const ID = "airtel-balance-id";
const SECRET = "airtel-balance-secret";

let running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function setup(
  simOptions: Partial<AirtelSimulatorOptions> = {},
  clientOptions: Partial<AirtelClientOptions> = {},
) {
  const sim = await startAirtelSimulator({
    clientId: ID,
    clientSecret: SECRET,
    seed: 3,
    now: () => NOW,
    floatKes: 1_250_000,
    ...simOptions,
  });
  running.push(sim);
  const client = createAirtelClient({
    baseUrl: sim.baseUrl,
    clientId: ID,
    clientSecret: SECRET,
    pin: "c2ltdWxhdGVkLXBpbg==",
    timeoutMs: 2000,
    now: () => NOW,
    ...clientOptions,
  });
  return { sim, client };
}

/** A server answering the token, then `balance` for everything else. */
async function scripted(balance: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url === "/auth/oauth2/token")
      return void res.end(JSON.stringify({ access_token: "t", expires_in: "180" }));
    balance(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  running.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("Airtel balance enquiry", () => {
  it("reports the float less what was paid, in cents, with Airtel's thousands separators on the wire", async () => {
    const { sim, client } = await setup();
    const paid = [1_500, 20_000, 333];
    for (const [i, amountKes] of paid.entries()) {
      const outcome = await client.disburse({
        id: `bal-pay-${i}`,
        msisdn: "0733123456",
        amountKes,
        reference: "OneHop settlement",
      });
      expect(outcome.state).toBe("success");
    }
    // Refused for the limit: nothing paid.
    const refused = await client.disburse({
      id: "bal-pay-big",
      msisdn: "0733123456",
      amountKes: 200_000,
      reference: "OneHop settlement",
    });
    expect(refused.state).toBe("failed");

    const balance = await client.balance();
    // 1,250,000 - 1,500 - 20,000 - 333 = 1,228,167 KES.
    expect(balance).toEqual({
      balanceCents: 122_816_700n,
      currency: "KES",
      accountStatus: "Active",
    });
    const request = sim.requests.at(-1)!;
    expect(request).toMatchObject({ method: "GET", path: BALANCE_PATH, status: 200 });
    expect(request.headers).toMatchObject({ "x-country": "KE", "x-currency": "KES" });
    expect((request.response as { data: { balance: string } }).data.balance).toBe("1,228,167.00");
  });

  it("shows the drift, in process and over the control API; 0 resets it", async () => {
    const { sim, client } = await setup({ floatKes: 1_000 });
    sim.setDrift(-0.5);
    expect((await client.balance()).balanceCents).toBe(99_950n);
    const answer = await fetch(`${sim.baseUrl}/__sim/drift`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kes: 2_000 }),
    });
    expect(answer.status).toBe(200);
    expect(sim.driftKes()).toBe(2_000);
    expect((await client.balance()).balanceCents).toBe(300_000n);
    const bad = await fetch(`${sim.baseUrl}/__sim/drift`, {
      method: "POST",
      body: JSON.stringify({ kes: 1.234 }),
    });
    expect(bad.status).toBe(400);
    sim.setDrift(0);
    expect((await client.balance()).balanceCents).toBe(100_000n);
    // The KYC route still answers for numbers, and "balance" is not taken for one.
    expect((await client.kyc("0733123456")).found).toBe(true);
  });

  it("throws AirtelTransportError for an answer it cannot read", async () => {
    for (const body of [
      { data: { balance: "12.345", currency: "KES" }, status: { code: "200", success: true } },
      { data: { balance: "lots", currency: "KES" }, status: { code: "200", success: true } },
      { data: {}, status: { code: "200", success: true } },
      { data: { balance: "10.00", currency: "UGX" }, status: { code: "200", success: true } },
    ]) {
      const baseUrl = await scripted((_req, res) => res.end(JSON.stringify(body)));
      const { client } = await setup({}, { baseUrl });
      const error = await client.balance().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AirtelTransportError);
      expect(error).toMatchObject({ kind: "invalid_response" });
    }
  });

  it("throws AirtelApiError when Airtel refuses, AirtelTransportError on a 5xx", async () => {
    const refused = await scripted((_req, res) =>
      res.end(
        JSON.stringify({
          status: { code: "200", message: "Not allowed", result_code: "ESB000011", success: false },
        }),
      ),
    );
    await expect((await setup({}, { baseUrl: refused })).client.balance()).rejects.toBeInstanceOf(
      AirtelApiError,
    );
    const down = await scripted((_req, res) => {
      res.statusCode = 503;
      res.end("{}");
    });
    await expect((await setup({}, { baseUrl: down })).client.balance()).rejects.toMatchObject({
      name: "AirtelTransportError",
      kind: "server_error",
    });
  });
});
