/**
 * PesaLink behind the rail contract, against the PesaLink (Jenga-style) simulator over HTTP (no
 * mocks), each outcome chosen by the simulator's per-account behaviour: success is `succeeded`
 * with the bank's transaction id, an unknown account or a limit is `rejected` with the bank's code
 * in the words, pending is `accepted` and the status query resolves it, no answer is
 * `RailUnavailableError` (then the status query tells), a repeated id pays once, and what the
 * client refuses is rejected before any request.
 */
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPesalinkClient } from "~/core/providers/pesalink/client.server";
import { startPesalinkSimulator, type PesalinkSimulator } from "~/simulators/pesalink/index.server";
import { pesalinkRail, pesalinkReference } from "./pesalink.server";
import { RailUnavailableError, type PayoutRail, type RailSendInput } from "./types";

const keys = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = keys();
const bank = keys();
const NOW = Date.UTC(2026, 10, 26, 9, 0);
const CREDS = { apiKey: "rail-api-key", merchantCode: "1835512942", consumerSecret: "rail-secret" };
const SOURCE = { name: "OneHop Ltd", accountNumber: "0170199740087" };
const TRANSFER_PATH = "/v3-apis/transaction-api/v3.0/remittance/pesalinkacc";

/** Equity (68) account numbers have 13 digits; each one behaves as the simulator is told. */
const ACCOUNTS = {
  ok: "1450160649886",
  unknown: "1450160600001",
  ambiguous: "1450160600002",
  timeout: "1450160600003",
  down: "1450160600004",
  small: "1450160600005",
};

let sim: PesalinkSimulator;
let rail: PayoutRail;
const railFor = (options: { baseUrl?: string; consumerSecret?: string; timeoutMs?: number } = {}) =>
  pesalinkRail(
    createPesalinkClient({
      baseUrl: options.baseUrl ?? sim.baseUrl,
      ...CREDS,
      consumerSecret: options.consumerSecret ?? CREDS.consumerSecret,
      privateKey: merchant.privateKey,
      sourceAccountNumber: SOURCE.accountNumber,
      sourceName: SOURCE.name,
      // Short: the "timeout" account never answers.
      timeoutMs: options.timeoutMs ?? 300,
      now: () => NOW,
    }),
    SOURCE,
  );

beforeAll(async () => {
  sim = await startPesalinkSimulator({
    ...CREDS,
    clientPublicKey: merchant.publicKey,
    bankPrivateKey: bank.privateKey,
    now: () => NOW,
    seed: 11,
    accounts: {
      [ACCOUNTS.ok]: { name: "AMINA WANJIRU" },
      [ACCOUNTS.unknown]: { outcome: "unknown-account" },
      [ACCOUNTS.ambiguous]: { name: "DUKA LA MAMA", outcome: "ambiguous", pendingQueries: 1 },
      [ACCOUNTS.timeout]: { name: "PETER OTIENO", outcome: "timeout" },
      [ACCOUNTS.down]: { outcome: "bank-down" },
      [ACCOUNTS.small]: { name: "JANE WANJIKU", limitKes: 1_000 },
    },
  });
});
afterAll(() => sim.close());
beforeEach(() => {
  rail = railFor();
});

const input = (
  transferId: string,
  accountNumber = ACCOUNTS.ok,
  overrides: { bankCode?: string; amountKes?: number } = {},
): RailSendInput => ({
  transferId,
  destination: {
    kind: "bank_account",
    bankCode: overrides.bankCode ?? "68",
    accountNumber,
    accountName: "Amina Wanjiru",
  },
  amountKes: overrides.amountKes ?? 1_500,
  remarks: "OneHop settlement pay_pesalinkrail",
  reference: "pay_pesalinkrail",
});
const send = (...args: Parameters<typeof input>) => rail.send(input(...args));
const transfersSent = (transferId: string) =>
  sim.requests.filter(
    (r) =>
      r.path === TRANSFER_PATH &&
      (r.body as { transfer?: { reference?: string } }).transfer?.reference ===
        pesalinkReference(transferId),
  );

describe("the PesaLink rail: send", () => {
  it("pays at once with our id as the reference: succeeded, receipt = the bank's transaction id", async () => {
    const outcome = await send("trf_plinkok01");
    expect(pesalinkReference("trf_plinkok01")).toBe("trfplinkok01");
    const receipt = sim.transfer("trfplinkok01")?.transactionId;
    expect(receipt).toMatch(/^\d+$/);
    expect(outcome).toEqual({
      kind: "succeeded",
      providerRef: receipt,
      receipt,
      description: "Paid to AMINA WANJIRU",
    });
    const body = transfersSent("trf_plinkok01")[0]?.body as {
      source: unknown;
      destination: { bankCode: string; accountNumber: string; name: string };
      transfer: { amount: string; description: string };
    };
    expect(body.source).toEqual({ countryCode: "KE", ...SOURCE });
    expect(body.destination).toMatchObject({
      bankCode: "68",
      accountNumber: ACCOUNTS.ok,
      name: "Amina Wanjiru",
    });
    expect(body.transfer).toMatchObject({
      amount: "1500",
      description: "OneHop settlement pay_pesalinkrail",
    });
    expect(sim.paidCount("trfplinkok01")).toBe(1);
  });

  it("pays once for a repeated id: the bank refuses the repeat, and the first transfer's result stands", async () => {
    const first = await send("trf_plinkrepeat");
    const second = await send("trf_plinkrepeat");
    expect(first.kind).toBe("succeeded");
    expect(second).toEqual(first);
    expect(transfersSent("trf_plinkrepeat").map((r) => r.status)).toEqual([200, 409]);
    expect(sim.paidCount("trfplinkrepeat")).toBe(1);
  });

  it("rejects an unknown account with the bank's code in the words, code null; the repeat and the status query agree", async () => {
    const outcome = await send("trf_plinkunknown", ACCOUNTS.unknown);
    expect(outcome).toMatchObject({ kind: "rejected", code: null });
    expect(outcome.kind === "rejected" && outcome.description).toMatch(
      /no such account.*\(PesaLink 104101\)/,
    );
    expect(await send("trf_plinkunknown", ACCOUNTS.unknown)).toEqual(outcome);
    const status = await rail.queryStatus("trf_plinkunknown");
    expect(status).toMatchObject({ kind: "failed", code: null });
    expect(status.kind === "failed" && status.description).toContain("(PesaLink 104101)");
    expect(sim.paidCount("trfplinkunknown")).toBe(0);
  });

  it("rejects an amount above the account's own limit (104103)", async () => {
    const outcome = await send("trf_plinklimit1", ACCOUNTS.small, { amountKes: 5_000 });
    expect(outcome).toMatchObject({ kind: "rejected", code: null });
    expect(outcome.kind === "rejected" && outcome.description).toContain("PesaLink 104103");
  });

  it("accepts pending: the status query says pending, then succeeded with the receipt; a repeat meanwhile is a duplicate", async () => {
    const outcome = await send("trf_plinkamb01", ACCOUNTS.ambiguous);
    const receipt = sim.transfer("trfplinkamb01")?.transactionId;
    expect(outcome).toEqual({ kind: "accepted", providerRef: receipt });
    // The repeat's status query uses up the one pending answer.
    expect(await send("trf_plinkamb01", ACCOUNTS.ambiguous)).toEqual({ kind: "duplicate" });
    expect(await rail.queryStatus("trf_plinkamb01")).toEqual({
      kind: "succeeded",
      receipt,
      description: "Paid to DUKA LA MAMA",
    });
    expect(sim.paidCount("trfplinkamb01")).toBe(1);
  });

  it("says pending while the bank still works on it", async () => {
    await send("trf_plinkamb02", ACCOUNTS.ambiguous);
    expect(await rail.queryStatus("trf_plinkamb02")).toEqual({ kind: "pending" });
    expect(await rail.queryStatus("trf_plinkamb02")).toMatchObject({ kind: "succeeded" });
  });

  it("throws RailUnavailableError on a timeout; the status query tells it paid, a re-send pays nothing more", async () => {
    const error = await send("trf_plinkslow01", ACCOUNTS.timeout).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RailUnavailableError);
    expect(error).toMatchObject({ rail: "pesalink" });
    const receipt = sim.transfer("trfplinkslow01")?.transactionId;
    expect(await rail.queryStatus("trf_plinkslow01")).toEqual({
      kind: "succeeded",
      receipt,
      description: "Paid to PETER OTIENO",
    });
    expect(await send("trf_plinkslow01", ACCOUNTS.timeout)).toMatchObject({
      kind: "succeeded",
      receipt,
    });
    expect(sim.paidCount("trfplinkslow01")).toBe(1);
  });

  it("throws RailUnavailableError when the bank answers 503; nothing recorded, not found stays pending", async () => {
    await expect(send("trf_plinkdown01", ACCOUNTS.down)).rejects.toBeInstanceOf(
      RailUnavailableError,
    );
    expect(sim.transfer("trfplinkdown01")).toBeUndefined();
    expect(await rail.queryStatus("trf_plinkdown01")).toEqual({ kind: "pending" });
  });

  it("throws RailUnavailableError when the bank cannot be reached, for a send and a status query", async () => {
    const unreachable = railFor({ baseUrl: "http://127.0.0.1:9", timeoutMs: 2000 });
    await expect(unreachable.send(input("trf_plinkgone01"))).rejects.toBeInstanceOf(
      RailUnavailableError,
    );
    await expect(unreachable.queryStatus("trf_plinkgone01")).rejects.toBeInstanceOf(
      RailUnavailableError,
    );
  });

  it("rejects the bank's 4xx (bad credentials) for good; a status query that is refused throws", async () => {
    const refused = railFor({ consumerSecret: "wrong" });
    const outcome = await refused.send(input("trf_plink401a"));
    expect(outcome).toMatchObject({ kind: "rejected", code: null });
    expect(outcome.kind === "rejected" && outcome.description).toMatch(/HTTP 401/);
    expect(sim.transfer("trfplink401a")).toBeUndefined();
    await expect(refused.queryStatus("trf_plinkok01")).rejects.toBeInstanceOf(RailUnavailableError);
  });

  it("rejects before any request what the client refuses, and a phone number", async () => {
    const before = sim.requests.length;
    const rejected = { kind: "rejected", code: null, description: expect.stringMatching(/\S/) };
    expect(await send("trf_plinkbank01", ACCOUNTS.ok, { bankCode: "99" })).toEqual(rejected);
    expect(await send("trf_plinkbank02", "14501606")).toMatchObject({
      ...rejected,
      description: expect.stringMatching(/13 digits/),
    });
    expect(await send("trf_plinkbank03", "14501606ABCDE")).toEqual(rejected);
    expect(await send("trf_plinkamt01", ACCOUNTS.ok, { amountKes: 9 })).toEqual(rejected);
    expect(await send("trf_plinkamt02", ACCOUNTS.ok, { amountKes: 1_000_000 })).toEqual(rejected);
    expect(await send("trf_plinkamt03", ACCOUNTS.ok, { amountKes: 10.5 })).toEqual(rejected);
    expect(
      await rail.send({
        ...input("trf_plinkphone1"),
        destination: { kind: "msisdn", phone: "0712345678" },
      }),
    ).toEqual(rejected);
    expect(sim.requests.length).toBe(before);
  });
});
