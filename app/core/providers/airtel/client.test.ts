/**
 * The Airtel client against the Airtel simulator over real HTTP on 127.0.0.1 (no mocks), with a
 * local receiver standing where our callback route stands.
 */
import { generateKeyPairSync } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startCallbackReceiver } from "../../../../tests/support/daraja-callbacks";
import {
  startAirtelSimulator,
  type AirtelSimulatorOptions,
} from "~/simulators/airtel/index.server";
import { parseAirtelCallback, verifyCallbackHash } from "./callback.server";
import { createAirtelClient, type AirtelClientOptions } from "./client.server";
import {
  AirtelApiError,
  AirtelTransportError,
  AirtelValidationError,
  NotAirtelNumberError,
} from "./errors";
import { toAirtelMsisdn } from "./msisdn";
import { decryptAirtelPin, encryptAirtelPin } from "./pin.server";
import { TOKEN_PATH } from "./types";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const ID = "airtel-client-id";
const SECRET = "airtel-client-secret";
const PIN = "4321";
const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PRIVATE_PEM = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const PUBLIC_PEM = keys.publicKey.export({ type: "spki", format: "pem" }).toString();

let running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function setup(
  simOptions: Partial<AirtelSimulatorOptions> = {},
  clientOptions: Partial<AirtelClientOptions> = {},
) {
  const clock = { now: NOW };
  const sim = await startAirtelSimulator({
    clientId: ID,
    clientSecret: SECRET,
    seed: 5,
    now: () => clock.now,
    pin: { pin: PIN, privateKeyPem: PRIVATE_PEM },
    ...simOptions,
  });
  running.push(sim);
  const client = createAirtelClient({
    baseUrl: sim.baseUrl,
    clientId: ID,
    clientSecret: SECRET,
    pin: { pin: PIN, publicKey: PUBLIC_PEM },
    timeoutMs: 2000,
    now: () => clock.now,
    ...clientOptions,
  });
  const tokenRequests = () => sim.requests.filter((r) => r.path === TOKEN_PATH).length;
  return { sim, client, clock, tokenRequests };
}

const pay = (id: string, msisdn = "0733 123 456", amountKes = 1500) => ({
  id,
  msisdn,
  amountKes,
  reference: "OneHop settlement",
});

describe("msisdn and PIN", () => {
  it("normalises Airtel Kenya numbers to the national form and refuses other networks", () => {
    expect(toAirtelMsisdn("0733 123 456")).toBe("733123456");
    expect(toAirtelMsisdn("+254 750-123-456")).toBe("750123456");
    expect(toAirtelMsisdn("254100123456")).toBe("100123456");
    expect(toAirtelMsisdn("0762123456")).toBe("762123456");
    expect(toAirtelMsisdn("788123456")).toBe("788123456");
    expect(() => toAirtelMsisdn("0712345678")).toThrow(NotAirtelNumberError);
    expect(() => toAirtelMsisdn("0757123456")).toThrow(NotAirtelNumberError);
    expect(() => toAirtelMsisdn("0110123456")).toThrow(NotAirtelNumberError);
    expect(() => toAirtelMsisdn("12345")).toThrow(AirtelValidationError);
  });

  it("encrypts the PIN with RSA and base64 so only the private key reads it", () => {
    const bare = PUBLIC_PEM.replace(/-----[A-Z ]+-----|\s/g, "");
    const encrypted = encryptAirtelPin(PIN, bare);
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decryptAirtelPin(encrypted, PRIVATE_PEM)).toBe(PIN);
    expect(() => encryptAirtelPin("12a4", PUBLIC_PEM)).toThrow(AirtelValidationError);
  });
});

describe("token", () => {
  it("is cached and refreshed at 80% of its 180 s life", async () => {
    const { client, clock, tokenRequests } = await setup();
    await client.status("x1");
    await client.status("x2");
    expect(tokenRequests()).toBe(1);
    clock.now = NOW + 143_000;
    await client.status("x3");
    expect(tokenRequests()).toBe(1);
    clock.now = NOW + 144_000;
    await client.status("x4");
    expect(tokenRequests()).toBe(2);
  });

  it("shares one refresh between concurrent callers", async () => {
    const { client, tokenRequests } = await setup();
    const answers = await Promise.all(["a", "b", "c", "d", "e"].map((id) => client.status(id)));
    expect(answers.map((a) => a.state)).toEqual(Array(5).fill("not_found"));
    expect(tokenRequests()).toBe(1);
  });

  it("refreshes once and retries when a call answers 401", async () => {
    const { sim, client, tokenRequests } = await setup();
    await client.status("warm");
    sim.expireTokens();
    expect((await client.disburse(pay("t401"))).state).toBe("success");
    expect(tokenRequests()).toBe(2);
    expect(sim.requests.filter((r) => r.status === 401)).toHaveLength(1);
  });

  it("throws a non-retryable API error for bad client credentials", async () => {
    const { client } = await setup({}, { clientSecret: "wrong" });
    const error = await client.status("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AirtelApiError);
    expect(error).toMatchObject({ httpStatus: 401, retryable: false });
  });
});

describe("disburse", () => {
  it("pays with the national MSISDN, the Kenya headers and the encrypted PIN", async () => {
    const { sim, client } = await setup();
    const outcome = await client.disburse(pay("pay-1"));
    expect(outcome).toMatchObject({
      state: "success",
      status: "TS",
      id: "pay-1",
      responseCode: "DP00900001001",
    });
    expect(outcome.airtelMoneyId).toMatch(/^MP\d{6}\.\d{4}\.[A-Z]\d{5}$/);
    const request = sim.requests.find((r) => r.path === "/standard/v1/disbursements/");
    expect(request?.headers).toMatchObject({ "x-country": "KE", "x-currency": "KES" });
    const body = request?.body as { payee: unknown; transaction: unknown; pin: string };
    expect(body.payee).toEqual({ msisdn: "733123456" });
    expect(body.transaction).toEqual({ amount: 1500, id: "pay-1" });
    expect(decryptAirtelPin(body.pin, PRIVATE_PEM)).toBe(PIN);
    expect(sim.floatKes()).toBe(5_000_000 - 1500);
  });

  it.each([
    ["0733000001", "DP00800001007", /float is too low/],
    ["0733000002", "DP00800001010", /not registered for Airtel Money/],
  ])(
    "returns a failure for %s with its code and a human message",
    async (msisdn, code, message) => {
      const { sim, client } = await setup();
      const outcome = await client.disburse(pay("fail-1", msisdn));
      expect(outcome).toMatchObject({ state: "failed", status: "TF", responseCode: code });
      expect(outcome.message).toMatch(message);
      expect(sim.floatKes()).toBe(5_000_000);
    },
  );

  it("reports a wrong PIN as a failure DP00800001002", async () => {
    const { client } = await setup({}, { pin: { pin: "9999", publicKey: PUBLIC_PEM } });
    expect(await client.disburse(pay("pin-1"))).toMatchObject({
      state: "failed",
      responseCode: "DP00800001002",
    });
  });

  it("answers ambiguous, then success once the enquiry knows", async () => {
    const { sim, client } = await setup();
    expect(await client.disburse(pay("amb-1", "0733000003"))).toMatchObject({
      state: "ambiguous",
      status: "TA",
    });
    expect((await client.status("amb-1")).state).toBe("ambiguous");
    const settled = await client.status("amb-1");
    expect(settled).toMatchObject({
      state: "success",
      airtelMoneyId: sim.transaction("amb-1")?.airtelMoneyId,
    });
  });

  it("times out (retryable), the enquiry tells it paid, and a re-send pays nothing more", async () => {
    const { sim, client } = await setup({}, { timeoutMs: 300 });
    const error = await client.disburse(pay("slow-1", "0733000004")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AirtelTransportError);
    expect(error).toMatchObject({ kind: "timeout", retryable: true });
    expect((await client.status("slow-1")).state).toBe("success");
    expect((await client.disburse(pay("slow-1", "0733000004"))).state).toBe("success");
    expect(sim.floatKes()).toBe(5_000_000 - 1500);
  });

  it("times out, then the enquiry tells it failed, or that it never arrived", async () => {
    const { client } = await setup({}, { timeoutMs: 300 });
    await expect(client.disburse(pay("slow-2", "0733000005"))).rejects.toThrow(
      AirtelTransportError,
    );
    expect(await client.status("slow-2")).toMatchObject({
      state: "failed",
      responseCode: "DP00800001024",
    });
    await expect(client.disburse(pay("lost-1", "0733000007"))).rejects.toThrow(
      AirtelTransportError,
    );
    expect((await client.status("lost-1")).state).toBe("not_found");
  });

  it("pays once for a repeated id", async () => {
    const { sim, client } = await setup();
    const first = await client.disburse(pay("once-1"));
    const second = await client.disburse(pay("once-1"));
    expect(second).toEqual(first);
    expect(sim.floatKes()).toBe(5_000_000 - 1500);
  });

  it("refuses a Safaricom number, or a decimal amount, before any HTTP call", async () => {
    const { sim, client } = await setup();
    await expect(client.disburse(pay("saf-1", "0712345678"))).rejects.toThrow(NotAirtelNumberError);
    await expect(client.disburse(pay("dec-1", "0733123456", 10.5))).rejects.toMatchObject({
      field: "amountKes",
    });
    expect(sim.requests).toHaveLength(0);
  });
});

describe("kyc", () => {
  it("returns the registered name, or not found (DP02200000002)", async () => {
    const { sim, client } = await setup({
      kycNames: { "733123456": { firstName: "Amina", lastName: "Njoroge" } },
    });
    expect(await client.kyc("+254733123456")).toEqual({
      found: true,
      msisdn: "733123456",
      firstName: "Amina",
      lastName: "Njoroge",
      isBarred: false,
    });
    sim.setKycName("0750111222", null);
    expect(await client.kyc("0750111222")).toMatchObject({
      found: false,
      responseCode: "DP02200000002",
    });
    expect((await client.kyc("0733000002")).found).toBe(false);
  });
});

describe("callbacks", () => {
  it("carry a hash that verifies, and a tampered body or another secret fails", async () => {
    const receiver = await startCallbackReceiver();
    running.push(receiver);
    const { sim, client } = await setup({
      callbackUrl: receiver.url("/airtel"),
      callbackSecret: "cb-secret",
    });
    await client.disburse(pay("cb-1", "0733000003"));
    await sim.flush();
    const [received] = receiver.received;
    const callback = parseAirtelCallback(received?.body);
    expect(callback).toMatchObject({ id: "cb-1", state: "success", status: "TS" });
    expect(callback.airtelMoneyId).toBe(sim.transaction("cb-1")?.airtelMoneyId);
    const raw = received?.raw ?? "";
    expect(verifyCallbackHash(raw, callback.hash ?? "", "cb-secret")).toBe(true);
    expect(verifyCallbackHash(raw.replace('"TS"', '"TF"'), callback.hash ?? "", "cb-secret")).toBe(
      false,
    );
    expect(verifyCallbackHash(raw, callback.hash ?? "", "other-secret")).toBe(false);
    expect(() => parseAirtelCallback({ transaction: { id: "x", status_code: "TIP" } })).toThrow();
  });
});
