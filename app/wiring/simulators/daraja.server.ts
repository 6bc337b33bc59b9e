/**
 * Starting the M-Pesa (Daraja) simulator (PROVIDER_MODE=simulator only). The composition place
 * imports this module dynamically, so a live process never loads the simulator.
 */
import { randomInt } from "node:crypto";
import { startDarajaSimulator, type DarajaSimulator } from "~/simulators/daraja/index.server";
import { createDbSimulatorStore, type SimulatorDatabase } from "~/simulators/store.server";

/** The API keys the simulator accepts and our client sends in simulator mode. */
export const DARAJA_SIMULATOR_KEYS = {
  consumerKey: "onehop-sim",
  consumerSecret: "onehop-sim-secret",
} as const;

/** The B2C account our client uses against the simulator (any values it accepts). */
export const DARAJA_SIMULATOR_ACCOUNT = {
  initiatorName: "onehop-sim",
  securityCredential: "c2ltdWxhdGVk",
  shortCode: "600000",
} as const;

export async function startDarajaSimulation(
  state: SimulatorDatabase,
  options: {
    callbackDelayMs: number;
    /** The float (KES) when the simulator has no stored state yet (ADR 0036). */
    openingFloatKes?: number;
  },
): Promise<DarajaSimulator> {
  return startDarajaSimulator({
    store: createDbSimulatorStore(state, "daraja"),
    // Fresh ids and receipts after a restart (the stored transactions keep theirs).
    seed: randomInt(1, 2 ** 31),
    ...DARAJA_SIMULATOR_KEYS,
    callbackDelayMs: options.callbackDelayMs,
    floatKes: options.openingFloatKes,
  });
}
