/**
 * Issue 28: the PesaLink simulator reads its transfers through the database store and keeps the
 * source balance as a running total. Restarted on a store with thousands of transfers it reads
 * none at start, still answers the status query for an old one, and reports the same balance.
 */
import { generateKeyPairSync } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  balanceSignatureText,
  signText,
  statusSignatureText,
} from "~/core/providers/pesalink/signature.server";
import { BALANCE_PATH, STATUS_PATH } from "~/core/providers/pesalink/types";
import {
  createDbSimulatorStore,
  openSimulatorDatabase,
  type SimulatorStore,
} from "../store.server";
import { startPesalinkSimulator, type PesalinkSimulator } from "./index.server";
import type { SimulatedTransfer } from "./types";
import { probeSimulatorStore } from "../../../tests/setup/simulator-store";

const merchant = generateKeyPairSync("rsa", { modulusLength: 2048 });
const bank = generateKeyPairSync("rsa", { modulusLength: 2048 });
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const TOKEN = "/authentication/api/v3/authenticate/merchant";
let running: PesalinkSimulator[] = [];
const databases: { close(): void }[] = [];
afterEach(async () => {
  await Promise.all(running.map((sim) => sim.close()));
  running = [];
});
afterAll(() => databases.forEach((database) => database.close()));

/** A database store of its own, counting its paged reads; `load()` (read everything) throws. */
function probedStore() {
  const sims = openSimulatorDatabase(":memory:");
  databases.push(sims);
  const store = createDbSimulatorStore(sims, "pesalink", () => NOW);
  return { store, ...probeSimulatorStore(store) };
}

const transfer = (n: number, state: SimulatedTransfer["state"]): SimulatedTransfer => ({
  reference: `OLD${String(n).padStart(6, "0")}`,
  transactionId: String(1_000_000_000 + n),
  bankCode: "01",
  accountNumber: "1234567890",
  sentName: "A N Other",
  accountName: state === "FAILED" ? undefined : "JOHN DOE",
  amountKes: 100,
  state,
  code: state === "FAILED" ? 104101 : 0,
  message: "old",
  pendingQueries: 0,
  at: NOW - 1_000_000 + n,
});

/** `count` transfers, every tenth failed; the KES they took off the source account. */
function fill(store: SimulatorStore, count: number): { spentKes: number; payments: number } {
  let spentKes = 0;
  let payments = 0;
  for (let n = 0; n < count; n++) {
    const t = transfer(n, n % 10 === 0 ? "FAILED" : "SUCCESS");
    store.save("tx", t.reference, t);
    if (t.state !== "SUCCESS") continue;
    spentKes += t.amountKes;
    payments += 1;
  }
  return { spentKes, payments };
}

async function start(store: SimulatorStore) {
  const sim = await startPesalinkSimulator({
    apiKey: "k",
    merchantCode: "m",
    consumerSecret: "s",
    clientPublicKey: merchant.publicKey,
    bankPrivateKey: bank.privateKey,
    sourceBalanceKes: 1_000_000,
    now: () => NOW,
    store,
  });
  running.push(sim);
  return sim;
}

async function signedGet(sim: PesalinkSimulator, path: string, signed: string) {
  const auth = await fetch(`${sim.baseUrl}${TOKEN}`, {
    method: "POST",
    headers: { "content-type": "application/json", "Api-Key": "k" },
    body: JSON.stringify({ merchantCode: "m", consumerSecret: "s" }),
  });
  const { accessToken } = (await auth.json()) as { accessToken: string };
  const response = await fetch(`${sim.baseUrl}${path}`, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      signature: signText(signed, merchant.privateKey),
    },
  });
  return (await response.json()) as { data: Record<string, unknown> };
}

const balanceOf = async (sim: PesalinkSimulator) =>
  (
    await signedGet(
      sim,
      `${BALANCE_PATH}/KE/0170199740087`,
      balanceSignatureText("KE", "0170199740087"),
    )
  ).data;

describe("the PesaLink simulator on a big store", () => {
  it("starts without reading its transfers, answers for an old one, and keeps the balance", async () => {
    const { store, probed, calls } = probedStore();
    const count = 3_000;
    const totals = fill(store, count);
    store.save("totals", "source", totals);

    const sim = await start(probed);
    expect(calls).toEqual({ get: 1, page: 0, matching: 0 });
    expect(sim.sourceBalanceKes()).toBe(1_000_000 - totals.spentKes);
    const old = await signedGet(sim, `${STATUS_PATH}/OLD000017`, statusSignatureText("OLD000017"));
    expect(old.data).toMatchObject({ transactionReference: "OLD000017", state: "Completed" });
    expect(sim.paidCount("OLD000017")).toBe(1);
    expect(sim.paidCount("OLD000010")).toBe(0);
    expect(await balanceOf(sim)).toMatchObject({
      balances: [{ amount: (1_000_000 - totals.spentKes).toFixed(2), type: "Available" }, {}],
    });
    const state = (await fetch(`${sim.baseUrl}/__sim/state`).then((r) => r.json())) as Record<
      string,
      unknown
    >;
    expect(state).toMatchObject({ transfers: count, payments: totals.payments });
    expect(calls.page).toBe(0);
    expect(calls.get).toBeLessThanOrEqual(5);
  });

  it("counts the totals once, a page at a time, in a store from before they were kept", async () => {
    const { store, probed, calls } = probedStore();
    const count = 1_200;
    const totals = fill(store, count);
    const pending = { ...transfer(count, "PENDING"), reference: "OLDPENDING" };
    store.save("tx", pending.reference, pending);

    const first = await start(probed);
    expect(calls.page).toBe(Math.ceil((count + 1) / 500));
    expect(first.sourceBalanceKes()).toBe(1_000_000 - totals.spentKes - pending.amountKes);
    // The pending transfer settles: a payment more, the balance as it was.
    const settled = await signedGet(
      first,
      `${STATUS_PATH}/OLDPENDING`,
      statusSignatureText("OLDPENDING"),
    );
    expect(settled.data).toMatchObject({ state: "Completed" });
    expect(first.paidCount("OLDPENDING")).toBe(1);
    await first.close();

    const before = calls.page;
    const again = await start(probed);
    expect(calls.page).toBe(before);
    expect(again.sourceBalanceKes()).toBe(1_000_000 - totals.spentKes - pending.amountKes);
    expect(again.paidCount("OLDPENDING")).toBe(1);
    const state = (await fetch(`${again.baseUrl}/__sim/state`).then((r) => r.json())) as Record<
      string,
      unknown
    >;
    expect(state).toMatchObject({ transfers: count + 1, payments: totals.payments + 1 });
  });
});
