/**
 * T-Kash behind the rail contract, against the aggregator simulator over HTTP: accepted with our
 * id, the same id again answered from the first payout, a non-phone or non-Telkom destination and a
 * failed payout rejected for good, no answer is `RailUnavailableError`, and the status query maps
 * pending / not found / succeeded / failed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTkashClient } from "~/core/providers/tkash/client.server";
import { startTkashSimulator, type TkashSimulator } from "~/simulators/tkash/index.server";
import { tkashNarration, tkashRail } from "./tkash.server";
import { RailUnavailableError, type PayoutRail } from "./types";

let sim: TkashSimulator;
let rail: PayoutRail;
const now = () => Date.UTC(2026, 10, 26, 9, 0);
const keys = { apiKey: "tk", apiSecret: "tk-secret" };
const clientFor = (baseUrl: string) =>
  createTkashClient({
    baseUrl,
    ...keys,
    callbackUrl: "http://127.0.0.1:9/cb",
    timeoutMs: 2000,
    now,
  });

beforeAll(async () => {
  sim = await startTkashSimulator({
    ...keys,
    now,
    numbers: {
      "254770000002": { outcome: "unregistered" },
      "254770000003": { outcome: "insufficient-float" },
      "254770000004": { outcome: "pending", pendingQueries: 1 },
      "254770000006": { outcome: "unavailable" },
    },
  });
  rail = tkashRail(clientFor(sim.baseUrl));
});
afterAll(() => sim.close());

const send = (transferId: string, phone: string) =>
  rail.send({
    transferId,
    destination: { kind: "msisdn", phone },
    amountKes: 1_500,
    remarks: "OneHop settlement: pay_123",
    reference: "pay_123",
  });

describe("the T-Kash rail", () => {
  it("sends with our id and is accepted; the same id again gives the first payout's result", async () => {
    expect(rail.id).toBe("t-kash");
    expect(await send("trf_tkrail01", "0770 000 001")).toEqual({
      kind: "accepted",
      providerRef: null,
    });
    expect(sim.payout("trf_tkrail01")).toMatchObject({ narration: "OneHop settlement pay" });
    expect(await send("trf_tkrail01", "0770000001")).toEqual({
      kind: "succeeded",
      providerRef: expect.stringMatching(/^TK/),
      receipt: expect.stringMatching(/^TK/),
      description: "Paid to T-Kash",
    });
    await send("trf_tkrail02", "0770000004");
    expect(await send("trf_tkrail02", "0770000004")).toEqual({ kind: "duplicate" });
    expect(sim.paidCount("trf_tkrail01")).toBe(1);
  });

  it("rejects before any call what T-Kash cannot pay: a bank account, another network, not a phone", async () => {
    const before = sim.requests.length;
    const bank = await rail.send({
      transferId: "trf_tkrail03",
      destination: {
        kind: "bank_account",
        bankCode: "68",
        accountNumber: "0123",
        accountName: "Duka",
      },
      amountKes: 1_500,
      remarks: "x",
    });
    expect(bank).toMatchObject({ kind: "rejected", code: null });
    expect(await send("trf_tkrail04", "0712345678")).toMatchObject({
      kind: "rejected",
      description: expect.stringContaining("not a Telkom Kenya number"),
    });
    expect(await send("trf_tkrail05", "12345")).toMatchObject({ kind: "rejected", code: null });
    expect(sim.requests.length).toBe(before);
  });

  it("rejects a payout the aggregator refuses, with its code in the description", async () => {
    expect(await send("trf_tkrail06", "0770000003")).toEqual({
      kind: "rejected",
      code: null,
      description: expect.stringContaining("(T-Kash INSUFFICIENT_BALANCE)"),
    });
  });

  it("throws RailUnavailableError when the aggregator gives no usable answer", async () => {
    await expect(send("trf_tkrail07", "0770000006")).rejects.toBeInstanceOf(RailUnavailableError);
    const unreachable = tkashRail(clientFor("http://127.0.0.1:9"));
    await expect(
      unreachable.send({
        transferId: "trf_tkrail07",
        destination: { kind: "msisdn", phone: "0770000001" },
        amountKes: 10,
        remarks: "x",
      }),
    ).rejects.toMatchObject({ name: "RailUnavailableError", rail: "t-kash" });
    await expect(unreachable.queryStatus("trf_tkrail01")).rejects.toBeInstanceOf(
      RailUnavailableError,
    );
  });

  it("maps the status query: pending, not found (pending), succeeded, failed", async () => {
    await send("trf_tkrail08", "0770000004");
    expect(await rail.queryStatus("trf_tkrail08")).toEqual({ kind: "pending" });
    expect(await rail.queryStatus("trf_tkrail08")).toMatchObject({ kind: "succeeded" });
    expect(await rail.queryStatus("trf_tkrail_none")).toEqual({ kind: "pending" });
    await send("trf_tkrail09", "0770000002");
    expect(await rail.queryStatus("trf_tkrail09")).toEqual({
      kind: "failed",
      code: null,
      description: expect.stringContaining("(T-Kash RECIPIENT_NOT_FOUND)"),
    });
  });

  it("makes a narration the aggregator takes out of any remarks", () => {
    expect(tkashNarration("Settlement – Duka & Co. #42")).toBe("Settlement Duka Co 42");
    expect(tkashNarration("!!!")).toBe("OneHop payout");
    expect(tkashNarration("a".repeat(40))).toHaveLength(22);
  });
});
