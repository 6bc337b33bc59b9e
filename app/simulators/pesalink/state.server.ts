/**
 * The PesaLink simulator's state: configured destination accounts, issued tokens, transfers by
 * reference and the log of money actually moved (one entry per payment, so a double payment shows).
 * With `options.store` transfers are saved as they change and loaded at start.
 */
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
  readonly transfers: Map<string, SimulatedTransfer>;
  /** References of the payments made, in order. */
  readonly payments: string[];
  /** Keep a new or changed transfer; `paid` when this change moved the money. */
  record(transfer: SimulatedTransfer, paid: boolean): void;
  /** The opening balance less every transfer not failed (derived, so it survives a restart). */
  sourceBalanceKes(): number;
  /** Added to the reported balance (cents, signed; 0: none). Not stored. */
  driftCents(): number;
  setDriftCents(cents: number): void;
}

export function loadPesalinkState(
  options: Pick<PesalinkSimulatorOptions, "accounts" | "store" | "sourceBalanceKes">,
): PesalinkState {
  const openingKes = options.sourceBalanceKes ?? 50_000_000;
  let driftCents = 0;
  const accounts = new Map<string, SimAccount>();
  const transfers = new Map<string, SimulatedTransfer>();
  const payments: string[] = [];
  for (const record of options.store?.load() ?? []) {
    if (record.kind !== "tx") continue;
    const transfer = JSON.parse(record.body) as SimulatedTransfer;
    transfers.set(transfer.reference, transfer);
    if (transfer.state === "SUCCESS") payments.push(transfer.reference);
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
    payments,
    record(transfer, paid) {
      transfers.set(transfer.reference, transfer);
      if (paid) payments.push(transfer.reference);
      options.store?.save("tx", transfer.reference, transfer);
    },
    sourceBalanceKes() {
      let kes = openingKes;
      for (const transfer of transfers.values())
        if (transfer.state !== "FAILED") kes -= transfer.amountKes;
      return kes;
    },
    driftCents: () => driftCents,
    setDriftCents(cents) {
      driftCents = cents;
    },
  };
}
