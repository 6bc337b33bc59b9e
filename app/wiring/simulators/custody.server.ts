/**
 * Starting the custody simulator (PROVIDER_MODE=simulator only). The composition place imports this
 * module dynamically, so a live process never loads the simulator.
 */
import { startCustodySimulator, type CustodySimulator } from "~/simulators/custody/index.server";
import type { CustodyAsset } from "~/core/providers/custody/types";
import { createDbSimulatorStore, type SimulatorDatabase } from "~/simulators/store.server";

export async function startCustodySimulation(
  state: SimulatorDatabase,
  options: {
    webhookUrl: string;
    completeAt: Partial<Record<CustodyAsset, number>>;
    autoConfirmMs: number | null;
    allowedReturnOrigins: readonly string[];
  },
): Promise<CustodySimulator> {
  return startCustodySimulator({
    // Its state lives in the simulators' own database (ADR 0045), so a restart of our process
    // forgets nothing and a restore of our backup rewinds nothing (like a real provider).
    store: createDbSimulatorStore(state, "custody"),
    generateApiKeyPair: true,
    ...options,
  });
}
