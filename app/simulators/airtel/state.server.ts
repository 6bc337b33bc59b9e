/**
 * The Airtel simulator's state: float, per-number outcome and KYC overrides, issued tokens and the
 * disbursements Airtel holds (by our transaction id). With `options.store` the transactions and the
 * float are written as they change, so after a restart a repeated id still pays once and the
 * enquiry still knows every transfer. The transactions are read through the store (`StoredMap`,
 * issue 28): those still pending (TA/TIP, which the enquiry moves on) stay in memory, the rest are
 * read when asked, with a bounded cache; nothing reads them all at start.
 */
import { parseKenyanPhone } from "~/utils/phone";
import { loadUnlessPaged, readRecord, StoredMap } from "../stored-map.server";
import {
  airtelSimOutcomes,
  type AirtelSimOutcome,
  type AirtelSimulatorOptions,
  type KycName,
  type SimulatedDisbursement,
} from "./types";

export interface AirtelState {
  floatKes(): number;
  debitFloat(kes: number): void;
  /** Added to the balance the enquiry reports (cents, signed; 0: none). Not stored. */
  driftCents(): number;
  setDriftCents(cents: number): void;
  readonly outcomes: Map<string, AirtelSimOutcome>;
  /** null: explicitly not registered. */
  readonly kycNames: Map<string, KycName | null>;
  setOutcome(msisdn: string, outcome: AirtelSimOutcome | null): void;
  setKycName(msisdn: string, name: KycName | null): void;
  /** Issued tokens and when each expires (epoch ms). */
  readonly tokens: Map<string, number>;
  /** By our transaction id, read through the store. */
  readonly transactions: StoredMap<SimulatedDisbursement>;
  /** Keep a transaction (and the float after it). */
  record(transaction: SimulatedDisbursement): void;
}

/** Any Kenyan form -> the national 9 digits Airtel uses. */
export function nationalNumber(input: string): string {
  const parsed = parseKenyanPhone(input);
  if (!parsed.ok) throw new Error(`${input} is not a Kenyan mobile number`);
  return parsed.e164.slice(4);
}

/** What an enquiry answers before a transaction's final status (`status !== finalStatus`). */
const PENDING_STATUSES = ["TA", "TIP"];

export function loadAirtelState(
  options: Pick<AirtelSimulatorOptions, "floatKes" | "store">,
): AirtelState {
  const store = options.store;
  const loaded = loadUnlessPaged(store);
  let floatKes =
    readRecord<{ kes: number }>(store, loaded, "float", "float")?.kes ??
    options.floatKes ??
    5_000_000;
  const transactions = new StoredMap<SimulatedDisbursement>(store, "tx", {
    pin: (transaction) => transaction.status !== transaction.finalStatus,
  });
  transactions.restore(loaded);
  // Pending ones (few: each ends after `ambiguousEnquiries` enquiries) in memory again, found
  // through the status index.
  for (const row of store?.paged?.matching("tx", [{ path: "$.status", in: PENDING_STATUSES }]) ??
    [])
    transactions.remember(row.id, JSON.parse(row.body) as SimulatedDisbursement);
  const outcomes = new Map<string, AirtelSimOutcome>();
  const kycNames = new Map<string, KycName | null>();
  let driftCents = 0;

  return {
    floatKes: () => floatKes,
    debitFloat(kes) {
      floatKes -= kes;
    },
    driftCents: () => driftCents,
    setDriftCents(cents) {
      driftCents = cents;
    },
    outcomes,
    kycNames,
    setOutcome(msisdn, outcome) {
      const national = nationalNumber(msisdn);
      if (outcome === null) outcomes.delete(national);
      else if (airtelSimOutcomes.includes(outcome)) outcomes.set(national, outcome);
      else throw new Error(`Unknown outcome ${String(outcome)}`);
    },
    setKycName(msisdn, name) {
      kycNames.set(nationalNumber(msisdn), name);
    },
    tokens: new Map(),
    transactions,
    record(transaction) {
      transactions.set(transaction.id, transaction);
      store?.save("tx", transaction.id, transaction);
      store?.save("float", "float", { kes: floatKes });
    },
  };
}
