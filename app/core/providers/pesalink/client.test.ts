/**
 * The PesaLink client against the simulator over real HTTP on 127.0.0.1, with a local receiver
 * standing where our callback route will stand. No mocks.
 */
import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  startPesalinkSimulator,
  type PesalinkSimulatorOptions,
} from "~/simulators/pesalink/index.server";
import { createPesalinkClient, parseCallback, verifyCallbackSignature } from "./client.server";
import { PesalinkApiError, PesalinkTransportError, PesalinkValidationError } from "./errors";
import { signText } from "./signature.server";
import { CALLBACK_SIGNATURE_HEADER, type PesalinkSendInput } from "./types";

const keys = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = keys();
const bank = keys();
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const EQUITY = "1450160649886";
const CREDS = { apiKey: "api-key-1", merchantCode: "1835512942", consumerSecret: "secret-1" };

let running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function startReceiver() {
  const received: { raw: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ raw: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  running.push({ close });
  return { url: `http://127.0.0.1:${port}/webhooks/pesalink`, received };
}

async function setup(sim: Partial<PesalinkSimulatorOptions> = {}, timeoutMs = 2000) {
  const clock = { now: NOW };
  const receiver = await startReceiver();
  const simulator = await startPesalinkSimulator({
    ...CREDS,
    clientPublicKey: merchant.publicKey,
    bankPrivateKey: bank.privateKey,
    callbackUrl: receiver.url,
    now: () => clock.now,
    seed: 5,
    accounts: { [EQUITY]: { name: "AMINA WANJIRU" } },
    ...sim,
  });
  running.push(simulator);
  const options = {
    baseUrl: simulator.baseUrl,
    ...CREDS,
    privateKey: merchant.privateKey,
    sourceAccountNumber: "0170199740087",
    sourceName: "OneHop Ltd",
    timeoutMs,
    now: () => clock.now,
  };
  const client = createPesalinkClient(options);
  const tokenCalls = () =>
    simulator.requests.filter((r) => r.path.endsWith("/authenticate/merchant")).length;
  return { sim: simulator, client, clock, receiver, options, tokenCalls };
}

const transfer = (overrides: Partial<PesalinkSendInput> = {}): PesalinkSendInput => ({
  reference: "TX0001",
  bankCode: "68",
  accountNumber: EQUITY,
  accountName: "Amina Wanjiru",
  amountKes: 1500,
  description: "Settlement",
  date: "2026-01-15",
  ...overrides,
});

describe("token", () => {
  it("is cached, shared by concurrent calls, refreshed early and after a 401", async () => {
    const { sim, client, clock, tokenCalls } = await setup();
    await Promise.all([client.status("NOPE01"), client.status("NOPE02")]);
    await client.status("NOPE03");
    expect(tokenCalls()).toBe(1);

    clock.now += 14 * 60_000 + 1; // 15-minute token, refreshed a minute early
    await client.status("NOPE04");
    expect(tokenCalls()).toBe(2);

    sim.expireTokens();
    expect(await client.send(transfer())).toMatchObject({ status: "success" });
    expect(tokenCalls()).toBe(3);
    expect(sim.requests.filter((r) => r.status === 401)).toHaveLength(1);
  });
});

describe("send", () => {
  it("pays a known account and returns the bank's id and account name", async () => {
    const { sim, client } = await setup();
    const outcome = await client.send(transfer({ accountNumber: "1450 1606 49886" }));
    expect(outcome).toEqual({
      status: "success",
      reference: "TX0001",
      transactionId: expect.stringMatching(/^\d{10}$/),
      accountName: "AMINA WANJIRU",
    });
    const request = sim.requests.find((r) => r.path.endsWith("/pesalinkacc"));
    expect(request?.body).toEqual({
      source: { countryCode: "KE", name: "OneHop Ltd", accountNumber: "0170199740087" },
      destination: {
        type: "bank",
        countryCode: "KE",
        name: "Amina Wanjiru",
        bankCode: "68",
        accountNumber: EQUITY,
      },
      transfer: {
        type: "PesaLink",
        amount: "1500",
        currencyCode: "KES",
        reference: "TX0001",
        date: "2026-01-15",
        description: "Settlement",
      },
    });
    expect(sim.paidCount("TX0001")).toBe(1);
  });

  it("returns the business failures as outcomes", async () => {
    const { sim, client } = await setup({
      nameCheck: true,
      accounts: {
        "01100762802910": { outcome: "unknown-account" },
        [EQUITY]: { name: "AMINA WANJIRU", limitKes: 100_000 },
      },
    });
    expect(
      await client.send(transfer({ bankCode: "11", accountNumber: "01100762802910" })),
    ).toMatchObject({ status: "failed", code: 104101, reason: "unknown_account" });
    expect(await client.send(transfer({ reference: "TX0002", amountKes: 200_000 }))).toMatchObject({
      status: "failed",
      code: 104103,
      reason: "limit_exceeded",
    });
    expect(
      await client.send(transfer({ reference: "TX0003", accountName: "Peter Otieno" })),
    ).toMatchObject({ status: "failed", reason: "name_mismatch" });
    expect(sim.paidCount("TX0001") + sim.paidCount("TX0002") + sim.paidCount("TX0003")).toBe(0);
  });

  it("refuses bad account numbers and amounts before any HTTP call", async () => {
    const { sim, client } = await setup();
    const refused = async (input: Partial<PesalinkSendInput>, field: string) => {
      const error = await client.send(transfer(input)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PesalinkValidationError);
      expect(error).toMatchObject({ field, retryable: false });
    };
    await refused({ accountNumber: "14501606498AB" }, "accountNumber");
    await refused({ accountNumber: "145016064988" }, "accountNumber"); // Equity: 13 digits
    await refused({ bankCode: "99" }, "bankCode");
    await refused({ amountKes: 1_000_000 }, "amountKes");
    await refused({ amountKes: 9 }, "amountKes");
    await refused({ amountKes: 10.5 }, "amountKes");
    await refused({ reference: "tx-1" }, "reference");
    await expect(client.accountLookup("11", "0110076280291")).rejects.toBeInstanceOf(
      PesalinkValidationError,
    );
    expect(sim.requests).toHaveLength(0);
  });

  it("ambiguous: pending first, then success on a later status query, paid once", async () => {
    const { sim, client, receiver } = await setup({
      accounts: { [EQUITY]: { name: "AMINA WANJIRU", outcome: "ambiguous" } },
    });
    const first = await client.send(transfer());
    expect(first).toMatchObject({ status: "pending", reference: "TX0001" });
    expect(await client.status("TX0001")).toMatchObject({ status: "pending" });
    await sim.flush();
    expect(receiver.received).toHaveLength(0);
    expect(await client.status("TX0001")).toMatchObject({
      status: "success",
      transactionId: first.transactionId,
      accountName: "AMINA WANJIRU",
    });
    await sim.flush();
    expect(receiver.received).toHaveLength(1);
    expect(sim.paidCount("TX0001")).toBe(1);
  });

  it("timeout: the call fails as retryable, the status query tells, a resend pays nothing more", async () => {
    const { sim, client } = await setup(
      { accounts: { [EQUITY]: { name: "AMINA WANJIRU", outcome: "timeout" } } },
      300,
    );
    const error = await client.send(transfer()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PesalinkTransportError);
    expect(error).toMatchObject({ kind: "timeout", retryable: true });
    expect(await client.status("TX0001")).toMatchObject({
      status: "success",
      accountName: "AMINA WANJIRU",
    });
    expect(await client.send(transfer())).toMatchObject({ status: "success", duplicate: true });
    expect(sim.paidCount("TX0001")).toBe(1);
  });

  it("a repeated reference pays once and returns the first transfer", async () => {
    const { sim, client } = await setup();
    const first = await client.send(transfer());
    const again = await client.send(transfer({ amountKes: 9000 }));
    expect(again).toEqual({ ...first, duplicate: true });
    expect(sim.paidCount("TX0001")).toBe(1);
    expect(sim.transfer("TX0001")?.amountKes).toBe(1500);
  });

  it("bank down: 503 is a retryable error, nothing recorded, the same reference works later", async () => {
    const { sim, client } = await setup({ accounts: { [EQUITY]: { outcome: "bank-down" } } });
    await expect(client.send(transfer())).rejects.toMatchObject({
      kind: "unavailable",
      httpStatus: 503,
      retryable: true,
    });
    expect(await client.status("TX0001")).toEqual({ status: "not_found", reference: "TX0001" });
    sim.setAccount(EQUITY, null);
    expect(await client.send(transfer())).toMatchObject({ status: "success" });
    expect(sim.paidCount("TX0001")).toBe(1);
  });

  it("a request signed with the wrong key is refused by the bank, not retryable", async () => {
    const { sim, options } = await setup();
    const wrong = createPesalinkClient({ ...options, privateKey: keys().privateKey });
    const error = await wrong.send(transfer()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PesalinkApiError);
    expect(error).toMatchObject({ httpStatus: 403, code: 900100, retryable: false });
    expect(sim.transfer("TX0001")).toBeUndefined();
  });
});

describe("callback", () => {
  it("is signed by the bank: authentic passes, tampered or foreign-signed fails", async () => {
    const { sim, client, receiver } = await setup();
    await client.send(transfer());
    await sim.flush();
    const [callback] = receiver.received;
    if (!callback) throw new Error("no callback");
    const signature = callback.headers[CALLBACK_SIGNATURE_HEADER] as string;
    expect(verifyCallbackSignature(callback.raw, signature, bank.publicKey)).toBe(true);
    expect(parseCallback(JSON.parse(callback.raw))).toMatchObject({
      status: "success",
      reference: "TX0001",
      accountName: "AMINA WANJIRU",
      amountKes: 1500,
    });
    const tampered = callback.raw.replace('"amount":"1500"', '"amount":"150000"');
    expect(tampered).not.toBe(callback.raw);
    expect(verifyCallbackSignature(tampered, signature, bank.publicKey)).toBe(false);
    const forged = signText(tampered, keys().privateKey);
    expect(verifyCallbackSignature(tampered, forged, bank.publicKey)).toBe(false);
    expect(verifyCallbackSignature(callback.raw, undefined, bank.publicKey)).toBe(false);
  });

  it("parses a failure callback", async () => {
    const { sim, client, receiver } = await setup({
      accounts: { [EQUITY]: { outcome: "unknown-account" } },
    });
    await client.send(transfer());
    await sim.flush();
    expect(parseCallback(JSON.parse(receiver.received[0]?.raw ?? "null"))).toMatchObject({
      status: "failed",
      code: 104101,
      reason: "unknown_account",
    });
    expect(() => parseCallback({ Result: {} })).toThrow("Not a PesaLink result callback");
  });
});

describe("accountLookup", () => {
  it("returns the name the bank holds, or not found", async () => {
    const { client } = await setup({
      accounts: {
        [EQUITY]: { name: "AMINA WANJIRU" },
        "01100762802910": { outcome: "unknown-account" },
      },
    });
    expect(await client.accountLookup("68", EQUITY)).toEqual({
      found: true,
      accountName: "AMINA WANJIRU",
      bankCode: "68",
      accountNumber: EQUITY,
    });
    expect(await client.accountLookup("11", "01100762802910")).toEqual({ found: false });
  });
});
