/**
 * The source account's balance (Jenga's `GET accounts/balances/{countryCode}/{accountId}`) against
 * the PesaLink simulator over real HTTP: opening balance less what was sent, in bigint cents; the
 * simulator's drift; refused and malformed answers as typed errors.
 */
import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  startPesalinkSimulator,
  type PesalinkSimulatorOptions,
} from "~/simulators/pesalink/index.server";
import { createPesalinkClient } from "./client.server";
import { PesalinkApiError, PesalinkTransportError } from "./errors";
import { BALANCE_PATH, type PesalinkSendInput } from "./types";

const keys = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = keys();
const bank = keys();
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const SOURCE = "0170199740087";
const CREDS = { apiKey: "api-key-b", merchantCode: "1835512942", consumerSecret: "secret-b" };

let running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function setup(sim: Partial<PesalinkSimulatorOptions> = {}, baseUrl?: string) {
  const simulator = await startPesalinkSimulator({
    ...CREDS,
    clientPublicKey: merchant.publicKey,
    bankPrivateKey: bank.privateKey,
    now: () => NOW,
    seed: 9,
    sourceBalanceKes: 2_000_000,
    sourceAccountNumber: SOURCE,
    ...sim,
  });
  running.push(simulator);
  const client = createPesalinkClient({
    baseUrl: baseUrl ?? simulator.baseUrl,
    ...CREDS,
    privateKey: merchant.privateKey,
    sourceAccountNumber: SOURCE,
    sourceName: "OneHop Ltd",
    timeoutMs: 2000,
    now: () => NOW,
  });
  return { sim: simulator, client };
}

const transfer = (
  reference: string,
  accountNumber: string,
  amountKes: number,
): PesalinkSendInput => ({
  reference,
  bankCode: "68",
  accountNumber,
  accountName: "Amina Wanjiru",
  amountKes,
  description: "Settlement",
  date: "2026-01-15",
});

/** A server answering the token, then `body` (with `status`) for everything else. */
async function scripted(status: number, body: unknown) {
  const server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url?.includes("/authenticate/"))
      return void res.end(
        JSON.stringify({
          accessToken: "t",
          expiresIn: "2026-01-15T09:15:00Z",
          issuedAt: "2026-01-15T09:00:00Z",
        }),
      );
    res.statusCode = status;
    res.end(JSON.stringify(body));
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

describe("PesaLink source account balance", () => {
  it("is the opening balance less every transfer not failed (pending ones held), in cents", async () => {
    const { sim, client } = await setup({
      accounts: {
        "1450160649886": { name: "AMINA WANJIRU" },
        "1450160649887": { name: "AMINA WANJIRU", outcome: "ambiguous" },
        "1450160649888": { outcome: "unknown-account" },
      },
    });
    expect(await client.send(transfer("TXB001", "1450160649886", 150_000))).toMatchObject({
      status: "success",
    });
    expect(await client.send(transfer("TXB002", "1450160649887", 25_000))).toMatchObject({
      status: "pending",
    });
    expect(await client.send(transfer("TXB003", "1450160649888", 99_999))).toMatchObject({
      status: "failed",
    });
    // A repeated reference pays nothing more.
    await client.send(transfer("TXB001", "1450160649886", 150_000));

    const balance = await client.balance();
    // 2,000,000 - 150,000 - 25,000 = 1,825,000 KES.
    expect(balance).toEqual({
      accountNumber: SOURCE,
      currency: "KES",
      availableCents: 182_500_000n,
      currentCents: 182_500_000n,
    });
    expect(sim.sourceBalanceKes()).toBe(1_825_000);
    const request = sim.requests.at(-1)!;
    expect(request).toMatchObject({
      method: "GET",
      path: `${BALANCE_PATH}/KE/${SOURCE}`,
      status: 200,
    });
  });

  it("shows the drift, in process and over the control API; 0 resets it", async () => {
    const { sim, client } = await setup({ sourceBalanceKes: 10_000 });
    sim.setDrift(99.99);
    expect((await client.balance()).availableCents).toBe(1_009_999n);
    const answer = await fetch(`${sim.baseUrl}/__sim/drift`, {
      method: "POST",
      body: JSON.stringify({ kes: -20_000 }),
    });
    expect(answer.status).toBe(200);
    expect(sim.driftKes()).toBe(-20_000);
    expect((await client.balance()).availableCents).toBe(-1_000_000n);
    sim.setDrift(0);
    expect((await client.balance()).availableCents).toBe(1_000_000n);
  });

  it("is refused for another account, and for a bad signature", async () => {
    const { client } = await setup({ sourceAccountNumber: "0170199740999" });
    await expect(client.balance()).rejects.toMatchObject({
      name: "PesalinkApiError",
      httpStatus: 404,
    });
    const wrongKey = await setup({ clientPublicKey: bank.publicKey });
    const error = await wrongKey.client.balance().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PesalinkApiError);
    expect(error).toMatchObject({ httpStatus: 403, code: 900100 });
  });

  it("throws PesalinkTransportError for an answer it cannot read, or a 5xx", async () => {
    for (const data of [
      { currency: "KES", balances: [{ amount: "12.345", type: "Available" }] },
      { currency: "KES", balances: [{ amount: "5.00", type: "Current" }] },
      { currency: "USD", balances: [{ amount: "5.00", type: "Available" }] },
      { balances: "none" },
    ]) {
      const baseUrl = await scripted(200, { status: true, code: 0, message: "success", data });
      const { client } = await setup({}, baseUrl);
      const error = await client.balance().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PesalinkTransportError);
      expect(error).toMatchObject({ kind: "invalid_response" });
    }
    const down = await scripted(503, { status: false, code: 503100, message: "down" });
    await expect((await setup({}, down)).client.balance()).rejects.toMatchObject({
      name: "PesalinkTransportError",
      kind: "unavailable",
    });
  });
});
