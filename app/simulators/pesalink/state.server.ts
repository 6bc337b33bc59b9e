/**
 * The PesaLink simulator's state: configured destination accounts, issued tokens, transfers by
 * reference and what moved money (how many payments, and how much left our source account). With
 * `options.store` transfers are saved as they change, with the running totals, so a restart
 * forgets none of it.
 *
 * The transfers are read through the store (`StoredMap`, issue 28): those made by this process and
 * still pending stay in memory, the rest are read when asked (the status query), with a bounded
 * cache; nothing reads them all at start. The source balance is the opening balance less a running
 * total kept in one record (a store from before that record has it from its transfers, read once a
 * page at a time).
 */
import { loadUnlessPaged, readRecord, StoredMap } from "../stored-map.server";
import {
  pesalinkSimOutcomes,
  type PesalinkSimulatorOptions,
  type SimAccount,
  type SimulatedTransfer,
} from "./types";

export interface PesalinkState {
  readonly accounts: Map<string, SimAccount>;
  setAccount(accountNumber: string, account: SimAccount | null): void;
  /** Issued tokens and when each expires (epoch ms). */
  readonly tokens: Map<string, number>;
  /** By reference, read through the store. */
  readonly transfers: StoredMap<SimulatedTransfer>;
  /** How many payments were made (transfers that moved money), in all. */
  paymentsCount(): number;
  /** Times money moved for one reference (1 at most, unless the simulator is wrong). */
  paidCount(reference: string): number;
  /** Keep a new or changed transfer; `paid` when this change moved the money. */
  record(transfer: SimulatedTransfer, paid: boolean): void;
  /** The opening balance less every transfer not failed (a running total, kept across restarts). */
  sourceBalanceKes(): number;
  /** Money received on the account (an incoming credit): added to its balance. */
  receive(kes: number): void;
  /** Added to the reported balance (cents, signed; 0: none). Not stored. */
  driftCents(): number;
  setDriftCents(cents: number): void;
}

/** The running totals: KES taken off the source account (every transfer not failed), payments. */
interface Totals {
  spentKes: number;
  payments: number;
}
const TOTALS = ["totals", "source"] as const;

export function loadPesalinkState(
  options: Pick<PesalinkSimulatorOptions, "accounts" | "store" | "sourceBalanceKes">,
): PesalinkState {
  const openingKes = options.sourceBalanceKes ?? 50_000_000;
  const store = options.store;
  const loaded = loadUnlessPaged(store);
  let driftCents = 0;
  const accounts = new Map<string, SimAccount>();
  const transfers = new StoredMap<SimulatedTransfer>(store, "tx", {
    pin: (transfer) => transfer.state === "PENDING",
  });
  transfers.restore(loaded);
  /** Times money moved for the transfers paid by this process (others: 1 if SUCCESS). */
  const paidHere = new Map<string, number>();
  const totals: Totals = readRecord<Totals>(store, loaded, ...TOTALS) ?? countTotals();
  const saveTotals = () => store?.save(...TOTALS, totals);

  /** The totals of a store from before they were kept (or a new one), once, a page at a time. */
  function countTotals(): Totals {
    const counted = { spentKes: 0, payments: 0 };
    for (const transfer of transfers.values()) {
      if (transfer.state !== "FAILED") counted.spentKes += transfer.amountKes;
      if (transfer.state === "SUCCESS") counted.payments += 1;
    }
    store?.save(...TOTALS, counted);
    return counted;
  }

  function setAccount(accountNumber: string, account: SimAccount | null) {
    if (account === null) return void accounts.delete(accountNumber);
    if (account.outcome !== undefined && !pesalinkSimOutcomes.includes(account.outcome))
      throw new Error(`Unknown outcome ${String(account.outcome)}`);
    accounts.set(accountNumber, { ...account });
  }
  for (const [number, account] of Object.entries(options.accounts ?? {}))
    setAccount(number, account);

  return {
    accounts,
    setAccount,
    tokens: new Map(),
    transfers,
    paymentsCount: () => totals.payments,
    paidCount: (reference) =>
      paidHere.get(reference) ?? (transfers.get(reference)?.state === "SUCCESS" ? 1 : 0),
    record(transfer, paid) {
      // Only a new transfer changes the balance: a change of state never crosses between failed
      // and not failed (a pending transfer, already counted, settles as a success).
      const added = !transfers.has(transfer.reference);
      transfers.set(transfer.reference, transfer);
      if (added && transfer.state !== "FAILED") totals.spentKes += transfer.amountKes;
      if (paid) {
        totals.payments += 1;
        paidHere.set(transfer.reference, (paidHere.get(transfer.reference) ?? 0) + 1);
      }
      store?.save("tx", transfer.reference, transfer);
      if (added || paid) saveTotals();
    },
    sourceBalanceKes: () => openingKes - totals.spentKes,
    receive(kes) {
      totals.spentKes -= kes;
      saveTotals();
    },
    driftCents: () => driftCents,
    setDriftCents(cents) {
      driftCents = cents;
    },
  };
}
