/**
 * The Daraja simulator's state: the B2C float, per-phone outcome overrides, issued tokens and the
 * transactions M-Pesa accepted (by originator, conversation and receipt). With `options.store` the
 * transactions and the float are written as they change and loaded at start, so after a restart the
 * duplicate check and the status query still know every transfer, as M-Pesa would.
 */
import { normalizeKenyanMsisdn } from "~/core/providers/daraja/msisdn";
import {
  b2bSimOutcomes,
  darajaSimOutcomes,
  DEFAULT_B2B_MAGIC_SHORTCODES,
  type B2bSimOutcome,
  type DarajaSimOutcome,
  type DarajaSimulatorOptions,
  type SimulatedB2bPayment,
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
  /** B2B outcome per receiving shortcode (`setB2bOutcome`), in memory like `overrides`. */
  readonly b2bOverrides: Map<string, B2bSimOutcome>;
  /** Receiving shortcodes with a fixed outcome (`b2bMagicShortCodes`). */
  readonly b2bMagic: Readonly<Record<string, B2bSimOutcome>>;
  /** Outcome for one receiving Paybill / Till (5 to 7 digits); null removes the override. */
  setB2bOutcome(shortCode: string, outcome: B2bSimOutcome | null): void;
  /** B2B payments accepted, by Daraja's OriginatorConversationID. */
  readonly b2bByOriginator: Map<string, SimulatedB2bPayment>;
  /** A B2B payment by OriginatorConversationID, ConversationID or receipt. */
  findB2b(id: string): SimulatedB2bPayment | undefined;
  /** Keep an accepted B2B payment (and the float after it). */
  recordB2b(payment: SimulatedB2bPayment): void;
}

export function loadDarajaState(
  options: Pick<DarajaSimulatorOptions, "floatKes" | "store" | "b2bMagicShortCodes">,
): DarajaState {
  let floatKes = options.floatKes ?? 5_000_000;
  let driftCents = 0;
  let chargesPaidKes = 0;
  const overrides = new Map<string, DarajaSimOutcome>();
  const tokens = new Map<string, number>();
  const byOriginator = new Map<string, SimulatedTransaction>();
  const byConversation = new Map<string, SimulatedTransaction>();
  const byReceipt = new Map<string, SimulatedTransaction>();
  const b2bOverrides = new Map<string, B2bSimOutcome>();
  const b2bByOriginator = new Map<string, SimulatedB2bPayment>();
  const b2bByOther = new Map<string, SimulatedB2bPayment>();
  const b2bMagic =
    options.b2bMagicShortCodes === false
      ? {}
      : options.b2bMagicShortCodes === true || options.b2bMagicShortCodes === undefined
        ? DEFAULT_B2B_MAGIC_SHORTCODES
        : options.b2bMagicShortCodes;
  const keepB2b = (payment: SimulatedB2bPayment) => {
    b2bByOriginator.set(payment.originatorConversationId, payment);
    b2bByOther.set(payment.conversationId, payment);
    b2bByOther.set(payment.transactionId, payment);
  };

  // A stored simulator remembers what it accepted (and its float) across restarts.
  const store = options.store;
  for (const record of store?.load() ?? []) {
    if (record.kind === "float") {
      const stored = JSON.parse(record.body) as { kes: number; chargesPaidKes?: number };
      floatKes = stored.kes;
      chargesPaidKes = stored.chargesPaidKes ?? 0;
    }
    if (record.kind === "b2b") keepB2b(JSON.parse(record.body) as SimulatedB2bPayment);
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
    b2bOverrides,
    b2bMagic,
    setB2bOutcome(shortCode, outcome) {
      const code = String(shortCode).trim();
      if (!/^\d{5,7}$/.test(code))
        throw new Error(`"${code.slice(0, 20)}" is not a Paybill or Till number (5 to 7 digits)`);
      if (outcome === null) b2bOverrides.delete(code);
      else if (b2bSimOutcomes.includes(outcome)) b2bOverrides.set(code, outcome);
      else throw new Error(`Unknown B2B outcome ${String(outcome)}`);
    },
    b2bByOriginator,
    findB2b: (id) => b2bByOriginator.get(id) ?? b2bByOther.get(id),
    recordB2b(payment) {
      keepB2b(payment);
      store?.save("b2b", payment.originatorConversationId, payment);
      saveFloat();
    },
  };
}
