/**
 * M-Pesa B2C behind the rail contract, against the Daraja simulator over HTTP: a send is accepted
 * with M-Pesa's conversation id, the same id again is a duplicate (the first request stands), input
 * M-Pesa refuses and a bank destination are rejected for good, no answer is `RailUnavailableError`
 * (send again later with the same id), and a status question is asked (answered by callback).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDarajaSimulator, type DarajaSimulator } from "~/simulators/daraja/index.server";
import {
  mpesaCallbackUrls,
  TEST_DARAJA_KEYS,
  testDarajaClient,
} from "../../../tests/setup/payments";
import { mpesaRail } from "./mpesa.server";
import { RailUnavailableError, type PayoutRail } from "./types";

let sim: DarajaSimulator;
let rail: PayoutRail;
const now = () => Date.UTC(2026, 10, 26, 9, 0);
const urls = mpesaCallbackUrls("http://127.0.0.1:9", "token");

beforeAll(async () => {
  sim = await startDarajaSimulator({ ...TEST_DARAJA_KEYS, callbackDelayMs: 0, seed: 3, now });
  rail = mpesaRail(testDarajaClient(sim.baseUrl, { urls, now }));
});
afterAll(() => sim.close());

const send = (transferId: string, phone = "0712345678") =>
  rail.send({
    transferId,
    destination: { kind: "msisdn", phone },
    amountKes: 1_500,
    remarks: "OneHop settlement",
    reference: "pay_test",
  });

describe("the M-Pesa rail", () => {
  it("sends with our id and is accepted; the same id again is a duplicate", async () => {
    const first = await send("trf_mpesarail01");
    expect(first).toEqual({ kind: "accepted", providerRef: expect.stringMatching(/\S/) });
    expect(await send("trf_mpesarail01")).toEqual({ kind: "duplicate" });
    const b2c = sim.requests.filter((r) => r.path.includes("b2c"));
    expect(b2c).toHaveLength(2);
  });

  it("rejects for good what M-Pesa cannot pay: a bank account, a number that is not a phone", async () => {
    const before = sim.requests.length;
    expect(
      await rail.send({
        transferId: "trf_mpesarail02",
        destination: {
          kind: "bank_account",
          bankCode: "68",
          accountNumber: "0123456789",
          accountName: "Duka",
        },
        amountKes: 1_500,
        remarks: "x",
      }),
    ).toMatchObject({ kind: "rejected", code: null });
    expect(await send("trf_mpesarail03", "12345")).toMatchObject({ kind: "rejected" });
    expect(sim.requests.length).toBe(before);
  });

  it("throws RailUnavailableError when M-Pesa gives no usable answer", async () => {
    const unreachable = mpesaRail(testDarajaClient("http://127.0.0.1:9", { urls, now }));
    await expect(
      unreachable.send({
        transferId: "trf_mpesarail04",
        destination: { kind: "msisdn", phone: "0712345678" },
        amountKes: 1_500,
        remarks: "x",
      }),
    ).rejects.toBeInstanceOf(RailUnavailableError);
    await expect(unreachable.queryStatus("trf_mpesarail04")).rejects.toBeInstanceOf(
      RailUnavailableError,
    );
  });

  it("asks for the status of a sent transfer: the answer comes by callback", async () => {
    expect(await rail.queryStatus("trf_mpesarail01")).toEqual({ kind: "asked" });
    expect(sim.requests.some((r) => r.path.includes("transactionstatus"))).toBe(true);
  });
});
