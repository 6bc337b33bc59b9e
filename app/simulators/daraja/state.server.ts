/**
 * The Daraja simulator's state: the B2C float, per-phone outcome overrides, issued tokens and the
 * transactions M-Pesa accepted (by originator, conversation and receipt). With `options.store` the
 * transactions and the float are written as they change and loaded at start, so after a restart the
 * duplicate check and the status query still know every transfer, as M-Pesa would.
 */
import { normalizeKenyanMsisdn } from "~/core/providers/daraja/msisdn";
import {
  darajaSimOutcomes,
  type DarajaSimOutcome,
  type DarajaSimulatorOptions,
  type SimulatedTransaction,
} from "./types";

export interface DarajaState {
  floatKes(): number;
  setFloat(kes: number): void;
  /**
   * Added to the Utility Account the balance query reports (cents, signed), so a test can make the
   * reported float disagree with what was paid. 0: none. Not stored.
   */
  driftCents(): number;
  setDriftCents(cents: number): void;
  /** Take a paid amount off the float (not saved: `record` saves it with the transaction). */
  debitFloat(kes: number): void;
  /**
   * What the Charges Paid Account has paid in B2C charges (KES, positive): M-Pesa takes each B2C
   * payment's charge there, not from the Utility Account, so that account's balance is the negative
   * of this. Kept with the float.
   */
  chargesPaidKes(): number;
  /** Add one payment's charge (not saved: `record` saves it with the transaction). */
  debitCharge(kes: number): void;
  readonly overrides: Map<string, DarajaSimOutcome>;
  /** Outcome for one phone number (any Kenyan form); null removes the override. */
  setOutcome(phone: string, outcome: DarajaSimOutcome | null): void;
  /** Issued tokens and when each expires (epoch ms). */
  readonly tokens: Map<string, number>;
  readonly byOriginator: Map<string, SimulatedTransaction>;
  readonly byConversation: Map<string, SimulatedTransaction>;
  readonly byReceipt: Map<string, SimulatedTransaction>;
  /** Keep an accepted transaction (and the float after it). */
  record(transaction: SimulatedTransaction): void;
}

export function loadDarajaState(
  options: Pick<DarajaSimulatorOptions, "floatKes" | "store">,
): DarajaState {
  let floatKes = options.floatKes ?? 5_000_000;
  let driftCents = 0;
  let chargesPaidKes = 0;
  const overrides = new Map<string, DarajaSimOutcome>();
  const tokens = new Map<string, number>();
  const byOriginator = new Map<string, SimulatedTransaction>();
  const byConversation = new Map<string, SimulatedTransaction>();
  const byReceipt = new Map<string, SimulatedTransaction>();

  // A stored simulator remembers what it accepted (and its float) across restarts.
  const store = options.store;
  for (const record of store?.load() ?? []) {
    if (record.kind === "float") {
      const stored = JSON.parse(record.body) as { kes: number; chargesPaidKes?: number };
      floatKes = stored.kes;
      chargesPaidKes = stored.chargesPaidKes ?? 0;
    }
    if (record.kind !== "tx") continue;
    const transaction = JSON.parse(record.body) as SimulatedTransaction;
    byOriginator.set(transaction.originatorConversationId, transaction);
    byConversation.set(transaction.conversationId, transaction);
    byReceipt.set(transaction.transactionId, transaction);
  }
  const saveFloat = () => store?.save("float", "float", { kes: floatKes, chargesPaidKes });

  return {
    floatKes: () => floatKes,
    setFloat(kes) {
      floatKes = kes;
      saveFloat();
    },
    driftCents: () => driftCents,
    setDriftCents(cents) {
      driftCents = cents;
    },
    debitFloat(kes) {
      floatKes -= kes;
    },
    chargesPaidKes: () => chargesPaidKes,
    debitCharge(kes) {
      chargesPaidKes += kes;
    },
    overrides,
    setOutcome(phone, outcome) {
      const msisdn = normalizeKenyanMsisdn(phone);
      if (outcome === null) overrides.delete(msisdn);
      else if (darajaSimOutcomes.includes(outcome)) overrides.set(msisdn, outcome);
      else throw new Error(`Unknown outcome ${String(outcome)}`);
    },
    tokens,
    byOriginator,
    byConversation,
    byReceipt,
    record(transaction) {
      byOriginator.set(transaction.originatorConversationId, transaction);
      byConversation.set(transaction.conversationId, transaction);
      byReceipt.set(transaction.transactionId, transaction);
      store?.save("tx", transaction.originatorConversationId, transaction);
      saveFloat();
    },
  };
}
