/**
 * Airtel Money behind the rail contract, against the Airtel simulator over HTTP (no mocks), each
 * outcome chosen by the simulator's per-number behaviour: TS is `succeeded` with Airtel's receipt,
 * TF is `rejected` with Airtel's code in the words, TIP and TA are `accepted` and the status query
 * resolves them, no answer is `RailUnavailableError` (then the status query tells), an enquiry that
 * finds nothing stays pending, and what Airtel can never pay is rejected before any request.
 */
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAirtelClient } from "~/core/providers/airtel/client.server";
import { startAirtelSimulator, type AirtelSimulator } from "~/simulators/airtel/index.server";
import { airtelRail } from "./airtel.server";
import { RailUnavailableError, type PayoutRail, type RailSendInput } from "./types";

const NOW = Date.UTC(2026, 10, 26, 9, 0);
const ID = "airtel-rail-id";
const SECRET = "airtel-rail-secret";
const PIN = "4321";
const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PRIVATE_PEM = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const PUBLIC_PEM = keys.publicKey.export({ type: "spki", format: "pem" }).toString();
const DISBURSE = "/standard/v1/disbursements/";

let sim: AirtelSimulator;
let rail: PayoutRail;
const railFor = (options: { baseUrl?: string; clientSecret?: string; timeoutMs?: number } = {}) =>
  airtelRail(
    createAirtelClient({
      baseUrl: options.baseUrl ?? sim.baseUrl,
      clientId: ID,
      clientSecret: options.clientSecret ?? SECRET,
      pin: { pin: PIN, publicKey: PUBLIC_PEM },
      // Short: the "timeout" and "dropped" numbers never answer.
      timeoutMs: options.timeoutMs ?? 300,
      now: () => NOW,
    }),
  );

beforeAll(async () => {
  sim = await startAirtelSimulator({
    clientId: ID,
    clientSecret: SECRET,
    seed: 7,
    now: () => NOW,
    pin: { pin: PIN, privateKeyPem: PRIVATE_PEM },
  });
});
afterAll(() => sim.close());
beforeEach(() => {
  rail = railFor();
});

const input = (transferId: string, phone = "0733123456", amountKes = 1_500): RailSendInput => ({
  transferId,
  destination: { kind: "msisdn", phone },
  amountKes,
  remarks: "OneHop settlement pay_airtelrail",
  reference: "pay_airtelrail",
});
const send = (transferId: string, phone?: string, amountKes?: number) =>
  rail.send(input(transferId, phone, amountKes));
const disbursements = (transferId: string) =>
  sim.requests.filter(
    (r) =>
      r.path === DISBURSE &&
      (r.body as { transaction?: { id?: string } }).transaction?.id === transferId,
  );

describe("the Airtel Money rail: send", () => {
  it("pays at once with our id as Airtel's transaction id: succeeded, receipt = airtel_money_id", async () => {
    const before = sim.floatKes();
    const outcome = await send("trf_airtelok01");
    const receipt = sim.transaction("trf_airtelok01")?.airtelMoneyId;
    expect(receipt).toMatch(/\S/);
    expect(outcome).toEqual({
      kind: "succeeded",
      providerRef: receipt,
      receipt,
      description: "Paid",
    });
    const body = disbursements("trf_airtelok01")[0]?.body as { payee: unknown; reference: string };
    expect(body.payee).toEqual({ msisdn: "733123456" });
    expect(body.reference).toBe("OneHop settlement pay_airtelrail");
    expect(sim.floatKes()).toBe(before - 1_500);
  });

  it("pays once for a repeated id: the second answer is the first transaction, mapped the same", async () => {
    const before = sim.floatKes();
    const first = await send("trf_airtelrepeat");
    const second = await send("trf_airtelrepeat");
    expect(first.kind).toBe("succeeded");
    expect(second).toEqual(first);
    expect(disbursements("trf_airtelrepeat")).toHaveLength(2);
    expect(sim.floatKes()).toBe(before - 1_500);
  });

  it.each([
    ["0733000001", "DP00800001007", /float is too low/],
    ["0733000002", "DP00800001010", /not registered for Airtel Money/],
  ])("rejects TF for %s with Airtel's code in the words, code null", async (phone, code, words) => {
    const before = sim.floatKes();
    const id = `trf_airteltf${phone.slice(-1)}`;
    const outcome = await send(id, phone);
    expect(outcome).toMatchObject({ kind: "rejected", code: null });
    const description = outcome.kind === "rejected" ? outcome.description : "";
    expect(description).toContain(code);
    expect(description).toMatch(words);
    expect(sim.floatKes()).toBe(before);
    // The same id again is the same refusal, and still pays nothing.
    expect(await send(id, phone)).toEqual(outcome);
    expect(sim.floatKes()).toBe(before);
  });

  it("rejects a wrong disbursement PIN (TF DP00800001002)", async () => {
    const wrongPin = airtelRail(
      createAirtelClient({
        baseUrl: sim.baseUrl,
        clientId: ID,
        clientSecret: SECRET,
        pin: { pin: "9999", publicKey: PUBLIC_PEM },
        timeoutMs: 2000,
        now: () => NOW,
      }),
    );
    const outcome = await wrongPin.send(input("trf_airtelpin01"));
    expect(outcome).toMatchObject({ kind: "rejected", code: null });
    expect(outcome.kind === "rejected" && outcome.description).toContain("DP00800001002");
  });

  it("accepts TA (ambiguous): the status query says pending, then succeeded with the receipt", async () => {
    const before = sim.floatKes();
    const outcome = await send("trf_airtelamb01", "0733000003");
    expect(outcome).toEqual({
      kind: "accepted",
      providerRef: sim.transaction("trf_airtelamb01")?.airtelMoneyId,
    });
    expect(await rail.queryStatus("trf_airtelamb01")).toEqual({ kind: "pending" });
    expect(await rail.queryStatus("trf_airtelamb01")).toEqual({
      kind: "succeeded",
      receipt: sim.transaction("trf_airtelamb01")?.airtelMoneyId,
      description: "Paid",
    });
    expect(sim.floatKes()).toBe(before - 1_500);
  });

  it("accepts TIP (in progress)", async () => {
    expect(await send("trf_airteltip01", "0733000006")).toEqual({
      kind: "accepted",
      providerRef: sim.transaction("trf_airteltip01")?.airtelMoneyId,
    });
    expect(await rail.queryStatus("trf_airteltip01")).toEqual({ kind: "pending" });
    expect(await rail.queryStatus("trf_airteltip01")).toMatchObject({ kind: "succeeded" });
  });

  it("throws RailUnavailableError on a timeout; the status query tells it paid, a re-send pays nothing more", async () => {
    const before = sim.floatKes();
    const error = await send("trf_airtelslow01", "0733000004").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailUnavailableError);
    expect(error).toMatchObject({ rail: "airtel-money" });
    const receipt = sim.transaction("trf_airtelslow01")?.airtelMoneyId;
    expect(await rail.queryStatus("trf_airtelslow01")).toEqual({
      kind: "succeeded",
      receipt,
      description: "Paid",
    });
    expect(await send("trf_airtelslow01", "0733000004")).toMatchObject({
      kind: "succeeded",
      receipt,
    });
    expect(sim.floatKes()).toBe(before - 1_500);
  });

  it("throws RailUnavailableError on a timeout; the status query tells it failed, with the code", async () => {
    await expect(send("trf_airtelslow02", "0733000005")).rejects.toBeInstanceOf(
      RailUnavailableError,
    );
    const status = await rail.queryStatus("trf_airtelslow02");
    expect(status).toMatchObject({ kind: "failed", code: null });
    expect(status.kind === "failed" && status.description).toContain("DP00800001024");
  });

  it("throws RailUnavailableError when the request never arrives; not found stays pending", async () => {
    await expect(send("trf_airtellost01", "0733000007")).rejects.toBeInstanceOf(
      RailUnavailableError,
    );
    expect(sim.transaction("trf_airtellost01")).toBeUndefined();
    expect(await rail.queryStatus("trf_airtellost01")).toEqual({ kind: "pending" });
    expect(await rail.queryStatus("trf_airtelnever1")).toEqual({ kind: "pending" });
  });

  it("throws RailUnavailableError when Airtel cannot be reached, for a send and a status query", async () => {
    const unreachable = railFor({ baseUrl: "http://127.0.0.1:9", timeoutMs: 2000 });
    await expect(unreachable.send(input("trf_airteldown1"))).rejects.toBeInstanceOf(
      RailUnavailableError,
    );
    await expect(unreachable.queryStatus("trf_airteldown1")).rejects.toBeInstanceOf(
      RailUnavailableError,
    );
  });

  it("rejects Airtel's 4xx (bad credentials) for good; a status query that is refused throws", async () => {
    const refused = railFor({ clientSecret: "wrong" });
    const outcome = await refused.send(input("trf_airtel401a"));
    expect(outcome).toMatchObject({ kind: "rejected", code: null });
    expect(outcome.kind === "rejected" && outcome.description).toMatch(/HTTP 401/);
    expect(sim.transaction("trf_airtel401a")).toBeUndefined();
    await expect(refused.queryStatus("trf_airtelok01")).rejects.toBeInstanceOf(
      RailUnavailableError,
    );
  });

  it("rejects before any request what Airtel can never pay", async () => {
    const before = sim.requests.length;
    const rejected = { kind: "rejected", code: null, description: expect.stringMatching(/\S/) };
    // A Safaricom number, a Telkom number, not a phone, a bank account, part of a shilling.
    expect(await send("trf_airtelsaf01", "0712345678")).toEqual(rejected);
    expect(await send("trf_airtelsaf01", "0712345678")).toMatchObject({
      description: expect.stringMatching(/not an Airtel Money Kenya number/),
    });
    expect(await send("trf_airteltel01", "0771234567")).toEqual(rejected);
    expect(await send("trf_airtelbad01", "12345")).toEqual(rejected);
    expect(
      await rail.send({
        ...input("trf_airtelbank1"),
        destination: {
          kind: "bank_account",
          bankCode: "68",
          accountNumber: "1450160649886",
          accountName: "Duka",
        },
      }),
    ).toEqual(rejected);
    expect(await send("trf_airteldec01", "0733123456", 10.5)).toEqual(rejected);
    expect(sim.requests.length).toBe(before);
  });
});
