/**
 * The Daraja simulator's state: the B2C float, per-phone outcome overrides, issued tokens and the
 * transactions M-Pesa accepted (by originator, conversation and receipt). With `options.store` the
 * transactions and the float are written as they change, so after a restart the duplicate check
 * and the status query still know every transfer, as M-Pesa would.
 *
 * The transactions and B2B payments are read through the store (`StoredMap`, issue 28): a record
 * by its id when asked, with a bounded cache; nothing reads them all at start. Their other ids (a
 * conversation id, a receipt) are records of their own pointing at the transaction's, written with
 * it (a store from before they were has them made once at start, in SQL).
 */
import { normalizeKenyanMsisdn } from "~/core/providers/daraja/msisdn";
import type { SimulatorRecord, SimulatorStore } from "~/simulators/store.server";
import { loadUnlessPaged, readRecord, StoredMap } from "../stored-map.server";
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

/** Records by another of their ids: `get` answers the record's own id. */
interface IdIndex {
  get(key: string): string | undefined;
  set(key: string, id: string): void;
}

/**
 * An index kept as records of `kind` (key -> `{ id }`), read one at a time from a paged store;
 * in memory without one (filled from the records `store.load()` gave).
 */
function createIdIndex(store: SimulatorStore | undefined, kind: string): IdIndex {
  const memory = store?.paged ? null : new Map<string, string>();
  return {
    get(key) {
      if (memory) return memory.get(key);
      const body = store!.paged!.get(kind, key);
      return body === undefined ? undefined : (JSON.parse(body) as { id: string }).id;
    },
    set(key, id) {
      if (memory) memory.set(key, id);
      else store!.save(kind, key, { id });
    },
  };
}

/** The record that says the id indexes are complete (written once every record has its keys). */
const INDEXED = ["meta", "indexes"] as const;

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
  /** B2C transactions by OriginatorConversationID, read through the store. */
  readonly byOriginator: StoredMap<SimulatedTransaction>;
  /** A B2C transaction by its ConversationID. */
  byConversation(conversationId: string): SimulatedTransaction | undefined;
  /** A B2C transaction by its receipt (TransactionID). */
  byReceipt(receipt: string): SimulatedTransaction | undefined;
  /** Keep an accepted transaction (and the float after it). */
  record(transaction: SimulatedTransaction): void;
  /** B2B outcome per receiving shortcode (`setB2bOutcome`), in memory like `overrides`. */
  readonly b2bOverrides: Map<string, B2bSimOutcome>;
  /** Receiving shortcodes with a fixed outcome (`b2bMagicShortCodes`). */
  readonly b2bMagic: Readonly<Record<string, B2bSimOutcome>>;
  /** Outcome for one receiving Paybill / Till (5 to 7 digits); null removes the override. */
  setB2bOutcome(shortCode: string, outcome: B2bSimOutcome | null): void;
  /** B2B payments accepted, by Daraja's OriginatorConversationID, read through the store. */
  readonly b2bByOriginator: StoredMap<SimulatedB2bPayment>;
  /** A B2B payment by OriginatorConversationID, ConversationID or receipt. */
  findB2b(id: string): SimulatedB2bPayment | undefined;
  /** Keep an accepted B2B payment (and the float after it). */
  recordB2b(payment: SimulatedB2bPayment): void;
}

export function loadDarajaState(
  options: Pick<DarajaSimulatorOptions, "floatKes" | "store" | "b2bMagicShortCodes">,
): DarajaState {
  const store = options.store;
  const loaded = loadUnlessPaged(store);
  const float = readRecord<{ kes: number; chargesPaidKes?: number }>(
    store,
    loaded,
    "float",
    "float",
  );
  let floatKes = float?.kes ?? options.floatKes ?? 5_000_000;
  let chargesPaidKes = float?.chargesPaidKes ?? 0;
  let driftCents = 0;
  const overrides = new Map<string, DarajaSimOutcome>();
  const tokens = new Map<string, number>();
  // Accepted transactions never change (their outcome is decided on acceptance): none is pinned.
  const byOriginator = new StoredMap<SimulatedTransaction>(store, "tx");
  const conversations = createIdIndex(store, "tx-conversation");
  const receipts = createIdIndex(store, "tx-receipt");
  const b2bOverrides = new Map<string, B2bSimOutcome>();
  const b2bByOriginator = new StoredMap<SimulatedB2bPayment>(store, "b2b");
  /** A B2B payment's ConversationID and receipt. */
  const b2bOther = createIdIndex(store, "b2b-key");
  const b2bMagic =
    options.b2bMagicShortCodes === false
      ? {}
      : options.b2bMagicShortCodes === true || options.b2bMagicShortCodes === undefined
        ? DEFAULT_B2B_MAGIC_SHORTCODES
        : options.b2bMagicShortCodes;
  const indexTransaction = (transaction: SimulatedTransaction) => {
    conversations.set(transaction.conversationId, transaction.originatorConversationId);
    receipts.set(transaction.transactionId, transaction.originatorConversationId);
  };
  const indexB2b = (payment: SimulatedB2bPayment) => {
    b2bOther.set(payment.conversationId, payment.originatorConversationId);
    b2bOther.set(payment.transactionId, payment.originatorConversationId);
  };

  // A stored simulator remembers what it accepted (and its float) across restarts.
  byOriginator.restore(loaded);
  b2bByOriginator.restore(loaded);
  indexStored(loaded);

  /**
   * Without a paged store: the indexes from every record, as `store.load()` gave them. With one, a
   * store written before the indexes were kept gets them once, made by the store in SQL.
   */
  function indexStored(records: readonly SimulatorRecord[]) {
    const paged = store?.paged;
    if (!paged) {
      for (const record of records) {
        if (record.kind === "tx") indexTransaction(JSON.parse(record.body) as SimulatedTransaction);
        if (record.kind === "b2b") indexB2b(JSON.parse(record.body) as SimulatedB2bPayment);
      }
      return;
    }
    if (paged.get(...INDEXED) !== undefined) return;
    // In SQL, one statement per index: nothing is read into memory.
    paged.indexBy("tx", "$.conversationId", "tx-conversation");
    paged.indexBy("tx", "$.transactionId", "tx-receipt");
    paged.indexBy("b2b", "$.conversationId", "b2b-key");
    paged.indexBy("b2b", "$.transactionId", "b2b-key");
    store.save(...INDEXED, { version: 1 });
  }
  const byId =
    <V>(map: StoredMap<V>, index: IdIndex) =>
    (key: string): V | undefined => {
      const id = index.get(key);
      return id === undefined ? undefined : map.get(id);
    };
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
    byConversation: byId(byOriginator, conversations),
    byReceipt: byId(byOriginator, receipts),
    record(transaction) {
      byOriginator.set(transaction.originatorConversationId, transaction);
      store?.save("tx", transaction.originatorConversationId, transaction);
      indexTransaction(transaction);
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
    findB2b: (id) => b2bByOriginator.get(id) ?? byId(b2bByOriginator, b2bOther)(id),
    recordB2b(payment) {
      b2bByOriginator.set(payment.originatorConversationId, payment);
      store?.save("b2b", payment.originatorConversationId, payment);
      indexB2b(payment);
      saveFloat();
    },
  };
}
