/**
 * The Airtel simulator's state: float, per-number outcome and KYC overrides, issued tokens and the
 * disbursements Airtel holds (by our transaction id). With `options.store` the transactions and the
 * float are written as they change and loaded at start, so after a restart a repeated id still
 * pays once and the enquiry still knows every transfer.
 */
import { parseKenyanPhone } from "~/utils/phone";
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
  readonly transactions: Map<string, SimulatedDisbursement>;
  /** Keep a transaction (and the float after it). */
  record(transaction: SimulatedDisbursement): void;
}

/** Any Kenyan form -> the national 9 digits Airtel uses. */
export function nationalNumber(input: string): string {
  const parsed = parseKenyanPhone(input);
  if (!parsed.ok) throw new Error(`${input} is not a Kenyan mobile number`);
  return parsed.e164.slice(4);
}

export function loadAirtelState(
  options: Pick<AirtelSimulatorOptions, "floatKes" | "store">,
): AirtelState {
  let floatKes = options.floatKes ?? 5_000_000;
  const transactions = new Map<string, SimulatedDisbursement>();
  const store = options.store;
  for (const record of store?.load() ?? []) {
    if (record.kind === "float") floatKes = (JSON.parse(record.body) as { kes: number }).kes;
    if (record.kind !== "tx") continue;
    const transaction = JSON.parse(record.body) as SimulatedDisbursement;
    transactions.set(transaction.id, transaction);
  }
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
